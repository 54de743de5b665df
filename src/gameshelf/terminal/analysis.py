"""``gameshelf analyse`` in the terminal: a progress bar while the
estimates run, then the biggest mistakes, the total loss and (Dicey Farm)
the rounds against the solver, in the reader's language.

Why Ctrl-C stops cleanly instead of aborting: an analysis of a long game
takes a minute or more, and the decisions already estimated are worth
showing. The first Ctrl-C asks the run to stop after the current world
(the analysis then says it covers only the decisions done); a second one
interrupts at once.
"""

from __future__ import annotations

import json
import signal
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from gameshelf.analysis import Analysis
from gameshelf.analysis.analyse import Coach, RoundReview, analyse_record
from gameshelf.analysis.render import (
    deeper_text,
    legend_text,
    mistake_line,
    mistakes,
    round_text,
    total_text,
)
from gameshelf.core.i18n import t
from gameshelf.terminal.fold import Folded


def run_analysis(
    record: Mapping[str, Any],
    seat: int,
    *,
    budget_s: float,
    worlds: int | None = None,
    lang: str | None = None,
    console: Console,
    progress_console: Console | None = None,
    rounds: RoundReview | None = None,
    coach: Coach | None = None,
) -> Analysis:
    """Analyse ``record`` for ``seat`` (0-based) with a progress bar on
    ``progress_console`` (stderr for the command) and Ctrl-C as a stop."""
    bar_console = progress_console or Console(stderr=True)
    with _stop_on_interrupt() as stopped, Progress(
        TextColumn(escape(t("analysis.progress", lang))), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), console=bar_console, transient=True,
    ) as bar:
        task = bar.add_task("analyse", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return analyse_record(record, seat, budget_s=budget_s, worlds=worlds, progress=progress,
                              stop=stopped, rounds=rounds, coach=coach,
                              plan_worlds=None if worlds is None else 0)


@contextmanager
def _stop_on_interrupt() -> Iterator[Callable[[], bool]]:
    """A ``stop`` test that turns true at the first SIGINT; the second
    interrupts as usual. Outside the main thread (a test runner) signals
    cannot be caught, and the test is simply never true."""
    asked = [False]

    def handler(signum: int, frame: Any) -> None:
        if asked[0]:
            raise KeyboardInterrupt
        asked[0] = True

    try:
        previous = signal.signal(signal.SIGINT, handler)
    except ValueError:
        yield lambda: False
        return
    try:
        yield lambda: asked[0]
    finally:
        signal.signal(signal.SIGINT, previous)


def print_analysis(analysis: Analysis, record: Mapping[str, Any], lang: str | None, console: Console) -> None:
    """The analysis as text: title, mistakes with the better move and the
    reason, the total, and the round notes."""
    from gameshelf.core.registry import load_game

    game = load_game(analysis.game)
    console.rule(t("analysis.title", lang, game=game.name(lang), seat=analysis.seat + 1,
                   decisions=len(analysis.decisions), final=f"{analysis.final_score:g}"))
    if not analysis.complete:
        console.print(f"[yellow]{escape(t('analysis.incomplete', lang))}[/]")
    found = mistakes(analysis, record, lang)
    if found:
        console.print(f"[bold]{escape(t('analysis.mistakes-title', lang))}[/]")
        console.print(Folded(t("analysis.legend", lang) + " " + legend_text(analysis, lang)), style="dim",
                      highlight=False)
        for m in found:
            console.print(Folded("  " + mistake_line(m, lang)), highlight=False)
    else:
        console.print(escape(t("analysis.no-mistakes", lang)))
    console.print(Folded(total_text(analysis, lang)), highlight=False)
    deeper = deeper_text(analysis, lang)
    if deeper:
        console.print(Folded(deeper), style="dim", highlight=False)
    if analysis.rounds:
        console.print(f"[bold]{escape(t('analysis.rounds-title', lang))}[/]")
        for note in analysis.rounds:
            console.print(Folded("  " + round_text(analysis, note, record, lang)), highlight=False)


def analysis_json(analysis: Analysis) -> str:
    """The stored form, as the file ``--json`` writes (docs/analysis.md)."""
    return json.dumps(analysis.to_json(), ensure_ascii=False, indent=1)
