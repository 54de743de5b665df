"""Snapshots compare values, not object identity or set order."""

from __future__ import annotations

import dataclasses

from gameshelf.core.canonical import canonical


@dataclasses.dataclass
class Box:
    items: list[str]
    tags: set[str]


def test_equal_values_have_equal_forms_whatever_their_identity() -> None:
    shared = "".join(["wh", "eat"])
    a = Box([shared, shared], {"x", "y", "z"})
    b = Box(["wheat", "".join(["whe", "at"])], {"z", "y", "x"})
    assert canonical(a) == canonical(b)
    assert repr(canonical(a)) == repr(canonical(b))


def test_different_values_differ() -> None:
    assert canonical(Box(["a"], set())) != canonical(Box(["b"], set()))
    assert canonical({"a": 1}) != canonical({"a": 2})
    assert canonical([1, 2]) != canonical((1, 2))


def test_slots_and_cycles() -> None:
    class Node:
        __slots__ = ("next", "value")

        def __init__(self, value: int) -> None:
            self.value = value
            self.next: Node | None = None

    n = Node(1)
    n.next = n
    assert canonical(n) == canonical(n)
    m = Node(2)
    m.next = m
    assert canonical(n) != canonical(m)
