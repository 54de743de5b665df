"""Websockets: each connection is sent its own numbered views.

Every connection holds its viewer's token and is sent a view built for that
viewer alone (its seat's observation, its legal moves, the events it may
see), never one payload broadcast to the table. Messages are numbered with
the state number ``n``; a client that reconnects with the last ``n`` it saw
is sent the log lines it missed, or a full ``sync`` when the gap is larger
than the recent log a view carries.

Client -> server (JSON text, at most :data:`MAX_WS_MESSAGE` bytes, a few a
second): ``{"type": "hello", "token"?, "last"?}`` (first, unless the token
is in the query), ``{"type": "ping"}``, ``{"type": "resume", "last": n}``,
``{"type": "move", "after": n, "action": {...}}``, ``{"type": "undo", "after": n}``
(take back one's latest move). A message holding a number JSON cannot
carry (``NaN``, ``Infinity``, ``1e999``) is answered with the 422 error
``not-finite`` and changes nothing, as over HTTP. Anything else closes the
socket with code 1008; binary or oversized messages with 1003 or 1009.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import queue
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from gameshelf.core.errors import GameshelfError
from gameshelf.server import wire
from gameshelf.server.config import MAX_JSON_DEPTH, MAX_WS_MESSAGE, RECENT_ITEMS
from gameshelf.server.errors import ApiError
from gameshelf.server.http.limits import json_depth, non_finite
from gameshelf.server.http.overload import Pressure
from gameshelf.server.play.service import Service

#: Messages a client may send in a burst, and per second after it.
BURST, RATE = 100, 50.0
HELLO_WAIT = 2.0


class Refused(Exception):
    """A client message that ends the connection, with the close code."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class NotFinite(Refused):
    """A message with a non-finite number: refused with a 422 error message
    (a hello that holds one closes the socket, as any bad hello does)."""

    def __init__(self) -> None:
        super().__init__(1008, "not-finite")


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


def parse(text: Any) -> dict[str, Any]:
    """A client message as a dict, or :class:`Refused`."""
    if not isinstance(text, str):
        raise Refused(1003, "text messages only")
    if len(text) > MAX_WS_MESSAGE:
        raise Refused(1009, "message too big")
    raw = text.encode("utf-8", "replace")
    if json_depth(raw) > MAX_JSON_DEPTH:
        raise Refused(1008, "too deep")
    try:
        data = json.loads(text)
    except ValueError:
        raise Refused(1008, "not JSON") from None
    if non_finite(raw):
        raise NotFinite
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise Refused(1008, "a message is an object with a type")
    return data


def bot_to_move(view: dict[str, Any]) -> bool:
    """Whether the view shows a table waiting for a bot (its own seat, or
    a person's seat a bot stands in for)."""
    to_move = view["to_move"]
    if to_move is None:
        return False
    seat = view["table"]["seats"][to_move]
    return seat["kind"] == "bot" or seat["stand_in"] is not None


def _last(data: dict[str, Any]) -> int | None:
    value = data.get("last")
    if value is None:
        return None
    if type(value) is not int or value < 0:
        raise Refused(1008, "last must be a whole number")
    return value


_Finish = tuple[Callable[[], Any], asyncio.AbstractEventLoop, "asyncio.Future[Any]"]


def _finisher(jobs: queue.SimpleQueue[_Finish | None]) -> None:
    """The thread that finishes stored moves (:meth:`Service.submit_soon`:
    settle each, build its views, let its table go) and hands each outcome
    to its event loop. Why a thread of its own: neither the committer's
    thread (its next commit waits) nor the event loop (every socket waits)."""
    while (job := jobs.get()) is not None:
        complete, loop, future = job
        try:
            outcome: Any = complete()
        except BaseException as exc:  # a refusal (a stored move's views never raise here);
            outcome = exc  # whatever it is, this thread lives on for the next moves
        with contextlib.suppress(RuntimeError):  # (a closed loop: shutting down)
            loop.call_soon_threadsafe(_settle, future, outcome)


def _settle(future: asyncio.Future[Any], outcome: Any) -> None:
    """``future`` gets the outcome, unless its waiter has gone (a closed socket)."""
    if future.done():
        return
    if isinstance(outcome, BaseException):
        future.set_exception(outcome)
    else:
        future.set_result(outcome)


#: in a change's views (:data:`Built`), a socket that was sent its view already
SENT: Any = object()

