"""The heuristic reads every weight of data/heuristic.toml."""

from __future__ import annotations

from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream
from gameshelf.core.weights import unread_weights
from gameshelf.games.above_and_below.heuristics import WEIGHTS, evaluate
from gameshelf.testing import random_playout


def test_every_weight_is_read() -> None:
    """Positions every 15 moves along three random games hold coins, income,
    villagers ready and injured, goods, potions and empty caves."""
    positions = []
    for seed in range(3):
        state = load_game("above-and-below").new_game(3, seed)
        for k, (after, _) in enumerate(random_playout(state, Stream(seed), 2000)):
            if k % 15 == 0:
                positions.append(after.clone())
    assert unread_weights(WEIGHTS, lambda: [evaluate(s, p) for s in positions for p in range(s.players)]) == []
