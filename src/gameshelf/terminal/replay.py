"""Stepping through a saved record as a spectator: who moved, what the move
showed everyone, forwards, back, and straight to a move number.

With an analysis (``gameshelf replay FILE --analysis A.json``, the JSON that
``gameshelf analyse --json`` writes) the analysed seat's mistakes are marked
on the moves (``?!``, ``?``, ``??`` by the loss), listed before the first
move so a number jumps to one, and each marked move says what it lost and
the better move with its reason."""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from gameshelf.analysis import Analysis
from gameshelf.analysis.render import (
    legend_text,
    loss_text,
    mistake_line,
    mistakes,
    move_words,
    reason_text,
    total_text,
)
from gameshelf.core.i18n import t
from gameshelf.core.narration import reports_move
from gameshelf.core.protocol import State
from gameshelf.core.record import replay
from gameshelf.terminal.feed import Entry, move_text
from gameshelf.terminal.fold import Folded
from gameshelf.terminal.help import rules_text
from gameshelf.terminal.hints import saved_hints, used_text
from gameshelf.terminal.prompts import INTERRUPT, Reader, normalize, parse_number, safe_read
from gameshelf.terminal.screens import page
from gameshelf.terminal.session import ranking_table


def position(record: dict[str, Any], index: int, lang: str | None) -> tuple[State, str, list[str]]:
    """The game after move ``index``, its headline (who moved and what, told
    through the public description, or through the move's first event when
    that already says it, as the live feed does) and the texts of the other
    public events it caused, in the game view's words."""
    state = replay(record, upto=max(0, index - 1))
    if not index:
        return state, "-", []
    mover = state.current_player
    action = state.game.action_from_json(record["actions"][index - 1])
    start = len(state.events)
    state.apply(action)
    seat = mover if mover is not None else 0
    events = [e for e in state.events[start:] if e.visible(None)]
    texts = [e.text(lang) for e in events]
    if reports_move(events, seat, state.players):
        return state, texts[0], texts[1:]
    entry = Entry(seat, action, start, len(state.events))
    headline = f"{t('cli.player', lang, n=seat + 1)}: {move_text(state, entry, None, lang)}"
    return state, headline, texts


def replay_session(
    record: dict[str, Any],
    *,
    lang: str | None = None,
    console: Console | None = None,
    read: Reader | None = None,
    analysis: Analysis | None = None,
) -> State:
    """Step through a saved record as a spectator.

    Keys: Enter next, ``b`` back, ``e`` end, a number jumps to that move,
    ``q`` quits. With ``analysis`` (of this record), its mistakes are
    listed first and marked where they were made.
    """
    console = console or Console()
    read = read or (lambda prompt: console.input(prompt))
    final = replay(record)
    total = len(final.history)
    index = 0
    if analysis is not None:
        print_marks(analysis, record, lang, console)
    while True:
        state, headline, events = position(record, index, lang)
        console.rule(t("cli.replay-step", lang, index=index, total=total))
        if index:  # below the rule, so a long move is not cut short
            mark = move_mark(analysis, index - 1)
            console.print(f"[bold]▶ {escape(headline)}[/]" + (f" [bold red]{escape(mark)}[/]" if mark else ""),
                          highlight=False)
            note = analysis_note(analysis, record, index - 1, lang)
            if note:
                console.print(Folded(note), style="yellow", highlight=False)
        console.print(final.game.render(state.observation(None), lang))
        for text in events:
            console.print(f"  · {escape(text)}", highlight=False)
        if index == total and final.is_over:
            console.print(ranking_table(final, lang))
            used = used_text(saved_hints(record, final.players)[1], final.players, lang)
            if used:  # a game played with help says so wherever its result is shown
                console.print(used, style="italic", highlight=False, markup=False)
        answer = safe_read(read, t("cli.replay-help", lang) + " > ")
        if answer is None or answer == INTERRUPT:  # replaying loses nothing: Ctrl-C leaves
            return final
        command = normalize(answer)
        number = parse_number(answer)
        if command == "q":
            return final
        if command == "b":
            index = max(0, index - 1)
        elif command == "e":
            index = total
        elif command == "":
            index = min(total, index + 1)
        elif command == "?":
            # paged as the game's ? is: the rules ran past 24 lines, their top unread (issue 43)
            page(console, Panel(Group(Text(t("cli.replay-keys", lang)), Text(""), Folded(rules_text(final.game, lang))),
                                title=f"{final.game.name(lang)} — ?"), read, lang)
        elif number is not None and number <= total:
            index = number
        else:
            console.print(f"[red]{escape(t('cli.replay-bad', lang, total=total))}[/]")


def move_mark(analysis: Analysis | None, move: int) -> str:
    """The mark of the record's move ``move`` (0-based), ``""`` for none."""
    decision = None if analysis is None else analysis.decision_at(move)
    return "" if decision is None else decision.mark


def analysis_note(analysis: Analysis | None, record: dict[str, Any], move: int, lang: str | None) -> str:
    """For a marked move: what it lost, the better move and why; else ``""``."""
    decision = None if analysis is None else analysis.decision_at(move)
    if analysis is None or decision is None or not decision.mark or decision.reason is None:
        return ""
    better = move_words(record, move, decision.best.action, analysis.seat, lang)
    return t("analysis.replay-loss", lang, mark=decision.mark, loss=loss_text(analysis, decision, lang),
             better=better, reason=reason_text(analysis, decision.reason, lang))


def print_marks(analysis: Analysis, record: dict[str, Any], lang: str | None, console: Console) -> None:
    """The analysis's biggest mistakes and total, before the first move."""
    console.print(f"[bold]{escape(t('analysis.mistakes-title', lang))}[/]")
    console.print(Folded(t("analysis.legend", lang) + " " + legend_text(analysis, lang)), style="dim",
                  highlight=False)
    for m in mistakes(analysis, record, lang):
        console.print(Folded("  " + mistake_line(m, lang)), highlight=False)
    console.print(Folded(total_text(analysis, lang)), highlight=False)
