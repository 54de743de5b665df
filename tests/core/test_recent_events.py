"""``State.recent_events_for`` is ``events_for(...)[-k:]`` read from the end
(an observation's last log lines): the same events, in the same order, for
every viewer of every game at random points of random games."""

from __future__ import annotations

import random

import pytest

from gameshelf.core.registry import load_game, shipped_games


@pytest.mark.parametrize("game_id", shipped_games())
def test_the_last_events_a_viewer_may_see(game_id: str) -> None:
    game = load_game(game_id)
    rng = random.Random(game_id)
    for seed in range(3):
        players = max(game.min_players, min(game.max_players, 2 + seed % 2))
        state = game.new_game(players, seed, {})
        for _ in range(rng.randrange(20, 120)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        for viewer in [None, *range(players)]:
            everything = state.events_for(viewer)
            for count in (1, 3, 24, len(everything) + 5):
                assert state.recent_events_for(viewer, count) == everything[-count:]
