"""Dicey Farm: the solo dice-placement farm game (rules v1.02), Daily Mode included."""
