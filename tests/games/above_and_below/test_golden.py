"""Golden games: recorded games replay to the exact same scores and position."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameshelf.core.record import load_record, replay
from tests.games.above_and_below.make_golden import GOLDEN, digest

FILES = sorted(GOLDEN.glob("*.json"))


def test_there_are_golden_games() -> None:
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_game_replays_exactly(path: Path) -> None:
    record = load_record(path)
    again = "after a deliberate change of rules, data or book: python -m tests.games.above_and_below.make_golden"
    state = replay(record)
    assert state.is_over, again
    assert state.scores() == record["result"]["scores"], again
    assert state.ranking() == record["result"]["ranking"], again
    assert digest(state) == record["meta"]["digest"], again
