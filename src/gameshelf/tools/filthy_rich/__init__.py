"""Filthy Rich's tools: its ``gameshelf`` commands and its balance study."""
