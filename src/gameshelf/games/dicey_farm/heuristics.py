"""How promising a farm looks, in VP-like units, before the points arrive.

Used by greedy and search bots and by the par solver. The value is the VP
already scored plus what the farm is likely to turn into VP before the end:
goods at roughly what shipping them yields, engines (fields, animals,
craftsmen) by the rounds they still have to work, unused dice by what
tourism alone would pay, minus the beggars this round's meal will cost.
The weights are designed, not measured from the original; only their
order matters to a greedy player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.games.dicey_farm.components import components

if TYPE_CHECKING:
    from gameshelf.games.dicey_farm.state import DiceyFarmState

C = components()
K = C.constants

#: what a good held now is worth (a bit under what shipping gives).
GOOD_VALUE = {
    "fish": 0.7, "vegetable": 0.7, "egg": 0.7, "milk": 0.7, "wool": 0.9, "flower": 1.5,
    "meat": 1.5, "wheat": 0.45, "butter": 1.5, "gem": float(K["gem_vp"]),
    "wheat_seed": 1.6, "vegetable_seed": 1.4, "flower_seed": 2.5,
}
#: better outlets a craftsman opens: good -> (craftsman, value per good)
CRAFT_VALUE = {
    "flower": ("florist", 3.5), "milk": ("cheesemaker", 4.5), "pig": ("ham_maker", 8.0),
    "wool": ("tailor", 1.8), "wheat": ("baker", 0.9), "meat": ("sausage_maker", 2.6),
}
#: VP lost per unit of future food the farm does not make by itself (a
#: die spent fishing instead of scoring, roughly).
FUTURE_FOOD_COST = 1.2
#: small cost of turning ingredients into this round's food (they could
#: have been shipped), so food is made when needed, not before.
COOKING_COST = 0.3
#: a sown field: next round's harvest (beyond the food it also makes).
SOWN_VALUE = {"wheat": 3.0, "vegetable": 2.5, "flower": 4.0}
#: an empty field with rounds still to play (room to sow or keep animals).
FIELD_VALUE = 1.6
#: per round still to play, what one head of livestock yields.
ANIMAL_YIELD = {"chicken": 0.6, "sheep": 0.9, "cow": 0.7, "pig": 0.0}
ANIMAL_BASE = {"chicken": 1.0, "sheep": 2.0, "pig": 3.0, "cow": 4.0, "horse": 3.0}
#: per round still to play, what having a craftsman is worth.
ENGINE = {
    "fisherman": 1.5, "porter": 1.0, "broker": 0.8, "carpenter": 0.5, "peddler": 1.0,
    "livestock_dealer": 0.8, "gardener": 1.2, "grocer": 1.5, "beekeeper": 1.0,
    "cowherd": 0.6, "shepherd": 0.6, "caretaker": 2.0, "sower": 1.2, "baker": 0.6,
    "confectioner": 1.0, "whisky_maker": 1.0, "cheesemaker": 0.6, "butcher": 0.6,
    "ham_maker": 0.6, "tailor": 0.5, "florist": 0.8, "sausage_maker": 0.6, "cook": 1.0,
    "elder": 0.6, "official": 0.6, "watchman": 0.6,
}


def _good_value(s: DiceyFarmState, good: str) -> float:
    value = GOOD_VALUE.get(good, 0.0)
    craft = CRAFT_VALUE.get(good)
    if craft and s.has(craft[0]):
        value = max(value, craft[1])
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
    supply = float(g["wheat"] + g["butter"])
    if "smokehouse" in s.built:
        supply += g["fish"] + g["meat"]
    if s.has("caretaker"):
        supply += C.craftsmen["caretaker"].params["round_food"] * rounds_left
    supply += (g["chicken"] + g["cow"]) * rounds_left * 1.2
    supply += 3 * s.sown["wheat"] + 2.5 * s.sown["vegetable"]
    if rounds_left > 1:
        supply += 1.0 * (g["wheat_seed"] + g["vegetable_seed"])
    if s.has("fisherman"):
        supply += 1.5 * rounds_left
    if "bread_oven" in s.built:
        supply += 1.0 * rounds_left
    if s.has("sausage_maker") or s.has("baker"):
        supply += 0.5 * rounds_left
    return supply


COMBOS = tuple(r for r in C.recipes.values() if len(r.inputs) > 1 and r.vp)

#: an unspent die that cannot go to tourism: roughly one action's worth.
DIE_VALUE = 1.8

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
    rounds_left = K["rounds"] - s.round
    penalty = K["beggar_penalty"]
    v = float(s.running_vp() - penalty * s.beggars)
    # this round's meal: what food and cooking cannot cover becomes beggars
    deficit = max(0, C.dice(s.round) + K["food_extra"] - g["food"])
    if deficit:
        _, kitchen = _kitchen(s)
        covered = min(deficit, kitchen)
        v -= penalty * (deficit - covered) + COOKING_COST * covered
    # the meals still to come, against what the farm makes by itself
    future_need = sum(C.dice(r) + K["food_extra"] for r in range(s.round + 1, K["rounds"] + 1))
    v -= FUTURE_FOOD_COST * max(0.0, future_need - _future_food(s, rounds_left))
    if rounds_left:
        # seeds are worth sowing only as far as there are fields for them
        room = max(0, s.empty_fields()) + 1
        for good in sorted(("wheat_seed", "vegetable_seed", "flower_seed"), key=lambda x: -_good_value(s, x)):
            useful = min(g[good], room)
            room -= useful
            v += _good_value(s, good) * useful + 0.2 * (g[good] - useful)
        for crop, n in s.sown.items():
            v += n * SOWN_VALUE[crop]
        v += FIELD_VALUE * min(rounds_left, 3) / 3 * max(0, s.empty_fields())
        for animal, per_round in ANIMAL_YIELD.items():
            if g[animal]:
                product = C.livestock[animal][0]
                if product:  # a craftsman may make the product worth much more
                    per_round = max(per_round, 0.9 * _good_value(s, product))
                base = max(ANIMAL_BASE[animal], _good_value(s, animal))
                v += g[animal] * (base + per_round * rounds_left)
        v += g["horse"] * ANIMAL_BASE["horse"] + g["whisky"] * K["whisky_vp"] * rounds_left
        v += sum(ENGINE.get(c, 0.0) for c in s.hired) * rounds_left / 2
        v += 0.8 * len(s.built) * rounds_left / 2
    can_ship = _can_still_ship(s)
    for good in ("fish", "vegetable", "egg", "milk", "wool", "flower", "meat", "wheat", "butter", "gem"):
        if g[good]:
            value = _good_value(s, good)
            if good in C.perishable and not can_ship and not ("smokehouse" in s.built and good in C.smoked):
                value = min(value, 0.3)
            v += value * g[good]
    if can_ship:
        v += _combo_bonus(s)
    v += _scoring_progress(s, rounds_left)
    tourism_room = K["tourism_cap"] - s.vp["tourism"]
    v += _dice_value(s, tourism_room) + _future_dice_value(s, tourism_room)
    if s.phase == "ship":
        v += _shipping_gain(s)
    elif s.phase == "sow" and rounds_left:
        v += 0.6 * min(s.empty_fields(), sum(g[seed] for seed, _, _ in C.crops.values()))
    return v


def _dice_value(s: DiceyFarmState, tourism_room: int) -> float:
    """Unspent dice: one may still turn its pips into tourism VP this round;
    the others are worth a generic action."""
    tour_open = tourism_room > 0 and "tourism" not in s.used
    value = 0.0
    for face in sorted(s.dice, reverse=True):
        if tour_open:
            value += 0.3 + 0.9 * min(face, tourism_room)
            tour_open = False
        else:
            value += DIE_VALUE + 0.2 * face
    return value


def _future_dice_value(s: DiceyFarmState, tourism_room: int) -> float:
    """The dice of the rounds to come, at their expected worth, so that
    rolling them at a round start is no windfall (ending a round with
    beggars must not look good because fresh dice appear)."""
    room = float(tourism_room)
    if "tourism" not in s.used and s.dice:
        room -= max(s.dice)
    value = 0.0
    for r in range(s.round + 1, K["rounds"] + 1):
        n = C.dice(r)
        best = EXPECTED_MAX[n]
        tour = min(best, max(0.0, room))
        room -= tour
        value += (0.3 + 0.9 * tour if tour > 0 else DIE_VALUE + 0.2 * best) + (n - 1) * (DIE_VALUE + 0.7)
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
                bonus += 0.8 * sets * max(0.0, extra)
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
