"""Above and Below's tools: its ``gameshelf`` commands and its balance study."""
