"""Group commit: the moves of many tables stored with one disk sync.

Why: a move is acknowledged only once it is durable, and a durable commit
costs one disk sync (about 10 ms here with SQLite's ``synchronous=FULL``),
during which SQLite holds its write lock. One transaction per move therefore
caps a server near 100 moves a second however idle the CPU is, and every
move queues behind the others' syncs. Here one writer thread takes every
write that arrived while the previous commit was syncing and runs them all
in one transaction, each in its own savepoint, so that one refused write
(say, the unique ``(table_id, seq)`` of a concurrent move) rolls back alone.
Each caller gets its answer only after that transaction has committed, so
nothing is acknowledged before it is on disk. There is no waiting for a batch
to fill: an idle server commits a lone move at once.

A write posted ``first`` (a new table) goes into the next transaction ahead
of every move already queued: at saturation a thousand sockets' moves may
be waiting, and a table being opened behind all of them waited past its
client's patience (the moves of a table, one at a time, bound that queue by
the number of tables; a table's first write has no order to keep with them).

Each write locks its table's row first (see :mod:`.service`), so on
PostgreSQL two workers' batches that lock two tables in opposite orders can
deadlock; the database then refuses one statement. A write refused that way
(or a batch whose commit failed) is run again alone, in a transaction of its
own, so a collision between batches never reaches a client.
"""

from __future__ import annotations

import collections
import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, OperationalError

from gameshelf.server.store.db import execute, writing

log = logging.getLogger("gameshelf.server")
T = TypeVar("T")

#: At most this many writes share one transaction (bounds how long a commit holds the lock).
MAX_BATCH = 256

#: what a write's caller is told once its transaction is over, on the writer
#: thread: ``(True, work's value)`` after the commit, or ``(False, the error)``
Finish = Callable[[bool, Any], None]
_Job = tuple[Callable[[Connection], Any], Finish]
#: put in the queue to wake the writer for a write waiting in the ``first`` lane
_WAKE = (lambda _conn: None, lambda _ok, _value: None)


