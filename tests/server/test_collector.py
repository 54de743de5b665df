"""The collector as served (server/collector.py): survivors are frozen, so
no object is scanned twice, and the sweep still frees garbage cycles that
were frozen while alive."""

from __future__ import annotations

import asyncio
import gc
import time
import weakref
from collections.abc import Iterator

import pytest

from gameshelf.server import collector


class Node:
    """An object that can sit in a reference cycle and be watched."""

    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture
def served() -> Iterator[None]:
    threshold = gc.get_threshold()
    collector.tune()
    try:
        yield
    finally:
        gc.callbacks.remove(collector._freeze_survivors)
        gc.set_threshold(*threshold)
        gc.unfreeze()


def test_what_survives_a_collection_is_frozen(served: None) -> None:
    kept = [[i] for i in range(100)]
    gc.collect(0)
    # (the frozen count itself may fall meanwhile: other frozen objects die)
    scanned = {id(o) for generation in (0, 1, 2) for o in gc.get_objects(generation)}
    assert all(gc.is_tracked(x) for x in kept)
    assert not any(id(x) in scanned for x in kept)  # in no generation, so frozen: never scanned again


def test_the_sweep_frees_a_cycle_frozen_while_alive(served: None) -> None:
    a, b = Node(), Node()
    a.other, b.other = b, a
    gone = weakref.ref(a)
    gc.collect(0)  # survives: frozen
    del a, b  # now garbage, in a cycle, frozen: no collection sees it
    gc.collect()
    assert gone() is not None
    assert collector.sweep() >= 2
    assert gone() is None
    assert gc.get_freeze_count() > 0  # frozen again after the sweep


def test_sweeps_come_sooner_while_they_find_much_and_later_while_they_find_little() -> None:
    wait = collector.SWEEP_MAX_S
    for _ in range(20):  # a process making cycles quickly: the clock halves, down to its floor
        wait = collector.next_wait(wait, collector.SWEEP_MANY + 1)
    assert wait == collector.SWEEP_MIN_S
    wait = collector.next_wait(wait, 0)  # then little found: it doubles back
    assert wait == 2 * collector.SWEEP_MIN_S
    for _ in range(20):
        wait = collector.next_wait(wait, collector.SWEEP_MANY)
    assert wait == collector.SWEEP_MAX_S


def test_growth_of_live_objects_alone_brings_no_sweep(
        served: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A server filling with tables grows its frozen objects tenfold with live
    ones; only the clock sweeps, so no pause falls in such a rush."""
    swept: list[float] = []

    def counted() -> int:
        swept.append(time.monotonic())
        return 0

    monkeypatch.setattr(collector, "sweep", counted)

    async def grow() -> None:
        task = asyncio.ensure_future(collector.sweeps(wait=0.2))
        kept = [[i] for i in range(200_000)]
        gc.collect(0)  # (frozen at once: the frozen objects grow several times over)
        await asyncio.sleep(0.05)
        assert not swept and len(kept) == 200_000
        await asyncio.sleep(0.3)
        task.cancel()

    began = time.monotonic()
    asyncio.run(grow())
    assert len(swept) == 1 and swept[0] - began >= 0.2
