"""One server process, put together: the FastAPI app (:func:`create_app`,
what ``uvicorn`` starts) and :class:`Server`, which builds the service,
the features, the bot pool and the sockets' hub, hooks them to each other
and runs the background work (bot turns, websocket updates, clock and
change watches, Redis between workers).

No route is declared here: :mod:`.http` has them all, and this module
includes its routers and middleware. OpenAPI is at ``/docs`` and
``/openapi.json``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import anyio.to_thread
from fastapi import FastAPI
from starlette.concurrency import run_in_threadpool

from gameshelf.server import collector
from gameshelf.server.auth.throttle import Throttle
from gameshelf.server.config import MAX_BODY, MAX_JSON_DEPTH, Settings
from gameshelf.server.features import ratings
from gameshelf.server.features.accounts import Accounts
from gameshelf.server.features.analyses import Analyses, queue_rows
from gameshelf.server.features.daily import Daily
from gameshelf.server.features.hints import Hints
from gameshelf.server.http import accounts, analysis, daily, refusals, static, tables
from gameshelf.server.http.fanout import Delivery
from gameshelf.server.http.limits import BodyLimits
from gameshelf.server.http.methods import AllowedMethods
from gameshelf.server.http.openapi import document
from gameshelf.server.http.proxies import TrustedProxies
from gameshelf.server.http.socket import Hub
from gameshelf.server.play import fair
from gameshelf.server.play.bots import BotPool
from gameshelf.server.play.service import Service
from gameshelf.server.store.db import make_engine, migrate
from gameshelf.server.wire.messages import publish

log = logging.getLogger("gameshelf.server")

#: threads that run the blocking work of routes and sockets (see ``Server.start``)
POOL_THREADS = 8

class Server:
    """One process's server: service, hub, bots and the cross-worker bus."""

    def __init__(self, settings: Settings, bot_pool: BotPool | None = None) -> None:
        self.settings = settings
        engine = make_engine(settings.database_url)
        migrate(engine)
        self.service = Service(engine)
        # Daily Mode enters a named daily table the moment it ends, whichever client played it
        self.daily = Daily(self.service)
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
                      written: bool = False, delivery: Delivery | None = None) -> None:
        """A table moved: tell its sockets, let its bots play (``bots``:
        a bot may be to move), and tell the other workers. ``written``: by a
        move this process stored (its views need not read it back);
        ``delivery``: and its views were built with it (:meth:`Hub.audience`)."""
        if self.bus is not None and not local_only:
            await self.bus.publish(table_id)
        self.spawn(self.hub.notify(table_id, written, delivery))
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

    refusals.install(app)
    # every route is declared in http/, one module per feature
    app.include_router(tables.router)  # open, join, move, view, the websocket
    app.include_router(analysis.router)  # analysis and hints (docs/hints.md)
    app.include_router(daily.router)  # Dicey Farm Daily Mode (docs/play/daily.md)
    app.include_router(accounts.router)  # accounts and ratings (docs/accounts.md)
    document(app)  # every refusal in /openapi.json (server/http/openapi.py)
    static.mount(app)
    # last, on top of whatever else builds the schema: the websocket's messages
    publish(app)
    return app

