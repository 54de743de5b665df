"""The garbage collector set for serving: each object scanned once.

Why: CPython's collector scans, at every collection of a generation, every
container object in it, with every thread stopped. A served process holds
about 700 containers per live table (game states, the positions and worlds
kept for take-backs, log lines), about a million at 1,000 tables, and most
are made by a move and live until the table's next move, seconds later. As
Python 3.11 sets it, each such object was scanned by a young collection, by
middle ones and by full ones: at 1,000 tables with a 2 s think, young and
middle collections of 50-400 ms of CPU each (0.3-1 s of wall time on a busy
machine) made most of the p99 beyond the queueing (docs/server.md, "Sixth
pass"). Reference counting, not the collector, frees almost all of them.

So here: what exists after start-up is frozen (never scanned again), young
collections come every :data:`YOUNG_THRESHOLD` allocations, and whatever
survives one is frozen at once, so the older generations stay empty and
every pause is one small young collection. Frozen objects are still freed
by reference counting when the last reference goes; only garbage in
reference cycles that was frozen before it became garbage stays (measured:
a few hundred objects a second at 300 moves a second, most of it in the rush
of new tables). :func:`sweep` collects it: the frozen objects are thawed,
collected in full once, and frozen again (one pause of about 0.5-1 s of CPU
at a million objects), every ten minutes, or sooner if they grew fourfold
since the last sweep.
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
#: a full collection of the frozen objects once they are this many times as
#: many as after the last one: a bound on the garbage cycles kept, for a
#: process that makes them faster than the ten minutes assume. Why not
#: Python's own 1.25 (or 2): a server filling up with tables grows its
#: objects several times over, and each sweep on the way is a pause of up to
#: a second (measured at 500 tables with 2: one in the measured window, p99
#: 573 and 1,015 ms against pauses of at most 83 ms without it)
SWEEP_GROWTH = 4.0
#: ... and at least every this many seconds
SWEEP_S = 600.0
#: seconds between two looks at how many objects are frozen (a walk along
#: their list: a few milliseconds at a million)
LOOK_S = 10.0


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


async def sweeps(look: float = LOOK_S, every: float = SWEEP_S) -> None:
    """:func:`sweep` when the frozen objects grew by :data:`SWEEP_GROWTH`
    since the last one, or ``every`` seconds, for as long as the server runs."""
    swept, at = gc.get_freeze_count(), time.monotonic()
    while True:
        await asyncio.sleep(look)
        if gc.get_freeze_count() > swept * SWEEP_GROWTH or time.monotonic() - at >= every:
            found = sweep()
            swept, at = gc.get_freeze_count(), time.monotonic()
            log.debug("collector sweep: %d objects in cycles freed, %d kept", found, swept)
