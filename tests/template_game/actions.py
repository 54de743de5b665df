"""The decisions of Hidden High: play a card from hand, or draw one."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from gameshelf.core.actions import Action

CARDS = tuple(range(1, 13))


@dataclasses.dataclass(frozen=True, slots=True)
class Play(Action):
    kind: ClassVar[str] = "play"
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclasses.dataclass(frozen=True, slots=True)
class Draw(Action):
    kind: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return "draw"


ACTION_CLASSES = (Play, Draw)
