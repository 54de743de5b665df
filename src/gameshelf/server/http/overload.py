"""When the server is really overloaded, new tables are refused with 503.

Why: at saturation (more moves asked than the process can make), every
piece of work queues, and the games already in play and the tables being
opened compete for the same threads and the same writer. Before this, a
thousand tables opened at once on a loaded machine left hundreds of clients
with a ``POST /api/tables`` past their 30 s or a socket's opening past 60 s:
a timeout tells a client nothing and still costs the server the work. Now
the server keeps its word to the games in play and says plainly to a new one
"not now": ``503 overloaded`` with ``Retry-After`` (seconds). Moves, views,
joins and sockets of existing tables are never refused for load.

How far behind the server is (:attr:`Pressure.level`): a smoothed mean of
how long the server's own work waited, in seconds: each websocket move from
its arrival on the event loop to its views being ready (the writer's queue,
the commit, the finishing thread), each new table from its request to its
row stored and each socket from its opening to its first view (the thread
pool's queue, where a rush of openings waits), and the event loop's own
lateness (:meth:`Pressure.watch`, a timer that notes how late it fires). An
idle server's level falls back to about zero within a few seconds.
"""

from __future__ import annotations

import asyncio
import math
import threading

import anyio.to_thread

from gameshelf.server.errors import ApiError

#: Seconds of waiting (smoothed) past which new tables are refused.
OVERLOAD_LIMIT = 1.0
#: Calls waiting for a thread of the pool past which new tables are refused.
QUEUE_LIMIT = 100
#: Waiting calls a second of Retry-After stands for.
QUEUE_PER_SECOND = 50
#: Each sample's weight in the smoothed level.
WEIGHT = 0.05
#: How often the event loop's lateness is sampled, in seconds.
TICK = 0.25
#: The Retry-After bounds, in seconds.
RETRY_MIN, RETRY_MAX = 1, 30


class Overloaded(ApiError):
    """503: new tables are refused for now; ``headers`` carries Retry-After."""

    def __init__(self, seconds: int) -> None:
        super().__init__(503, "overloaded", {"seconds": seconds})
        self.headers = {"Retry-After": str(seconds)}


class Pressure:
    """How long the server's work waits now, smoothed, and what it refuses."""

    def __init__(self, limit: float = OVERLOAD_LIMIT) -> None:
        self.limit = limit
        self.level = 0.0
        #: new tables refused since the start (reported by the benchmark's doc)
        self.refused = 0
        self._guard = threading.Lock()

    def note(self, waited: float) -> None:
        """One piece of work waited ``waited`` seconds (any thread)."""
        with self._guard:
            self.level += (max(0.0, waited) - self.level) * WEIGHT

    def check(self, queued: int = 0) -> None:
        """Refuse a new table while the level is past the limit, or while
        ``queued`` calls wait for a thread of the pool (:func:`pool_queue`)
        past :data:`QUEUE_LIMIT`. Why the queue as well: the level learns
        of a rush only as its work finishes, and a thousand tables asked for
        in the same second all pass before it does; the queue says it at
        once. The time to wait grows with either, so clients spread their
        returns."""
        level = self.level
        if level > self.limit or queued > QUEUE_LIMIT:
            self.refused += 1
            wait = max(2 * level, queued / QUEUE_PER_SECOND)
            raise Overloaded(min(RETRY_MAX, max(RETRY_MIN, math.ceil(wait))))

    async def watch(self, every: float = TICK) -> None:
        """Note the event loop's lateness every ``every`` seconds, forever:
        a loop that runs late delays every socket, whatever the writer does."""
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + every
            await asyncio.sleep(every)
            self.note(loop.time() - due)


def pool_queue() -> int:
    """Calls waiting now for a thread of the running loop's pool (anyio's
    default limiter, which ``run_in_threadpool`` uses): the rush's queue."""
    return int(anyio.to_thread.current_default_thread_limiter().statistics().tasks_waiting)
