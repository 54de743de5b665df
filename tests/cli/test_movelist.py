"""A long move list folds its like moves into ranges (issue 43), keeping
every move's number; a short list is never folded."""

from __future__ import annotations

import io

from rich.console import Console

from gameshelf.terminal.movelist import FOLD_OVER, entries, move_table

AUCTION = ([f"Open Equipment #1 at ${k},000" for k in (5, 6, 7)]
           + [f"Open Equipment #2 at ${k},000" for k in (3, 4, 5, 8)]
           + [f"Open Claims #{n} at ${k},000" for n in (1, 2, 3) for k in (3, 4, 5)]
           + [f"Open Personnel #1 at ${k},000" for k in (4, 5)]
           + ["Pass as auctioneer"])


def test_like_moves_fold_into_ranges_with_their_step() -> None:
    lines = entries(AUCTION, "en")
    assert [(e.first, e.last) for e in lines] == [(1, 3), (4, 7), (8, 10), (11, 13), (14, 16), (17, 18),
                                                   (19, 19)]
    assert lines[0].text == "Open Equipment #1 at $5,000…$7,000"
    assert lines[0].note == "(one number per $1,000)"
    assert lines[1].text == "Open Equipment #2 at $3,000…$5,000, $8,000"
    assert lines[5].text == "Open Personnel #1 at $4,000, $5,000" and lines[5].note == ""  # two: no range


def test_japanese_sentences_fold_too() -> None:
    moves = [f"採掘機械#1を${k},000から競る" for k in range(3, 20)]
    [line] = entries(moves, "ja")
    assert line.text == "採掘機械#1を$3,000…$19,000から競る" and "$1,000" in line.note


def test_a_short_list_is_never_folded() -> None:
    moves = [f"Bid ${k},000" for k in range(1, FOLD_OVER + 1)]
    assert [e.text for e in entries(moves, "en")] == moves


def test_the_table_numbers_each_range() -> None:
    out = io.StringIO()
    Console(file=out, width=80).print(move_table(AUCTION, "en", 80))
    assert "1–3)" in out.getvalue() and "19) Pass as auctioneer" in " ".join(out.getvalue().split())
