"""Pay Dirt's tools: its ``gameshelf`` commands and its balance study."""
