"""How each Dicey Farm decision is played: one function per action class.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gameshelf.core.actions import Action
from gameshelf.games.dicey_farm.actions import (
    Back,
    Bake,
    Build,
    Butcher,
    Cook,
    Deliver,
    Done,
    EndRound,
    Hire,
    HorseShip,
    Keep,
    Modify,
    PickDie,
    Ship,
    Sow,
    ToFood,
    Tour,
    Use,
)
from gameshelf.games.dicey_farm.rules import flow, season, steps

if TYPE_CHECKING:
    from gameshelf.games.dicey_farm.state import DiceyFarmState


# -- applying -------------------------------------------------------------------------
def _pick(s: DiceyFarmState, a: PickDie) -> None:
    s.phase, s.held = "die", a.face


def _back(s: DiceyFarmState, a: Back) -> None:
    s.phase, s.held = "main", 0


def _modify(s: DiceyFarmState, a: Modify) -> None:
    """Dice-changing craftsmen change a die without using it (once a round each)."""
    s.used["mod:" + a.craftsman] = True
    s.dice.remove(a.face)
    s.dice.append(a.to)
    s.dice.sort()
    s.log("dicey_farm.log.modify", craftsman=f"@dicey_farm.craftsman.{a.craftsman}.name", face=a.face, to=a.to)


def _end(s: DiceyFarmState, a: EndRound) -> None:
    season.end_round(s)


APPLY: dict[type[Action], Callable[[Any, Any], None]] = {
    PickDie: _pick,
    Back: _back,
    Use: lambda s, a: flow.use(s, a.action, s.held),
    Modify: _modify,
    ToFood: lambda s, a: steps.to_food(s, a.good),
    Cook: lambda s, a: steps.cook(s, a.first, a.second),
    HorseShip: lambda s, a: steps.horse_ship(s),
    Sow: lambda s, a: steps.sow(s, a.crop),
    Ship: lambda s, a: steps.ship(s, a.good),
    Deliver: lambda s, a: steps.deliver(s, a.recipe),
    Bake: lambda s, a: steps.bake(s),
    Butcher: lambda s, a: steps.slaughter(s, a.animal),
    Hire: lambda s, a: steps.hire(s, a.craftsman),
    Keep: lambda s, a: steps.keep(s, a.craftsman),
    Build: lambda s, a: steps.build(s, a.facility),
    Tour: lambda s, a: steps.tour(s, a.pips),
    Done: lambda s, a: flow.done(s),
    EndRound: _end,
}


def apply(s: DiceyFarmState, action: Action) -> None:
    APPLY[type(action)](s, action)
