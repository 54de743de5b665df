"""Registers the tiny test game for every test that needs it."""

from gameshelf.core.registry import register_game
from tests.tiny_game import HiddenHigh

register_game(HiddenHigh.id, HiddenHigh)
