"""The undo probe's carried worlds (``Probe(state, seat, worlds)``, what the
server's next probe of one turn plays on) answer as freshly dealt worlds do:
through whole random games of every game, each person's move is probed
both ways and both must agree, carried runs included; and the worlds a
probe leaves are the ones it played the move in."""

from __future__ import annotations

import random

import pytest

from gameshelf.core.protocol import State
from gameshelf.core.registry import load_game, shipped_games
from gameshelf.core.undo import Probe


@pytest.mark.parametrize("game_id", shipped_games())
def test_carried_worlds_answer_as_fresh_ones(game_id: str) -> None:
    game = load_game(game_id)
    rng = random.Random(game_id)
    compared = carried_runs = 0
    for seed in range(3):
        players = max(game.min_players, min(game.max_players, 2))
        state = game.new_game(players, seed, {})
        carried: tuple[int, list[State]] | None = None  # (seat, worlds) after a reversible move
        for _ in range(150):
            if state.is_over:
                break
            seat = state.current_player
            assert seat is not None
            action = rng.choice(state.legal_actions())
            worlds = carried[1] if carried is not None and carried[0] == seat else None
            fresh, kept = Probe(state, seat), Probe(state, seat, worlds)
            state.apply(action, seat)
            answer = fresh.reversible(state, action)
            assert kept.reversible(state, action) == answer, (game_id, seed, len(state.history))
            compared += 1
            carried_runs += worlds is not None
            if answer:
                assert kept.after is not None and len(kept.after) == 2
                assert all(w.observation(seat) == state.observation(seat) for w in kept.after)
                carried = (seat, kept.after)
            else:
                assert kept.after is None
                carried = None
    assert compared
    if game_id != "dicey-farm":  # (a die every turn: nothing there is ever taken back twice)
        assert carried_runs, "no run of take-back-able moves was carried"
