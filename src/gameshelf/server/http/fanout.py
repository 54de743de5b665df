"""The fan-out: who on a table wants which view, and each view's delivery.

One change of a table is seen by every socket on it, each through its own
view (its seat's observation, its legal moves, the events it may see),
never one payload broadcast to the table. The views of a change are built
together (:meth:`Service.views`, or with the move itself), numbered with
the state number ``n``, and sent to each socket as an ``update`` (the log
lines after the last state it was sent) or a ``sync``. Two changes' views
may be in flight at once: a socket is never sent a line twice, nor an
older state after a newer one.

The records, in the order a move meets them:

- :class:`Audience`: a table's sockets at one moment, and what each wants
  (:class:`gameshelf.server.play.views.Want`);
- :class:`Delivery`: the views built for an audience, one per socket, and
  the sockets already sent theirs (a mover gets its own right after its
  ``ack``).
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
import time
from typing import Any

import orjson
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket

from gameshelf.server.config import RECENT_ITEMS
from gameshelf.server.errors import ApiError
from gameshelf.server.play.service import Service
from gameshelf.server.play.views import View, Want

#: Messages a client may send in a burst, and per second after it.
BURST, RATE = 100, 50.0


class Refused(Exception):
    """A client message that ends the connection, with the close code."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class Connection:
    """One viewer's socket on one table."""

    def __init__(self, ws: WebSocket, table_id: str, token: str | None, lang: str) -> None:
        self.ws = ws
        self.table_id = table_id
        self.token = token
        self.lang = lang
        self.last: int | None = None
        self.lock = asyncio.Lock()
        self.allowance = float(BURST)
        self.stamp = time.monotonic()

    def spend(self) -> None:
        """Token bucket against floods."""
        now = time.monotonic()
        self.allowance = min(BURST, self.allowance + (now - self.stamp) * RATE)
        self.stamp = now
        if self.allowance < 1:
            raise Refused(1008, "too many messages")
        self.allowance -= 1

    def want(self) -> Want:
        """The view this socket needs next: its viewer's, from the last
        state it was sent."""
        return Want(self.token, self.lang, self.last)

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send_text(dumps(message))


def dumps(message: dict[str, Any]) -> str:
    """A message's text. orjson: a view is written several times faster than
    by ``json.dumps``, the same text; its option for keys that are not
    strings (an observation may have some) costs about 40% more on a view,
    so it is used only when a message needs it."""
    try:
        return orjson.dumps(message).decode()
    except TypeError:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def bot_to_move(view: dict[str, Any]) -> bool:
    """Whether the view shows a table waiting for a bot (its own seat, or
    a person's seat a bot stands in for)."""
    to_move = view["to_move"]
    if to_move is None:
        return False
    seat = view["table"]["seats"][to_move]
    return seat["kind"] == "bot" or seat["stand_in"] is not None


