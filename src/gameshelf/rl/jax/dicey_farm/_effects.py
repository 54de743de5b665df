"""Every action id's fixed effect, as one integer table (a row per id).

Why a table: under ``vmap`` a switch over eighteen kinds of action runs
every branch for every game and then selects, leaf by leaf, among eighteen
whole states. Most of what an action does is known from its id alone (the
goods a recipe takes and gives, the VP a shipment earns, the phase it opens,
the "used" slot it ticks), so :mod:`._step` reads its id's row (one gather)
and adds it; only the few effects that depend on the state (the held die's
face, the round's wares, a craftsman's bonus) are computed, once each.

Row ``NOOP`` (= ``N_ACTIONS``) changes nothing: a finished game's step uses it.
"""

from __future__ import annotations

import numpy as np

from gameshelf.games.dicey_farm import actions as A
from gameshelf.rl.jax.dicey_farm import _tables as T

#: the columns, in order: name -> width
COLUMNS: dict[str, int] = {
    "kind": 1,        # index in T.KINDS (-1 on the NOOP row)
    "a": 1,           # the first argument (T.ACTION_ARGS)
    "use": 1,         # Use: its die action (index in T.DIE_ACTIONS), else -1
    "merchant": 1,    # Use of a merchant: its index, else -1
    "phase": 1,       # the phase the action opens, -1 = unchanged
    "used": 1,        # the "used" slot it ticks, -1 = none
    "goods": T.N_GOODS,
    "vp": 4,
    "dice": 6,
    "sown": T.N_CROPS,
}
_START: dict[str, int] = {}
_at = 0
for _name, _width in COLUMNS.items():
    _START[_name] = _at
    _at += _width
WIDTH = _at
NOOP = T.N_ACTIONS


def columns(name: str) -> slice:
    """Where column ``name`` sits in a row."""
    return slice(_START[name], _START[name] + COLUMNS[name])


def _row(i: int) -> np.ndarray:
    row = np.zeros(WIDTH, np.int32)
    row[columns("use")] = row[columns("merchant")] = row[columns("phase")] = row[columns("used")] = -1
    kind, (a, b, c) = int(T.ACTION_KIND[i]), map(int, T.ACTION_ARGS[i])
    cls = T.KINDS[kind]
    row[columns("kind")], row[columns("a")] = kind, a
    goods, vp, dice, sown = (row[columns(n)] for n in ("goods", "vp", "dice", "sown"))
    ph, used = T.PH, T.U
    phase, tick = -1, -1
    if cls is A.PickDie:
        phase = ph["die"]
    elif cls is A.Use:
        name = T.DIE_ACTIONS[a]
        row[columns("use")] = a
        if a in T.BUY_USE:
            row[columns("merchant")] = int(np.flatnonzero(a == T.BUY_USE)[0])
        else:
            # a merchant's die is not "used" (D3); the plough's slot follows its count
            tick = -1 if name == "plough" else used[name]
        opens = {"sow": "sow", "ship": "ship", "contract": "contract", "recruit": "recruit", "build": "build",
                 "tourism": "tour", "bread_oven": "oven", "slaughterhouse": "slaughter"}
        phase = ph[opens.get(name, "main")]
    elif cls is A.Back:
        phase = ph["main"]
    elif cls is A.Modify:
        tick = int(T.MOD_USED[a])
        dice[b - 1] -= 1
        dice[c - 1] += 1
    elif cls is A.ToFood:
        goods[a] -= 1
        goods[T.G["food"]] += T.K["ingredient_food"]
    elif cls is A.Cook:
        goods[a] -= 1
        goods[b] -= 1
        goods[T.G["food"]] += T.K["cook_food"]
    elif cls is A.HorseShip:
        phase, tick = ph["ship"], used["horse"]
    elif cls is A.Sow:
        goods[T.CROP_SEED[a]] -= 1
        sown[a] += 1
    elif cls is A.Ship:
        goods[T.MARKET_GOOD[a]] -= T.MARKET_QTY[a]
        vp[1] += T.MARKET_VP[a]
    elif cls is A.Deliver:
        goods += T.REC_OUT[a] - T.REC_IN[a]
        vp[2] += T.REC_VP[a]
    elif cls is A.Bake:
        goods[T.G["wheat"]] -= T.OVEN["wheat"]
        goods[T.G["food"]] += T.OVEN["food"]
    elif cls is A.Butcher:
        goods[a] -= 1
        goods[T.G["meat"]] += T.MEAT[a]
    elif cls is A.Build:
        goods[T.G["horse"]] += T.STABLE_HORSES if a == T.FAC["stable"] else 0
    row[columns("phase")], row[columns("used")] = phase, tick
    return row


def _table() -> np.ndarray:
    rows = [_row(i) for i in range(T.N_ACTIONS)]
    noop = np.zeros(WIDTH, np.int32)
    for name in ("kind", "use", "merchant", "phase", "used"):
        noop[columns(name)] = -1
    return np.stack([*rows, noop])


TABLE = _table()
