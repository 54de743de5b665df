"""Which decisions are open now, what each one does, and why one is refused.

Every decision point is one ``phase`` of the state:

    main       pick a die, change a die, kitchen, horse, end the round
    die        assign the picked die to an action (or put it back)
    sow/ship/oven                  repeat, then "done"
    contract/recruit/build/tour/slaughter   choose the target
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
from gameshelf.games.dicey_farm.components import components
from gameshelf.games.dicey_farm.rules import dice, season, steps

if TYPE_CHECKING:
    from gameshelf.games.dicey_farm.state import DiceyFarmState

C = components()
DIE_ACTIONS = dice.die_actions()
DICE_CRAFTSMEN = tuple(c.id for c in C.craftsmen.values() if c.kind == "dice")
SHIP_RECIPES = tuple(C.recipes)
FACILITIES = tuple(C.facilities)
MARKET = tuple(C.market)
INGREDIENTS = C.ingredients


def modified_faces(craftsman: str, face: int) -> tuple[int, ...]:
    """What a dice craftsman can turn ``face`` into (長老 ±1, 役人 7−N, 夜警 2/5)."""
    card = C.craftsmen[craftsman].params
    if card["modify"] == "step":
        return tuple(f for f in (face - 1, face + 1) if 1 <= f <= 6)
    if card["modify"] == "flip":
        return (7 - face,)
    return tuple(f for f in card["faces"] if f != face)


def _main(s: DiceyFarmState) -> list[Action]:
    faces = sorted(set(s.dice))
    out: list[Action] = [PickDie(f) for f in faces]
    for craftsman in DICE_CRAFTSMEN:
        if craftsman in s.hired and "mod:" + craftsman not in s.used:
            out.extend(Modify(craftsman, f, to) for f in faces for to in modified_faces(craftsman, f))
    g = s.goods
    if g["horse"] and "horse" not in s.used:
        out.append(HorseShip())
    held = [i for i in INGREDIENTS if g[i] > 0]
    out.extend(ToFood(i) for i in held)
    out.extend(Cook(a, b) for k, a in enumerate(held) for b in held[k + 1 :])
    if not s.dice:
        out.append(EndRound())
    return out


def _die(s: DiceyFarmState) -> list[Action]:
    face = s.held
    out: list[Action] = [Use(a) for a in DIE_ACTIONS if dice.use_error(s, a, face) is None]
    if not out:
        out.append(Use("discard"))
    out.append(Back())
    return out


def _ship(s: DiceyFarmState) -> list[Action]:
    out: list[Action] = [Ship(g) for g in MARKET if steps.can_ship(s, g)]
    out.extend(Deliver(r) for r in SHIP_RECIPES if steps.can_deliver(s, r))
    out.append(Done())
    return out


LEGAL: dict[str, Callable[[DiceyFarmState], list[Action]]] = {
    "main": _main,
    "die": _die,
    "sow": lambda s: [*(Sow(c) for c in C.crops if steps.can_sow(s, c)), Done()],
    "ship": _ship,
    "oven": lambda s: [Bake(), Done()] if s.goods["wheat"] else [Done()],
    "slaughter": lambda s: [Butcher(a) for a in dice.butcherable(s)],
    "contract": lambda s: [Hire(c) for c in s.display],
    "recruit": lambda s: [Keep(c) for c in s.display if c not in s.kept],
    "build": lambda s: [Build(f) for f in FACILITIES if f not in s.built],
    "tour": lambda s: [Tour(n) for n in range(1, s.left + 1)],
}


def legal_actions(s: DiceyFarmState) -> list[Action]:
    return LEGAL[s.phase](s)


# -- applying -------------------------------------------------------------------------
def _pick(s: DiceyFarmState, a: PickDie) -> None:
    s.phase, s.held = "die", a.face


def _back(s: DiceyFarmState, a: Back) -> None:
    s.phase, s.held = "main", 0


def _modify(s: DiceyFarmState, a: Modify) -> None:
    """Dice-changing craftsmen change a die without using it (once a round each)."""
    s.used["mod:" + a.craftsman] = True
    s.dice.remove(a.face)
    dice.give_die(s, a.to)


def _done(s: DiceyFarmState, a: Done) -> None:
    if s.phase == "oven":
        steps.finish_oven(s)
    elif s.phase == "sow":
        steps.finish_sow(s)
    else:
        steps.back_to_main(s)


def _end(s: DiceyFarmState, a: EndRound) -> None:
    season.end_round(s)


APPLY: dict[type[Action], Callable[[Any, Any], None]] = {
    PickDie: _pick,
    Back: _back,
    Use: lambda s, a: dice.use(s, a.action, s.held),
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
    Done: _done,
    EndRound: _end,
}


def apply(s: DiceyFarmState, action: Action) -> None:
    APPLY[type(action)](s, action)


# -- explaining a refusal -------------------------------------------------------------
PHASE_OF: dict[type[Action], tuple[str, ...]] = {
    PickDie: ("main",), Modify: ("main",), ToFood: ("main",), Cook: ("main",),
    HorseShip: ("main",), EndRound: ("main",), Use: ("die",), Back: ("die",),
    Sow: ("sow",), Ship: ("ship",), Deliver: ("ship",), Bake: ("oven",),
    Done: ("sow", "ship", "oven"), Butcher: ("slaughter",), Hire: ("contract",),
    Keep: ("recruit",), Build: ("build",), Tour: ("tour",),
}


def explain(s: DiceyFarmState, action: Any) -> tuple[str, dict[str, Any]]:
    """A precise error code (catalog ``dicey_farm.errors.<code>``) and its params."""
    phases = PHASE_OF.get(type(action))
    if phases is None:
        return "not-legal", {"action": str(action)}
    if s.phase not in phases:
        return "wrong-step", {"step": f"@dicey_farm.phase.{s.phase}"}
    if isinstance(action, PickDie | Modify) and action.face not in s.dice:
        return "no-such-die", {"face": action.face}
    if isinstance(action, EndRound):
        return "dice-left", {"n": len(s.dice)}
    if isinstance(action, Use):
        if action.action not in (*DIE_ACTIONS, "discard"):
            return "unknown-action", {"action": action.action}
        code = dice.use_error(s, action.action, s.held)
        if code:
            return code, {"action": f"@dicey_farm.action.{action.action}", "face": s.held}
    if isinstance(action, ToFood | Cook | Ship | Deliver | Sow | Bake | Butcher | HorseShip):
        return "missing-goods", {"action": str(action)}
    return "not-legal", {"action": str(action)}
