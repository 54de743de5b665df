"""Golden games: recorded records must replay to the very same end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gameshelf.core.record import replay
from tests.games.dicey_farm.make_golden import digest

FILES = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_there_are_golden_games() -> None:
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_game_replays_exactly(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    state = replay(record)
    assert state.is_over
    assert state.scores() == record["golden"]["scores"] == record["result"]["scores"]
    assert digest(state) == record["golden"]["digest"]
