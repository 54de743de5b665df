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


def evaluate(s: DiceyFarmState) -> float:
    """Estimated final score of ``s`` (exact once the game is over)."""
    if s.final is not None:
        return s.scores()[0]
    g = s.goods
    rounds_left = K["rounds"] - s.round
    v = float(s.running_vp() - K["beggar_penalty"] * s.beggars)
    # this round's meal: food short now costs beggars unless cooked away
    need = C.dice(s.round) + K["food_extra"]
    v -= K["beggar_penalty"] * max(0, need - g["food"])
    if rounds_left:
        v += 0.6 * max(0, g["food"] - need)  # a head start on next round's meal
        for good in ("wheat_seed", "vegetable_seed", "flower_seed"):
            v += _good_value(s, good) * g[good]
        for crop, n in s.sown.items():
            v += n * (1.8 if crop == "wheat" else 1.6 if crop == "vegetable" else 3.0)
        v += 0.8 * max(0, s.empty_fields())
        for animal, per_round in ANIMAL_YIELD.items():
            if g[animal]:
                v += g[animal] * (ANIMAL_BASE[animal] + per_round * rounds_left)
        v += g["horse"] * ANIMAL_BASE["horse"] + g["whisky"] * K["whisky_vp"] * rounds_left
        v += sum(ENGINE.get(c, 0.0) for c in s.hired) * rounds_left / 2
        v += 0.8 * len(s.built) * rounds_left / 2
    for good in ("fish", "vegetable", "egg", "milk", "wool", "flower", "meat", "wheat", "butter", "gem"):
        if g[good]:
            v += _good_value(s, good) * g[good]
    v += _scoring_progress(s, rounds_left)
    tourism_room = K["tourism_cap"] - s.vp["tourism"]
    for face in s.dice:
        v += 1.0 + 0.7 * min(face, tourism_room)
    if s.phase == "ship":
        v += 0.2 * s.left
    return v
