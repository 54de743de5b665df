"""Golden games: recorded full games replay to the same scores and final view."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameshelf.core.record import load_record, replay
from tests.games.filthy_rich.make_golden import GAMES, GOLDEN, digest

FILES = sorted(GOLDEN.glob("*.json"))


def test_every_golden_game_is_on_disk() -> None:
    assert len(FILES) == len(GAMES)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_game_replays_exactly(path: Path) -> None:
    record = load_record(path)
    state = replay(record)
    assert state.is_over
    assert state.scores() == record["result"]["scores"]
    assert state.ranking() == record["result"]["ranking"]
    assert digest(state) == record["meta"]["digest"]
    assert state.turns == record["meta"]["turns"]
