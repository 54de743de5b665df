"""Dicey Farm's rule data as numpy tables, read from the engine at import.

Why from the engine: every number comes from ``games/dicey_farm/data/*.toml``
through the engine's validated loader (``components()``), and every id
(actions, observation slots) from the engine's own universe and vocabularies,
so the JAX rules can never hold a second copy of a table that drifts. The
engine's string keys become integer indices here; nothing below knows a
good's name except where a rule names it (the rulebook names fish, food...).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gameshelf.core.actions import Action
from gameshelf.core.registry import load_game
from gameshelf.games.dicey_farm import actions as A
from gameshelf.games.dicey_farm import encoding
from gameshelf.games.dicey_farm.components import components
from gameshelf.games.dicey_farm.rules.dice import MERCHANT_ACTIONS, die_actions
from gameshelf.games.dicey_farm.rules.legal import DICE_CRAFTSMEN

C = components()
K = C.constants
GAME = load_game("dicey-farm")

# -- vocabularies (engine order) ---------------------------------------------------
GOODS: tuple[str, ...] = C.resources
G = {g: i for i, g in enumerate(GOODS)}
CRAFTSMEN: tuple[str, ...] = C.deck            # the Hire / Keep action order
CM = {c: i for i, c in enumerate(CRAFTSMEN)}
CROPS: tuple[str, ...] = tuple(C.crops)
FACILITIES: tuple[str, ...] = tuple(C.facilities)
FAC = {f: i for i, f in enumerate(FACILITIES)}
MERCHANTS: tuple[str, ...] = tuple(C.merchants)
RECIPES: tuple[str, ...] = tuple(C.recipes)
MARKET: tuple[str, ...] = tuple(C.market)
INGREDIENTS: tuple[str, ...] = C.ingredients
ANIMALS = ("chicken", "sheep", "pig", "cow")   # the four species of 家畜 (engine's ANIMALS)
DIE_ACTIONS: tuple[str, ...] = (*die_actions(), "discard")
DA = {a: i for i, a in enumerate(DIE_ACTIONS)}
PHASES: tuple[str, ...] = encoding.PHASES
PH = {p: i for i, p in enumerate(PHASES)}
#: the observation's "used" vocabulary, then "discard" (the engine marks it used
#: too, the tensor leaves it out)
USED: tuple[str, ...] = (*map(str, encoding._vocabs()["used"].items), "discard")
U = {u: i for i, u in enumerate(USED)}
SORTED_CRAFTSMEN = tuple(map(str, encoding._vocabs()["craftsmen"].items))
SORTED_CROPS = tuple(map(str, encoding._vocabs()["crops"].items))

N_GOODS, N_CRAFTSMEN, N_CROPS = len(GOODS), len(CRAFTSMEN), len(CROPS)
N_FACILITIES, N_MERCHANTS, N_RECIPES = len(FACILITIES), len(MERCHANTS), len(RECIPES)
ROUNDS: int = K["rounds"]
DISPLAY: int = K["display_size"]
MAX_DICE = max(K["dice_per_round"])
SLOTS = 6                                        # a die buys slot 1..6
N_ACQUIRABLE = N_CRAFTSMEN + N_FACILITIES

# -- constants --------------------------------------------------------------------
DICE_PER_ROUND = np.array(K["dice_per_round"], np.int32)
FISHING = np.array(K["fishing"], np.int32)
PERISHABLE = np.array([g in C.perishable for g in GOODS])
SMOKED = np.array([g in C.smoked for g in GOODS])
IS_LIVESTOCK = np.array([g in C.livestock for g in GOODS])
IS_ANIMAL = np.array([g in ANIMALS for g in GOODS])
ANIMAL_IDX = np.array([G[a] for a in ANIMALS], np.int32)
MARKET_QTY = np.array([C.market[g][0] for g in MARKET], np.int32)
MARKET_VP = np.array([C.market[g][1] for g in MARKET], np.int32)
MARKET_GOOD = np.array([G[g] for g in MARKET], np.int32)
CROP_SEED = np.array([G[C.crops[c][0]] for c in CROPS], np.int32)
CROP_GOOD = np.array([G[c] for c in CROPS], np.int32)
CROP_YIELD = np.array([C.crops[c][1] for c in CROPS], np.int32)
CROP_SEED_BACK = np.array([C.crops[c][2] for c in CROPS], np.int32)


def _livestock() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per good: its product's index (heads -> product), whether it has one, its meat."""
    product, has, meat = np.zeros(N_GOODS, np.int32), np.zeros(N_GOODS, bool), np.zeros(N_GOODS, np.int32)
    for animal, (made, n) in C.livestock.items():
        meat[G[animal]] = n
        if made:
            product[G[animal]], has[G[animal]] = G[made], True
    return product, has, meat