@dataclasses.dataclass(frozen=True, slots=True)
class Audience:
    """A table's sockets at one moment, and the view each of them wants
    (``wants[i]`` is ``sockets[i]``'s)."""

    sockets: tuple[Connection, ...]
    wants: tuple[Want, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Delivery:
    """One change's views, built for an :class:`Audience` (``views[i]`` is
    ``audience.sockets[i]``'s; a bad token's refusal stands in its place),
    and the sockets that were sent theirs already."""

    audience: Audience
    views: tuple[View | ApiError, ...]
    sent: frozenset[Connection] = frozenset()

    def __post_init__(self) -> None:
        if len(self.views) != len(self.audience.sockets):
            raise ValueError("a delivery holds one view per socket")

    def view_of(self, conn: Connection) -> tuple[Want, View | ApiError] | None:
        """What ``conn`` wanted and the view built for it, unless it is not
        of this audience or was sent its view already."""
        if conn in self.sent or conn not in self.audience.sockets:
            return None
        index = self.audience.sockets.index(conn)
        return self.audience.wants[index], self.views[index]

    def sent_to(self, conn: Connection) -> Delivery:
        """This delivery, ``conn``'s view sent."""
        return dataclasses.replace(self, sent=self.sent | {conn})


class Fanout:
    """The sockets of this process, by table, and the delivery of their views."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.tables: dict[str, set[Connection]] = collections.defaultdict(set)

    async def push(self, conn: Connection, last: int | None = None,
                   force: bool = False) -> dict[str, Any]:
        """Send ``conn`` what changed since the last state it was sent;
        returns the view built."""
        async with conn.lock:
            since = conn.last if last is None else last
            view = await run_in_threadpool(
                self.service.view, conn.table_id, conn.token, conn.lang, since
            )
            await self._send_view(conn, view, since, force or last is not None)
            return view

    @staticmethod
    async def _send_view(conn: Connection, view: dict[str, Any], since: int | None,
                         force: bool, texts: dict[tuple[int, str], str] | None = None) -> None:
        """Send a view built from ``since`` (the caller holds ``conn.lock``):
        an update when it carries every line after ``since``, else a sync;
        nothing when the socket already has this state, unless ``force``.
        ``texts``: the messages already written for this change, by view
        (a table's spectators share one view: it is written once for all)."""
        n = view["state"]
        if not force and conn.last is not None and n == conn.last:
            return
        kind = "update" if since is not None and 0 <= n - since <= RECENT_ITEMS else "sync"
        if texts is None:
            await conn.send({"type": kind, "n": n, "view": view})
        else:
            key = (id(view), kind)  # (the views live as long as ``texts``: ids stay theirs)
            text = texts.get(key)
            if text is None:
                text = texts[key] = dumps({"type": kind, "n": n, "view": view})
            await conn.ws.send_text(text)
        conn.last = n

    def audience(self, table_id: str) -> Audience:
        """The table's sockets now and what each was last sent: the views a
        change needs (built by :meth:`Service.views`, or by
        :meth:`Service.submit` along with the move)."""
        conns = tuple(self.tables.get(table_id, ()))
        return Audience(conns, tuple(c.want() for c in conns))

    async def notify(self, table_id: str, written: bool = False,
                     delivery: Delivery | None = None) -> bool:
        """Every socket on the table gets its own view of the new state,
        all built from one read of the database (none after a move this
        process stored: ``written``, see :meth:`Service.views`).
        ``delivery``: the views were made with the move (:meth:`audience`);
        a socket that opened since then is sent its own. Returns whether a
        bot may be to move: a view built here shows one, or a view could
        not be built (with no socket on the table: False, nothing was
        looked at)."""
        views: list[View | ApiError | None]
        if delivery is not None:
            conns, wants = list(delivery.audience.sockets), list(delivery.audience.wants)
            known = set(conns)
            late = [c for c in self.tables.get(table_id, ()) if c not in known]
            conns, wants = conns + late, wants + [c.want() for c in late]
            views = [*delivery.views, *[None] * len(late)]
            sent = delivery.sent
        else:
            audience = self.audience(table_id)
            conns, wants, sent = list(audience.sockets), list(audience.wants), frozenset()
            if not conns:
                return False
            try:
                views = list(await run_in_threadpool(self.service.views, table_id, wants, written))
            except Exception:  # each socket tries again on its own (and is dropped if it fails)
                views = [None] * len(conns)
        bot = any(v is None or (isinstance(v, dict) and bot_to_move(v)) for v in views)
        texts: dict[tuple[int, str], str] = {}
        todo = [(c, want.since, v) for c, want, v in zip(conns, wants, views, strict=True)
                if c not in sent]
        if len(todo) == 1:  # (one socket, the usual other seat: no tasks to gather)
            conn, since, view = todo[0]
            try:
                await self._deliver(conn, since, view, texts)
            except Exception:  # a dead socket
                self.tables.get(table_id, set()).discard(conn)
            return bot
        outcomes = await asyncio.gather(*(self._deliver(c, since, v, texts)
                                          for c, since, v in todo), return_exceptions=True)
        for (conn, _since, _view), outcome in zip(todo, outcomes, strict=True):
            if isinstance(outcome, Exception):  # a dead socket must not stop the others
                self.tables.get(table_id, set()).discard(conn)
        return bot

    async def _deliver(self, conn: Connection, since: int | None,
                       view: View | ApiError | None,
                       texts: dict[tuple[int, str], str] | None = None) -> None:
        """Send a view built for ``conn`` as it was at ``since``. If the
        socket was sent a later state meanwhile (two changes' views in
        flight at once), the log lines it already has are left out; only a
        view that cannot be cut to fit (or a refusal) is built afresh."""
        if isinstance(view, dict):
            async with conn.lock:
                last = conn.last
                if last == since:
                    await self._send_view(conn, view, since, False, texts)
                    return
                if since is not None and last is not None and since <= last:
                    if last >= view["state"]:
                        return  # the socket already has this state (or a later one)
                    trimmed = {**view, "events": [e for e in view["events"] if e["n"] > last]}
                    await self._send_view(conn, trimmed, last, False)
                    return
        await self.push(conn)
