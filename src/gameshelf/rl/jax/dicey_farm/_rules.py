"""Dicey Farm's rules as pure functions of a :class:`State`: the queries
and the round's steps that the move (:mod:`._step`) and legality
(:mod:`._legal`) share.

One function per engine function, named after it (``rules/season.py``,
``rules/dice.py``, ``rules/state.py``), so a reader can hold the two side
by side. Branches are written as ``jnp.where`` selections, never Python
``if`` on values, so everything traces once under ``jit`` and batches
under ``vmap``.
"""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import numpy as np

from gameshelf.rl.jax.dicey_farm import _tables as T
from gameshelf.rl.jax.dicey_farm._state import FINAL_KEYS, State

i32 = jnp.int32
replace = dataclasses.replace
FOOD, FISH, WHEAT, MEAT, HORSE, WOOL, WHISKY, GEM, SHEEP, COW = (
    T.G[g] for g in ("food", "fish", "wheat", "meat", "horse", "wool", "whisky", "gem", "sheep", "cow")
)
PH = T.PH
CM = T.CM
FAC = T.FAC
SOWER_DIE: int = T.param("sower", "sow_die")


def hired(s: State, craftsman: str) -> jax.Array:
    return s.hired[CM[craftsman]]


def built(s: State, facility: str) -> jax.Array:
    return s.built[FAC[facility]]


# -- array gestures without scatter ---------------------------------------------------------
# Why: under ``vmap`` on a CPU, XLA turns ``x.at[i].add(v)`` with a traced ``i``
# into a scatter loop that does not fuse; on arrays of a few dozen entries a
# comparison with ``arange`` is many times faster. (Reading ``x[i]`` is a
# gather, which is cheap: it fuses with what reads it.)
def onehot(i: jax.Array | int, n: int) -> jax.Array:
    return jnp.arange(n) == i


def add_at(x: jax.Array, i: jax.Array | int, v: jax.Array | int) -> jax.Array:
    """``x.at[i].add(v)`` for a 1-D ``x``."""
    return x + jnp.where(onehot(i, x.shape[0]), v, 0).astype(x.dtype)


def set_at(x: jax.Array, i: jax.Array | int, v: jax.Array | int | bool) -> jax.Array:
    """``x.at[i].set(v)`` for a 1-D ``x``."""
    return jnp.where(onehot(i, x.shape[0]), v, x).astype(x.dtype)


# -- queries (state.py) -----------------------------------------------------------------
def occupied(s: State) -> jax.Array:
    """Sown fields, one per species held, and horses without a stable."""
    species = total([(s.goods[int(a)] > 0).astype(i32) for a in T.ANIMAL_IDX])
    horses = (s.goods[HORSE] > 0) & ~built(s, "stable")
    return total([s.sown[k] for k in range(T.N_CROPS)]) + species + horses.astype(i32)


def empty_fields(s: State) -> jax.Array:
    return s.fields - occupied(s)


def display_size(s: State) -> jax.Array:
    return total([(s.display[j] >= 0).astype(i32) for j in range(T.DISPLAY)])


def in_display(s: State) -> jax.Array:
    """bool[craftsmen]: who is on display."""
    return shown_in(s.display, np.ones(T.DISPLAY, bool))


def shown_in(display: jax.Array, which: jax.Array | np.ndarray) -> jax.Array:
    """bool[craftsmen]: who sits in the display's slots that ``which`` marks.

    Why six comparisons and not one [slot, craftsman] table reduced over its
    slots: batched on a CPU, a reduction along a game's own short axis runs
    one number at a time, while each comparison here is a whole row at once."""
    craftsmen = jnp.arange(T.N_CRAFTSMEN)
    out = jnp.zeros(T.N_CRAFTSMEN, bool)
    for j in range(T.DISPLAY):
        out = out | ((display[j] == craftsmen) & which[j])
    return out


def score(s: State) -> jax.Array:
    """The engine's ``scores()[0]``: the final total once over, else the running one."""
    running = total([s.vp[k] for k in range(s.vp.shape[0])]) - T.K["beggar_penalty"] * s.beggars
    return jnp.where(s.terminated, total([s.final[k] for k in range(s.final.shape[0] - 1)]), running)


