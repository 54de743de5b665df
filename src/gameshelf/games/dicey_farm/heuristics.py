"""How promising a farm looks, in VP-like units, before the points arrive.

Used by greedy and search bots and by the par solver. The value is the VP
already scored plus what the farm is likely to turn into VP before the end:
goods at roughly what shipping them yields, engines (fields, animals,
craftsmen) by the rounds they still have to work, unused dice by what
tourism alone would pay, minus the beggars this round's meal will cost.
The weights live in ``data/heuristic.toml``: none comes from the original
game; they were first set by hand, then tuned by greedy play (RULES.md
D27/D31, ``gameshelf tune dicey-farm``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from gameshelf.core.interfaces import Heuristics
from gameshelf.core.protocol import PlayerId, State
from gameshelf.core.weights import WeightSlot
from gameshelf.games.dicey_farm.components import components

if TYPE_CHECKING:
    from gameshelf.games.dicey_farm.state import DiceyFarmState

C = components()
K = C.constants

#: the weights in ``data/heuristic.toml`` (RULES.md D27/D31); ``gameshelf
#: tune dicey-farm`` swaps them while it searches.
WEIGHTS = WeightSlot("gameshelf.games.dicey_farm")


#: the craftsman whose conversion can make a good worth more (good -> craftsman).
CONVERTER = {"flower": "florist", "milk": "cheesemaker", "pig": "ham_maker", "wool": "tailor", "wheat": "baker", "meat": "sausage_maker"}


def _good_value(s: DiceyFarmState, good: str) -> float:
    if good == "gem":
        return float(K["gem_vp"])  # exact: gems only ever score at the end
    w = WEIGHTS.current
    value = w["good"].get(good, 0.0)
    converter = CONVERTER.get(good)
    if converter and s.has(converter):
        value = max(value, w["craft"][good])
    return value


def _scoring_progress(s: DiceyFarmState, rounds_left: int) -> float:
    """Scoring craftsmen, by how close the farm is to their condition."""
    g = s.goods
    cards = C.craftsmen
    v = 0.0
    if s.has("surveyor"):
        v += cards["surveyor"].params["vp"] * min(1.0, s.fields / cards["surveyor"].params["min_fields"]) ** 2
    if s.has("zoologist"):
        kinds = sum(1 for a in ("chicken", "sheep", "pig", "cow") if g[a])
        v += cards["zoologist"].params["set_vp"] * (kinds / 4) ** 2
    if s.has("tour_guide"):
        v += cards["tour_guide"].params["vp"] * (s.vp["tourism"] / K["tourism_cap"]) ** 2
    if s.has("accountant"):
        v += s.running_vp() / cards["accountant"].params["per_vp"]
    if s.has("pastor"):
        v += K["beggar_penalty"] * min(s.beggars, cards["pastor"].params["ignore_beggars"])
    return v


def _kitchen(s: DiceyFarmState) -> tuple[int, int]:
    """Ingredients held, and the most food cooking them could give now."""
    counts = [s.goods[i] for i in C.ingredients if s.goods[i] > 0]
    total = sum(counts)
    pairs = min(total // 2, total - max(counts)) if counts else 0
    return total, K["cook_food"] * pairs + (total - 2 * pairs) * K["ingredient_food"]


def _future_food(s: DiceyFarmState, rounds_left: int) -> float:
    """Food the farm will make by itself in the rounds still to come."""
    g = s.goods
    f = WEIGHTS.current["food_supply"]
    supply = float(g["wheat"] + g["butter"])
    if "smokehouse" in s.built:
        supply += g["fish"] + g["meat"]
    if s.has("caretaker"):
        supply += C.craftsmen["caretaker"].params["round_food"] * rounds_left
    supply += (g["chicken"] + g["cow"]) * rounds_left * f["animal"]
    supply += 3 * s.sown["wheat"] + 2.5 * s.sown["vegetable"]
    if rounds_left > 1:
        supply += f["seed"] * (g["wheat_seed"] + g["vegetable_seed"])
    if s.has("fisherman"):
        supply += f["fisherman"] * rounds_left
    if "bread_oven" in s.built:
        supply += f["bread_oven"] * rounds_left
    if s.has("sausage_maker") or s.has("baker"):
        supply += f["baker"] * rounds_left
    return supply


COMBOS = tuple(r for r in C.recipes.values() if len(r.inputs) > 1 and r.vp)

#: the expected highest face among n dice.
EXPECTED_MAX = {1: 3.5, 2: 4.47, 3: 4.96, 4: 5.24}

#: steps where a die is committed but its worth depends on one more choice:
#: their value is the best follow-up's, so a one-step bot sees through them.
LOOK_THROUGH = frozenset({"die", "tour", "contract", "build", "slaughter"})


def evaluate(s: DiceyFarmState) -> float:
    """Estimated final score of ``s`` (exact once the game is over)."""
    if s.final is not None:
        return s.scores()[0]
    if s.phase in LOOK_THROUGH:
        return _best_follow_up(s)
    g = s.goods
    w = WEIGHTS.current
    m = w["misc"]
    rounds_left = K["rounds"] - s.round
    penalty = K["beggar_penalty"]
    v: float = float(s.running_vp() - penalty * s.beggars)
    # this round's meal: what food and cooking cannot cover becomes beggars
    deficit = max(0, C.dice(s.round) + K["food_extra"] - g["food"])
    if deficit:
        _, kitchen = _kitchen(s)
        covered = min(deficit, kitchen)
        v -= penalty * (deficit - covered) + m["cooking_cost"] * covered
    # the meals still to come, against what the farm makes by itself
    future_need = sum(C.dice(r) + K["food_extra"] for r in range(s.round + 1, K["rounds"] + 1))
    v -= m["future_food_cost"] * max(0.0, future_need - _future_food(s, rounds_left))
    if rounds_left:
        # seeds are worth sowing only as far as there are fields for them
        room = max(0, s.empty_fields()) + 1
        for good in sorted(("wheat_seed", "vegetable_seed", "flower_seed"), key=lambda x: -_good_value(s, x)):
            useful = min(g[good], room)
            room -= useful
            v += _good_value(s, good) * useful + m["spare_seed"] * (g[good] - useful)
        for crop, n in s.sown.items():
            v += n * w["sown"][crop]
        v += m["empty_field"] * min(rounds_left, 3) / 3 * max(0, s.empty_fields())
        for animal, per_round in w["animal_yield"].items():
            if g[animal]:
                product = C.livestock[animal][0]
                if product:  # a craftsman may make the product worth much more
                    per_round = max(per_round, m["product_share"] * _good_value(s, product))
                base = max(w["animal_base"][animal], _good_value(s, animal))
                v += g[animal] * (base + per_round * rounds_left)
        v += g["horse"] * w["animal_base"]["horse"] + g["whisky"] * K["whisky_vp"] * rounds_left
        v += sum(w["engine"].get(c, 0.0) for c in s.hired) * rounds_left / 2
        v += m["building"] * len(s.built) * rounds_left
    can_ship = _can_still_ship(s)
    for good in ("fish", "vegetable", "egg", "milk", "wool", "flower", "meat", "wheat", "butter", "gem"):
        if g[good]:
            value = _good_value(s, good)
            if good in C.perishable and not can_ship and not ("smokehouse" in s.built and good in C.smoked):
                value = min(value, m["rotting"])
            v += value * g[good]
    if can_ship:
        v += _combo_bonus(s)
    v += _scoring_progress(s, rounds_left)
    tourism_room = K["tourism_cap"] - s.vp["tourism"]
    v += _dice_value(s, tourism_room) + _future_dice_value(s, tourism_room)
    if s.phase == "ship":
        v += _shipping_gain(s)
    elif s.phase == "sow" and rounds_left:
        seeds = sum(g[seed] for seed, _, _ in C.crops.values())
        v += m["sow_step"] * min(s.left, s.empty_fields(), seeds)
    return v


def _dice_value(s: DiceyFarmState, tourism_room: int) -> float:
    """Unspent dice: one may still turn its pips into tourism VP this round;
    the others are worth a generic action."""
    m = WEIGHTS.current["misc"]
    tour_open = tourism_room > 0 and "tourism" not in s.used
    value = 0.0
    for face in sorted(s.dice, reverse=True):
        if tour_open:
            value += m["tour_die"] + m["tour_pip"] * min(face, tourism_room)
            tour_open = False
        else:
            value += m["die"] + m["die_pip"] * face
    return value


def _future_dice_value(s: DiceyFarmState, tourism_room: int) -> float:
    """The dice of the rounds to come, at their expected worth, so that
    rolling them at a round start is no windfall (ending a round with
    beggars must not look good because fresh dice appear)."""
    m = WEIGHTS.current["misc"]
    room = float(tourism_room)
    if "tourism" not in s.used and s.dice:
        room -= max(s.dice)
    value = 0.0
    for r in range(s.round + 1, K["rounds"] + 1):
        n = C.dice(r)
        best = EXPECTED_MAX[n]
        tour = min(best, max(0.0, room))
        room -= tour
        first = m["tour_die"] + m["tour_pip"] * tour if tour > 0 else m["die"] + m["die_pip"] * best
        value += first + (n - 1) * (m["die"] + m["future_die"])
    return value


def _combo_bonus(s: DiceyFarmState) -> float:
    """Complete sets for a hired craftsman's multi-good recipe (cook,
    confectioner) are worth more than their goods one by one."""
    g = s.goods
    bonus = 0.0
    for recipe in COMBOS:
        if s.has(recipe.craftsman):
            sets = min(g[good] // n for good, n in recipe.inputs)
            if sets:
                extra = recipe.vp - sum(_good_value(s, good) * n for good, n in recipe.inputs)
                bonus += WEIGHTS.current["misc"]["combo_share"] * sets * max(0.0, extra)
    return bonus


def _best_follow_up(s: DiceyFarmState) -> float:
    best = float("-inf")
    for action in s.legal_actions():
        if action.kind == "back":
            continue
        after = s.clone()
        after.apply_unchecked(action)
        best = max(best, evaluate(after))
    return best


def _can_still_ship(s: DiceyFarmState) -> bool:
    """Whether perishables held now may still reach a market this round."""
    if s.phase == "ship" or s.round == K["rounds"] or "ship" not in s.used:
        return bool(s.dice) or s.phase in ("ship", "die") or (s.goods["horse"] > 0 and "horse" not in s.used)
    return s.goods["horse"] > 0 and "horse" not in s.used


def _shipping_gain(s: DiceyFarmState) -> float:
    """What the shipments left could add over holding the goods."""
    g = s.goods
    gains: list[float] = []
    for good, (qty, vp) in C.market.items():
        units = g[good] // qty
        if units:
            gain = vp - qty * _good_value(s, good)
            gains.extend([gain] * min(units, s.left))
    for recipe in C.recipes.values():
        if s.has(recipe.craftsman):
            units = min(g[good] // n for good, n in recipe.inputs)
            if units:
                gain = recipe.vp - sum(_good_value(s, good) * n for good, n in recipe.inputs)
                gains.extend([gain] * min(units, s.left))
    gains.sort(reverse=True)
    return sum(x for x in gains[: s.left] if x > 0)


class DiceyFarmHeuristics(Heuristics):
    """Dicey Farm's evaluation for the bots, with its tunable weights."""

    weights = WEIGHTS

    def evaluate(self, state: State, player: PlayerId) -> float:
        return evaluate(cast("DiceyFarmState", state))
