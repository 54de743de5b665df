"""Dicey Farm's atomic decisions.

A table turn "use this die for that action on those goods" is split into
small steps so that every list of choices stays short::

    main ──PickDie(5)──► die ──Use("ship")──► ship ──Ship("wheat")…──Done──► main
      │                   └──Back──► main
      ├─ Modify("elder", 5, 6)       (dice-changing craftsmen, no die spent)
      ├─ ToFood("fish") / Cook("egg", "fish")   (free kitchen actions)
      ├─ HorseShip                   (the horse's two free shipments)
      └─ EndRound                    (only once every die is spent)

Dice are named by their face: two dice showing the same face are
interchangeable, which keeps the choices few.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from gameshelf.core.actions import Action


@dataclasses.dataclass(frozen=True, slots=True)
class PickDie(Action):
    """Take a die showing ``face`` to assign it to an action."""

    kind: ClassVar[str] = "pick"
    face: int

    def __str__(self) -> str:
        return f"pick {self.face}"


@dataclasses.dataclass(frozen=True, slots=True)
class Use(Action):
    """Assign the picked die to a standard action, merchant or facility."""

    kind: ClassVar[str] = "use"
    action: str

    def __str__(self) -> str:
        return f"use {self.action}"


@dataclasses.dataclass(frozen=True, slots=True)
class Back(Action):
    """Put the picked die back unused."""

    kind: ClassVar[str] = "back"

    def __str__(self) -> str:
        return "back"


@dataclasses.dataclass(frozen=True, slots=True)
class Modify(Action):
    """A dice-changing craftsman turns one die showing ``face`` into ``to``."""

    kind: ClassVar[str] = "modify"
    craftsman: str
    face: int
    to: int

    def __str__(self) -> str:
        return f"modify {self.craftsman} {self.face} {self.to}"


@dataclasses.dataclass(frozen=True, slots=True)
class ToFood(Action):
    """Turn one ingredient into one food (free)."""

    kind: ClassVar[str] = "to-food"
    good: str

    def __str__(self) -> str:
        return f"to-food {self.good}"


@dataclasses.dataclass(frozen=True, slots=True)
class Cook(Action):
    """Cook two different ingredients into three food (free)."""

    kind: ClassVar[str] = "cook"
    first: str
    second: str

    def __str__(self) -> str:
        return f"cook {self.first} {self.second}"


@dataclasses.dataclass(frozen=True, slots=True)
class HorseShip(Action):
    """Start the horse's free shipping (two shipments, once a round)."""

    kind: ClassVar[str] = "horse-ship"

    def __str__(self) -> str:
        return "horse-ship"


@dataclasses.dataclass(frozen=True, slots=True)
class Sow(Action):
    """Sow one seed of ``crop`` into an empty field."""

    kind: ClassVar[str] = "sow"
    crop: str

    def __str__(self) -> str:
        return f"sow {self.crop}"


@dataclasses.dataclass(frozen=True, slots=True)
class Ship(Action):
    """One shipment to the market."""

    kind: ClassVar[str] = "ship"
    good: str

    def __str__(self) -> str:
        return f"ship {self.good}"


@dataclasses.dataclass(frozen=True, slots=True)
class Deliver(Action):
    """One shipment to a craftsman: one of his conversions."""

    kind: ClassVar[str] = "deliver"
    recipe: str

    def __str__(self) -> str:
        return f"deliver {self.recipe}"


@dataclasses.dataclass(frozen=True, slots=True)
class Bake(Action):
    """One bread-oven use: one wheat into two food."""

    kind: ClassVar[str] = "bake"

    def __str__(self) -> str:
        return "bake"


@dataclasses.dataclass(frozen=True, slots=True)
class Butcher(Action):
    """The slaughterhouse turns one head of ``animal`` into meat."""

    kind: ClassVar[str] = "butcher"
    animal: str

    def __str__(self) -> str:
        return f"butcher {self.animal}"


@dataclasses.dataclass(frozen=True, slots=True)
class Hire(Action):
    """Contract a craftsman from the display."""

    kind: ClassVar[str] = "hire"
    craftsman: str

    def __str__(self) -> str:
        return f"hire {self.craftsman}"


@dataclasses.dataclass(frozen=True, slots=True)
class Keep(Action):
    """Recruiting: keep this displayed craftsman."""

    kind: ClassVar[str] = "keep"
    craftsman: str

    def __str__(self) -> str:
        return f"keep {self.craftsman}"


@dataclasses.dataclass(frozen=True, slots=True)
class Build(Action):
    """Build a facility."""

    kind: ClassVar[str] = "build"
    facility: str

    def __str__(self) -> str:
        return f"build {self.facility}"


@dataclasses.dataclass(frozen=True, slots=True)
class Tour(Action):
    """Tourism: spend ``pips`` of the die as VP; the rest comes back."""

    kind: ClassVar[str] = "tour"
    pips: int

    def __str__(self) -> str:
        return f"tour {self.pips}"


@dataclasses.dataclass(frozen=True, slots=True)
class Done(Action):
    """Stop the current multi-step action (shipping, sowing, baking)."""

    kind: ClassVar[str] = "done"

    def __str__(self) -> str:
        return "done"


@dataclasses.dataclass(frozen=True, slots=True)
class EndRound(Action):
    """Every die is spent: eat, let things rot, and start the next round."""

    kind: ClassVar[str] = "end-round"

    def __str__(self) -> str:
        return "end-round"


ACTION_CLASSES: tuple[type[Action], ...] = (
    PickDie, Use, Back, Modify, ToFood, Cook, HorseShip, Sow, Ship, Deliver,
    Bake, Butcher, Hire, Keep, Build, Tour, Done, EndRound,
)

#: the actions a die can be assigned to (merchants are added from the data).
DIE_ACTIONS: tuple[str, ...] = (
    "fish", "plough", "sow", "ship", "contract", "recruit", "build", "tourism",
    "bread_oven", "slaughterhouse",
)