# -- small gestures -----------------------------------------------------------------------
def compact(display: jax.Array, stay: jax.Array) -> jax.Array:
    """The display without the slots not in ``stay``, order kept."""
    # each staying slot moves to the number of staying slots before it
    out = jnp.full(T.DISPLAY, -1, display.dtype)
    slot = jnp.arange(T.DISPLAY)
    before = jnp.zeros((), i32)
    for j in range(T.DISPLAY):
        out = jnp.where(stay[j] & (slot == before), display[j], out)
        before = before + stay[j].astype(i32)
    return out


def refill_craftsmen(s: State) -> State:
    """Refill the display to six from the deck, never reshuffled (D12)."""
    n = display_size(s)
    slot = jnp.arange(T.DISPLAY)
    # the next six cards (-1 past the deck's end), read with one slice: slot
    # j takes card j - n of them
    deck = jnp.concatenate([s.deal_deck, jnp.full(T.DISPLAY, -1, s.deal_deck.dtype)])
    window = jax.lax.dynamic_slice(deck, (s.deck_pos,), (T.DISPLAY,))
    display = s.display
    for k in range(T.DISPLAY):
        display = jnp.where(slot - n == k, window[k], display)
    return replace(s, display=display, deck_pos=jnp.minimum(s.deck_pos + T.DISPLAY - n, T.N_CRAFTSMEN))


# -- the round (season.py) ----------------------------------------------------------------
def compost_bonus(s: State) -> jax.Array:
    heads = total([s.goods[int(a)] for a in T.ANIMAL_IDX])
    bonus = jnp.zeros((), i32)
    for low, extra in T.COMPOST_TIERS:
        bonus = jnp.where(heads >= low, extra, bonus)
    return jnp.where(built(s, "compost_shed"), bonus, 0)


def harvest(s: State) -> State:
    g = s.goods
    heads = jnp.where(T.HAS_PRODUCT, g, 0)
    for animal in np.flatnonzero(T.HAS_PRODUCT):
        g = add_at(g, int(T.PRODUCT[animal]), heads[animal])
    bonus = compost_bonus(replace(s, goods=g))
    seed_bonus = jnp.where(hired(s, "beekeeper"), T.param("beekeeper", "seed_bonus"), 0)
    for k in range(T.N_CROPS):
        g = add_at(g, int(T.CROP_GOOD[k]), s.sown[k] * (int(T.CROP_YIELD[k]) + bonus))
        g = add_at(g, int(T.CROP_SEED[k]), s.sown[k] * (int(T.CROP_SEED_BACK[k]) + seed_bonus))
    return replace(s, goods=g, sown=jnp.zeros_like(s.sown))


def roll_dice(s: State) -> State:
    roll = s.deal_dice[s.round - 1]
    counts = total([(roll[k] == jnp.arange(1, 7)).astype(i32) for k in range(roll.shape[0])])
    return replace(s, dice=counts)


def start_round(s: State) -> State:
    """Refill, wares (the deal's, by round), harvest, caretaker, roll (D24)."""
    return begin_round(refill_craftsmen(s))


def begin_round(s: State) -> State:
    """start_round after the refill: harvest, caretaker, roll."""
    s = harvest(s)
    care = jnp.where(hired(s, "caretaker"), T.param("caretaker", "round_food"), 0)
    s = replace(s, goods=add_at(s.goods, FOOD, care))
    return roll_dice(s)


