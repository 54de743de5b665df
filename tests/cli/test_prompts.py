"""Whatever a person types at any prompt is read or refused with a
sentence, never a traceback: numbers in any script (full-width １ from a
Japanese IME means 1), a 5,000-digit paste, and arbitrary text."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from gameshelf.core.record import replay
from gameshelf.core.registry import load_game
from gameshelf.terminal import choose_setup, parse_number, play_session, replay_session
from gameshelf.terminal.prompts import ask_number, ask_yes_no, number_like

TEXTS = st.lists(st.text(max_size=30) | st.sampled_from(["１", "²", "①", "9" * 5000, "q", "?", "l", "u", "b", "d", "",
                                                          "ｑ", "-1", "1.0", "0x1", "\x00", "y", "n"]),
                 max_size=12)


def reader(texts: list[str], then: Callable[[str], str]) -> Callable[[str], str]:
    """``texts`` first, whatever the prompt; after them ``then(prompt)``."""
    queue: Iterator[str] = iter(texts)

    def read(prompt: str) -> str:
        return next(queue, None) or then(prompt)

    return read


def leave(prompt: str) -> str:
    """Answers that end any session: yes to questions, q elsewhere."""
    return "y" if "(y/n)" in prompt else "q"


def quiet() -> Console:
    return Console(file=io.StringIO(), width=120)


def test_numbers_in_any_script() -> None:
    """ASCII and full-width digits only (issue 29): a superscript, a circled
    digit, a fraction or another script's digit is refused, not folded."""
    assert parse_number("１") == 1 and parse_number("１２") == 12 and parse_number("1２") == 12
    assert parse_number(" 3 ") == 3
    for text in ("9" * 5000, "", "x", "-1", "1.0", "1e3", "0x1", "1 2", "\x00", "①", "²", "½", "٣", "Ⅻ", "¹²"):
        assert parse_number(text) is None, text
    assert all(number_like(x) for x in ("²", "①", "½", "1²", "Ⅻ")) and not number_like("１２ q")


def test_a_full_width_number_picks_a_move_and_a_huge_one_is_refused() -> None:
    out = io.StringIO()
    # Enter at the hot-seat pass screen, two refusals, then a full-width 1
    texts = iter(["", "9" * 5000, "x", "１", "", "q", "y"])
    state = load_game("hidden-high").new_game(2, 1)
    first = state.legal_actions()[0]
    final = play_session(state, ["human", "human"], lang="en", save_dir=None,
                         console=Console(file=out, width=200), read=lambda prompt: next(texts, "q"))
    assert final.history == [first]
    assert out.getvalue().count("Please type the number of a move") == 2


@settings(max_examples=40, deadline=None)
@given(TEXTS)
def test_any_text_at_the_move_prompt(texts: list[str]) -> None:
    state = load_game("hidden-high").new_game(2, 3)
    play_session(state, ["human", "bot:random"], lang="ja", save_dir=None, console=quiet(),
                 read=reader(texts, leave))


@settings(max_examples=40, deadline=None)
@given(TEXTS)
def test_any_text_in_the_menu(texts: list[str]) -> None:
    choose_setup(quiet(), "en", reader(texts, lambda prompt: "q"))


@settings(max_examples=40, deadline=None)
@given(TEXTS, st.booleans())
def test_any_text_at_number_and_yes_no_prompts(texts: list[str], yes_no: bool) -> None:
    read = reader(texts, lambda prompt: "n" if yes_no else "q")
    if yes_no:
        assert isinstance(ask_yes_no(quiet(), "?", read, "ja"), bool)
    else:
        got = ask_number(quiet(), "?", 1, 4, read, "en")
        assert got is None or 1 <= got <= 4


@settings(max_examples=25, deadline=None)
@given(TEXTS)
def test_any_text_in_a_replay(texts: list[str]) -> None:
    state = load_game("hidden-high").new_game(2, 2)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    record = state.record()
    final = replay_session(record, lang="en", console=quiet(), read=reader(texts, lambda prompt: "q"))
    assert final.scores() == replay(record).scores()