class GroupCommitter:
    """Runs write functions in shared transactions on one thread."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._first: collections.deque[_Job] = collections.deque()
        self._thread = threading.Thread(target=self._loop, name="gameshelf-commit", daemon=True)
        self._started = False
        self._guard = threading.Lock()
        #: transactions committed, and the writes they carried (refused ones included)
        self.batches = 0
        self.writes = 0

    def run(self, work: Callable[[Connection], T], first: bool = False) -> T:
        """``work(conn)`` inside a transaction shared with other writes;
        returns its result once the transaction has committed, or raises
        what ``work`` (or the commit) raised. ``work`` must not wait for
        anything another write holds: it runs on the writer thread.
        ``first``: ahead of the writes already queued (see the module's doc)."""
        future: Future[T] = Future()

        def finish(ok: bool, value: Any) -> None:
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)

        self.post(work, finish, first)
        return future.result()

    def post(self, work: Callable[[Connection], Any], finish: Finish,
             first: bool = False) -> None:
        """Queue ``work`` as :meth:`run` does, without waiting: ``finish``
        is called on the writer thread once its transaction is over (after
        the commit, or with the error). Why: a caller on the event loop
        hands a move to this thread directly, and is answered from it,
        instead of a pool thread waiting here for it (each hand-over
        between threads costs more CPU than the move's statements).
        ``finish`` runs before the next batch starts, so it should be
        short, and must not wait for another write. ``first``: as for
        :meth:`run`."""
        self._start()
        if first:
            self._first.append((work, finish))
            self._queue.put(_WAKE)
        else:
            self._queue.put((work, finish))

    def close(self) -> None:
        """Stop the writer once the writes already queued are done."""
        with self._guard:
            if self._started:
                self._queue.put(None)
                self._thread.join(10)
                self._started = False
                self._thread = threading.Thread(target=self._loop, name="gameshelf-commit",
                                                daemon=True)

    def _start(self) -> None:
        with self._guard:
            if not self._started:
                self._thread.start()
                self._started = True

    def _loop(self) -> None:
        while True:
            got = self._queue.get()
            if got is None:
                return
            jobs = self._take_first()
            if got is not _WAKE:
                jobs.append(got)
            stop = False
            while len(jobs) < MAX_BATCH:
                try:
                    job = self._queue.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    stop = True
                    break
                if job is not _WAKE:
                    jobs.append(job)
            jobs += self._take_first()  # (posted while the batch was being gathered)
            if jobs:  # (empty: a wake-up whose write an earlier batch took)
                self._commit(jobs)
            if stop:
                return

    def _take_first(self) -> list[_Job]:
        """The writes waiting in the ``first`` lane, oldest first."""
        jobs = []
        while self._first:
            jobs.append(self._first.popleft())
        return jobs

    def _commit(self, jobs: list[_Job], alone: bool = False) -> None:
        """One transaction for ``jobs``; answers each caller after the commit.
        ``alone``: a retry, which is not retried again."""
        outcomes: list[tuple[bool, Any]] = []
        try:
            with writing(self.engine) as conn:
                if len(jobs) == 1:  # nothing to keep apart: no savepoint, two statements fewer
                    try:
                        outcomes.append((True, jobs[0][0](conn)))
                    except BaseException as exc:
                        raise _Undone(exc) from None  # (rolls the transaction back)
                    transaction = conn.get_transaction()
                    if transaction is None or not transaction.is_active:
                        raise RuntimeError("a write ended its transaction: nothing was stored")
                else:
                    # Each write starts at a savepoint of its own name's newest:
                    # a refused one is rolled back to it (which keeps it, just
                    # where the next write starts); one that went through is
                    # not released, the next one's savepoint nests in it, and
                    # the commit releases them all (a statement fewer a write:
                    # a round trip on PostgreSQL)
                    marked = False
                    for work, _future in jobs:
                        if not marked:
                            _savepoint(conn, "SAVEPOINT gs_write")
                        try:
                            value = work(conn)
                        except BaseException as exc:  # this write alone is undone
                            _savepoint(conn, "ROLLBACK TO SAVEPOINT gs_write")
                            marked = True
                            outcomes.append((False, exc))
                        else:
                            marked = False
                            outcomes.append((True, value))
        except _Undone as undone:  # a lone write refused: its transaction is rolled back
            outcomes.append((False, undone.error))
        except BaseException as exc:  # the commit failed: nothing of the batch is stored
            log.warning("group commit of %d writes failed: %s", len(jobs), exc)
            if not alone and isinstance(exc, OperationalError):
                for job in jobs:
                    self._commit([job], alone=True)
                return
            for _work, finish in jobs:
                _tell(finish, False, exc)
            return
        self.batches += 1
        self.writes += len(jobs)
        again = []
        for job, (ok, value) in zip(jobs, outcomes, strict=True):
            if ok or not _collided(value) or alone:
                _tell(job[1], ok, value)
            else:
                again.append(job)
        for job in again:
            self._commit([job], alone=True)


def _tell(finish: Finish, ok: bool, value: Any) -> None:
    """Answer one write; a caller's failing answer must not stop the writer."""
    try:
        finish(ok, value)
    except Exception:
        log.exception("answering a write failed")


def _savepoint(conn: Connection, sql: str) -> None:
    """A savepoint statement sent straight to the driver. Why not
    ``conn.begin_nested()``: SQLAlchemy's savepoint pair cost about 0.19 ms
    of CPU per write (as much as the write's own statements), the driver's
    about 0.02 ms. SQLite and PostgreSQL spell these statements alike."""
    execute(conn, sql)


class _Undone(Exception):
    """Carries a lone write's error out of its transaction (to roll it back)."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(str(error))
        self.error = error


def _collided(exc: BaseException) -> bool:
    """A write the database refused because of another transaction (a
    deadlock, a lock or serialisation failure), not because of what it wrote."""
    return isinstance(exc, OperationalError) and not isinstance(exc, IntegrityError)
