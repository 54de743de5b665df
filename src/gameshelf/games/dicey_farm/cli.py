"""``gameshelf daily``: today's Dicey Farm puzzle in the terminal, and its par.

The CLI is the one place allowed to read the clock (for "today"); the game
itself only ever sees the date string.
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from gameshelf.core import i18n
from gameshelf.core.actions import Action
from gameshelf.core.errors import GameshelfError, SetupError
from gameshelf.core.i18n import t
from gameshelf.core.protocol import State
from gameshelf.core.registry import load_game
from gameshelf.games.dicey_farm.actions import Cook, Done, EndRound, PickDie, ToFood
from gameshelf.games.dicey_farm.state import DiceyFarmState


def round_start(state: State) -> int | None:
    """The history index at which the current round began ("restart from the
    start of this round", as in the original); ``None`` when nothing to undo."""
    for index in range(len(state.history) - 1, -1, -1):
        if isinstance(state.history[index], EndRound):
            return index + 1 if index + 1 < len(state.history) else None
    return 0 if state.history else None


def today() -> str:
    return datetime.datetime.now(datetime.UTC).date().isoformat()


def daily(
    date: Annotated[str | None, typer.Option("--date", help="The puzzle's date, YYYY-MM-DD (default: today, UTC).")] = None,
    lang: Annotated[str | None, typer.Option("--lang", help="Language: en or ja.")] = None,
    par: Annotated[bool, typer.Option("--par", help="Print the par (the solver's best score and its line) instead of playing.")] = False,
    width: Annotated[int, typer.Option("--width", help="Solver beam width (with --par).")] = 10,
    samples: Annotated[int, typer.Option("--samples", help="Solver rollouts per kept position and round (with --par).")] = 12,
    save_dir: Annotated[Path, typer.Option("--save-dir", help="Where the finished game's record goes.")] = Path("records"),
) -> None:
    """Play the Dicey Farm Daily Mode puzzle of a date (today by default)."""
    from gameshelf.terminal import play_session

    if lang is not None:
        i18n.set_language(lang)
    console = Console()
    game = load_game("dicey-farm")
    when = date or today()
    try:
        state = game.new_game(1, 0, {"daily": when})
    except SetupError:
        console.print(f"[red]{t('dicey_farm.cli.bad-date', lang, date=when)}[/]")
        raise typer.Exit(2) from None
    if par:
        from gameshelf.games.dicey_farm.par import solve

        result = solve(when, width=width, samples=samples)
        console.print(t("dicey_farm.cli.par", lang, date=state.options["daily"], score=f"{result.score:g}"))
        console.print(line_table(state.options["daily"], result.line, lang))
        return
    final = play_session(state, ["human"], lang=lang, save_dir=save_dir, restart_point=round_start)
    if final.is_over:  # how did you do against the puzzle's par?
        from gameshelf.games.dicey_farm.par import solve

        result = solve(when, width=width, samples=samples)
        console.print(t("dicey_farm.cli.par-yours", lang, date=state.options["daily"], score=f"{result.score:g}",
                        yours=f"{final.scores()[0]:g}"))


def _final_score(date: str, line: list[Action]) -> tuple[float, int] | None:
    """The score and beggar counters ``line`` ends on, or ``None`` when it is
    not a legal whole game."""
    state = load_game("dicey-farm").new_game(1, 0, {"daily": date})
    assert isinstance(state, DiceyFarmState)
    try:
        for action in line:
            state.apply(action)
    except GameshelfError:
        return None
    return (state.scores()[0], state.beggars) if state.is_over else None


def essential_line(date: str, line: list[Action]) -> list[Action]:
    """``line`` without the moves of its last round that change nothing.

    Why: the solver's line ends with many food conversions that the final
    meal never needed; a person reading the par wants it to stop at the
    last move that matters. A move of the last round is dropped when the
    line without it is still a legal game with the same final score and
    beggar counters; a shipment that changes nothing is replaced by "done"
    (stopping the step early) where dropping it alone would leave the step
    open. The move that ends the game always stays.
    """
    score = _final_score(date, line)
    if score is None:
        return list(line)
    ends = [i for i, a in enumerate(line[:-1]) if isinstance(a, EndRound)]
    start = ends[-1] + 1 if ends else 0
    kept = list(line)
    for index in range(len(kept) - 2, start - 1, -1):
        for candidate in (kept[:index] + kept[index + 1:], [*kept[:index], Done(), *kept[index + 1:]]):
            if candidate != kept and _final_score(date, candidate) == score:
                kept = candidate
                break
    return kept


def line_table(date: str, line: list[Action], lang: str | None) -> Table:
    """The solver's line of play, replayed: round, the die used, the move,
    what happened (what it cost and gave), and the VP after it; it stops at
    the last move that matters (:func:`essential_line`)."""
    game = load_game("dicey-farm")
    state = game.new_game(1, 0, {"daily": date})
    assert isinstance(state, DiceyFarmState)
    from gameshelf.games.dicey_farm.texts import _done_what

    table = Table(title=t("dicey_farm.cli.par-line", lang))
    table.add_column(t("dicey_farm.par.col-round", lang), justify="right")
    table.add_column(t("dicey_farm.par.col-die", lang), justify="center")
    table.add_column(t("dicey_farm.par.col-move", lang), overflow="fold")
    table.add_column(t("dicey_farm.par.col-result", lang), style="dim", overflow="fold")
    table.add_column(t("dicey_farm.par.col-vp", lang), justify="right")
    die = ""
    for action in essential_line(date, line):
        round_no, seen = state.round, len(state.events)
        stopped = _done_what(state.observation(0), lang) if isinstance(action, Done) else None
        state.apply(action)
        if isinstance(action, PickDie):
            die = str(action.face)
            continue  # the next row ("die N: action") says it
        happened = " ".join(e.text(lang) for e in state.events[seen:])
        if not happened and isinstance(action, ToFood | Cook):  # the kitchen logs nothing
            happened = t("dicey_farm.par.food-now", lang, n=state.goods["food"])
        happened = happened or stopped or ""
        table.add_row(str(round_no), die, game.describe_action(action, lang), happened, f"{state.scores()[0]:g}")
        die = ""
    return table

