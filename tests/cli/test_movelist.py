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


def test_filthy_rich_s_roll_keeps_number_one_when_sales_are_offered() -> None:
    """Issue 43: once a player owns a business, selling it is offered too, and
    the engine's id order put the sales before the roll; the usual move must
    keep its number, at home and through `connect` alike."""
    import random

    from gameshelf.core.registry import load_game
    from gameshelf.terminal.online.connect import distinct_moves
    from gameshelf.terminal.session import move_choices

    game = load_game("filthy-rich")
    rng = random.Random(4)
    seen = 0
    for seed in range(30):
        state = game.new_game(3, seed=seed)
        while not state.is_over and seen < 5:
            kinds = [a.to_json().get("type") for a in state.legal_actions()]
            if "roll" in kinds and any(k != "roll" for k in kinds) and kinds.index("roll") > 0:
                choices = move_choices(state, "en")
                assert choices[0][1].to_json()["type"] == "roll", [a.to_json() for _, a in choices]
                legal = [{"text": text, "action": a.to_json()} for text, a in
                         zip((f"move {k}" for k in range(len(kinds))), state.legal_actions(), strict=True)]
                assert distinct_moves(legal, game.terminal_view().first_moves)[0]["action"]["type"] == "roll"
                seen += 1
            state.apply(rng.choice(state.legal_actions()))
        if seen >= 5:
            break
    assert seen >= 1, "no position offered the roll after other moves"


def test_a_list_too_tall_for_the_screen_takes_one_line_a_move() -> None:
    """Issue 43: an Above and Below builder offered eighteen houses, each
    sentence wrapping, took 33 lines at 80×24 and pushed the heading off.
    On a real screen such a list takes one line a move, cut with "…", and
    every number stays; a file (no screen) still gets every word."""
    from gameshelf.terminal.movelist import SCREEN_RESERVE

    moves = [f"Build House {chr(65 + k)} ({k} VP): a long ability text here — you pay {k + 2} coin(s), 1 come(s) back"
             for k in range(18)]
    out = io.StringIO()
    Console(file=out, width=80, height=24, force_terminal=True, color_system=None).print(move_table(moves, "en", 80))
    lines = out.getvalue().rstrip("\n").split("\n")
    assert len(lines) == 1 + len(moves) <= 24 - SCREEN_RESERVE + 1, "\n".join(lines)
    assert all(f"{k + 1}) Build House {chr(65 + k)}" in " ".join(lines[k + 1].split()) for k in range(18))
    assert "…" in out.getvalue()
    whole = io.StringIO()
    Console(file=whole, width=80, height=24).print(move_table(moves, "en", 80))
    assert "1 come(s) back" in whole.getvalue() and "…" not in whole.getvalue()
