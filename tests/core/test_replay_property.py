"""Hypothesis: any seed, any player count, any prefix replays exactly."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

import gameshelf
from gameshelf.core.rng import Stream
from gameshelf.testing import random_playout


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.integers(2, 4), cut=st.floats(0, 1))
def test_any_prefix_replays_exactly(seed: int, players: int, cut: float) -> None:
    state = gameshelf.load_game("hidden-high").new_game(players, seed)
    for _ in random_playout(state, Stream(seed ^ 0xABC), 10_000):
        pass
    record = json.loads(json.dumps(state.record()))
    upto = int(len(record["actions"]) * cut)
    partial = gameshelf.replay(record, upto=upto)
    again = gameshelf.load_game("hidden-high").new_game(players, seed)
    for action in state.history[:upto]:
        again.apply(action)
    assert partial.snapshot() == again.snapshot()
