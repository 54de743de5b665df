"""The garbage collector set for serving: each object scanned once.

Why: CPython's collector scans, at every collection of a generation, every
container object in it, with every thread stopped. A served process holds
about 700 containers per live table (game states, the positions and worlds
kept for take-backs, log lines), about a million at 1,000 tables, and most
are made by a move and live until the table's next move, seconds later. As
Python 3.11 sets it, each such object was scanned by a young collection, by
middle ones and by full ones: at 1,000 tables with a 2 s think, young and
middle collections of 50-400 ms of CPU each (0.3-1 s of wall time on a busy
machine) made most of the p99 beyond the queueing (benchmarks/journal/server.md, "Sixth
pass"). Reference counting, not the collector, frees almost all of them.

So here: what exists after start-up is frozen (never scanned again), young
collections come every :data:`YOUNG_THRESHOLD` allocations, and whatever
survives one is frozen at once, so the older generations stay empty and
every pause is one small young collection. Frozen objects are still freed
by reference counting when the last reference goes; only garbage in
reference cycles that was frozen before it became garbage stays (measured:
about 13,000 objects in the rush of opening 1,000 tables, a few hundred a
minute after it). :func:`sweep` collects it: the frozen objects are thawed,
collected in full once, and frozen again, one pause of about 0.5 s of CPU
at a million objects. Sweeps come on a clock, not on growth: a server
filling up with tables grows its frozen objects tenfold with live ones, and
a sweep triggered by that growth paused the first 1,000-table run for
0.56 s in the middle of the rush (2026-11-28). The clock adapts to what the
sweeps find: a sweep that freed more than :data:`SWEEP_MANY` objects halves
the wait for the next (down to :data:`SWEEP_MIN_S`), one that freed fewer
doubles it back (up to :data:`SWEEP_MAX_S`), so a process that makes cycles
quickly keeps at most about that many between two sweeps.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from typing import Any

log = logging.getLogger(__name__)

#: allocations (less deallocations) between two young collections: small
#: enough that one scans a few thousand objects (Python's default is 700)
YOUNG_THRESHOLD = 2_000
#: seconds between two sweeps at most (the wait a quiet process settles at)
SWEEP_MAX_S = 600.0
#: ... and at least, however much garbage the sweeps find
SWEEP_MIN_S = 30.0
#: objects freed by one sweep above which the next comes sooner
SWEEP_MANY = 100_000


def tune() -> None:
    """Freeze what start-up made and freeze each young collection's survivors."""
    gc.collect()
    gc.freeze()
    _young, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
    if _freeze_survivors not in gc.callbacks:
        gc.callbacks.append(_freeze_survivors)


def _freeze_survivors(phase: str, _info: dict[str, Any]) -> None:
    """After a collection: what it left is frozen (a list splice, no scan)."""
    if phase == "stop":
        gc.freeze()


def sweep() -> int:
    """Collect the garbage cycles among the frozen objects; how many went."""
    gc.unfreeze()
    try:
        return gc.collect()
    finally:
        gc.freeze()


def next_wait(wait: float, freed: int) -> float:
    """The seconds until the sweep after one that waited ``wait`` and freed
    ``freed`` objects."""
    if freed > SWEEP_MANY:
        return max(SWEEP_MIN_S, wait / 2)
    return min(SWEEP_MAX_S, wait * 2)


async def sweeps(wait: float = SWEEP_MAX_S) -> None:
    """:func:`sweep` on the adaptive clock of :func:`next_wait`, for as long
    as the server runs."""
    while True:
        await asyncio.sleep(wait)
        began = time.perf_counter()
        freed = sweep()
        wait = next_wait(wait, freed)
        # (a warning only when the clock shortens: served processes log warnings
        # and up, and a sweep that finds much points at code making cycles)
        log.log(logging.WARNING if freed > SWEEP_MANY else logging.DEBUG,
                "collector sweep: %d objects in cycles freed in %.0f ms, %d kept frozen; "
                "next in %.0f s", freed, (time.perf_counter() - began) * 1000,
                gc.get_freeze_count(), wait)
