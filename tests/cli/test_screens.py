"""Every game's board fits a 100x30 terminal with the move list and prompt.

Played along random games at 100 columns: the board alone never takes more
than 22 lines, and board, moves and prompt fit 30 lines in nearly every
position (the exceptions are the longest move lists, such as a Pay Dirt
auctioneer's every lot at every opening bid, laid out in columns).
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from gameshelf.core.registry import load_game, shipped_games
from gameshelf.core.rng import Stream
from gameshelf.terminal.session import move_list
from tests.shelf import player_counts

#: every game at its fewest and its most players
CASES = [(game_id, players) for game_id in shipped_games() for players in player_counts(game_id)]


def heights(game_id: str, players: int, lang: str) -> list[tuple[int, int]]:
    """(board lines, board + moves + prompt lines) along one random game."""
    state = load_game(game_id).new_game(players, 1)
    pick = Stream(1)
    out: list[tuple[int, int]] = []
    steps = 0
    while not state.is_over and len(out) < 100:
        steps += 1
        if steps % 3:  # every third position: as varied, a third of the time
            state.apply(pick.choice(state.legal_actions()))
            continue
        buffer = io.StringIO()
        console = Console(file=buffer, width=100, color_system=None)
        console.print(state.game.render(state.observation(state.current_player), lang))
        board = buffer.getvalue().count("\n")
        console.print(move_list(state, lang, 100))
        out.append((board, buffer.getvalue().count("\n") + 2))  # the prompt and its answer
        state.apply(pick.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize(("game_id", "players"), CASES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_boards_fit_a_100_by_30_terminal(game_id: str, players: int, lang: str) -> None:
    seen = heights(game_id, players, lang)
    assert max(board for board, _ in seen) <= 22
    over = [total for _, total in seen if total > 30]
    assert len(over) <= len(seen) // 25, sorted(over)[-5:]


def test_a_broken_move_wording_is_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    """A gap in a game's texts is a bug to see, not a plainer sentence to
    fall back to (the conformance kit words every legal move, so none ships)."""
    from gameshelf.games.filthy_rich.texts import FilthyRichTexts

    def broken(*args: object) -> str:
        raise KeyError("gap")

    monkeypatch.setattr(FilthyRichTexts, "describe_move", broken)
    state = load_game("filthy-rich").new_game(3, 2)
    with pytest.raises(KeyError, match="gap"):
        move_list(state, "en")


@pytest.mark.parametrize("game_id", shipped_games())
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_help_screen_fits_one_100_by_30_screen(game_id: str, lang: str) -> None:
    """`?`: keys (all of them, with a typed-move hint), the phase and the
    rules in brief, and the "Press Enter" line under it, on one screen."""
    from gameshelf.terminal.help import help_panel

    game = load_game(game_id)
    state = game.new_game(max(game.min_players, 2) if game.max_players > 1 else 1, 3)
    out = io.StringIO()
    Console(file=out, width=100).print(help_panel(game, state.observation(0), lang, can_undo=True,
                                                  can_restart=True, typed="bid N: any total $11-$12"))
    assert out.getvalue().count("\n") + 1 <= 30


def test_a_long_japanese_move_is_folded_not_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rich cannot wrap Japanese (no spaces): a cell that cannot fold ends in
    "…" and hides the price at its end."""
    import gameshelf.terminal.session as session

    # moves that differ in a name, not a number: like moves would fold into one line (movelist)
    moves = [f"贅沢品「デザイナーズ衣装{chr(0x30A2 + 2 * k)}」を買う：支払い後、価格$11" for k in range(30)]
    monkeypatch.setattr(session, "move_choices", lambda state, lang: [(m, None) for m in moves])
    out = io.StringIO()
    Console(file=out, width=100).print(move_list(load_game("filthy-rich").new_game(3, 2), "ja", 100))
    assert " 11) " in out.getvalue().splitlines()[1]  # laid out in columns, where a cell is narrow
    assert "…" not in out.getvalue()


def test_a_long_feed_line_wraps_under_its_text() -> None:
    from gameshelf.terminal.feed import hanging

    out = io.StringIO()
    Console(file=out, width=40).print(hanging("  · " + "プレイヤー1は洞窟15に入り、5を出しました。" * 3))
    lines = out.getvalue().splitlines()
    assert len(lines) > 1 and lines[0].startswith("  · プレイヤー1")
    assert all(line.startswith("    ") and line.strip() for line in lines[1:])


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_help_at_a_server_s_table_says_q_leaves_it(lang: str) -> None:
    """`gameshelf connect`: q leaves the table and the seat stays; the local
    game's "save it and `gameshelf resume` it" said there was something to
    resume, and there is not."""
    from gameshelf.core.i18n import t
    from gameshelf.terminal.help import help_panel

    game = load_game("dicey-farm")
    out = io.StringIO()
    Console(file=out, width=100).print(help_panel(game, game.new_game(1, 3).observation(0), lang, remote=True))
    text = " ".join(out.getvalue().split())
    assert " ".join(t("cli.key-quit-remote", lang).split()) in text and "gameshelf resume" not in text


def test_why_not_gives_way_by_screen_lines_down_to_one() -> None:
    """Issue 43: seven reasons, each wrapping at 80 columns, counted as seven
    lines, took fourteen and pushed a Pay Dirt auction's camps off."""
    from rich.text import Text

    from gameshelf.core.i18n import t
    from gameshelf.terminal.fit import fit_why, height

    why = Text(t("cli.why-not", "en"))
    for k in range(7):
        why.append(f"\n  Put lot #{k} up for auction — its minimum bid is $5,000 and you can bid up to $2,000 now")
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True)
    for limit in (4, 6, 9):  # the heading, whole reasons (two lines each), "… N more"
        fitted = fit_why(console, why, limit, "en")
        assert fitted is not None and height(console, fitted) <= limit
        assert "more: ? lists them all" in fitted.plain
    one = fit_why(console, why, 3, "en")  # no room for a reason: one line says how many
    assert one is not None and one.plain == t("cli.why-not-folded", "en", n=7) and height(console, one) == 1
