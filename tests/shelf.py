"""The games the tests run on, taken from the registry: a test that lists
the games by hand would miss a fifth one (issue 44). Content tests that pin
one game's numbers name that game; tests of every game use these."""

from __future__ import annotations

from gameshelf.core.registry import load_game, shipped_games


def multiplayer() -> list[str]:
    """The shipped games a table of several seats can play (all but the solo ones)."""
    return [game_id for game_id in shipped_games() if load_game(game_id).max_players > 1]


def seats(game_id: str, most: int = 3) -> int:
    """A test table's seats: ``most``, or as many as the game allows
    (at least its fewest)."""
    game = load_game(game_id)
    return max(game.min_players, min(most, game.max_players))


def player_counts(game_id: str) -> list[int]:
    """The fewest and the most players of a game (one count for a solo game)."""
    game = load_game(game_id)
    return sorted({game.min_players, game.max_players})
