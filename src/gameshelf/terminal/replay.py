"""Stepping through a saved record as a spectator: who moved, what the move
showed everyone, forwards, back, and straight to a move number."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape

from gameshelf.core.i18n import t
from gameshelf.core.protocol import Event, State
from gameshelf.core.record import replay
from gameshelf.terminal.prompts import Reader, normalize, parse_number, safe_read
from gameshelf.terminal.session import ranking_table


def position(record: dict[str, Any], index: int, lang: str | None) -> tuple[State, str, list[Event]]:
    """The game after move ``index``, its headline ("Player 2: ...", told
    through the public description) and the public events it caused."""
    state = replay(record, upto=max(0, index - 1))
    if not index:
        return state, "-", []
    mover = state.current_player
    action = state.game.action_from_json(record["actions"][index - 1])
    start = len(state.events)
    state.apply(action)
    seat = mover if mover is not None else 0
    headline = f"{t('cli.player', lang, n=seat + 1)}: {state.game.describe_public(action, seat, lang)}"
    return state, headline, [e for e in state.events[start:] if e.visible(None)]


def replay_session(
    record: dict[str, Any],
    *,
    lang: str | None = None,
    console: Console | None = None,
    read: Reader | None = None,
) -> State:
    """Step through a saved record as a spectator.

    Keys: Enter next, ``b`` back, ``e`` end, a number jumps to that move,
    ``q`` quits.
    """
    console = console or Console()
    read = read or (lambda prompt: console.input(prompt))
    final = replay(record)
    total = len(final.history)
    index = 0
    while True:
        state, headline, events = position(record, index, lang)
        console.rule(t("cli.replay-step", lang, index=index, total=total, action=headline))
        console.print(final.game.render(state.observation(None), lang))
        for event in events:
            console.print(f"  · {escape(event.text(lang))}", highlight=False)
        if index == total and final.is_over:
            console.print(ranking_table(final, lang))
        answer = safe_read(read, t("cli.replay-help", lang) + " > ")
        if answer is None:
            return final
        command = normalize(answer)
        number = parse_number(command)
        if command == "q":
            return final
        if command == "b":
            index = max(0, index - 1)
        elif command == "e":
            index = total
        elif command == "":
            index = min(total, index + 1)
        elif number is not None and number <= total:
            index = number
        else:
            console.print(f"[red]{escape(t('cli.replay-bad', lang, total=total))}[/]")
