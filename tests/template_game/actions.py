"""The decisions of Hidden High: play a card from hand, or draw one."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from gameshelf.core.actions import Action
from tests.template_game.components import components

#: the deck, one card of each value (``data/deck.toml``)
CARDS = components().cards


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
