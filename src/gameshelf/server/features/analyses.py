"""Finished games' analyses: queued when a game ends, computed by the bot
workers in the background, kept in ``gs_analyses`` (docs/hints.md).

The life of one seat's analysis:

1. the game's last move is stored; in that very transaction (a
   :attr:`Service.ending` hook) one ``pending`` row per human seat is
   written, so the job is as durable as the result it follows;
2. after the commit (a :attr:`Service.finished` hook) the job is put on this
   process's queue; one task takes the jobs one at a time and runs each on
   the bot pool's background process (niced: bot moves and hints go
   first), so analyses never hold up play and at most one per process runs;
3. the worker that runs a job first *claims* its row (``claimed_at``), so of
   several server processes one does the work; a claim older than
   :data:`RECLAIM_S` (its process died) may be taken again;
4. the result is stored ``ready`` (the engine's neutral JSON), or
   ``failed``; the page that asked polls until it is one of them.

After a restart every ``pending`` row is queued again (:meth:`sweep`, also
run every :data:`SWEEP_S` seconds for rows another process queued and
lost); a finished table with no row at all (it ended before this
revision) gets one when somebody first asks for its analysis.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Row
from starlette.concurrency import run_in_threadpool

from gameshelf.server.errors import ApiError
from gameshelf.server.play.bots import BotPool
from gameshelf.server.play.rows import OVER, check_seat
from gameshelf.server.play.service import Service
from gameshelf.server.store.db import analyses, reading, writing

log = logging.getLogger("gameshelf.server")

PENDING, READY, FAILED = "pending", "ready", "failed"
#: Seconds after which another process may take a claimed job again.
RECLAIM_S = 900.0
#: Seconds between two looks for pending jobs this process did not queue.
SWEEP_S = 60.0
#: Jobs one process holds in its queue; beyond it they wait in the database.
QUEUE = 256


def queue_rows(conn: Connection, row: Row[Any], seat_rows: list[Row[Any]],
               _result: dict[str, Any]) -> None:
    """A :attr:`Service.ending` hook: a pending analysis per human seat,
    in the transaction that ends the game; none for a rated game that a
    leave or a clock ended early (``fair.py``: there is no finished game)."""
    if _result.get("ended"):
        return
    now = time.time()
    humans = [s.seat for s in seat_rows if s.kind == "human"]
    if humans:
        conn.execute(analyses.insert(), [
            {"table_id": row.id, "seat": seat, "status": PENDING, "data": None,
             "claimed_at": None, "created_at": now, "updated_at": now} for seat in humans])


class Analyses:
    """One process's analysis jobs and the route's reads."""

    def __init__(self, service: Service, bots: BotPool, budget_s: float,
                 worlds: int | None = None) -> None:
        self.service = service
        self.bots = bots
        self.budget_s = budget_s
        self.worlds = worlds
        self._queue: asyncio.Queue[tuple[str, int]] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queued: set[tuple[str, int]] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        #: the job this process is computing now (its claim is let go on a clean stop)
        self.current: tuple[str, int] | None = None

    # -- the queue (event loop) ---------------------------------------------------
    async def run(self) -> None:
        """Take jobs one at a time until cancelled, looking for lost ones
        now and then."""
        self._loop = asyncio.get_running_loop()
        self._queue = asyncio.Queue(QUEUE)
        await self.sweep()
        while True:
            try:
                job = await asyncio.wait_for(self._queue.get(), SWEEP_S)
            except TimeoutError:
                await self.sweep()
                continue
            self._queued.discard(job)
            try:
                await self._work(*job)
            except asyncio.CancelledError:
                raise
            except Exception:  # the row stays pending; the next sweep tries again
                log.exception("analysis of table %s seat %s stopped", *job)

    def finished(self, table_id: str) -> None:
        """A :attr:`Service.finished` hook (any thread): queue the table's
        pending analyses."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return  # (not started yet: the start's sweep finds the rows)

        def queue() -> None:
            task = loop.create_task(self._queue_table(table_id))
            self._tasks.add(task)  # held until done (the loop keeps only a weak reference)
            task.add_done_callback(self._tasks.discard)

        loop.call_soon_threadsafe(queue)

    async def _queue_table(self, table_id: str) -> None:
        for job in await run_in_threadpool(self.pending, table_id):
            self._put(job)

    async def sweep(self) -> None:
        for job in await run_in_threadpool(self.pending, None):
            self._put(job)

    def _put(self, job: tuple[str, int]) -> None:
        if self._queue is None or job in self._queued:
            return
        try:
            self._queue.put_nowait(job)
        except asyncio.QueueFull:
            return  # it waits in the database for a sweep
        self._queued.add(job)

    async def _work(self, table_id: str, seat: int) -> None:
        record = await run_in_threadpool(self.claim, table_id, seat)
        if record is None:
            return
        self.current = (table_id, seat)
        try:
            data: dict[str, Any] | None = await self.bots.analyse(record, seat, self.budget_s,
                                                                     self.worlds)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("analysis of table %s seat %s failed", table_id, seat)
            data = None
        self.current = None
        await run_in_threadpool(self.store, table_id, seat, data)

    def release(self) -> None:
        """On a clean stop: the job being computed is let go at once (not
        after :data:`RECLAIM_S`), so the next start takes it again."""
        job, self.current = self.current, None
        if job is not None:
            with writing(self.service.engine) as conn:
                conn.execute(analyses.update().where(
                    analyses.c.table_id == job[0], analyses.c.seat == job[1],
                    analyses.c.status == PENDING).values(claimed_at=None))

    # -- the database (threads) ------------------------------------------------
    def pending(self, table_id: str | None) -> list[tuple[str, int]]:
        """Jobs waiting (of one table, or all), unclaimed or long claimed."""
        stale = time.time() - RECLAIM_S
        query = sa.select(analyses.c.table_id, analyses.c.seat).where(
            analyses.c.status == PENDING,
            sa.or_(analyses.c.claimed_at.is_(None), analyses.c.claimed_at < stale))
        if table_id is not None:
            query = query.where(analyses.c.table_id == table_id)
        with reading(self.service.engine) as conn:
            return [(r.table_id, r.seat) for r in conn.execute(
                query.order_by(analyses.c.created_at).limit(QUEUE))]

    def claim(self, table_id: str, seat: int) -> dict[str, Any] | None:
        """Take the job (the finished game's record), or ``None`` when
        another process has it or it is done."""
        now = time.time()
        with writing(self.service.engine) as conn:
            taken = conn.execute(analyses.update().where(
                analyses.c.table_id == table_id, analyses.c.seat == seat,
                analyses.c.status == PENDING,
                sa.or_(analyses.c.claimed_at.is_(None), analyses.c.claimed_at < now - RECLAIM_S),
            ).values(claimed_at=now, updated_at=now))
            if taken.rowcount != 1:
                return None
        record = self.service.record(table_id)
        record.pop("meta", None)
        return record

    def store(self, table_id: str, seat: int, data: dict[str, Any] | None) -> None:
        with writing(self.service.engine) as conn:
            conn.execute(analyses.update().where(
                analyses.c.table_id == table_id, analyses.c.seat == seat).values(
                status=READY if data is not None else FAILED,
                data=json.dumps(data) if data is not None else None, updated_at=time.time()))

    def redo(self, table_id: str, seat: int) -> None:
        """A stored analysis that no longer reads (an older version's, or
        damaged): pending again, and queued."""
        with writing(self.service.engine) as conn:
            conn.execute(analyses.update().where(
                analyses.c.table_id == table_id, analyses.c.seat == seat).values(
                status=PENDING, data=None, claimed_at=None, updated_at=time.time()))
        self.finished(table_id)

    def read(self, table_id: str, seat: int) -> tuple[str, dict[str, Any] | None, dict[str, Any]]:
        """``(status, the engine's JSON or None, the record)`` of a finished
        table's seat; a human seat of a table finished before analyses
        existed gets its pending row now (and is queued)."""
        service = self.service
        with reading(service.engine) as conn:
            row, seat_rows = service.table_rows(conn, table_id)
            check_seat(row, seat)
            if row.status != OVER:
                raise ApiError(409, "not-over")
            if seat_rows[seat].kind != "human":
                raise ApiError(409, "no-analysis", {"seat": seat})
            found = conn.execute(sa.select(analyses.c.status, analyses.c.data).where(
                analyses.c.table_id == table_id, analyses.c.seat == seat)).first()
        if found is None:
            now = time.time()
            try:
                with writing(service.engine) as conn:
                    conn.execute(analyses.insert().values(
                        table_id=table_id, seat=seat, status=PENDING, data=None,
                        claimed_at=None, created_at=now, updated_at=now))
            except sa.exc.IntegrityError:
                pass  # another request made it first
            self.finished(table_id)
            return PENDING, None, {}
        data = json.loads(found.data) if found.data else None
        record = service.record(table_id) if found.status == READY else {}
        return str(found.status), data, record
