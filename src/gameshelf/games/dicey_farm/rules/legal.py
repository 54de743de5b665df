"""Which decisions are open now (played by ``apply``, refusals explained by ``explain``).

Every decision point is one ``phase`` of the state:

    main       pick a die, change a die, kitchen, horse, end the round
    die        assign the picked die to an action (or put it back)
    sow/ship/oven                  repeat, then "done"
    contract/recruit/build/tour/slaughter   choose the target
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

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
from gameshelf.games.dicey_farm.rules import dice, steps

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


# -- the game's own action objects ---------------------------------------------------
# Actions are frozen values, so every listing can hand out the same instances,
# built once here; making fresh ones for every listing was a large share of a
# random playout's cost.
PICK = {f: PickDie(f) for f in range(1, 7)}
USE = {a: Use(a) for a in (*DIE_ACTIONS, "discard")}
#: (the Use action, its check, its name) in the order the "die" step offers them
DIE_CHECKS = tuple((USE[a], dice.USE_CHECKS[a], a) for a in DIE_ACTIONS)
MODIFY_KEY = {c: "mod:" + c for c in DICE_CRAFTSMEN}
MODIFY = {
    (c, f): tuple(Modify(c, f, to) for to in modified_faces(c, f))
    for c in DICE_CRAFTSMEN
    for f in range(1, 7)
}
TO_FOOD = {i: ToFood(i) for i in INGREDIENTS}
COOK = {(a, b): Cook(a, b) for k, a in enumerate(INGREDIENTS) for b in INGREDIENTS[k + 1 :]}
#: (the seed a crop needs, its Sow action)
SOW = tuple((seed, Sow(c)) for c, (seed, _, _) in C.crops.items())
SHIP = tuple((g, Ship(g)) for g in MARKET)
DELIVER = tuple((r, Deliver(r)) for r in SHIP_RECIPES)
BUTCHER = {a: Butcher(a) for a in C.livestock}
HIRE = {c: Hire(c) for c in C.craftsmen}
KEEP = {c: Keep(c) for c in C.craftsmen}
BUILD = tuple((f, Build(f)) for f in FACILITIES)
TOUR = tuple(Tour(n) for n in range(1, 7))
BACK, DONE, BAKE, HORSE_SHIP, END_ROUND = Back(), Done(), Bake(), HorseShip(), EndRound()


_KITCHEN: dict[tuple[str, ...], tuple[Action, ...]] = {}


def kitchen(held: tuple[str, ...]) -> tuple[Action, ...]:
    """The free kitchen actions with ``held`` ingredients in stock: each to
    food, then each pair cooked. Remembered per set (2^7 sets at most)."""
    actions = _KITCHEN.get(held)
    if actions is None:
        actions = _KITCHEN[held] = (
            *(TO_FOOD[i] for i in held),
            *(COOK[a, b] for k, a in enumerate(held) for b in held[k + 1 :]),
        )
    return actions


def _main(s: DiceyFarmState) -> list[Action]:
    faces = sorted(set(s.dice))
    out: list[Action] = [PICK[f] for f in faces]
    if s.hired:
        for craftsman in DICE_CRAFTSMEN:
            if craftsman in s.hired and MODIFY_KEY[craftsman] not in s.used:
                for f in faces:
                    out.extend(MODIFY[craftsman, f])
    g = s.goods
    if g["horse"] and "horse" not in s.used:
        out.append(HORSE_SHIP)
    out.extend(kitchen(tuple([i for i in INGREDIENTS if g[i] > 0])))
    if not s.dice:
        out.append(END_ROUND)
    return out


def _die(s: DiceyFarmState) -> list[Action]:
    face = s.held
    out: list[Action] = [use for use, check, name in DIE_CHECKS if check(s, name, face) is None]
    if not out:
        out.append(USE["discard"])
    out.append(BACK)
    return out


def _ship(s: DiceyFarmState) -> list[Action]:
    out: list[Action] = [ship for g, ship in SHIP if steps.can_ship(s, g)]
    out.extend(deliver for r, deliver in DELIVER if steps.can_deliver(s, r))
    out.append(DONE)
    return out


def _sow(s: DiceyFarmState) -> list[Action]:
    # steps.can_sow for every crop, with the checks they share made once
    if s.left > 0 and s.empty_fields() > 0:
        g = s.goods
        return [*(sow for seed, sow in SOW if g[seed] > 0), DONE]
    return [DONE]


def _tour(s: DiceyFarmState) -> list[Action]:
    # a die's face is 1-6, so the table covers every step; built fresh beyond it
    return [TOUR[n - 1] if n <= len(TOUR) else Tour(n) for n in range(1, s.left + 1)]


LEGAL: dict[str, Callable[[DiceyFarmState], list[Action]]] = {
    "main": _main,
    "die": _die,
    "sow": _sow,
    "ship": _ship,
    "oven": lambda s: [BAKE, DONE] if s.goods["wheat"] else [DONE],
    "slaughter": lambda s: [BUTCHER[a] for a in dice.butcherable(s)],
    "contract": lambda s: [HIRE[c] for c in s.display],
    "recruit": lambda s: [KEEP[c] for c in s.display if c not in s.kept],
    "build": lambda s: [build for f, build in BUILD if f not in s.built],
    "tour": _tour,
}


def legal_actions(s: DiceyFarmState) -> list[Action]:
    return LEGAL[s.phase](s)