SAMPLES = ["１", "²", "①", "9" * 5000, "q", "?", "l", "u", "b", "d", "r", "", "ｑ", "-1", "1.0", "\x00", "y", "n",
           "bid 5", "bid ９９", "bid " + "9" * 5000, "open c2 7", "open x9 1"]
GAME_TEXTS = st.lists(st.text(max_size=30) | st.sampled_from(SAMPLES), max_size=12)


@pytest.mark.parametrize(("game_id", "players"), [("pay-dirt", 3), ("filthy-rich", 3), ("above-and-below", 2),
                                                  ("dicey-farm", 1)])
@settings(max_examples=8, deadline=None)
@given(texts=GAME_TEXTS)
def test_any_text_at_every_prompt_of_a_real_game(game_id: str, players: int, texts: list[str]) -> None:
    """Every prompt of each game: moves, typed moves (bid, open), details
    (d), help, log, undo, quit and save (into a throwaway folder)."""
    import tempfile

    state = load_game(game_id).new_game(players, 3)
    with tempfile.TemporaryDirectory() as folder:
        play_session(state, ["human"] + ["bot:random"] * (players - 1), lang="en", save_dir=Path(folder),
                     console=quiet(), read=reader(texts, leave))


def test_any_text_when_resuming(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from gameshelf.cli import app
    from gameshelf.terminal.saves import save_game

    state = load_game("hidden-high").new_game(2, 3)
    state.apply(state.legal_actions()[0])
    save_game(state, ["human", "bot:random"], tmp_path)
    result = CliRunner().invoke(app, ["resume", "--save-dir", str(tmp_path)],
                                input="x\n０\n" + "9" * 5000 + "\n①\nq\ny\nn\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output


def test_the_typed_move_hints_keep_the_prompt_on_one_line_at_100_columns() -> None:
    """The prompt with a game's typed-move hint (Pay Dirt's opening bid,
    Filthy Rich's free bid) stays within 100 cells in both languages."""
    from rich.cells import cell_len

    from gameshelf.core.i18n import t
    from gameshelf.core.registry import load_game
    from gameshelf.terminal.typed import typed_hint
    from tests.games.filthy_rich.test_terminal import _auction_to_bid_in

    opening = load_game("pay-dirt").new_game(3, 5)
    for state in (opening, _auction_to_bid_in()):
        for lang in ("en", "ja"):
            hint = typed_hint(state, 0, lang)
            assert hint, (state, lang)
            assert cell_len(f"{t('cli.choose', lang)}; {hint} > ") <= 100, hint


def test_the_help_screen_shows_what_may_be_typed_now() -> None:
    import io

    from rich.console import Console

    from gameshelf.core.registry import load_game
    from gameshelf.terminal.help import help_panel
    from gameshelf.terminal.typed import typed_hint

    state = load_game("pay-dirt").new_game(3, 5)
    hint = typed_hint(state, 0, "en")
    out = io.StringIO()
    Console(file=out, width=100, color_system=None).print(help_panel(state.game, state.observation(0), "en", typed=hint))
    assert hint and hint in out.getvalue()


@pytest.mark.parametrize(("game_id", "offered"), [("dicey-farm", True), ("filthy-rich", True),
                                                  ("pay-dirt", False), ("above-and-below", False)])
def test_the_algorithm_list_offers_a_trained_agent_only_where_one_ships(game_id: str, offered: bool) -> None:
    from gameshelf.terminal.menu import advanced_choice

    console = quiet()
    advanced_choice(console, reader([], lambda prompt: "q"), "en", game_id)
    listed = console.file.getvalue()  # type: ignore[attr-defined]
    assert "greedy" in listed and ("jax-policy" in listed) is offered