def final_scoring(s: State) -> jax.Array:
    """season.final_scoring, in its order: int[FINAL_KEYS]."""
    g = s.goods
    gems = g[GEM] * T.K["gem_vp"]
    zoo = jnp.where(hired(s, "zoologist"), jnp.min(g[T.ANIMAL_IDX]) * T.param("zoologist", "set_vp"), 0)
    surveyor = jnp.where(hired(s, "surveyor") & (s.fields >= T.param("surveyor", "min_fields")),
                         T.param("surveyor", "vp"), 0)
    ignored = jnp.where(hired(s, "pastor"), jnp.minimum(s.beggars, T.param("pastor", "ignore_beggars")), 0)
    so_far = total([s.vp[k] for k in range(s.vp.shape[0])]) + gems + zoo + surveyor
    accountant = jnp.where(hired(s, "accountant"), so_far // T.param("accountant", "per_vp"), 0)
    tourism = s.vp[0]
    guide = jnp.where(hired(s, "tour_guide") & (tourism >= T.K["tourism_cap"]), T.param("tour_guide", "vp"), 0)
    beggars = -(s.beggars - ignored) * T.K["beggar_penalty"]
    out = jnp.concatenate([s.vp, jnp.stack([gems, zoo, surveyor, accountant, guide, beggars, ignored])])
    assert out.shape == (len(FINAL_KEYS),)
    return out.astype(i32)


# -- die actions (dice.py) ----------------------------------------------------------------
def contract_cost(s: State, face: jax.Array) -> jax.Array:
    return jnp.where(hired(s, "broker"), T.param("broker", "contract_cost"), face)


def butcherable(s: State) -> jax.Array:
    """bool[goods]: heads that the slaughterhouse can take."""
    return (jnp.asarray(T.MEAT) > 0) & (s.goods > 0)


def wares(table: jax.Array, round_no: jax.Array, face: jax.Array) -> jax.Array:
    """[merchants]: slot ``face`` of each merchant's list in ``round_no``."""
    return table[round_no - 1, :, jnp.clip(face - 1, 0, T.SLOTS - 1)]


def use_checks(s: State, face: jax.Array) -> jax.Array:
    """bool[die actions without discard]: may the die showing ``face`` go there
    (dice.USE_CHECKS, one entry per action, in ``die_actions()`` order)."""
    u = s.used
    du = T.U
    empty = empty_fields(s)
    n_display = display_size(s)
    ok = {
        "fish": ~u[du["fish"]],
        "plough": (s.ploughs < T.K["plough_limit"]) & ((s.ploughs == 0) | (face == s.plough_face)),
        # 「任意の数だけ」: no seed needed, only an empty field (D32)
        "sow": ~u[du["sow"]] & (empty > 0),
        "ship": ~u[du["ship"]] | (s.round >= T.ROUNDS),
        "contract": (~u[du["contract"]] | hired(s, "broker")) & (n_display > 0)
        & (s.goods[FOOD] >= contract_cost(s, face)),
        "recruit": ~u[du["recruit"]] & (face <= n_display),
        "build": ~u[du["build"]] & ((face == T.K["build_face"]) | hired(s, "carpenter"))
        & ~all_of(s.built),
        "tourism": ~u[du["tourism"]],
        "bread_oven": built(s, "bread_oven") & ~u[du["bread_oven"]],
        "slaughterhouse": built(s, "slaughterhouse") & ~u[du["slaughterhouse"]] & any_of(butcherable(s)),
    }
    good = wares(s.deal_ware_good, s.round, face)                        # [merchants]
    owner_ok = jnp.where(T.MERCHANT_OWNER >= 0, take(s.hired, np.maximum(T.MERCHANT_OWNER, 0)), True)
    held = s.goods[good] > 0
    livestock = jnp.asarray(T.IS_LIVESTOCK)[good]
    housed = held | ((good == HORSE) & built(s, "stable")) | (empty > 0)
    buy_ok = owner_ok & (~livestock | housed)
    for k, name in enumerate(T.C.merchants):
        ok["buy_" + name] = buy_ok[k]
    return jnp.stack([ok[a] for a in T.DIE_ACTIONS[:-1]])


#: The sowing rule of rules 1.02-3 (RULES.md D33, issue 29): sowing nothing
#: at all spends the whole die, as the original game does; with the Sower
#: hired its 1 still comes. False gives rules 1.02-2 (the unused count always
#: came back, D15), for replaying games recorded before it.
SOWING_NOTHING_SPENDS_THE_DIE = True


def sowable(s: State) -> jax.Array:
    return (s.left > 0) & (empty_fields(s) > 0) & any_of(take(s.goods, T.CROP_SEED) > 0)


def total(terms: list[jax.Array]) -> jax.Array:
    """The sum of a few terms, written out (see :func:`shown_in` for why not
    a reduction)."""
    out = terms[0]
    for t in terms[1:]:
        out = out + t
    return out


def any_of(x: jax.Array) -> jax.Array:
    """``jnp.any`` of a short 1-D vector, written out."""
    out = x[0]
    for k in range(1, x.shape[0]):
        out = out | x[k]
    return out


def all_of(x: jax.Array) -> jax.Array:
    """``jnp.all`` of a short 1-D vector, written out."""
    out = x[0]
    for k in range(1, x.shape[0]):
        out = out & x[k]
    return out


def take(x: jax.Array, idx: np.ndarray) -> jax.Array:
    """``x[idx]`` for a few static indices, as slices."""
    return jnp.stack([x[int(i)] for i in idx])
