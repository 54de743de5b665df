"""The collector as served (server/collector.py): survivors are frozen, so
no object is scanned twice, and the sweep still frees garbage cycles that
were frozen while alive."""

from __future__ import annotations

import gc
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
    frozen = gc.get_freeze_count()
    gc.collect(0)
    assert gc.get_freeze_count() >= frozen + len(kept)
    scanned = {id(o) for generation in (0, 1, 2) for o in gc.get_objects(generation)}
    assert not any(id(x) in scanned for x in kept)  # in no generation: never scanned again


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
