"""Games in play, rebuilt from their move log, and what each viewer sees.

A :class:`Live` game is the state after the stored log entries, replayed
from the table's seed; it is a cache that any worker can rebuild at any
time, so nothing is held only in memory. What a viewer is sent is built here
and only here, from three things the core protocol guarantees are safe for
that viewer: ``observation(seat)``, the events it may see, and the public
description of other seats' moves (``Game.describe_public``).

The log is append-only and has two kinds of entries: a move, and an *undo*
that takes back the latest move still standing (Board Game Arena's policy,
:class:`gameshelf.core.undo.Probe`). The state number counts entries, so it
only ever grows, and a take-back is a new numbered state like a move: every
socket, poll and stale check sees it the same way. The game's own history
holds only the moves still standing, so a record, a replay and the Daily
score replay exactly the final state.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any

from gameshelf.core.actions import Action
from gameshelf.core.narration import move_sentences, reports_move
from gameshelf.core.protocol import Event, Game, Observation, PlayerId, State
from gameshelf.core.spoken import event_line, said, spoken_all
from gameshelf.core.undo import Probe
from gameshelf.server.config import RECENT_ITEMS
from gameshelf.server.errors import log_text


@dataclasses.dataclass(frozen=True)
class Entry:
    """One numbered entry of the log: a move, or the take-back of the move
    that led to state ``undoes``."""

    seat: PlayerId
    action: Action
    events: tuple[Event, ...] = ()
    undoes: int | None = None


@dataclasses.dataclass
class Live:
    """One table's game: the state, the log entries that led to it, and the
    positions its mover may still go back to."""

    state: State
    setup: tuple[Event, ...] = ()
    entries: list[Entry] = dataclasses.field(default_factory=list)
    #: ``(k, position before move k)`` for the trailing moves that may be
    #: taken back (all by the seat to move, oldest first).
    undoable: list[tuple[int, State]] = dataclasses.field(default_factory=list)
    #: the mover's offer, kept per ``(state number, language)``: costing each
    #: move reads an observation (0.1-0.6 ms) and a mover's view is asked for
    #: again at every poll while they think; only :meth:`apply` and
    #: :meth:`undo` change the state, and both change the number.
    _offers: dict[tuple[int, str | None], list[dict[str, Any]]] = dataclasses.field(
        default_factory=dict, repr=False)
    #: each seat's observation of the current state, kept the same way: the
    #: undo probe of a move reads its mover's, and that seat's view next
    _seen: dict[tuple[int, PlayerId | None], Observation] = dataclasses.field(
        default_factory=dict, repr=False)
    #: ``(state number, seat, worlds)``: the undo probe's worlds after the
    #: latest move, while it may be taken back, for that seat's next probe
    #: (:class:`Probe`'s ``worlds``)
    _worlds: tuple[int, PlayerId, list[State]] | None = dataclasses.field(
        default=None, repr=False)
    #: the log lines of events, by ``(entry, event, language)``: an event
    #: every seat may see reads the same for each of them, and a move's
    #: views are built for every socket of the table at once
    _lines: dict[tuple[int, int, str | None], dict[str, Any]] = dataclasses.field(
        default_factory=dict, repr=False)

    @classmethod
    def start(cls, game: Game, players: int, seed: int, options: dict[str, Any]) -> Live:
        state = game.new_game(players, seed, options)
        return cls(state, tuple(state.events))

    @property
    def n(self) -> int:
        """The state number: how many log entries (moves and take-backs)."""
        return len(self.entries)

    def apply(self, action: Action, seat: PlayerId, probe: Probe | None = None, *,
              settle: bool = True) -> None:
        """Play a move. ``probe`` (taken just before, by a person's move)
        decides whether it may be taken back; without one (a bot, or a move
        replayed behind a barrier) nothing before it may be. With
        ``settle=False`` the caller calls :meth:`settle` itself (after the
        commit, off the database's writer thread)."""
        before = len(self.state.events)
        self.state.apply(action, seat)
        self.entries.append(Entry(seat, self.state.history[-1], tuple(self.state.events[before:])))
        if settle:
            self.settle(probe, action)

    def probe(self, seat: PlayerId) -> Probe:
        """The undo probe of ``seat``'s move from the current state, with
        the worlds of that seat's previous probe when the move before this
        one was theirs and may still be taken back. Every probe of a live
        game is made here, whether the move is played live or replayed
        from the log, so both deal and carry the same worlds."""
        carried = self._worlds
        if carried is not None and carried[:2] == (self.n, seat):
            # (kept until the move settles: a move refused meanwhile leaves
            # them as they were, and only a settled move replaces them)
            return Probe(self.state, seat, carried[2])
        return Probe(self.state, seat)

    def settle(self, probe: Probe | None, action: Action) -> None:
        """After the latest move: keep the position before it if it taught
        its mover nothing, else forget every older position too."""
        if probe is not None and probe.reversible(
                self.state, action, functools.partial(self.observation, probe.seat)):
            self.undoable.append((self.n, probe.position))
            self._worlds = (self.n, probe.seat, probe.after) if probe.after is not None else None
        else:
            self.undoable.clear()
            self._worlds = None

    def observation(self, seat: PlayerId | None) -> Observation:
        """``state.observation(seat)``, read once per state and seat."""
        key = (self.n, seat)
        seen = self._seen.get(key)
        if seen is None:
            if self._seen and next(iter(self._seen))[0] != self.n:
                self._seen.clear()  # an older state's are never asked for again
            seen = self._seen[key] = self.state.observation(seat)
        return seen

    def let_go(self) -> None:
        """Forget the observations and the offer kept for the current state
        (read again if asked for).

        Why: the server calls this once a move's views are built for every
        socket of the table, after which those views are rarely asked for
        again (an HTTP poll asks, and keeps them anew). Kept until the next
        move, a seat's observation and offer (about 110 containers a move in
        Filthy Rich, its 24 log events each a dict) outlived the collector's
        youngest generation while the person thought, and at 1,000 tables
        every young collection scanned them all with every thread stopped
        (benchmarks/journal/server.md, "Sixth
pass")."""
        self._seen.clear()
        self._offers.clear()

    def can_undo(self, seat: PlayerId | None) -> bool:
        """Whether ``seat`` may take back its latest move now."""
        return bool(self.undoable) and seat is not None and self.state.current_player == seat

    def undo(self, seat: PlayerId, k: int | None = None,
             saved: dict[int, State] | None = None) -> Entry:
        """Take back the latest move standing (``k``, when the log says
        which), by ``seat``: back to the position kept before it, or in a
        rebuild to the copy ``saved[k]``. Returns the move taken back."""
        if self.undoable and (k is None or self.undoable[-1][0] == k):
            k, position = self.undoable.pop()
        elif k is not None and saved is not None and k in saved:
            position = saved.pop(k)
        else:
            raise ValueError(f"move {k} cannot be taken back")
        undone = self.entries[k - 1]
        self.state = position
        self._worlds = None  # (they had the move taken back played in them)
        self.entries.append(Entry(seat, undone.action, (), k))
        return undone

    def items(self, viewer: PlayerId | None, since: int, lang: str | None) -> list[dict[str, Any]]:
        """The log lines after state ``since`` (of at most the last
        :data:`RECENT_ITEMS` entries), each numbered with the state it led
        to: a move as its maker may read it (others get the game's public
        description), then each of its events this viewer may see; a
        take-back names the move taken back (``undoes``: its number).
        Lines numbered 0 are the set-up's events. Each line carries its
        text and its parts (seats as references, :mod:`gameshelf.core.spoken`);
        an event's line also its key and parameters."""
        game = self.state.game
        out: list[dict[str, Any]] = []
        first = max(since + 1, self.n - RECENT_ITEMS + 1, 0)
        if first == 0:
            # (written once for every viewer too: every new table's first
            # views, two or more, tell the whole set-up)
            out.extend({"n": 0, "seat": None, "kind": "event", **self._line(0, i, e, lang)}
                       for i, e in enumerate(self.setup) if e.visible(viewer))
        for k in range(max(first, 1), self.n + 1):
            entry = self.entries[k - 1]

            def told(entry: Entry = entry) -> str:
                return (game.describe_action(entry.action, lang) if viewer == entry.seat
                        else game.describe_public(entry.action, entry.seat, lang))

            if entry.undoes is not None:
                out.append({"n": k, "seat": entry.seat, "kind": "undo", "undoes": entry.undoes,
                            "key": None, "params": {},
                            **said(functools.partial(_undo_line, told, lang))})
                continue
            seen = [(i, e) for i, e in enumerate(entry.events) if e.visible(viewer)]
            if reports_move([e for _i, e in seen], entry.seat, self.state.players):
                # the first event already says who did what: it stands for the move
                line = self._line(k, *seen[0], lang)
                seen = seen[1:]
            else:  # (the mover's words, or everyone else's: -1 and -2 in the lines' keys)
                line = self._kept((k, -1 if viewer == entry.seat else -2, lang),
                                  functools.partial(_said_move, told))
            out.append({"n": k, "seat": entry.seat, "kind": "move", **line})
            out.extend({"n": k, "seat": None, "kind": "event", **self._line(k, i, e, lang)}
                       for i, e in seen)
        return out

    def _line(self, k: int, index: int, event: Event, lang: str | None) -> dict[str, Any]:
        """``event_line`` of the ``index``-th event of entry ``k`` (0: the
        set-up), written once for every viewer who may see it (the callers
        copy it into their own line). Lines of entries older than a view
        carries are let go; a take-back does not renumber entries, so a key
        stays true."""
        return self._kept((k, index, lang), lambda: event_line(event, lang))

    def _kept(self, key: tuple[int, int, str | None],
              write: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """The line under ``key`` (entry, part, language), written by
        ``write`` the first time it is asked for."""
        line = self._lines.get(key)
        if line is None:
            lines = self._lines
            while lines and next(iter(lines))[0] <= self.n - RECENT_ITEMS:
                del lines[next(iter(lines))]  # (kept in about the order they were written)
            line = lines[key] = write()
        return line

    def legal(self, lang: str | None) -> list[dict[str, Any]]:
        """What the mover may do, each move with what it will really cost and
        give (the same words the terminal lists)."""
        key = (self.n, lang)
        offer = self._offers.get(key)
        if offer is None:
            if self._offers and next(iter(self._offers))[0] != self.n:
                self._offers.clear()  # an older state's offers are never asked for again
            offer = self._offers[key] = [
                {"action": a.to_json(), "text": text, "parts": parts}
                for a, (text, parts) in zip(
                    self.state.legal_actions(),
                    spoken_all(lambda: move_sentences(self.state, lang)), strict=True)
            ]
        return offer

    def result(self) -> dict[str, Any] | None:
        if not self.state.is_over:
            return None
        return {"scores": self.state.scores(), "ranking": self.state.ranking()}


def _said_move(told: Callable[[], str]) -> dict[str, Any]:
    """A move's line told in its own words (no event reports it)."""
    return {"key": None, "params": {}, **said(told)}


def _undo_line(told: Callable[[], str], lang: str | None) -> str:
    """A take-back's line, the move it took back told inside it."""
    return log_text("undo", lang, {"move": told()})
