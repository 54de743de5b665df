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
from rich.text import Text

from gameshelf.core.narration import reports_move
from gameshelf.core.protocol import State
from gameshelf.core.record import replay
from gameshelf.terminal import play_session
from gameshelf.terminal.feed import HUMAN, Entry, move_line

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
    SEATS.clear()
    SEATS.update(enumerate(seats))
    final = play_session(state, seats, lang=lang, save_dir=save_dir,
                         console=Console(file=out, width=WIDTH, color_system=None, highlight=False),
                         read=scripted(moves, limit=limit), bot_seed=3)
    return final, out.getvalue()


def expected_feed(state: State, viewer: int, lang: str,
                  seats: Sequence[str] | None = None) -> tuple[list[str], set[str]]:
    """From the game's record: the feed lines ``viewer`` must read, in order
    and each once (a move's line, then the visible events it caused), and
    the texts of events it must never read. ``seats`` name the bots in the
    labels (default: those of the last :func:`drive`)."""
    labels = list(seats) if seats is not None else again_seats(state, viewer)
    again = replay(state.record(), upto=0)
    shown = [f"  · {e.text(lang)}" for e in again.events if e.visible(viewer)]
    hidden = {e.text(lang) for e in again.events if not e.visible(viewer)}
    for action in state.history:
        mover = again.current_player
        assert mover is not None
        start = len(again.events)
        again.apply(action)
        entry = Entry(mover, action, start, len(again.events))
        events = []
        for event in again.events[start:]:
            if event.visible(viewer):
                events.append(event)
            else:
                hidden.add(event.text(lang))
        texts = [e.text(lang) for e in events]
        if reports_move(events, mover, again.players):  # the first event is the move's line
            shown.append(f"▶ {texts.pop(0)}")
        else:
            shown.append(Text.from_markup(move_line(labels, again, entry, viewer, lang)).plain)
        shown.extend(f"  · {text}" for text in texts)
    return shown, hidden - {line[4:] for line in shown}


def again_seats(state: State, viewer: int) -> list[str]:
    """The seats of the last :func:`drive` (a move's label names the bot's
    level), ``viewer`` a person."""
    return [HUMAN if seat == viewer else SEATS.get(seat, HUMAN) for seat in range(state.players)]


#: the seats of the last :func:`drive`
SEATS: dict[int, str] = {}


def check_feed(state: State, printed: str, viewer: int = 0, lang: str = "en",
               seats: Sequence[str] | None = None) -> int:
    """Assert the feed's promise: every line ``viewer`` must read is printed,
    in order, exactly once (the printed lines that are feed lines, in
    order, are exactly the expected ones), and no hidden event appears.
    Returns how many lines were expected."""
    shown, hidden = expected_feed(state, viewer, lang, seats)
    wanted = set(shown)
    lines = [line.rstrip() for line in printed.splitlines()]
    feed = [line for line in lines if line in wanted]
    for k, (got, want) in enumerate(zip(feed, shown, strict=False)):
        assert got == want, f"feed line {k}: printed {got!r}, expected {want!r}"
    assert len(feed) == len(shown), (
        f"{len(feed)} feed lines printed, {len(shown)} expected"
        + (f"; first extra: {feed[len(shown)]!r}" if len(feed) > len(shown) else f"; missing: {shown[len(feed)]!r}"))
    for text in hidden:
        assert text not in printed, f"printed an event hidden from seat {viewer}: {text!r}"
    return len(shown)
