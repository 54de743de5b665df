"""The FastAPI application: routes, error replies, static files, and the
background work (bot turns, websocket updates, Redis between workers).

Routes are thin: they check the request, run the blocking work of
:class:`~gameshelf.server.play.service.Service` in a thread, and tell the hub and
the bot driver that a table changed. OpenAPI is at ``/docs`` and
``/openapi.json``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from importlib import resources
from typing import Annotated, Any, Literal

import anyio.to_thread
from fastapi import Body, FastAPI, Header, Path, Query, Request, WebSocket
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.concurrency import run_in_threadpool

from gameshelf.core.errors import GameshelfError
from gameshelf.core.i18n import LANGUAGES
from gameshelf.server import collector, wire
from gameshelf.server.auth.sessions import AccountKey
from gameshelf.server.auth.throttle import Throttle
from gameshelf.server.config import MAX_BODY, MAX_JSON_DEPTH, Settings
from gameshelf.server.errors import ApiError, json_safe
from gameshelf.server.features import daily, ratings
from gameshelf.server.features.accounts import Accounts, check_rated
from gameshelf.server.features.analyses import Analyses, queue_rows
from gameshelf.server.features.hints import Hints
from gameshelf.server.http import accounts as auth_routes
from gameshelf.server.http import analysis as analysis_routes
from gameshelf.server.http.accounts import credential
from gameshelf.server.http.limits import BodyLimits
from gameshelf.server.http.methods import AllowedMethods
from gameshelf.server.http.openapi import document
from gameshelf.server.http.overload import pool_queue
from gameshelf.server.http.proxies import TrustedProxies
from gameshelf.server.http.socket import Built, Hub
from gameshelf.server.play import fair
from gameshelf.server.play.bots import BotPool
from gameshelf.server.play.catalogue import games_list
from gameshelf.server.play.service import Service
from gameshelf.server.store.db import make_engine, migrate
from gameshelf.server.wire.messages import publish

log = logging.getLogger("gameshelf.server")

#: threads that run the blocking work of routes and sockets (see ``Server.start``)
POOL_THREADS = 8

Lang = Annotated[Literal["en", "ja"], Query(description="Language of all text: en or ja.")]
TableId = Annotated[str, Path(pattern=r"^[A-Za-z0-9_-]{1,24}$", description="A table id.")]
SeatNo = Annotated[int, Path(ge=0, le=15, description="A seat, counted from 0.")]
Authorization = Annotated[str | None, Header(description="Bearer <seat token>")]

FALLBACK_PAGE = """<!doctype html><html lang="en"><meta charset="utf-8">
<title>gameshelf</title><h1>gameshelf server</h1>
<p>The browser client is not installed here. The API is at <a href="/docs">/docs</a>.</p></html>"""


def bearer(header: str | None) -> str | None:
    """The seat token of an ``Authorization: Bearer`` header (``None``: a
    spectator); anything else in the header is refused."""
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > 64 or not token.isascii():
        raise ApiError(401, "bad-token")
    return token


def _lang_of(request: Request) -> str:
    lang = request.query_params.get("lang", "en")
    return lang if lang in LANGUAGES else "en"


class Server:
    """One process's server: service, hub, bots and the cross-worker bus."""

    def __init__(self, settings: Settings, bot_pool: BotPool | None = None) -> None:
        self.settings = settings
        engine = make_engine(settings.database_url)
        migrate(engine)
        self.service = Service(engine)
        # Daily Mode enters a named daily table the moment it ends, whichever client played it
        self.daily = daily.Daily(self.service)
        self.service.finished.append(self.daily.enter_finished)
        # accounts and ratings (server/features/accounts.py, server/features/ratings.py)
        self.accounts = Accounts(self.service, Throttle(engine, settings.redis_url))
        self.service.ending.append(ratings.on_game_end)
        self.bots = bot_pool or BotPool(settings.bot_workers)
        # analysis and hints (docs/hints.md): a finished game's analysis is
        # queued in the transaction that ends it and computed in the background
        self.analyses = Analyses(self.service, self.bots, settings.analysis_budget,
                                 settings.analysis_worlds)
        self.service.ending.append(queue_rows)
        self.service.finished.append(self.analyses.finished)
        self.hints = Hints(self.service, self.bots, settings.hint_budget)
        self.hub = Hub(self.service, self.changed)
        self._driving: set[str] = set()
        self._again: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self.bus: Any = None

    def spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def changed(self, table_id: str, *, local_only: bool = False, bots: bool = True,
                      written: bool = False, built: Built | None = None) -> None:
        """A table moved: tell its sockets, let its bots play (``bots``:
        a bot may be to move), and tell the other workers. ``written``: by a
        move this process stored (its views need not read it back);
        ``built``: and its views were built with it (:meth:`Hub.wants`)."""
        if self.bus is not None and not local_only:
            await self.bus.publish(table_id)
        self.spawn(self.hub.notify(table_id, written, built))
        if bots:
            self.spawn(self.drive(table_id))

    async def drive(self, table_id: str) -> None:
        """Play the table's bot turns until a person is to move. One driver
        per table in this process; across processes the database refuses
        the second of two moves after the same state."""
        if table_id in self._driving:
            self._again.add(table_id)
            return
        self._driving.add(table_id)
        try:
            while True:
                self._again.discard(table_id)
                job = await run_in_threadpool(self.service.bot_job, table_id)
                if job is None:
                    if table_id in self._again:
                        continue
                    return
                action = await self.bots.choose(job.table_id, job.record, job.level, job.bot_seed)
                if await run_in_threadpool(self.service.submit_bot, job, action):
                    if self.bus is not None:
                        await self.bus.publish(table_id)
                    await self.hub.notify(table_id, written=True)
        except Exception:
            log.exception("bot driver for table %s stopped", table_id)
        finally:
            self._driving.discard(table_id)

    async def sweep(self) -> None:
        """After a start, resume the bot turns that were pending."""
        for table_id in await run_in_threadpool(self.service.tables_waiting_for_bots):
            self.spawn(self.drive(table_id))

    async def watch(self, every: float = 1.0) -> None:
        """Catch changes made by other workers that no message announced
        (no Redis, or a message lost): tables with sockets here whose state
        number moved on get their updates, and their bots a driver."""
        while True:
            await asyncio.sleep(every)
            try:
                ids = list(self.hub.tables)
                if not ids:
                    continue
                numbers = await run_in_threadpool(self.service.state_numbers, ids)
                for table_id, n in numbers.items():
                    if self.hub.moving[table_id]:
                        continue  # a move of this process is on its way: its views follow it
                    behind = [c for c in self.hub.tables.get(table_id, ())
                              if (c.last is None or c.last < n) and not c.lock.locked()]
                    if behind:  # (a socket being pushed to now will be up to date)
                        self.spawn(self.hub.notify(table_id))
                        self.spawn(self.drive(table_id))
            except Exception:
                log.exception("watch failed; trying again")

    async def watch_clocks(self, every: float = fair.WATCH_EVERY) -> None:
        """The server's own watch on rated clocks (``fair.py``): a person
        whose clock ran out loses even when nobody claims it. Every host
        runs one; the table's row lock lets exactly one end each game."""
        while True:
            await asyncio.sleep(every)
            try:
                for table_id in await run_in_threadpool(self.service.overdue):
                    if await run_in_threadpool(self.service.expire, table_id):
                        await self.changed(table_id, bots=False)
            except Exception:
                log.exception("clock watch failed; trying again")

    async def start(self) -> None:
        if self.settings.tune_gc:
            collector.tune()
            self.spawn(collector.sweeps())
        # Why fewer pool threads than anyio's 40: every runnable thread takes
        # its turn at the interpreter's lock, so in a rush of openings forty
        # threads building first views left the event loop (which accepts
        # sockets, reads requests and writes every frame) a sliver of it.
        # The threads mostly compute, with short database calls between.
        anyio.to_thread.current_default_thread_limiter().total_tokens = POOL_THREADS
        self.spawn(self.watch())
        self.spawn(self.watch_clocks())
        self.spawn(self.hub.pressure.watch())
        if self.settings.analysis_budget > 0:  # 0: this process leaves analyses to others
            self.spawn(self.analyses.run())
        if self.settings.redis_url:
            from gameshelf.server.store.bus import RedisBus

            self.bus = RedisBus(self.settings.redis_url, self._remote_change)
            await self.bus.start()
        self.spawn(self.sweep())

    async def _remote_change(self, table_id: str) -> None:
        """Another worker changed a table: its sockets here get their views,
        and its bots a driver when a view shows one to move.

        Why not every time: the worker that stored a change drives the
        table's bots itself, and asking for a bot job is a thread hand-over
        and a read of the table; with two workers every move cost the other
        one that read, for tables it had no socket of, doubling the CPU a
        move. A bot turn whose worker died is still resumed by a socket
        here (its first view, or this notice's views), the once-a-second
        watch, or the start-up sweep."""
        if self.hub.tables.get(table_id):
            self.spawn(self._remote_views(table_id))

    async def _remote_views(self, table_id: str) -> None:
        if await self.hub.notify(table_id):
            await self.drive(table_id)

    async def stop(self) -> None:
        if self.bus is not None:
            await self.bus.stop()
        for task in list(self._tasks):
            task.cancel()
        try:
            await run_in_threadpool(self.analyses.release)
        except Exception:
            log.exception("letting go of the analysis in progress failed")
        self.bots.close()
        self.service.close()  # (the committer answers what it holds first)
        self.hub.close()