def _recipes() -> tuple[np.ndarray, np.ndarray]:
    """Each recipe's inputs and outputs as vectors over the goods."""
    inputs = np.zeros((N_RECIPES, N_GOODS), np.int32)
    outputs = np.zeros((N_RECIPES, N_GOODS), np.int32)
    for i, name in enumerate(RECIPES):
        for good, n in C.recipes[name].inputs:
            inputs[i, G[good]] = n
        for good, n in C.recipes[name].outputs:
            outputs[i, G[good]] = n
    return inputs, outputs


PRODUCT, HAS_PRODUCT, MEAT = _livestock()
REC_IN, REC_OUT = _recipes()
REC_VP = np.array([C.recipes[r].vp for r in RECIPES], np.int32)
REC_OWNER = np.array([CM[C.recipes[r].craftsman] for r in RECIPES], np.int32)
COMPOST_TIERS = np.array(C.facilities["compost_shed"]["tiers"], np.int32)
OVEN = C.facilities["bread_oven"]
SLAUGHTER_RETURNS: int = C.facilities["slaughterhouse"]["returns"]
STABLE_HORSES: int = C.facilities["stable"]["horses"]
#: the merchant each buy action uses, and the craftsman that opens it (-1: always open)
MERCHANT_OWNER = np.array([CM[C.merchants[m][0]] if C.merchants[m][0] else -1 for m in MERCHANTS], np.int32)
BUY_USE = np.array([DA[a] for a in MERCHANT_ACTIONS], np.int32)


def param(craftsman: str, key: str) -> Any:
    """A number printed on a craftsman card (``data/craftsmen.toml``)."""
    return C.craftsmen[craftsman].params[key]


# each round's merchant lists before shuffling: good and qty, padded to the longest
MAX_ITEMS = max(len(items) for _, items in C.merchants.values())


def _items() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    good = np.zeros((ROUNDS, N_MERCHANTS, MAX_ITEMS), np.int32)
    qty = np.zeros((ROUNDS, N_MERCHANTS, MAX_ITEMS), np.int32)
    count = np.zeros((ROUNDS, N_MERCHANTS), np.int32)
    for r in range(ROUNDS):
        for m, name in enumerate(MERCHANTS):
            items = C.merchant_items(name, r + 1)
            count[r, m] = len(items)
            for k, item in enumerate(items):
                good[r, m, k], qty[r, m, k] = G[item.good], item.qty
    return good, qty, count


ITEM_GOOD, ITEM_QTY, ITEM_COUNT = _items()

# -- the action universe, decoded into (kind, a, b, c) ------------------------------
KINDS: tuple[type[Action], ...] = A.ACTION_CLASSES
KIND = {cls: k for k, cls in enumerate(KINDS)}
N_ACTIONS: int = GAME.num_distinct_actions


