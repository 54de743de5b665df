"""The table's websocket: each socket's messages read and answered
(``Hub``); each connection is sent its own numbered views
(:mod:`.fanout` builds and delivers them).

A move's way: :meth:`Hub.handle` reads it; :meth:`Hub.submit` hands it to
:meth:`Service.submit_soon` with the table's :class:`~.fanout.Audience`,
which the group committer's thread checks and stores; a
:class:`~gameshelf.server.play.service.FinishMove` comes back and runs on
this hub's finishing thread (:class:`Finishing`), settling the move and
building every socket's view; the event loop gets the
:class:`~gameshelf.server.play.moves.MoveDone`, acks the mover, sends it its
own view at once and leaves the others' to the change's
:class:`~.fanout.Delivery`.

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
import dataclasses
import json
import queue
import threading
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from gameshelf.core.errors import GameshelfError
from gameshelf.server import wire
from gameshelf.server.config import MAX_JSON_DEPTH, MAX_WS_MESSAGE
from gameshelf.server.errors import ApiError
from gameshelf.server.http.fanout import Connection, Delivery, Fanout, Refused, bot_to_move
from gameshelf.server.http.limits import json_depth, non_finite
from gameshelf.server.http.overload import Pressure
from gameshelf.server.play.moves import MoveDone
from gameshelf.server.play.service import FinishMove, Service
from gameshelf.server.play.views import Want

HELLO_WAIT = 2.0


class NotFinite(Refused):
    """A message with a non-finite number: refused with a 422 error message
    (a hello that holds one closes the socket, as any bad hello does)."""

    def __init__(self) -> None:
        super().__init__(1008, "not-finite")


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


def _last(data: dict[str, Any]) -> int | None:
    value = data.get("last")
    if value is None:
        return None
    if type(value) is not int or value < 0:
        raise Refused(1008, "last must be a whole number")
    return value


@dataclasses.dataclass(frozen=True, slots=True)
class Finishing:
    """A stored move to finish on the finishing thread (:class:`FinishMove`),
    and the future, on ``loop``, that its mover's socket awaits."""

    finish: FinishMove
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[MoveDone]


def _finisher(jobs: queue.SimpleQueue[Finishing | None]) -> None:
    """The thread that finishes stored moves (:meth:`Service.submit_soon`:
    settle each, build its views, let its table go) and hands each outcome
    to its event loop. Why a thread of its own: neither the committer's
    thread (its next commit waits) nor the event loop (every socket waits)."""
    while (job := jobs.get()) is not None:
        loop, future = job.loop, job.future
        try:
            outcome: MoveDone | BaseException = job.finish()
        except BaseException as exc:  # a refusal (a stored move's views never raise here);
            outcome = exc  # whatever it is, this thread lives on for the next moves
        with contextlib.suppress(RuntimeError):  # (a closed loop: shutting down)
            loop.call_soon_threadsafe(_settle, future, outcome)


def _settle(future: asyncio.Future[MoveDone], outcome: MoveDone | BaseException) -> None:
    """``future`` gets the outcome, unless its waiter has gone (a closed socket)."""
    if future.done():
        return
    if isinstance(outcome, BaseException):
        future.set_exception(outcome)
    else:
        future.set_result(outcome)


class Hub(Fanout):
    """The websockets of this process: each socket's messages read and
    answered here; its views sent by the fan-out (:class:`.fanout.Fanout`)."""

    def __init__(self, service: Service, changed: Callable[..., Awaitable[None]]) -> None:
        super().__init__(service)
        self.changed = changed
        #: tables with a move of this process between its socket and its
        #: views (stored, or about to be): the once-a-second watch for other
        #: workers' changes leaves them alone (it would build their views
        #: again, waiting on the table, exactly when the server is busiest)
        self.moving: collections.Counter[str] = collections.Counter()
        self._finishing: queue.SimpleQueue[Finishing | None] = queue.SimpleQueue()
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

    async def submit(self, table_id: str, token: str | None, request: wire.Move,
                     wants: Sequence[Want]) -> MoveDone:
        """A person's move and the table's views after it (as
        :meth:`Service.submit`), handed straight to the group committer's
        thread (:meth:`Service.submit_soon`) and finished on this hub's
        finishing thread: no pool thread waits on the commit. When another
        thread holds the table, the move waits for it in a pool thread as
        before."""
        loop = asyncio.get_running_loop()
        answered: asyncio.Future[MoveDone] = loop.create_future()

        def answer(finish: FinishMove) -> None:
            self._finishing.put(Finishing(finish, loop, answered))

        self.moving[table_id] += 1
        arrived = loop.time()
        try:
            if not self.service.submit_soon(table_id, token, request, wants, answer):
                return await run_in_threadpool(self.service.submit, table_id, token, request,
                                               wants)
            done = await answered
            self.pressure.note(loop.time() - arrived)  # (a refused move: noted by the loop's watch)
            if done.over:  # (hooks may write: not on the committer's thread)
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
                request: wire.MoveMessage | wire.UndoMessage = (wire.MoveMessage if kind == "move"
                                else wire.UndoMessage).model_validate(data)
            except ValueError:
                await conn.send({"type": "error", "status": 422, "code": "malformed",
                                 "message": "a move is {type, after, action}; an undo is {type, after}"})
                return
            try:
                if isinstance(request, wire.MoveMessage):  # the table's views come back with it
                    audience = self.audience(conn.table_id)
                    done = await self.submit(conn.table_id, conn.token, request, audience.wants)
                    delivery = (Delivery(audience, done.views) if done.views is not None
                                else None)
                else:
                    undone = await run_in_threadpool(self.service.undo, conn.table_id,
                                                     conn.token, request)
                    # the same seat is to move again: no bot can be
                    done, delivery = MoveDone(undone["state"], False, False), None
            except ApiError as exc:
                await conn.send({"type": "error", "status": exc.status, "code": exc.code,
                                 "message": exc.message_in(conn.lang)})
                return
            except GameshelfError as exc:
                await conn.send({"type": "error", "status": 422, "code": exc.code,
                                 "message": exc.message_in(conn.lang)})
                return
            await conn.send({"type": "ack", "n": done.state})
            mine = delivery.view_of(conn) if delivery is not None else None
            if delivery is not None and mine is not None:
                # the mover's own view right after its ack, on its own socket's
                # task (one task and one gathering fewer a move); the other
                # sockets' views go out from the change's notice as before
                delivery = delivery.sent_to(conn)
                want, view = mine
                try:
                    await self._deliver(conn, want.since, view)
                except Exception:  # as the notice would: no more views to this socket
                    self.tables.get(conn.table_id, set()).discard(conn)
            await self.changed(conn.table_id, bots=done.bot_next, written=kind == "move",
                               delivery=delivery)
        else:
            raise Refused(1008, "unknown message type")
