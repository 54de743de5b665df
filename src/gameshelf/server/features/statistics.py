"""Per-game statistics on a profile, declared by each game as data.

Why data and not server code: the server knows no game. Each game package
may ship ``data/statistics.toml``: a list of ``[[statistic]]`` entries, each
with a stable ``id`` (profiles and clients name it), the log ``events``
(i18n keys the engine writes) it reads, the ``seat`` parameter that names
the player (1-based, as the log says it; absent in a one-seat game), an
optional ``sum`` parameter to add up (absent: the events are counted) and an
optional ``where`` table of parameter values an event must have. A finished
game's figure is computed from its record: replayed through the engine, its
log read with those rules. The label is the i18n key
``<game package>.statistic.<id>``.
"""

from __future__ import annotations

import collections
import dataclasses
import functools
import threading
import tomllib
from importlib import resources
from typing import Any

from gameshelf.core.i18n import t
from gameshelf.core.record import replay
from gameshelf.core.registry import game_package, load_game


@dataclasses.dataclass(frozen=True)
class Statistic:
    id: str
    events: tuple[str, ...]
    seat: str | None
    sum: str | None
    where: tuple[tuple[str, Any], ...]

    def value(self, events: list[Any], seat: int) -> float:
        """This statistic of ``seat`` (0-based) in a finished game's log."""
        total = 0.0
        for e in events:
            if e.key not in self.events:
                continue
            params = e.params
            if self.seat is not None and params.get(self.seat) != seat + 1:
                continue
            if any(params.get(k) != v for k, v in self.where):
                continue
            if self.sum is None:
                total += 1
            else:
                amount = params.get(self.sum)
                if isinstance(amount, int | float) and not isinstance(amount, bool):
                    total += amount
        return total


@functools.cache
def declared(game_id: str) -> tuple[Statistic, ...]:
    """The statistics ``game_id`` declares (none when it ships no file)."""
    package = game_package(load_game(game_id))
    path = resources.files(package) / "data" / "statistics.toml"
    if not path.is_file():
        return ()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = []
    for entry in data.get("statistic", []):
        out.append(Statistic(
            id=str(entry["id"]), events=tuple(str(k) for k in entry["events"]),
            seat=entry.get("seat"), sum=entry.get("sum"),
            where=tuple(sorted((str(k), v) for k, v in entry.get("where", {}).items()))))
    ids = [s.id for s in out]
    if len(set(ids)) != len(ids):
        raise ValueError(f"{game_id}: statistics.toml repeats an id")
    return tuple(out)


def label(game_id: str, stat_id: str, lang: str | None) -> str:
    package = game_package(load_game(game_id)).rpartition(".")[2]
    return t(f"{package}.statistic.{stat_id}", lang)


class Figures:
    """Each finished game's figures, computed once per process (a finished
    game never changes) and kept for the most recent games only."""

    SIZE = 5000

    def __init__(self) -> None:
        self._done: collections.OrderedDict[str, list[dict[str, float]]] = collections.OrderedDict()
        self._guard = threading.Lock()

    def of(self, table_id: str, record: dict[str, Any]) -> list[dict[str, float]]:
        """Per seat, ``{statistic id: value}`` of one finished game."""
        with self._guard:
            if table_id in self._done:
                return self._done[table_id]
        stats = declared(record["game"])
        state = replay(record)
        events = list(state.events)
        figures = [{s.id: s.value(events, seat) for s in stats} for seat in range(state.players)]
        with self._guard:
            self._done[table_id] = figures
            while len(self._done) > self.SIZE:
                self._done.popitem(last=False)
        return figures


FIGURES = Figures()
