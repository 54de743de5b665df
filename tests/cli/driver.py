"""Driving a terminal session as a person would, and checking what they read.

:func:`drive` plays seat 0 as a person (moves chosen in a fixed cycle,
"n" to every yes/no question) against bots, on a wide console so no line
wraps; :func:`check_feed` then checks the promise of the feed: every event
seat 0 may see, and every opponent's public move description, appear in
order, and no event hidden from seat 0 appears at all.
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from rich.console import Console

from gameshelf.core.protocol import State
from gameshelf.core.record import replay
from gameshelf.terminal import play_session
from gameshelf.terminal.feed import Entry, event_text, played_text

WIDTH = 1000


def scripted(moves: Sequence[str], *, limit: int, answers: dict[str, str] | None = None) -> Callable[[str], str]:
    """A reader: ``moves`` in a cycle at move prompts (then ``q`` and ``y``
    to leave after ``limit`` moves), ``n`` at yes/no prompts, Enter at
    "press Enter"; ``answers`` maps a prompt fragment to a fixed answer."""
    cycle: Iterator[str] = itertools.cycle(moves)
    count = 0

    def read(prompt: str) -> str:
        nonlocal count
        for fragment, answer in (answers or {}).items():
            if fragment in prompt:
                return answer
        if "(y/n)" in prompt:
            return "y" if count > limit else "n"
        if "Enter" in prompt and ">" not in prompt:
            return ""
        count += 1
        return "q" if count > limit else next(cycle)

    return read


def drive(state: State, seats: Sequence[str], *, lang: str = "en", limit: int = 400,
          moves: Sequence[str] = ("1", "2", "1", "3"), save_dir: Path | None = None) -> tuple[State, str]:
    """Play ``state`` with a person in every ``human`` seat; the final (or
    left) state and everything printed."""
    out = io.StringIO()
    final = play_session(state, seats, lang=lang, save_dir=save_dir,
                         console=Console(file=out, width=WIDTH, color_system=None, highlight=False),
                         read=scripted(moves, limit=limit), bot_seed=3)
    return final, out.getvalue()


def expected_feed(state: State, viewer: int, lang: str) -> tuple[list[str], set[str]]:
    """From the game's record: what ``viewer`` must read, in order (opponents'
    public move descriptions and visible events), and the texts of events it
    must never read."""
    game = state.game
    again = replay(state.record(), upto=0)
    shown = [event_text(again, e, lang) for e in again.events if e.visible(viewer)]
    hidden = {event_text(again, e, lang) for e in again.events if not e.visible(viewer)}
    for action in state.history:
        mover = again.current_player
        assert mover is not None
        start = len(again.events)
        again.apply(action)
        if mover != viewer:  # as the feed words it: the view's describe_played, else the game's
            played = played_text(again, Entry(mover, action, start, len(again.events), again.observation(None)), lang)
            shown.append(played or game.describe_public(action, mover, lang))
        for event in again.events[start:]:
            text = event_text(again, event, lang)  # as the terminal words it (the view's hook)
            (shown.append(text) if event.visible(viewer) else hidden.add(text))
    return shown, hidden - set(shown)


def check_feed(state: State, printed: str, viewer: int = 0, lang: str = "en") -> int:
    """Assert the feed's promise; returns how many expected lines were found."""
    shown, hidden = expected_feed(state, viewer, lang)
    at = 0
    for text in shown:
        found = printed.find(text, at)
        assert found >= 0, f"not printed in order: {text!r} (after position {at})"
        at = found + len(text)
    for text in hidden:
        assert text not in printed, f"printed an event hidden from seat {viewer}: {text!r}"
    return len(shown)