#: a table's sockets, what each was last sent (``(token, lang, last)``) and
#: the views built for them (see :meth:`Hub.wants`)
Built = tuple[list[Connection], list[tuple[str | None, str | None, int | None]], list[Any]]


class Hub:
    """The sockets of this process, by table."""

    def __init__(self, service: Service, changed: Callable[..., Awaitable[None]]) -> None:
        self.service = service
        self.changed = changed
        self.tables: dict[str, set[Connection]] = collections.defaultdict(set)
        #: tables with a move of this process between its socket and its
        #: views (stored, or about to be): the once-a-second watch for other
        #: workers' changes leaves them alone (it would build their views
        #: again, waiting on the table, exactly when the server is busiest)
        self.moving: collections.Counter[str] = collections.Counter()
        self._finishing: queue.SimpleQueue[_Finish | None] = queue.SimpleQueue()
        self._finisher = threading.Thread(target=_finisher, args=(self._finishing,),
                                          name="gameshelf-finish", daemon=True)
        self._finisher.start()
        #: how far behind this process is (moves' waits): new tables are
        #: refused while it is overloaded (:mod:`.overload`)
        self.pressure = Pressure()

    def close(self) -> None:
        """Stop the finishing thread once the moves queued for it are finished."""
        self._finishing.put(None)
        self._finisher.join(10)

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

    def wants(self, table_id: str) -> Built:
        """The table's sockets now and what each was last sent: the views a
        change needs (built by :meth:`Service.views`, or by
        :meth:`Service.submit` along with the move)."""
        conns = list(self.tables.get(table_id, ()))
        return conns, [(c.token, c.lang, c.last) for c in conns], []

    async def notify(self, table_id: str, written: bool = False,
                     built: Built | None = None) -> bool:
        """Every socket on the table gets its own view of the new state,
        all built from one read of the database (none after a move this
        process stored: ``written``, see :meth:`Service.views`). ``built``:
        the views were made with the move (:meth:`wants`); a socket that
        opened since then is sent its own. Returns whether a bot may be to
        move: a view built here shows one, or a view could not be built
        (with no socket on the table: False, nothing was looked at)."""
        views: list[Any]
        if built is not None and len(built[2]) == len(built[0]):
            conns, wants, views = built
            known = set(conns)
            late = [c for c in self.tables.get(table_id, ()) if c not in known]
            conns, wants = conns + late, wants + [(c.token, c.lang, c.last) for c in late]
            views = list(views) + [None] * len(late)
        else:
            conns, wants, _ = self.wants(table_id)
            if not conns:
                return False
            try:
                views = await run_in_threadpool(self.service.views, table_id, wants, written)
            except Exception:  # each socket tries again on its own (and is dropped if it fails)
                views = [None] * len(conns)
        bot = any(v is None or (isinstance(v, dict) and bot_to_move(v)) for v in views)
        texts: dict[tuple[int, str], str] = {}
        todo = [(c, since, v) for c, (_t, _l, since), v in zip(conns, wants, views, strict=True)
                if v is not SENT]
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

    async def _deliver(self, conn: Connection, since: int | None, view: Any,
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

    async def submit(self, table_id: str, token: str | None, request: wire.Move,
                     wants: list[tuple[str | None, str | None, int | None]]) -> dict[str, Any]:
        """A person's move and the table's views after it (as
        :meth:`Service.submit`), handed straight to the group committer's
        thread (:meth:`Service.submit_soon`) and finished on this hub's
        finishing thread: no pool thread waits on the commit. When another
        thread holds the table, the move waits for it in a pool thread as
        before."""
        loop = asyncio.get_running_loop()
        answered: asyncio.Future[dict[str, Any]] = loop.create_future()

        def answer(complete: Callable[[], dict[str, Any]]) -> None:
            self._finishing.put((complete, loop, answered))

        self.moving[table_id] += 1
        arrived = loop.time()
        try:
            if not self.service.submit_soon(table_id, token, request, wants, answer):
                return await run_in_threadpool(self.service.submit, table_id, token, request,
                                               wants)
            done = await answered
            self.pressure.note(loop.time() - arrived)  # (a refused move: noted by the loop's watch)
            if done["over"]:  # (hooks may write: not on the committer's thread)
                await run_in_threadpool(self.service.ended, table_id)
            return done
        finally:
            self.moving[table_id] -= 1
            if not self.moving[table_id]:
                del self.moving[table_id]

    async def serve(self, ws: WebSocket, table_id: str, token: str | None, last: int | None,
                    lang: str, session: str | None = None) -> None:
        """``session``: the credential of the socket's session cookie
        (accounts), used when neither the address nor the hello names a token."""
        await ws.accept()
        opened = asyncio.get_running_loop().time()
        conn = Connection(ws, table_id, token, lang)
        try:
            if token is None:
                with contextlib.suppress(asyncio.TimeoutError):
                    first = await asyncio.wait_for(ws.receive(), HELLO_WAIT)
                    if first["type"] == "websocket.disconnect":
                        raise WebSocketDisconnect(first.get("code", 1000))
                    try:
                        hello = wire.Hello.model_validate(parse(first.get("text")))
                    except ValueError:
                        raise Refused(1008, "the first message is a hello") from None
                    conn.token = hello.token
                    last = hello.last if "last" in hello.model_fields_set else last
            if conn.token is None:
                conn.token = session
            # listed before its first view: a change stored meanwhile is
            # sent to it by that change's own notice (which waits for the
            # socket's lock, then finds it behind), not by a second build of
            # every view of the table once it is listed
            self.tables[table_id].add(conn)
            try:
                view = await self.push(conn, last=last, force=True)
            except ApiError as exc:
                self.tables[table_id].discard(conn)
                await conn.send({"type": "error", "status": exc.status, "code": exc.code,
                                 "message": exc.message_in(lang)})
                raise Refused(1008, exc.code) from None
            # (the first view's wait: the thread pool's queue in a rush of openings)
            self.pressure.note(asyncio.get_running_loop().time() - opened)
            if bot_to_move(view):
                # a bot turn whose host died mid-thought resumes when someone looks again
                await self.changed(table_id, local_only=True)
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                conn.spend()
                try:
                    data = parse(message.get("text"))
                except NotFinite:
                    error = ApiError(422, "not-finite")
                    await conn.send({"type": "error", "status": 422, "code": error.code,
                                     "message": error.message_in(conn.lang)})
                    continue
                await self.handle(conn, data)
        except Refused as exc:
            if ws.application_state == WebSocketState.CONNECTED:
                await ws.close(exc.code, exc.reason)
        except WebSocketDisconnect:
            pass
        finally:
            self.tables[table_id].discard(conn)
            if not self.tables[table_id]:
                self.tables.pop(table_id, None)

    async def handle(self, conn: Connection, data: dict[str, Any]) -> None:
        kind = data["type"]
        if kind == "ping":
            await conn.send({"type": "pong", "n": conn.last})
        elif kind == "resume":
            await self.push(conn, last=_last(data), force=True)
        elif kind in ("move", "undo"):
            try:
                request: Any = (wire.MoveMessage if kind == "move"
                                else wire.UndoMessage).model_validate(data)
            except ValueError:
                await conn.send({"type": "error", "status": 422, "code": "malformed",
                                 "message": "a move is {type, after, action}; an undo is {type, after}"})
                return
            built = self.wants(conn.table_id) if kind == "move" else None
            try:
                if built is not None:  # the table's views come back with the move
                    done = await self.submit(conn.table_id, conn.token, request, built[1])
                    built[2].extend(done.pop("views", ()))
                else:
                    done = await run_in_threadpool(self.service.undo, conn.table_id, conn.token,
                                                   request)
                    done["bot_next"] = False  # the same seat is to move again
            except ApiError as exc:
                await conn.send({"type": "error", "status": exc.status, "code": exc.code,
                                 "message": exc.message_in(conn.lang)})
                return
            except GameshelfError as exc:
                await conn.send({"type": "error", "status": 422, "code": exc.code,
                                 "message": exc.message_in(conn.lang)})
                return
            await conn.send({"type": "ack", "n": done["state"]})
            if built is not None and len(built[2]) == len(built[0]) and conn in built[0]:
                # the mover's own view right after its ack, on its own socket's
                # task (one task and one gathering fewer a move); the other
                # sockets' views go out from the change's notice as before
                mine = built[0].index(conn)
                view, built[2][mine] = built[2][mine], SENT
                try:
                    await self._deliver(conn, built[1][mine][2], view)
                except Exception:  # as the notice would: no more views to this socket
                    self.tables.get(conn.table_id, set()).discard(conn)
            await self.changed(conn.table_id, bots=done["bot_next"], written=kind == "move",
                               built=built)
        else:
            raise Refused(1008, "unknown message type")
