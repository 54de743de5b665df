"""Golden games: recorded full games must replay to the same exact end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gameshelf.core.record import replay
from tests.games.pay_dirt.make_golden import GOLDEN, digest

RECORDS = sorted(GOLDEN.glob("*.json"))


def test_there_are_golden_games_for_every_player_count() -> None:
    counts = {json.loads(p.read_text(encoding="utf-8"))["players"] for p in RECORDS}
    assert counts == {2, 3, 4, 5}


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_golden_game_replays_to_the_same_end(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    state = replay(record)
    assert state.is_over
    assert state.scores() == record["result"]["scores"]
    assert state.ranking() == record["result"]["ranking"]
    assert digest(state) == record["meta"]["digest"]
    assert state.round == record["meta"]["rounds"]
