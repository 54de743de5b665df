"""Dicey Farm's tools: its ``gameshelf`` commands and the daily par."""
