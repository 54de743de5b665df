"""The die actions (標準アクション) and what each one checks first.

``use_error`` says why a die showing ``face`` cannot go to an action (an
error code) or ``None``; ``use`` performs it, entering a sub-step where the
table lets the player go on ("any number of seeds", "N+2 shipments").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gameshelf.games.dicey_farm.actions import DIE_ACTIONS
from gameshelf.games.dicey_farm.components import components

if TYPE_CHECKING:
    from gameshelf.games.dicey_farm.state import DiceyFarmState

C = components()
K = C.constants
BUY = "buy_"
MERCHANT_ACTIONS = tuple(BUY + m for m in C.merchants)
LIVESTOCK = frozenset(C.livestock)


def ware(s: DiceyFarmState, merchant: str, face: int) -> tuple[str, int]:
    """The item in slot ``face`` of a merchant this round."""
    return s.wares[merchant][face - 1]


def can_house(s: DiceyFarmState, animal: str) -> bool:
    """家畜は1種につき1つの畑を専有します: a new species needs an empty field."""
    if s.goods[animal] > 0:
        return True
    if animal == "horse" and "stable" in s.built:
        return True
    return s.empty_fields() > 0


def contract_cost(s: DiceyFarmState, face: int) -> int:
    return BROKER_COST if "broker" in s.hired else face


def butcherable(s: DiceyFarmState) -> list[str]:
    return [a for a, (_, meat) in C.livestock.items() if meat and s.goods[a] > 0]


# -- why a die cannot go to an action ------------------------------------------------
# One small check per action, looked up in a table: the "die" step asks all
# fifteen of them for every die picked, which made a chain of ``if action ==``
# tests the largest single cost of a random playout.
PLOUGH_LIMIT: int = K["plough_limit"]
ROUNDS: int = K["rounds"]
BUILD_FACE: int = K["build_face"]
FACILITY_COUNT = len(C.facilities)
BROKER_COST: int = C.craftsmen["broker"].params["contract_cost"]
#: each merchant action's merchant, and the card that opens it ("" = always open).
MERCHANT_OF: dict[str, str] = {BUY + m: m for m in C.merchants}
MERCHANT_OWNER: dict[str, str] = {BUY + m: owner for m, (owner, _) in C.merchants.items()}


def _once(s: DiceyFarmState, action: str, face: int) -> str | None:
    return "once-per-round" if action in s.used else None


def _plough(s: DiceyFarmState, action: str, face: int) -> str | None:
    if s.ploughs >= PLOUGH_LIMIT:
        return "plough-limit"
    return "plough-same-face" if s.ploughs and face != s.plough_face else None


def _sow(s: DiceyFarmState, action: str, face: int) -> str | None:
    if action in s.used:
        return "once-per-round"
    # 「任意の数だけ畑に種を蒔きます」: no minimum, so no seed is needed;
    # only a field to sow into (D32).
    return "no-empty-field" if s.empty_fields() <= 0 else None


def _ship(s: DiceyFarmState, action: str, face: int) -> str | None:
    return "once-per-round" if action in s.used and s.round < ROUNDS else None


def _contract(s: DiceyFarmState, action: str, face: int) -> str | None:
    if action in s.used and "broker" not in s.hired:
        return "once-per-round"
    if not s.display:
        return "no-craftsman"
    return "not-enough-food" if s.goods["food"] < contract_cost(s, face) else None


def _recruit(s: DiceyFarmState, action: str, face: int) -> str | None:
    if action in s.used:
        return "once-per-round"
    return "recruit-too-many" if face > len(s.display) else None


def _build(s: DiceyFarmState, action: str, face: int) -> str | None:
    if action in s.used:
        return "once-per-round"
    if face != BUILD_FACE and "carpenter" not in s.hired:
        return "build-needs-six"
    return "nothing-to-build" if len(s.built) == FACILITY_COUNT else None


def _facility(s: DiceyFarmState, action: str, face: int) -> str | None:
    if action not in s.built:
        return "not-built"
    if action in s.used:
        return "once-per-round"
    if action == "bread_oven":
        return None  # 「目の回数まで」: baking nothing returns the die (D17)
    return None if butcherable(s) else "no-livestock"


def _merchant(s: DiceyFarmState, action: str, face: int) -> str | None:
    owner = MERCHANT_OWNER[action]
    if owner and owner not in s.hired:
        return "no-merchant"
    good, _ = s.wares[MERCHANT_OF[action]][face - 1]
    return "no-field-for-animal" if good in LIVESTOCK and not can_house(s, good) else None


def _discard(s: DiceyFarmState, action: str, face: int) -> str | None:
    return "die-has-a-use" if any(use_error(s, a, face) is None for a in die_actions()) else None


USE_CHECKS: dict[str, Callable[[DiceyFarmState, str, int], str | None]] = {
    "fish": _once,
    "plough": _plough,
    "sow": _sow,
    "ship": _ship,
    "contract": _contract,
    "recruit": _recruit,
    "build": _build,
    "tourism": _once,
    "bread_oven": _facility,
    "slaughterhouse": _facility,
    **dict.fromkeys(MERCHANT_ACTIONS, _merchant),
    "discard": _discard,
}


def use_error(s: DiceyFarmState, action: str, face: int) -> str | None:
    """Why ``face`` cannot be used for ``action`` now, or ``None``."""
    check = USE_CHECKS.get(action)
    return "unknown-action" if check is None else check(s, action, face)


def die_actions() -> tuple[str, ...]:
    """Every action a die can go to, in the order they are offered."""
    return (*DIE_ACTIONS[:3], *MERCHANT_ACTIONS, *DIE_ACTIONS[3:])


def give_die(s: DiceyFarmState, face: int) -> None:
    """A die comes back (sowing, tourism, oven, slaughterhouse, sower)."""
    s.dice.append(face)
    s.dice.sort()
    s.log("dicey_farm.log.die-back", face=face)


def use(s: DiceyFarmState, action: str, face: int) -> None:
    """Spend the held die on ``action`` (already checked by ``use_error``).

    A step it opens with nothing to do in it (no seed to sow, every
    craftsman kept, no wheat) is ended by ``flow.use``, not here: the steps
    import this module, so it must not import them back."""
    s.held = 0
    s.phase = "main"
    s.dice.remove(face)
    s.used[action] = True
    if action == "fish":  # these two say what they gave in their own line
        fishing(s, face)
        return
    if action == "plough":
        plough(s, face)
        return
    s.log("dicey_farm.log.use", action=f"@dicey_farm.action.{action}", face=face)
    if action == "sow":
        s.phase, s.left, s.sow_face = "sow", face, face
    elif action == "ship":
        start_shipping(s, face + K["ship_bonus"] + s.goods["horse"] + porter_bonus(s))
    elif action == "contract":
        s.phase, s.left = "contract", contract_cost(s, face)
    elif action == "recruit":
        s.recruited = True
        s.phase, s.left, s.kept = "recruit", face, []
        if face == len(s.display):
            s.kept = list(s.display)
    elif action == "build":
        s.phase = "build"
    elif action == "tourism":
        s.phase, s.left = "tour", face
    elif action == "bread_oven":
        s.phase, s.left = "oven", face
    elif action == "slaughterhouse":
        s.phase, s.left = "slaughter", face
    elif action.startswith(BUY):
        buy(s, action[len(BUY):], face)


def porter_bonus(s: DiceyFarmState) -> int:
    return C.craftsmen["porter"].params["shipments_bonus"] if s.has("porter") else 0


def start_shipping(s: DiceyFarmState, shipments: int) -> None:
    s.phase, s.left = "ship", shipments


def fishing(s: DiceyFarmState, face: int) -> None:
    """釣り: 1,2:2つ 3,4:3つ 5,6:4つ (+3 with the fisherman)."""
    bonus = C.craftsmen["fisherman"].params["fishing_bonus"] if s.has("fisherman") else 0
    fish = K["fishing"][face - 1] + bonus
    s.goods["fish"] += fish
    s.log("dicey_farm.log.fish", face=face, n=fish)


def plough(s: DiceyFarmState, face: int) -> None:
    """畑を耕す: 1ラウンドに2回まで、同じ目のダイスで (D9); cowherd: 2 fields with a cow."""
    s.ploughs += 1
    s.plough_face = face
    if s.ploughs < K["plough_limit"]:
        s.used.pop("plough", None)
    cowherd = s.has("cowherd") and s.goods["cow"] > 0
    new = C.craftsmen["cowherd"].params["plough_fields"] if cowherd else 1
    s.fields += new
    s.log("dicey_farm.log.plough", face=face, n=new, fields=s.fields)


def buy(s: DiceyFarmState, merchant: str, face: int) -> None:
    """商人: 使ったダイスの商品を買う; the item stays for later dice (D3)."""
    good, qty = ware(s, merchant, face)
    s.used.pop(BUY + merchant, None)
    s.goods[good] += qty
    s.log("dicey_farm.log.buy", good=f"@dicey_farm.good.{good}", n=qty)
