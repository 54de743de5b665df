"""Bots decide from what their seat may see, and reproducibly.

The strongest check that no bot peeks: two states that differ only in what
one seat cannot see (a determinized twin of the real game) must get the very
same move from a bot with the same seed. A bot that read the real hands or
the real next die through the state would, sooner or later, answer the two
differently.
"""

from __future__ import annotations

import pytest

from gameshelf.bots import PlayerView, make_bot_from_spec
from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream
from gameshelf.testing import random_playout
from tests.bots.helpers import play

BOTS = [
    "random",
    "greedy",
    "greedy[samples=3]",
    "ismcts[iterations=60]",
    "hard[iterations=30]",
    "rollout[samples=2,depth=3]",
    "planner[samples=2,width=2,lines=1,depth=3]",
]


def positions(players: int, count: int) -> list:  # type: ignore[type-arg]
    """Unfinished hidden-high positions along seeded random games."""
    game = load_game("hidden-high")
    found = []
    for seed in range(count):
        state = game.new_game(players, seed)
        for _ in random_playout(state, Stream(seed), 1 + seed % 9):
            pass
        if not state.is_over:
            found.append(state)
    return found


@pytest.mark.parametrize("spec", BOTS)
def test_a_bot_cannot_tell_a_game_from_its_redealt_twin(spec: str) -> None:
    differed = 0
    for state in positions(3, 12):
        player = state.current_player
        twin = state.determinize(player, 12345)
        differed += any(
            twin.observation(p) != state.observation(p) for p in range(3) if p != player
        )
        here = make_bot_from_spec(spec, seed=5).choose(PlayerView(state, player))
        there = make_bot_from_spec(spec, seed=5).choose(PlayerView(twin, player))
        assert here == there, f"{spec} chose differently when only hidden cards changed"
    assert differed, "the twins must differ in hidden parts for this test to mean anything"


@pytest.mark.parametrize("spec", BOTS)
def test_same_seed_same_game(spec: str) -> None:
    first = play("hidden-high", [spec, "random", spec], seed=4)
    again = play("hidden-high", [spec, "random", spec], seed=4)
    assert [a.to_json() for a in first.history] == [a.to_json() for a in again.history]


def test_bots_never_touch_the_real_state() -> None:
    for state in positions(2, 6):
        before = state.snapshot()
        for spec in BOTS:
            make_bot_from_spec(spec, seed=1).choose(PlayerView(state, state.current_player))
        assert state.snapshot() == before
