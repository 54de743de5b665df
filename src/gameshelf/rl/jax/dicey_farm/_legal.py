"""Which action ids are legal (the engine's ``rules/legal.py``), as one table.

Why a table: every legality rule of the engine is "in this phase, these few
numbers are in these ranges" (a good held, a craftsman hired and not yet
used, the count left at least the pips...). Written as eighteen small masks
and concatenated, the rule compiled to well over a hundred separate kernels
on a CPU, each with its own start-up cost; here the farm becomes one vector
of numbers (:func:`features`), and each id reads its ``CONDITIONS`` slots of
it with one gather and checks each against a range, then its phase.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from gameshelf.games.dicey_farm import actions as A
from gameshelf.rl.jax.dicey_farm import _rules as R
from gameshelf.rl.jax.dicey_farm import _tables as T
from gameshelf.rl.jax.dicey_farm._state import State

#: the feature vector's parts, in order: name -> width
PARTS: dict[str, int] = {
    "zero": 1, "goods": T.N_GOODS, "dice": 6, "hired": T.N_CRAFTSMEN, "used": len(T.USED),
    "kept": T.N_CRAFTSMEN, "shown": T.N_CRAFTSMEN, "built": T.N_FACILITIES, "use": len(T.DIE_ACTIONS),
    "left": 1, "empty": 1, "dice_left": 1,
}
START: dict[str, int] = {}
_at = 0
for _name, _width in PARTS.items():
    START[_name] = _at
    _at += _width
BIG = 1 << 20
Condition = tuple[int, int, int]     # slot, low, high


def _at_least(part: str, k: int, low: int = 1) -> Condition:
    return START[part] + k, low, BIG


def _none(part: str, k: int) -> Condition:
    return START[part] + k, -BIG, 0


def _conditions(i: int) -> tuple[tuple[str, ...], list[Condition]]:
    """The phases in which id ``i`` may be legal, and its ranges."""
    cls = T.KINDS[int(T.ACTION_KIND[i])]
    a, b, _ = map(int, T.ACTION_ARGS[i])
    if cls is A.PickDie:
        return ("main",), [_at_least("dice", a - 1)]
    if cls is A.Use:
        return ("die",), [_at_least("use", a)]
    if cls is A.Back:
        return ("die",), []
    if cls is A.Modify:
        return ("main",), [_at_least("hired", int(T.DICE_CRAFTSMAN_IDX[a])), _none("used", int(T.MOD_USED[a])),
                           _at_least("dice", b - 1)]
    if cls is A.ToFood:
        return ("main",), [_at_least("goods", a)]
    if cls is A.Cook:
        return ("main",), [_at_least("goods", a), _at_least("goods", b)]
    if cls is A.HorseShip:
        return ("main",), [_at_least("goods", T.G["horse"]), _none("used", T.U["horse"])]
    if cls is A.EndRound:
        return ("main",), [_none("dice_left", 0)]
    if cls is A.Sow:
        return ("sow",), [_at_least("left", 0), _at_least("empty", 0), _at_least("goods", int(T.CROP_SEED[a]))]
    if cls is A.Ship:
        return ("ship",), [_at_least("goods", int(T.MARKET_GOOD[a]), int(T.MARKET_QTY[a]))]
    if cls is A.Deliver:
        needs = [_at_least("goods", g, int(n)) for g, n in enumerate(T.REC_IN[a]) if n > 0]
        return ("ship",), [_at_least("hired", int(T.REC_OWNER[a])), *needs]
    if cls is A.Bake:
        return ("oven",), [_at_least("goods", T.G["wheat"])]
    if cls is A.Done:
        return ("sow", "ship", "oven"), []
    if cls is A.Butcher:
        if T.MEAT[a] <= 0:
            return (), []
        return ("slaughter",), [_at_least("goods", a)]
    if cls is A.Hire:
        return ("contract",), [_at_least("shown", a)]
    if cls is A.Keep:
        return ("recruit",), [_at_least("shown", a), _none("kept", a)]
    if cls is A.Build:
        return ("build",), [_none("built", a)]
    if cls is A.Tour:
        return ("tour",), [_at_least("left", 0, a)]
    raise AssertionError(f"no legality rule for {cls.__name__}")


def _table() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    rules = [_conditions(i) for i in range(T.N_ACTIONS)]
    width = max(len(c) for _, c in rules)
    slot = np.zeros((T.N_ACTIONS, width), np.int32)         # padding reads "zero" in [0, 0]
    low = np.zeros((T.N_ACTIONS, width), np.int32)
    high = np.zeros((T.N_ACTIONS, width), np.int32)
    phases = np.zeros((len(T.PHASES), T.N_ACTIONS), bool)
    for i, (names, conditions) in enumerate(rules):
        for k, (s, lo, hi) in enumerate(conditions):
            slot[i, k], low[i, k], high[i, k] = s, lo, hi
        for name in names:
            phases[T.PH[name], i] = True
    return slot, low, high, phases


SLOT, LOW, HIGH, PHASES = _table()


def _atoms() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The legality table as bits: every distinct (slot, range) test and every
    set of phases becomes one bit of a few words, and each id the bits it needs.

    The first ``len(features)`` bits test each slot against the range most ids
    ask of it (so they need no gather: one comparison of the whole vector with
    two constant vectors); the few other ranges (a shipment's quantity, the
    tour's pips) follow, then one bit per set of phases an id may be played in.
    Returns the per-slot ranges, the extra tests' slots and ranges, which
    phase sets each phase is in, and ``need``: int32[words, N_ACTIONS], the
    bits each id needs.
    """
    n_features = sum(PARTS.values())
    tests: dict[int, list[tuple[int, int]]] = {k: [] for k in range(n_features)}
    for i in range(T.N_ACTIONS):
        for k in range(SLOT.shape[1]):
            test = (int(LOW[i, k]), int(HIGH[i, k]))
            if (int(SLOT[i, k]), *test) != (0, 0, 0) and test not in tests[int(SLOT[i, k])]:
                tests[int(SLOT[i, k])].append(test)
    base_low = np.zeros(n_features, np.int32)
    base_high = np.zeros(n_features, np.int32)
    extra: list[tuple[int, int, int]] = []
    bit: dict[tuple[int, int, int], int] = {(0, 0, 0): 0}           # the padding test ("zero" in [0, 0])
    for slot, ranges in tests.items():
        if ranges:
            base_low[slot], base_high[slot] = ranges[0]
            bit[(slot, *ranges[0])] = slot
        for lo, hi in ranges[1:]:
            bit[(slot, lo, hi)] = n_features + len(extra)
            extra.append((slot, lo, hi))
    sets = sorted({tuple(PHASES[:, i]) for i in range(T.N_ACTIONS)})
    phase_set = np.array([[s[p] for s in sets] for p in range(len(T.PHASES))], bool)   # [phase, set]
    first_set = n_features + len(extra)
    n_bits = first_set + len(sets)
    words = -(-n_bits // WORD)
    need = np.zeros((words, T.N_ACTIONS), np.int32)
    for i in range(T.N_ACTIONS):
        bits = [bit[(int(SLOT[i, k]), int(LOW[i, k]), int(HIGH[i, k]))] for k in range(SLOT.shape[1])]
        bits.append(first_set + sets.index(tuple(PHASES[:, i])))
        for b in bits:
            need[b // WORD, i] |= 1 << (b % WORD)
    return base_low, base_high, np.array(extra, np.int32).reshape(-1, 3), phase_set, need


#: bits per word (int32 words; the sign bit is left alone)
WORD = 31
BASE_LOW, BASE_HIGH, EXTRA, PHASE_SET, NEED = _atoms()


def features(s: State) -> jax.Array:
    """int[...]: the farm's numbers that legality reads (see ``PARTS``)."""
    checks = R.use_checks(s, s.held)
    use = jnp.concatenate([checks, ~R.any_of(checks)[None]])
    i32 = jnp.int32
    parts = [jnp.zeros(1, i32), s.goods, s.dice, s.hired, s.used, s.kept, R.in_display(s), s.built, use,
             s.left[None], R.empty_fields(s)[None], R.total([s.dice[k] for k in range(6)])[None]]
    return jnp.concatenate([p.astype(i32) for p in parts])


def legal_mask(s: State) -> jax.Array:
    """bool[N_ACTIONS]: the engine's ``legal_actions()`` as a mask over its ids.
    A finished game's mask is all true (pgx's convention; any action is then
    a no-op with zero reward).

    Why bits: reading each id's slots is a gather of four numbers per id,
    which a CPU does one number at a time; here every test is made once, the
    answers packed into a few 32-bit words, and each id is legal when its
    words hold all the bits it needs (``NEED``): a handful of whole-row ANDs."""
    f = features(s)
    tests = [(f >= BASE_LOW) & (f <= BASE_HIGH)]
    tests += [((f[slot] >= lo) & (f[slot] <= hi))[None] for slot, lo, hi in EXTRA.tolist()]
    tests.append(jnp.asarray(PHASE_SET)[s.phase])
    bits = jnp.concatenate(tests)
    words = [_pack(bits[w * WORD: (w + 1) * WORD]) for w in range(NEED.shape[0])]
    missing = jnp.zeros(T.N_ACTIONS, jnp.int32)
    for w, word in enumerate(words):
        missing = missing | (~word & NEED[w])
    return (missing == 0) | s.terminated


def _pack(bits: jax.Array) -> jax.Array:
    """Up to ``WORD`` bools as the bits of one int32, bit ``k`` = ``bits[k]``."""
    word = jnp.zeros((), jnp.int32)
    for k in range(bits.shape[0]):
        word = word | (bits[k].astype(jnp.int32) << k)
    return word
