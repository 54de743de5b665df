"""Handing the turn on: "手番は時計回りに進行します", until everybody has passed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.games.above_and_below.rules.round_end import end_round

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.state import AboveAndBelowState


def end_turn(state: AboveAndBelowState) -> None:
    """The turn is over: clockwise to the next player who has not passed, or
    the round ends when everybody has passed."""
    state.task = None
    state.refreshed = False
    state.sold = False
    state.sale_left = []
    state.offered = [False] * state.players
    for step in range(1, state.players + 1):
        nxt = (state.turn + step) % state.players
        if not state.villages[nxt].passed:
            state.turn = nxt
            state.phase = "turn"
            return
    end_round(state)
