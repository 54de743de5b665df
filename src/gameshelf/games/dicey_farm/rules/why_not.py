"""Why a move a player looks for is not in the list now ("why not").

A newcomer who picked a 3 and finds no "Contract" cannot tell whether the
game is broken or they lack food; this module names each missing move and
the engine's reason, for the browser (greyed out) and the terminal ("Why
not: …"). It reads the state and never changes it. Dicey Farm is solo and
open, so everything here is what the player sees.

Only moves a player would look for are named: a die action the held die
cannot go to, "end the round" while dice remain, a once-a-round craftsman
already used, goods one holds too few of to ship, a recipe one cannot fill.
Actions the player does not have (a facility not built, a merchant not
contracted) are not "missing", so they are left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.core.protocol import Unavailable
from gameshelf.games.dicey_farm.components import components
from gameshelf.games.dicey_farm.rules import dice
from gameshelf.games.dicey_farm.rules.legal import DICE_CRAFTSMEN
from gameshelf.games.dicey_farm.rules.steps import can_deliver, can_ship

if TYPE_CHECKING:
    from gameshelf.games.dicey_farm.state import DiceyFarmState

C = components()
NS = "dicey_farm.why_not"
#: refusals that mean "you do not have this action", not "not now"
NOT_YOURS = frozenset({"not-built", "no-merchant"})


def _reason(code: str) -> str:
    return f"{NS}.{code}"


def _die(s: DiceyFarmState) -> list[Unavailable]:
    """The held die: every die action it cannot go to, with the check's code."""
    face = s.held
    out = []
    for action in dice.die_actions():
        code = dice.use_error(s, action, face)
        if code is None or code in NOT_YOURS:
            continue
        params: dict[str, Any] = {"face": face, "action": f"@dicey_farm.action.{action}"}
        if code == "not-enough-food":
            params |= {"cost": dice.contract_cost(s, face), "food": s.goods["food"]}
        elif code == "recruit-too-many":
            params["shown"] = len(s.display)
        elif code == "plough-same-face":
            params["first"] = s.plough_face
        elif code == "no-field-for-animal":
            params["good"] = f"@dicey_farm.good.{dice.ware(s, dice.MERCHANT_OF[action], face)[0]}"
        out.append(Unavailable(f"dicey_farm.action.{action}", _reason(code), params))
    return out


def _main(s: DiceyFarmState) -> list[Unavailable]:
    out = []
    if s.dice:
        out.append(Unavailable("dicey_farm.describe.end-round", _reason("dice-left"), {"n": len(s.dice)}))
    if s.goods["horse"] and "horse" in s.used:
        out.append(Unavailable("dicey_farm.describe.horse-ship", _reason("horse-used"), {}))
    for craftsman in DICE_CRAFTSMEN:
        if craftsman in s.hired and "mod:" + craftsman in s.used:
            out.append(Unavailable(f"{NS}.move.modify", _reason("modify-used"),
                                   {"craftsman": f"@dicey_farm.craftsman.{craftsman}.name"}))
    return out


def _ship(s: DiceyFarmState) -> list[Unavailable]:
    """Goods held but too few for one shipment (2 wheat make one), and the
    hired craftsmen's recipes whose goods are missing."""
    out = []
    for good, (qty, _) in C.market.items():
        if s.goods[good] > 0 and not can_ship(s, good):
            out.append(Unavailable(f"{NS}.move.ship", _reason("too-few"),
                                   {"good": f"@dicey_farm.good.{good}", "need": qty, "have": s.goods[good]}))
    for rid, recipe in C.recipes.items():
        if s.has(recipe.craftsman) and not can_deliver(s, rid):
            missing = [good for good, n in recipe.inputs if s.goods[good] < n]
            out.append(Unavailable("dicey_farm.describe.deliver", _reason("recipe-missing"),
                                   {"recipe": f"@dicey_farm.recipe.{rid}", "goods": _goods_list(missing)}))
    return out


def _goods_list(goods: list[str]) -> dict[str, str]:
    """Goods named in each language, joined as that language joins a list."""
    from gameshelf.core.i18n import LANGUAGES, t

    joins = {"en": ", ", "ja": "、"}
    return {lang: joins.get(lang, ", ").join(t(f"dicey_farm.good.{g}", lang) for g in goods) for lang in LANGUAGES}


def _sow(s: DiceyFarmState) -> list[Unavailable]:
    return [
        Unavailable("dicey_farm.describe.sow", _reason("no-seed"),
                    {"crop": f"@dicey_farm.crop.{crop}", "seed": f"@dicey_farm.good.{seed}"})
        for crop, (seed, _, _) in C.crops.items()
        if s.goods[seed] <= 0
    ]


def _build(s: DiceyFarmState) -> list[Unavailable]:
    return [Unavailable(f"{NS}.move.build", _reason("built"), {"facility": f"@dicey_farm.facility.{f}.name"})
            for f in C.facilities if f in s.built]


WHY_NOT = {"main": _main, "die": _die, "ship": _ship, "sow": _sow, "build": _build}


def unavailable_moves(s: DiceyFarmState) -> list[Unavailable]:
    """The missing moves of the current step, each with its reason."""
    if s.is_over:
        return []
    step = WHY_NOT.get(s.phase)
    return step(s) if step is not None else []
