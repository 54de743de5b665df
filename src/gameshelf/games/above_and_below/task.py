"""The main action under way: who was sent, and how far an encounter has got.

A table turn of Above and Below is one action carried out in several small
decisions; :class:`Task` remembers them between decisions.
"""

from __future__ import annotations

from typing import Any


class Task:
    """The action in progress for the player whose turn it is.

    ``purpose`` is the main action (explore, harvest, build, train, labor).
    ``villagers`` are those sent so far and not yet back on the board: for an
    exploration they stand on the cave card; ``dice[i]`` is the die of
    ``villagers[i]`` once rolled. Pushed explorers are already Injured but
    their dice still count (``pushed``).
    """

    __slots__ = (
        "bonus", "cave", "count", "dice", "finished", "free", "goto", "lose_cave", "option",
        "paragraph", "purpose", "pushed", "rerolls", "success", "villagers",
    )  # fmt: skip

    def __init__(self, purpose: str) -> None:
        self.purpose = purpose
        self.villagers: list[int] = []
        self.count = 0
        self.cave: int | None = None
        self.paragraph: int | None = None
        self.option: int | None = None
        self.dice: list[int] = []
        self.pushed: list[int] = []
        self.rerolls = 0
        self.bonus = 0
        self.success = False
        self.lose_cave = False
        self.goto: int | None = None
        self.free: list[int] = []
        self.finished = False

    def copy(self) -> Task:
        other = Task.__new__(Task)
        for name in Task.__slots__:
            value = getattr(self, name)
            setattr(other, name, value[:] if isinstance(value, list) else value)
        return other

    def __getstate__(self) -> tuple[Any, ...]:
        return tuple(getattr(self, s) for s in Task.__slots__)

    def __setstate__(self, data: tuple[Any, ...]) -> None:
        for name, value in zip(Task.__slots__, data, strict=True):
            setattr(self, name, value)

    @property
    def explorers(self) -> list[int]:
        """Explorers still on the cave card (not pushed)."""
        return [v for v in self.villagers if v not in self.pushed]
