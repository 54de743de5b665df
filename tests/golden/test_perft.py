"""The golden games' legal move lists are the pinned ones, step by step."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.golden.perft import PINNED, golden_files, name_of, walk

FILES = golden_files()
PINS = json.loads(PINNED.read_text(encoding="utf-8"))


def test_every_golden_game_is_pinned_and_nothing_else() -> None:
    assert len(FILES) >= 12  # three or more per game
    assert sorted(PINS) == sorted(name_of(p) for p in FILES)


@pytest.mark.parametrize("path", FILES, ids=[name_of(p) for p in FILES])
def test_golden_game_has_its_pinned_legal_moves_at_every_step(path: Path) -> None:
    pinned = PINS[name_of(path)]
    found = walk(json.loads(path.read_text(encoding="utf-8")))
    for step, (want, got) in enumerate(zip(pinned["counts"], found["counts"], strict=False)):
        assert got == want, (
            f"step {step}: {got} legal moves, {want} pinned (a rules change? then run "
            "python -m tests.golden.record_perft and say why in the commit)"
        )
    assert len(found["counts"]) == len(pinned["counts"])
    assert found["lists"] == pinned["lists"], "the counts hold but a move list changed (one move for another)"
