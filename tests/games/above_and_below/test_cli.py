"""The game's own commands and the balance figures' statistics."""

from __future__ import annotations

import pytest
import typer

from gameshelf.tools.above_and_below.balance import Tally, play_one, record, report
from gameshelf.tools.above_and_below.cli import ab_book, commands


def test_commands_are_registered() -> None:
    names = [name for name, _ in commands()]
    assert names == ["ab-balance", "ab-book"]


def test_ab_book_reports_the_real_book(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(typer.Exit) as done:
        ab_book()
    out = capsys.readouterr().out
    assert "cave cards" in out
    assert done.value.exit_code in (0, 1)


def test_balance_tally(capsys: pytest.CaptureFixture[str]) -> None:
    tally = Tally()
    for seed in range(12):
        record(tally, play_one(2, seed, "random"))
    assert tally.games == 12 and abs(sum(tally.seat_wins) - 12) < 1e-9
    assert len(tally.scores) == 24
    report(2, tally, top=3)
    assert "seat 1: win rate" in capsys.readouterr().out