def create_app(settings: Settings | None = None, *, bot_pool: BotPool | None = None) -> FastAPI:
    """The app for ``settings`` (default: from the environment, which is
    how ``uvicorn --workers`` starts each worker)."""
    server = Server(settings or Settings.from_env(), bot_pool)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    app = FastAPI(title="gameshelf", version="1", lifespan=lifespan,
                  description="Online play of every gameshelf game. See docs/host/server-model.md.")
    app.state.server = server
    app.add_middleware(BodyLimits, max_body=MAX_BODY, max_depth=MAX_JSON_DEPTH)
    app.add_middleware(AllowedMethods, schema=lambda: app.openapi())
    # outermost: every route, throttle and log sees the client a trusted proxy names
    app.add_middleware(TrustedProxies, trusted=server.settings.trusted_proxies)
    service = server.service

    @app.exception_handler(GameshelfError)
    async def _refused(request: Request, exc: GameshelfError) -> JSONResponse:
        """The server's own refusals keep their status; a game's (a
        malformed or illegal move) are 422. Either way: code, sentence in the
        request's language, and plain parameters."""
        params = {k: json_safe(v) if isinstance(v, str | int | float | bool) or v is None
                  else str(v) for k, v in exc.params.items()}
        status = exc.status if isinstance(exc, ApiError) else 422
        return JSONResponse({"detail": {"code": exc.code, "message": exc.message_in(_lang_of(request)),
                                        "params": params}}, status_code=status,
                            headers=getattr(exc, "headers", None))  # Retry-After of a 429

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        """FastAPI's own 422 list, with whatever it echoes made writable
        (a NaN that reached a check must not turn the refusal into a 500)."""
        return JSONResponse({"detail": json_safe(jsonable_encoder(exc.errors()))},
                            status_code=422)

    @app.get("/api/games", summary="Every game, its player counts and options")
    async def get_games(lang: Lang = "en") -> list[dict[str, Any]]:
        return await run_in_threadpool(games_list, lang)

    @app.post("/api/tables", status_code=201, summary="Open a table")
    async def post_table(request: Request, req: wire.CreateTable,
                         lang: Lang = "en") -> dict[str, Any]:
        who = await credential(request, None, write=True)
        owner = who.account_id if isinstance(who, AccountKey) else None
        req = check_rated(req, owner)  # (a rated table always has a clock)
        pressure = server.hub.pressure
        pressure.check(pool_queue())  # 503 + Retry-After when overloaded (server/http/overload.py)
        asked = asyncio.get_running_loop().time()
        created = await run_in_threadpool(service.create_table, req, owner)
        # (how long a table took to open is the next ones' wait: the thread pool's queue)
        pressure.note(asyncio.get_running_loop().time() - asked)
        await server.changed(created["id"],
                             bots=any(isinstance(s, wire.BotSeat) for s in req.seats))
        return created

    @app.get("/api/tables", summary="Open and running tables")
    async def get_tables(lang: Lang = "en") -> list[dict[str, Any]]:
        return await run_in_threadpool(service.list_tables)

    @app.get("/api/tables/{table_id}", summary="A table's public information")
    async def get_table(table_id: TableId, lang: Lang = "en") -> dict[str, Any]:
        return await run_in_threadpool(service.table_info, table_id)

    @app.post("/api/tables/{table_id}/seats/{seat}/join", summary="Take or come back to a seat")
    async def join(request: Request, table_id: TableId, seat: SeatNo,
                   body: Annotated[wire.Join | None, Body()] = None,
                   authorization: Authorization = None, lang: Lang = "en") -> dict[str, Any]:
        name = body.name if body is not None else None
        token = bearer(authorization)
        who = await credential(request, token, write=True)
        if isinstance(who, AccountKey) and name is None:
            name = who.name  # a logged-in person sits under their account's name
        done = await run_in_threadpool(service.join, table_id, seat, who, name)
        if isinstance(done["token"], AccountKey):
            done["token"] = None  # the session came back to its seat: no token to hand out
        elif token is not None:  # a guest seat's token, used while logged in: the seat is claimed
            await auth_routes.claim_on_join(request, table_id, seat, token)
        await server.changed(table_id)
        return done

    @app.post("/api/tables/{table_id}/seats/{seat}/leave", summary="Leave a seat")
    async def leave(request: Request, table_id: TableId, seat: SeatNo,
                    body: Annotated[wire.Leave | None, Body()] = None,
                    authorization: Authorization = None, lang: Lang = "en") -> dict[str, Any]:
        bot = body.bot if body is not None else "easy"
        who = await credential(request, bearer(authorization), write=True)
        done = await run_in_threadpool(service.leave, table_id, seat, who, bot)
        await server.changed(table_id)
        return done

    @app.post("/api/tables/{table_id}/seats/{seat}/timeout",
              summary="Let a bot play a seat whose clock ran out")
    async def timeout(request: Request, table_id: TableId, seat: SeatNo,
                      body: Annotated[wire.Leave | None, Body()] = None,
                      authorization: Authorization = None, lang: Lang = "en") -> dict[str, Any]:
        bot = (body.bot if body is not None else None) or "easy"
        who = await credential(request, bearer(authorization), write=True)
        done = await run_in_threadpool(service.claim_timeout, table_id, seat, who, bot)
        await server.changed(table_id)
        return done

    @app.get("/api/tables/{table_id}/view", summary="What this seat (or a spectator) sees",
             response_model=wire.View)
    async def view(request: Request, table_id: TableId, authorization: Authorization = None,
                   lang: Lang = "en") -> JSONResponse:
        # declared by wire.View (tests/server/test_view_schema.py holds
        # every game's views to it), sent without validating it again
        who = await credential(request, bearer(authorization), write=False)
        return JSONResponse(await run_in_threadpool(service.view, table_id, who, lang))

    @app.post("/api/tables/{table_id}/moves", summary="Make a move")
    async def post_move(request: Request, table_id: TableId, move: wire.Move,
                        authorization: Authorization = None, lang: Lang = "en") -> dict[str, Any]:
        who = await credential(request, bearer(authorization), write=True)
        done = await run_in_threadpool(service.submit, table_id, who, move)
        await server.changed(table_id, bots=done.pop("bot_next"), written=True)
        return done

    @app.post("/api/tables/{table_id}/undo", summary="Take back your latest move")
    async def post_undo(request: Request, table_id: TableId, body: wire.Undo,
                        authorization: Authorization = None, lang: Lang = "en") -> dict[str, Any]:
        who = await credential(request, bearer(authorization), write=True)
        done = await run_in_threadpool(service.undo, table_id, who, body)
        # the same seat is to move again: no bot can be
        await server.changed(table_id, bots=False)
        return done

    @app.get("/api/tables/{table_id}/record", summary="The whole game, once it is over")
    async def record(table_id: TableId, lang: Lang = "en") -> dict[str, Any]:
        return await run_in_threadpool(service.record, table_id)

    @app.get("/api/tables/{table_id}/replay/{k}", summary="A finished game after k moves")
    async def replay_frame(table_id: TableId, k: Annotated[int, Path(ge=0, le=100_000)],
                           lang: Lang = "en") -> dict[str, Any]:
        return await run_in_threadpool(service.replay_frame, table_id, k, lang)

    @app.websocket("/api/tables/{table_id}/ws")
    async def ws(websocket: WebSocket, table_id: TableId,
                 token: Annotated[str | None, Query(max_length=64)] = None,
                 last: Annotated[int | None, Query(ge=0)] = None, lang: Lang = "en") -> None:
        # a logged-in page: its session acts for its seat unless a token is sent (same site only)
        session = await auth_routes.socket_credential(websocket) if token is None else None
        await server.hub.serve(websocket, table_id, token, last, lang, session)

    app.include_router(analysis_routes.router)  # analysis and hints (docs/hints.md)
    app.include_router(daily.router)  # Dicey Farm Daily Mode (server/features/daily.py)
    app.include_router(auth_routes.router)  # accounts and ratings (server/http/accounts.py)
    document(app)  # every refusal in /openapi.json (server/http/openapi.py)
    _static(app)
    # last, on top of whatever else builds the schema: the websocket's messages
    publish(app)
    return app


def _static(app: FastAPI) -> None:
    """The browser client at ``/`` (src/gameshelf/web), or a page that says
    it is missing."""
    from fastapi.staticfiles import StaticFiles

    from gameshelf.web import data_app

    # the client's catalogues and component facts, computed from the live
    # locale and data files, so an edited locale is never served stale
    app.mount("/data", data_app(), name="web-data")
    web = resources.files("gameshelf") / "web"
    if (web / "index.html").is_file():
        app.mount("/", StaticFiles(directory=str(web), html=True), name="web")
    else:
        @app.get("/", include_in_schema=False)
        async def fallback() -> HTMLResponse:
            return HTMLResponse(FALLBACK_PAGE)
