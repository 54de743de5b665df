"""Finished records for the analysis tests: Hidden High (tests/template_game)
plays in milliseconds, so a whole analysis runs in a test's time."""

from __future__ import annotations

from typing import Any

from gameshelf.analysis import Analysis
from gameshelf.analysis.analyse import analyse_record
from gameshelf.core.record import make_record
from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream
from gameshelf.testing import random_playout


def finished_record(seed: int = 11, players: int = 2) -> dict[str, Any]:
    state = load_game("hidden-high").new_game(players, seed)
    for _ in random_playout(state, Stream(seed), 1000):
        pass
    assert state.is_over
    return make_record(state)


def small_analysis(seed: int = 11) -> tuple[dict[str, Any], Analysis]:
    record = finished_record(seed)
    return record, analyse_record(record, 0, budget_s=0, worlds=2, seed=1)
