"""What the browser's status bar and replay viewer read besides the board.

Why a module of its own: the per-seat view gains two fields (the decision
the seat to move faces, and the moves the mover would look for but may not
make), and the replay viewer needs the whole game's log up to a step and
each seat's score over the game. None of that is storage or locking, so it
lives here and ``service.py`` calls it in one line each.

The replay is a finished game, so everything here is what a spectator of
that game saw: public events only, and scores (the seed is public once a
game is over, through the record).
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from typing import Any

from gameshelf.core.manifest import MissingManifest, manifest
from gameshelf.core.narration import reports_move
from gameshelf.core.protocol import PlayerId, State
from gameshelf.core.record import replay
from gameshelf.core.spoken import event_line, said

#: what a game without a manifest charts: its scores, so labelled
SCORES = ("scores", "web.replay.score")

#: how many finished games' stories one process keeps (a story is a list of
#: short lines per move; the replay viewer asks for one frame per step)
STORY_CACHE = 16


def _progress(game_id: str) -> tuple[str, str]:
    """What the replay's chart follows, and its label's key: the game's
    manifest's ``[replay]`` (a game whose ``scores()`` mean nothing before
    the end, as Filthy Rich's 1 for the winner, names a public field)."""
    try:
        entry = manifest(game_id)
    except MissingManifest:
        return SCORES
    return entry.progress, entry.progress_label


def status_fields(state: State, mine: bool, lang: str | None) -> dict[str, Any]:
    """The view's ``decision`` (for every viewer: whose move and on what is
    public) and ``unavailable`` (for the mover only: the engine's reasons)."""
    return {"decision": decision_field(state, lang),
            "unavailable": unavailable_field(state, lang) if mine else []}


def decision_field(state: State, lang: str | None) -> dict[str, Any] | None:
    """The decision the seat to move faces: the same for every viewer, so
    a table's views build it once (:meth:`Service.views`)."""
    decision = state.decision() if not state.is_over else None
    if decision is None:
        return None
    return {**decision.to_json(lang), **said(lambda: decision.text(lang))}


def unavailable_field(state: State, lang: str | None) -> list[dict[str, Any]]:
    """The moves the mover would look for but may not make, with the
    engine's reasons (the mover's view only). Each text is rendered once,
    with its seats marked: its plain text is the parts' (the same words,
    :mod:`gameshelf.core.spoken`), so ``to_json``'s own two renderings are
    replaced rather than made twice."""
    out = []
    for u in state.unavailable_moves():
        move = said(functools.partial(u.move_text, lang))
        reason = said(functools.partial(u.reason_text, lang))
        out.append({**u.to_json(lang, texts=False), "move_text": move["text"],
                    "reason_text": reason["text"], "move_parts": move["parts"],
                    "reason_parts": reason["parts"]})
    return out


class Story:
    """A finished game step by step, as a spectator saw it: per step the
    mover, the move's sentence and the events after it, and the chart's
    values."""

    def __init__(self, record: dict[str, Any], lang: str | None) -> None:
        state = replay(record, upto=0)
        game = state.game
        field = _progress(record["game"])
        self.label = field[1]
        self.setup = [event_line(e, lang) for e in state.events_for(None)]
        self.steps: list[dict[str, Any]] = []
        self.series: list[list[float]] = [self._values(state, field)]
        for obj in record["actions"]:
            seat: PlayerId | None = state.current_player
            before = len(state.events)
            action = game.action_from_json(obj)
            state.apply(action)
            seen = [e for e in state.events[before:] if e.visible(None)]
            line: dict[str, Any] = {"key": None, "params": {}, "text": "", "parts": []}
            if seat is not None and reports_move(seen, seat, state.players):
                line, seen = event_line(seen[0], lang), seen[1:]
            elif seat is not None:
                line = {"key": None, "params": {},
                        **said(functools.partial(game.describe_public, action, seat, lang))}
            self.steps.append({"seat": seat, "line": line,
                               "events": [event_line(e, lang) for e in seen]})
            self.series.append(self._values(state, field))

    @staticmethod
    def _values(state: State, field: tuple[str, str]) -> list[float]:
        if field[0] == "scores":
            return [float(x) for x in state.scores()]
        return [float(x) for x in state.observation(None)[field[0]]]

    def log(self, k: int) -> list[dict[str, Any]]:
        """Every line a spectator read from the set-up to step ``k``, each
        numbered with its step (0: the set-up)."""
        lines: list[dict[str, Any]] = [{"n": 0, "seat": None, "kind": "event", **x} for x in self.setup]
        for n, step in enumerate(self.steps[:k], start=1):
            lines.append({"n": n, "seat": step["seat"], "kind": "move", **step["line"]})
            lines.extend({"n": n, "seat": None, "kind": "event", **x} for x in step["events"])
        return lines


_stories: OrderedDict[tuple[str, str | None], Story] = OrderedDict()
_stories_lock = threading.Lock()


def story(table_id: str, record: dict[str, Any], lang: str | None) -> Story:
    """The story of a finished table in ``lang``, built once and kept (a
    finished game never changes)."""
    key = (table_id, lang)
    with _stories_lock:
        found = _stories.get(key)
        if found is not None:
            _stories.move_to_end(key)
            return found
    built = Story(record, lang)
    with _stories_lock:
        _stories[key] = built
        while len(_stories) > STORY_CACHE:
            _stories.popitem(last=False)
    return built


def frame(table_id: str, record: dict[str, Any], k: int, lang: str | None) -> dict[str, Any]:
    """A finished game after ``k`` moves (``0 <= k <= total``): the board a
    spectator saw, the move of step ``k`` and its events, the whole log up
    to ``k`` and every seat's score (or the chart's value) at every step."""
    told = story(table_id, record, lang)
    state = replay(record, upto=k)
    step = told.steps[k - 1] if k else None
    return {
        "k": k,
        "total": len(record["actions"]),
        "observation": state.observation(None),
        "move": {"seat": step["seat"], **step["line"]} if step else None,
        "events": [x["text"] for x in (step["events"] if step else told.setup)],
        "log": told.log(k),
        "series": told.series,
        "series_label": told.label,
    }
