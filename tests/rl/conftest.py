"""Shared fixtures for the adapter tests: the games and a few sampled states."""

from __future__ import annotations

from collections.abc import Iterator

from gameshelf.core.protocol import State
from gameshelf.core.registry import load_game, shipped_games
from gameshelf.testing import ConformanceSuite

GAME_IDS = tuple(shipped_games())


def sampled_states(game_id: str, *, deep_games: int = 4, samples: int = 12) -> Iterator[State]:
    """States spread along a few random games at every player count (the
    conformance kit's own sampler, so the adapters see what the kit sees)."""
    game = load_game(game_id)

    class Sampler(ConformanceSuite):
        pass

    Sampler.game_id = game_id
    Sampler.player_counts = tuple(range(game.min_players, game.max_players + 1))
    Sampler.deep_games = deep_games
    Sampler.samples_per_game = samples
    yield from Sampler().sampled_states()

