"""Finished records for the analysis tests: Hidden High (tests/template_game)
plays in milliseconds, so a whole analysis runs in a test's time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameshelf.analysis import Analysis
from gameshelf.analysis.analyse import analyse_record
from gameshelf.bots import PlayerView
from gameshelf.bots.greedy import GreedyBot
from gameshelf.core.actions import Action
from gameshelf.core.protocol import State
from gameshelf.core.record import make_record
from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream, derive_seed
from gameshelf.testing import random_playout

#: moves a planted game may take (none comes near it)
_MAX_MOVES = 5000


def finished_record(seed: int = 11, players: int = 2) -> dict[str, Any]:
    state = load_game("hidden-high").new_game(players, seed)
    for _ in random_playout(state, Stream(seed), 1000):
        pass
    assert state.is_over
    return make_record(state)


def small_analysis(seed: int = 11) -> tuple[dict[str, Any], Analysis]:
    record = finished_record(seed)
    return record, analyse_record(record, 0, budget_s=0, worlds=2, seed=1)


def planted_record(game_id: str, players: int, seed: int,
                   plant: Callable[[State], Action | None]) -> tuple[dict[str, Any], int, int]:
    """A whole game played by greedy bots in which, the first time ``plant``
    names a move for the seat to decide, that seat plays it instead (a
    planted blunder); returns the finished record, the blunder's record
    index and the seat that made it."""
    state = load_game(game_id).new_game(players, seed)
    bots = [GreedyBot(seed=derive_seed("planted", seed, p)) for p in range(players)]
    at, who = -1, -1
    for index in range(_MAX_MOVES):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        move = plant(state) if at < 0 else None
        if move is not None:
            at, who = index, seat
        state.apply(move if move is not None else bots[seat].choose(PlayerView(state, seat)))
    assert state.is_over and at >= 0, f"{game_id} seed {seed}: no blunder planted"
    return make_record(state), at, who