def _args(a: Action) -> tuple[int, int, int]:
    if isinstance(a, A.PickDie):
        return a.face, 0, 0
    if isinstance(a, A.Use):
        return DA[a.action], 0, 0
    if isinstance(a, A.Modify):
        return DICE_CRAFTSMEN.index(a.craftsman), a.face, a.to
    if isinstance(a, A.ToFood):
        return G[a.good], 0, 0
    if isinstance(a, A.Cook):
        return G[a.first], G[a.second], 0
    if isinstance(a, A.Sow):
        return CROPS.index(a.crop), 0, 0
    if isinstance(a, A.Ship):
        return MARKET.index(a.good), 0, 0
    if isinstance(a, A.Deliver):
        return RECIPES.index(a.recipe), 0, 0
    if isinstance(a, A.Butcher):
        return G[a.animal], 0, 0
    if isinstance(a, A.Hire | A.Keep):
        return CM[a.craftsman], 0, 0
    if isinstance(a, A.Build):
        return FAC[a.facility], 0, 0
    if isinstance(a, A.Tour):
        return a.pips, 0, 0
    return 0, 0, 0


def _actions() -> tuple[np.ndarray, np.ndarray]:
    kind = np.zeros(N_ACTIONS, np.int32)
    args = np.zeros((N_ACTIONS, 3), np.int32)
    for i in range(N_ACTIONS):
        action = GAME.action_from_id(i)
        kind[i] = KIND[type(action)]
        args[i] = _args(action)
    return kind, args


ACTION_KIND, ACTION_ARGS = _actions()


def ids_of(cls: type[Action]) -> np.ndarray:
    """The ids of one action class, in universe order."""
    return np.flatnonzero(KIND[cls] == ACTION_KIND).astype(np.int32)


DICE_CRAFTSMAN_IDX = np.array([CM[c] for c in DICE_CRAFTSMEN], np.int32)
MOD_USED = np.array([U["mod:" + c] for c in DICE_CRAFTSMEN], np.int32)

# -- observation: float32 look-up tables made with the encoder's own arithmetic -----
# TensorWriter computes each slot in float64 and stores it as float32; a table
# per field, indexed by the (integer) value, gives the very same float32 bits.


def lut_number(high: float, low: float, lo: int, hi: int) -> np.ndarray:
    """``TensorWriter.number`` for every integer ``lo..hi``."""
    out = []
    for v in range(lo, hi + 1):
        x = (float(v) - low) / (high - low)
        out.append(0.0 if not x > 0.0 else min(x, 1.0))
    return np.array(out, np.float32)


def lut_numbers(high: float, hi: int) -> np.ndarray:
    """``TensorWriter.numbers`` (low 0) for every integer ``0..hi``."""
    scale = 1.0 / high
    return np.array([0.0 if not v * scale > 0.0 else min(v * scale, 1.0) for v in range(hi + 1)], np.float32)


def lut_counts(high: float, hi: int) -> np.ndarray:
    """``TensorWriter.counts`` for every integer ``0..hi``."""
    return np.array([0.0 if not float(v) / high > 0.0 else min(float(v) / high, 1.0) for v in range(hi + 1)], np.float32)


SCORE_LOW, SCORE_HIGH = -100, 150
#: each round's wares as the tensor counts them (what each merchant offers, by good)


def _wares_obs() -> np.ndarray:
    out = np.zeros((ROUNDS, N_MERCHANTS * N_GOODS), np.float32)
    for r in range(ROUNDS):
        for m in range(N_MERCHANTS):
            offer = np.zeros(N_GOODS, np.int64)
            for k in range(ITEM_COUNT[r, m]):
                offer[ITEM_GOOD[r, m, k]] += ITEM_QTY[r, m, k]
            out[r, m * N_GOODS:(m + 1) * N_GOODS] = lut_counts(encoding.MERCHANT_CAP, int(offer.max()))[offer]
    return out


WARES_OBS = _wares_obs()
#: craftsman index (engine deck order) -> slot in the tensor's sorted vocabulary
TO_SORTED_CRAFTSMEN = np.array([CRAFTSMEN.index(c) for c in SORTED_CRAFTSMEN], np.int32)
TO_SORTED_CROPS = np.array([CROPS.index(c) for c in SORTED_CROPS], np.int32)
OBS_USED = len(USED) - 1
