"""The records a move is carried by, from the request to its views.

A person's move over a websocket crosses four threads (the event loop, the
group committer's, the hub's finishing thread, the event loop again), so
what it carries is named here rather than passed as tuples:

- :class:`Written`: the move checked and written in its transaction, on
  the committer's thread, waiting for the commit;
- :class:`MoveDone`: the stored move as its mover and the table's sockets
  learn it, with the views built right after it
  (:class:`gameshelf.server.play.service.FinishMove` builds them);
- :class:`BotJob`: a bot's turn, by value, for a pool worker;
- :class:`TableLock`: this process's lock of a table, which a move holds
  from its arrival until its views are built.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Sequence
from typing import Any

from sqlalchemy.engine import Row

from gameshelf.core.actions import Action
from gameshelf.core.protocol import PlayerId
from gameshelf.core.undo import Probe
from gameshelf.server.errors import ApiError
from gameshelf.server.play.live import Live
from gameshelf.server.play.views import View
from gameshelf.server.store.statements import TableRow


@dataclasses.dataclass(frozen=True)
class BotJob:
    """A bot's turn to compute: everything a pool worker needs, by value."""

    table_id: str
    after: int
    seat: PlayerId
    level: str
    record: dict[str, Any]
    bot_seed: int


@dataclasses.dataclass(frozen=True, slots=True)
class MoveDone:
    """A stored move, as its mover and the table's sockets learn it: the
    table's new state number, whether the game is over, whether a bot is
    to move next, and the views built with it for the ``wants`` the move
    was given (``None``: none asked, or they could not be built: the hub
    builds them again), in the order of those wants."""

    state: int
    over: bool
    bot_next: bool
    views: tuple[View | ApiError, ...] | None = None

    def seen(self, views: Sequence[View | ApiError]) -> MoveDone:
        """This move with the views built after it."""
        return dataclasses.replace(self, views=tuple(views))


@dataclasses.dataclass(frozen=True, slots=True)
class Written:
    """A move checked and written in its transaction, to settle after the
    commit: the game it was played in, the seats read, the game's result
    if it ended, the take-back probe and the action played, and the table's
    row as written (``None`` when a clock changed a seat: its views read
    the seats again)."""

    live: Live
    seat_rows: list[Row[Any]]
    result: dict[str, Any] | None
    probe: Probe | None
    action: Action
    written: TableRow | None


class TableLock:
    """A table's lock in this process. A class of its own because a plain
    ``threading.Lock`` cannot be weakly referenced."""

    __slots__ = ("__weakref__", "_lock")

    def __init__(self) -> None:
        self._lock = threading.Lock()

    def __enter__(self) -> bool:
        return self._lock.acquire()

    def __exit__(self, *_exc: object) -> None:
        self._lock.release()

    def acquire(self, blocking: bool = True) -> bool:
        return self._lock.acquire(blocking)

    def release(self) -> None:
        """(Any thread may release it: :meth:`gameshelf.server.play.service.Service.submit_soon` takes it
        on the event loop, the committer's thread lets it go.)"""
        self._lock.release()
