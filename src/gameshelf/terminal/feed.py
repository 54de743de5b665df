"""What each seat is told, in order: moves and the events they caused.

Why a journal and not "print the events after each bot move": the events a
person's own move caused (a roll, a tax, an encounter's reward) were skipped
when a bot moved next. Here every applied move is an entry holding the span
of events it produced, and each viewer has a cursor; :meth:`Feed.show`
prints everything after the cursor that the viewer may see, in order:
an opponent's move through the game's one public description
(:meth:`~gameshelf.core.protocol.Game.describe_public`), never through the
sentence that names its secret choice.

Each move is told once: when the first event it caused already names its
mover ("Player 2 bids $5,000."), that event is the move's line; otherwise
the move's own sentence comes first, then its events. Example of what a
person in seat 1 reads after their move and a bot's::

    ▶ Player 1 rolls 4 and 2.
      · The page die shows 3: the book is open on page 3.
    ▶ Player 2 (easy bot): accepts the offer
      · Player 2 sells a mushroom to player 1 for 5 coins.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from gameshelf.core import i18n
from gameshelf.core.actions import Action
from gameshelf.core.i18n import t
from gameshelf.core.narration import reports_move
from gameshelf.core.protocol import PlayerId, State
from gameshelf.terminal.fold import Folded

HUMAN = "human"


@dataclasses.dataclass(frozen=True, slots=True)
class Entry:
    """One move (``action`` by ``player``) and the events ``start:end`` it
    caused; the first entry of a feed holds the events before any move it
    saw (``player`` and ``action`` are ``None``)."""

    player: PlayerId | None
    action: Action | None
    start: int
    end: int


def seat_label(seats: Sequence[str], seat: PlayerId, viewer: PlayerId | None, lang: str | None) -> str:
    """"Player 2 (easy)", "Player 1 (you)" or "Player 3" (another person)."""
    name = t("cli.player", lang, n=seat + 1)
    who = seats[seat] if seat < len(seats) else HUMAN
    if seat == viewer:
        return t("cli.seat-label", lang, player=name, who=t("cli.you", lang))
    if who != HUMAN:
        return t("cli.seat-label", lang, player=name, who=level_name(who.removeprefix("bot:"), lang))
    return name


def level_name(bot: str, lang: str | None) -> str:
    """A bot's name as people read it: a level is translated ("easy" →
    "かんたん"), an algorithm name is left as it is."""
    key = f"cli.level-{bot}"
    return t(key, lang) if i18n.has(key, lang) or i18n.has(key, "en") else bot


class Feed:
    """The moves and events of a session, read by each viewer at its pace."""

    def __init__(self, state: State, seats: Sequence[str]) -> None:
        self.seats = list(seats)
        self.entries: list[Entry] = []
        self.cursors: dict[PlayerId | None, int] = {}
        self.restart(state, seen=False)

    def restart(self, state: State, *, seen: bool = True) -> None:
        """Start over on ``state`` (a new game, an undo, a resumed save);
        with ``seen``, everything that happened so far counts as read."""
        self.entries = [Entry(None, None, 0, len(state.events))]
        self.cursors = {} if not seen else dict.fromkeys(self.cursors, 1)
        self._seen_default = 1 if seen else 0

    def record(self, state: State, player: PlayerId, action: Action, before: int) -> None:
        """Note that ``player`` played ``action``; its events start at ``before``."""
        self.entries.append(Entry(player, action, before, len(state.events)))

    def lines(self, state: State, viewer: PlayerId | None, lang: str | None) -> list[str]:
        """The unread lines for ``viewer`` (rich markup), and mark them read."""
        out: list[str] = []
        start = self.cursors.get(viewer, self._seen_default)
        for entry in self.entries[start:]:
            events = [e for e in state.events[entry.start:entry.end] if e.visible(viewer)]
            if entry.action is not None and entry.player is not None:
                if reports_move(events, entry.player, state.players):
                    out.append(f"[bold]▶ {escape(events[0].text(lang))}[/]")
                    events = events[1:]
                else:
                    out.append(move_line(self.seats, state, entry, viewer, lang))
            out.extend(f"  · {escape(event.text(lang))}" for event in events)
        self.cursors[viewer] = len(self.entries)
        return out

    def show(self, console: Console, state: State, viewer: PlayerId | None, lang: str | None) -> int:
        """Print what ``viewer`` has not read yet; the screen lines it took."""
        taken = 0
        for line in self.lines(state, viewer, lang):
            shown = hanging(line)
            console.print(shown)
            taken += len(console.render_lines(shown, console.options, pad=False))
        return taken


def hanging(line: str) -> Table | Folded:
    """A feed line (rich markup) whose text wraps under itself, not under its
    bullet: a long Japanese event has no space to break at but the one after
    "·", and printed plainly it left the bullet alone on its line."""
    text = Text.from_markup(line)
    width = 4 if text.plain.startswith("  · ") else 2 if text.plain.startswith("▶ ") else 0
    if not width:
        return Folded(text)
    grid = Table.grid()
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(text[:width], Folded(text[width:]))
    return grid


def move_text(state: State, entry: Entry, viewer: PlayerId | None, lang: str | None) -> str:
    """A played move's sentence for ``viewer``: the mover's own sentence for
    the mover, else the public one (never the sentence that names an
    opponent's secret choice)."""
    assert entry.action is not None and entry.player is not None
    if entry.player == viewer:
        return state.game.describe_action(entry.action, lang)
    return state.game.describe_public(entry.action, entry.player, lang)


def move_line(seats: Sequence[str], state: State, entry: Entry, viewer: PlayerId | None, lang: str | None) -> str:
    """"▶ Player 2 (easy bot): Pass" (rich markup); a sentence that already
    begins with its mover's name ("Player 2 sends Builder.") is not given
    the name a second time."""
    assert entry.player is not None
    text = move_text(state, entry, viewer, lang)
    if text.startswith(t("cli.player", lang, n=entry.player + 1)):
        return f"[bold]▶[/] {escape(text)}"
    return f"[bold]▶ {escape(seat_label(seats, entry.player, viewer, lang))}:[/] {escape(text)}"


def history_lines(state: State, seats: Sequence[str], viewer: PlayerId | None, lang: str | None) -> list[str]:
    """The whole game so far as ``viewer`` may read it: every move (an
    opponent's through the public description) followed by the events it
    caused. Rebuilt from the record, so it is whole after an undo, a
    restart or a resumed save, and it names the moves (a slide, a pull)
    that leave no event of their own."""
    from gameshelf.core.record import replay

    again = replay(state.record(), upto=0)
    feed = Feed(again, seats)
    for action in state.history:
        mover = again.current_player
        before = len(again.events)
        again.apply(action)
        if mover is not None:
            feed.record(again, mover, action, before)
    return feed.lines(again, viewer, lang)
