"""Dicey Farm's rules as pure functions of a :class:`State`.

One function per engine function, named after it (``rules/season.py``,
``rules/dice.py``, ``rules/steps.py``, ``rules/legal.py``), so a reader can
hold the two side by side. Branches are written as ``jnp.where`` selections,
never Python ``if`` on values, so everything traces once under ``jit`` and
batches under ``vmap``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import jax
import jax.numpy as jnp
import numpy as np

from gameshelf.core.actions import Action
from gameshelf.games.dicey_farm import actions as A
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
#: die action -> its slot in ``used``
USE_TO_USED = jnp.asarray([T.U[a] for a in T.DIE_ACTIONS], i32)


def hired(s: State, craftsman: str) -> jax.Array:
    return s.hired[CM[craftsman]]


def built(s: State, facility: str) -> jax.Array:
    return s.built[FAC[facility]]


# -- array gestures without scatter or gather ---------------------------------------------
# Why: under ``vmap`` on a CPU, XLA turns ``x.at[i].add(v)`` and ``x[i]`` with a
# traced ``i`` into scatter and gather loops that do not fuse; on arrays of a
# few dozen entries a comparison with ``arange`` is many times faster.
def onehot(i: jax.Array | int, n: int) -> jax.Array:
    return jnp.arange(n) == i


def add_at(x: jax.Array, i: jax.Array | int, v: jax.Array | int) -> jax.Array:
    """``x.at[i].add(v)`` for a 1-D ``x``."""
    return x + jnp.where(onehot(i, x.shape[0]), v, 0).astype(x.dtype)


def set_at(x: jax.Array, i: jax.Array | int, v: jax.Array | int | bool) -> jax.Array:
    """``x.at[i].set(v)`` for a 1-D ``x``."""
    return jnp.where(onehot(i, x.shape[0]), v, x).astype(x.dtype)


def get_at(x: jax.Array | np.ndarray, i: jax.Array) -> jax.Array:
    """``x[i]`` for a 1-D ``x`` (numpy tables included) and a traced ``i``."""
    x = jnp.asarray(x)
    hit = onehot(i, x.shape[0])
    if x.dtype == bool:
        return jnp.any(hit & x)
    return jnp.sum(jnp.where(hit, x, 0)).astype(x.dtype)


def where(cond: jax.Array, new: State, old: State) -> State:
    """``new`` where ``cond`` holds, else ``old``, leaf by leaf."""
    # a leaf that a branch left alone is the very same array: no select for it
    merged: State = jax.tree_util.tree_map(lambda a, b: a if a is b else jnp.where(cond, a, b), new, old)
    return merged


# -- queries (state.py) -----------------------------------------------------------------
def occupied(s: State) -> jax.Array:
    """Sown fields, one per species held, and horses without a stable."""
    species = jnp.sum(take(s.goods, T.ANIMAL_IDX) > 0)
    horses = (s.goods[HORSE] > 0) & ~built(s, "stable")
    return jnp.sum(s.sown) + species + horses.astype(i32)


def empty_fields(s: State) -> jax.Array:
    return s.fields - occupied(s)


def display_size(s: State) -> jax.Array:
    return jnp.sum(s.display >= 0)


def in_display(s: State) -> jax.Array:
    """bool[craftsmen]: who is on display."""
    return jnp.any(s.display[:, None] == jnp.arange(T.N_CRAFTSMEN)[None, :], axis=0)


def score(s: State) -> jax.Array:
    """The engine's ``scores()[0]``: the final total once over, else the running one."""
    running = jnp.sum(s.vp) - T.K["beggar_penalty"] * s.beggars
    return jnp.where(s.terminated, jnp.sum(s.final[:-1]), running)


# -- small gestures -----------------------------------------------------------------------
def give_die(s: State, face: jax.Array, when: jax.Array) -> State:
    """A die showing ``face`` comes back (dice.give_die), if ``when``."""
    add = (when & (face >= 1)).astype(i32)
    return replace(s, dice=add_at(s.dice, face - 1, add))


def back_to_main(s: State) -> State:
    return replace(s, phase=jnp.asarray(PH["main"], i32), left=jnp.zeros((), i32))


def acquire(s: State, code: int | jax.Array) -> State:
    return replace(s, acquired=set_at(s.acquired, code, s.n_acquired), n_acquired=s.n_acquired + 1)


def compact(display: jax.Array, stay: jax.Array) -> jax.Array:
    """The display without the slots not in ``stay``, order kept."""
    slot = jnp.arange(T.DISPLAY)
    # each staying slot moves to the number of staying slots before it
    before = jnp.sum(stay[None, :] & (slot[None, :] < slot[:, None]), axis=1)
    moves = stay[None, :] & (before[None, :] == slot[:, None])        # [to, from]
    return jnp.where(jnp.any(moves, axis=1), jnp.sum(jnp.where(moves, display[None, :], 0), axis=1), -1)


def refill_craftsmen(s: State) -> State:
    """Refill the display to six from the deck, never reshuffled (D12)."""
    n = display_size(s)
    slot = jnp.arange(T.DISPLAY)
    pos = s.deck_pos + slot - n
    card = jnp.sum(jnp.where(pos[:, None] == jnp.arange(T.N_CRAFTSMEN)[None, :], s.deal_deck[None, :], 0), axis=1)
    fresh = jnp.where(pos < T.N_CRAFTSMEN, card, -1)
    display = jnp.where(slot < n, s.display, fresh)
    return replace(s, display=display, deck_pos=jnp.minimum(s.deck_pos + T.DISPLAY - n, T.N_CRAFTSMEN))


# -- the round (season.py) ----------------------------------------------------------------
def compost_bonus(s: State) -> jax.Array:
    heads = jnp.sum(take(s.goods, T.ANIMAL_IDX))
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
    roll = jnp.sum(jnp.where(onehot(s.round - 1, T.ROUNDS)[:, None], s.deal_dice, 0), axis=0)
    counts = jnp.sum(roll[:, None] == jnp.arange(1, 7)[None, :], axis=0).astype(i32)
    return replace(s, dice=counts)


def start_round(s: State) -> State:
    """Refill, wares (the deal's, by round), harvest, caretaker, roll (D24)."""
    s = refill_craftsmen(s)
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
    so_far = jnp.sum(s.vp) + gems + zoo + surveyor
    accountant = jnp.where(hired(s, "accountant"), so_far // T.param("accountant", "per_vp"), 0)
    tourism = s.vp[0]
    guide = jnp.where(hired(s, "tour_guide") & (tourism >= T.K["tourism_cap"]), T.param("tour_guide", "vp"), 0)
    beggars = -(s.beggars - ignored) * T.K["beggar_penalty"]
    out = jnp.concatenate([s.vp, jnp.stack([gems, zoo, surveyor, accountant, guide, beggars, ignored])])
    assert out.shape == (len(FINAL_KEYS),)
    return out.astype(i32)


def end_round(s: State) -> State:
    """Eat, whisky, the shepherd's wool, rot, two craftsmen leave; then the
    next round or the final scoring."""
    g = s.goods
    need = get_at(T.DICE_PER_ROUND, s.round - 1) + T.K["food_extra"]
    food = g[FOOD]
    beggars = s.beggars + jnp.maximum(need - food, 0)
    g = set_at(g, FOOD, jnp.maximum(food - need, 0))
    vp = add_at(s.vp, 3, g[WHISKY] * T.K["whisky_vp"])
    wool = jnp.where(hired(s, "shepherd"), (g[SHEEP] // 2) * T.param("shepherd", "wool_per_sheep_pair"), 0)
    g = add_at(g, WOOL, wool)
    keep = T.SMOKED & built(s, "smokehouse")
    g = jnp.where(T.PERISHABLE & ~keep, 0, g)
    # 「契約できる職人」を左から2人取り除きます, skipped after 募集
    drop = T.K["display_removed"]
    slot = jnp.arange(T.DISPLAY)
    leaving = (slot < drop) & (s.display >= 0) & ~s.recruited
    gone = s.gone | jnp.any((s.display[:, None] == jnp.arange(T.N_CRAFTSMEN)[None, :]) & leaving[:, None], axis=0)
    display = compact(s.display, (s.display >= 0) & ~leaving)
    s = replace(s, goods=g, beggars=beggars, vp=vp, gone=gone, display=display,
                used=jnp.zeros_like(s.used), plough_face=jnp.zeros((), i32),
                ploughs=jnp.zeros((), i32), recruited=jnp.zeros((), bool))
    last = s.round >= T.ROUNDS
    over = replace(s, final=final_scoring(s), terminated=jnp.ones((), bool))
    nxt = start_round(replace(s, round=jnp.minimum(s.round + 1, T.ROUNDS)))
    return where(last, over, nxt)


# -- die actions (dice.py) ----------------------------------------------------------------
def contract_cost(s: State, face: jax.Array) -> jax.Array:
    return jnp.where(hired(s, "broker"), T.param("broker", "contract_cost"), face)


def butcherable(s: State) -> jax.Array:
    """bool[goods]: heads that the slaughterhouse can take."""
    return (jnp.asarray(T.MEAT) > 0) & (s.goods > 0)


def wares(table: jax.Array, round_no: jax.Array, face: jax.Array) -> jax.Array:
    """[merchants]: slot ``face`` of each merchant's list in ``round_no``."""
    hit = onehot(round_no - 1, T.ROUNDS)[:, None, None] & onehot(face - 1, T.SLOTS)[None, None, :]
    return jnp.sum(jnp.where(hit, table, 0), axis=(0, 2))


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
        & (jnp.sum(s.built) < T.N_FACILITIES),
        "tourism": ~u[du["tourism"]],
        "bread_oven": built(s, "bread_oven") & ~u[du["bread_oven"]],
        "slaughterhouse": built(s, "slaughterhouse") & ~u[du["slaughterhouse"]] & jnp.any(butcherable(s)),
    }
    good = wares(s.deal_ware_good, s.round, face)                        # [merchants]
    owner_ok = jnp.where(T.MERCHANT_OWNER >= 0, take(s.hired, np.maximum(T.MERCHANT_OWNER, 0)), True)
    is_good = good[:, None] == jnp.arange(T.N_GOODS)[None, :]             # [merchants, goods]
    held = jnp.any(is_good & (s.goods > 0)[None, :], axis=1)
    livestock = jnp.any(is_good & T.IS_LIVESTOCK[None, :], axis=1)
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


def finish_sow(s: State) -> State:
    """The unused count comes back as a die (D15) unless nothing was sown
    (D33), then the Sower's die."""
    sower = hired(s, "sower")
    sowed_nothing = s.left == s.sow_face
    # ---- THE SOWING RULE (RULES.md D33, issue 29) -------------------------------------
    # Sowing nothing SPENDS the die (the original game's behaviour; with the
    # Sower that used to be a free die every round); after sowing at least
    # one seed, the unused count comes back (D15). The Sower's 1 follows.
    spent = sowed_nothing & SOWING_NOTHING_SPENDS_THE_DIE
    refund = jnp.where(spent, 0, s.left)
    # ----------------------------------------------------------------------------------
    s = give_die(s, refund, refund > 0)
    s = give_die(s, jnp.asarray(SOWER_DIE, i32), sower)
    return back_to_main(s)


def sowable(s: State) -> jax.Array:
    return (s.left > 0) & (empty_fields(s) > 0) & jnp.any(take(s.goods, T.CROP_SEED) > 0)


def finish_oven(s: State) -> State:
    return back_to_main(give_die(s, s.left, s.left > 0))


def finish_recruit(s: State) -> State:
    """Keep the chosen craftsmen (display order), the rest leave; refill."""
    on = s.display >= 0
    stay = on & jnp.any((s.display[:, None] == jnp.arange(T.N_CRAFTSMEN)[None, :]) & s.kept[None, :], axis=1)
    leaving = on & ~stay
    gone = s.gone | jnp.any((s.display[:, None] == jnp.arange(T.N_CRAFTSMEN)[None, :]) & leaving[:, None], axis=0)
    s = replace(s, gone=gone, display=compact(s.display, stay), kept=jnp.zeros_like(s.kept))
    return back_to_main(refill_craftsmen(s))


#: what a step leaves to finish (see :func:`apply`): nothing, a sowing, a
#: baking, a recruiting, or a plain return to the main step
NONE, SOW, OVEN, RECRUIT, MAIN = range(5)
Finish = tuple[State, jax.Array]


def finish(code: int, when: jax.Array) -> jax.Array:
    return jnp.where(when, code, NONE).astype(i32)


def _use(s: State, action: jax.Array) -> Finish:
    """dice.use: spend the held die on die action ``action``."""
    face = s.held
    f1 = jnp.clip(face - 1, 0, 5)
    s = replace(s, held=jnp.zeros((), i32), phase=jnp.asarray(PH["main"], i32),
                dice=add_at(s.dice, f1, -1), used=set_at(s.used, get_at(USE_TO_USED, action), True))
    g = s.goods
    # fish
    fish = get_at(T.FISHING, f1) + jnp.where(hired(s, "fisherman"), T.param("fisherman", "fishing_bonus"), 0)
    s_fish = replace(s, goods=add_at(g, FISH, fish))
    # plough: twice a round with the same face (D9); the cowherd's two fields (D23)
    ploughs = s.ploughs + 1
    new = jnp.where(hired(s, "cowherd") & (g[COW] > 0), T.param("cowherd", "plough_fields"), 1)
    s_plough = replace(s, ploughs=ploughs, plough_face=face, fields=s.fields + new,
                       used=set_at(s.used, T.U["plough"], ploughs >= T.K["plough_limit"]))
    # sow
    s_sow = replace(s, phase=jnp.asarray(PH["sow"], i32), left=face, sow_face=face)
    then_sow = finish(SOW, ~sowable(s_sow))
    # ship
    porter = jnp.where(hired(s, "porter"), T.param("porter", "shipments_bonus"), 0)
    s_ship = replace(s, phase=jnp.asarray(PH["ship"], i32), left=face + T.K["ship_bonus"] + g[HORSE] + porter)
    s_contract = replace(s, phase=jnp.asarray(PH["contract"], i32), left=contract_cost(s, face))
    s_recruit = replace(s, recruited=jnp.ones((), bool), phase=jnp.asarray(PH["recruit"], i32), left=face,
                        kept=jnp.zeros_like(s.kept))
    everyone = face == display_size(s)  # keeping all is immediate (D16)
    s_recruit = replace(s_recruit, kept=jnp.where(everyone, in_display(s), s_recruit.kept))
    s_build = replace(s, phase=jnp.asarray(PH["build"], i32))
    s_tour = replace(s, phase=jnp.asarray(PH["tour"], i32), left=face)
    s_oven = replace(s, phase=jnp.asarray(PH["oven"], i32), left=face)
    then_bake = finish(OVEN, g[WHEAT] <= 0)
    s_slaughter = replace(s, phase=jnp.asarray(PH["slaughter"], i32), left=face)
    # merchants: slot ``face`` of this round's shuffled list; the ware stays (D3)
    merchant = jnp.asarray(T.BUY_USE) == action
    good = jnp.sum(jnp.where(merchant, wares(s.deal_ware_good, s.round, face), 0))
    qty = jnp.sum(jnp.where(merchant, wares(s.deal_ware_qty, s.round, face), 0))
    s_buy = replace(s, goods=add_at(g, good, qty), used=set_at(s.used, get_at(USE_TO_USED, action), False))
    a = T.DA
    out = s  # discard: the die is simply spent
    for name, branch in (("fish", s_fish), ("plough", s_plough), ("sow", s_sow), ("ship", s_ship),
                         ("contract", s_contract), ("recruit", s_recruit), ("build", s_build),
                         ("tourism", s_tour), ("bread_oven", s_oven), ("slaughterhouse", s_slaughter)):
        out = where(action == a[name], branch, out)
    code = jnp.where(action == a["sow"], then_sow, jnp.asarray(NONE, i32))
    code = jnp.where(action == a["bread_oven"], then_bake, code)
    code = jnp.where(action == a["recruit"], finish(RECRUIT, everyone), code)
    return where(jnp.any(action == T.BUY_USE), s_buy, out), code

# -- the small steps (steps.py) and the free actions ----------------------------------------
def _pick(s: State, a: jax.Array, b: jax.Array, c: jax.Array) -> State:
    return replace(s, phase=jnp.asarray(PH["die"], i32), held=a)


def _back(s: State, a: jax.Array, b: jax.Array, c: jax.Array) -> State:
    return replace(s, phase=jnp.asarray(PH["main"], i32), held=jnp.zeros((), i32))


def _modify(s: State, a: jax.Array, b: jax.Array, c: jax.Array) -> State:
    """A dice craftsman turns a die showing ``b`` into ``c`` (once a round, D22)."""
    used = set_at(s.used, get_at(T.MOD_USED, a), True)
    return replace(s, used=used, dice=add_at(add_at(s.dice, b - 1, -1), c - 1, 1))


def _to_food(s: State, a: jax.Array, b: jax.Array, c: jax.Array) -> State:
    return replace(s, goods=add_at(add_at(s.goods, a, -1), FOOD, T.K["ingredient_food"]))


def _cook(s: State, a: jax.Array, b: jax.Array, c: jax.Array) -> State:
    return replace(s, goods=add_at(add_at(add_at(s.goods, a, -1), b, -1), FOOD, T.K["cook_food"]))


def _horse_ship(s: State, a: jax.Array, b: jax.Array, c: jax.Array) -> State:
    """馬: two free shipments once a round (D8)."""
    return replace(s, used=set_at(s.used, T.U["horse"], True), phase=jnp.asarray(PH["ship"], i32),
                   left=jnp.asarray(T.K["horse_shipments"], i32))


def _sow(s: State, a: jax.Array, b: jax.Array, c: jax.Array) -> Finish:
    s = replace(s, goods=add_at(s.goods, get_at(T.CROP_SEED, a), -1), sown=add_at(s.sown, a, 1), left=s.left - 1)
    return s, finish(SOW, ~sowable(s))


def shipment_done(s: State) -> State:
    s = replace(s, left=s.left - 1)
    return where(s.left <= 0, back_to_main(s), s)


def _ship(s: State, a: jax.Array, b: jax.Array, c: jax.Array) -> State:
    s = replace(s, goods=add_at(s.goods, get_at(T.MARKET_GOOD, a), -get_at(T.MARKET_QTY, a)),
                vp=add_at(s.vp, 1, get_at(T.MARKET_VP, a)))
    return shipment_done(s)


def _deliver(s: State, a: jax.Array, b: jax.Array, c: jax.Array) -> State:
    pick = onehot(a, T.N_RECIPES)[:, None]
    change = jnp.sum(jnp.where(pick, T.REC_OUT - T.REC_IN, 0), axis=0)
    return shipment_done(replace(s, goods=s.goods + change, vp=add_at(s.vp, 2, get_at(T.REC_VP, a))))


def _bake(s: State, a: jax.Array, b: jax.Array, c: jax.Array) -> Finish:
    g = add_at(add_at(s.goods, WHEAT, -T.OVEN["wheat"]), FOOD, T.OVEN["food"])
    s = replace(s, goods=g, left=s.left - 1)
    return s, finish(OVEN, (s.left == 0) | (g[WHEAT] < T.OVEN["wheat"]))


def _butcher(s: State, a: jax.Array, b: jax.Array, c: jax.Array) -> State:
    """解体小屋: one head into meat; a die one lower comes back from a 2 up."""
    face = s.left
    s = replace(s, goods=add_at(add_at(s.goods, a, -1), MEAT, get_at(T.MEAT, a)))
    return back_to_main(give_die(s, face - T.SLAUGHTER_RETURNS, face >= 2))


def _hire(s: State, a: jax.Array, b: jax.Array, c: jax.Array) -> State:
    s = replace(s, goods=add_at(s.goods, FOOD, -s.left), display=compact(s.display, (s.display >= 0) & (s.display != a)),
                hired=set_at(s.hired, a, True))
    return back_to_main(acquire(s, a))


def _keep(s: State, a: jax.Array, b: jax.Array, c: jax.Array) -> Finish:
    s = replace(s, kept=set_at(s.kept, a, True))
    return s, finish(RECRUIT, jnp.sum(s.kept) == s.left)


def _build(s: State, a: jax.Array, b: jax.Array, c: jax.Array) -> State:
    horses = jnp.where(a == FAC["stable"], T.STABLE_HORSES, 0)
    s = replace(s, built=set_at(s.built, a, True), goods=add_at(s.goods, HORSE, horses))
    return back_to_main(acquire(s, T.N_CRAFTSMEN + a))


def _tour(s: State, a: jax.Array, b: jax.Array, c: jax.Array) -> State:
    """観光化 with the real 20 VP cap (D2); the rest of the die comes back."""
    face = s.left
    gained = jnp.minimum(a, T.K["tourism_cap"] - s.vp[0])
    s = replace(s, vp=add_at(s.vp, 0, gained))
    return back_to_main(give_die(s, face - a, face > a))


def _done(s: State, a: jax.Array, b: jax.Array, c: jax.Array) -> Finish:
    code = jnp.where(s.phase == PH["oven"], OVEN, MAIN)
    return s, jnp.where(s.phase == PH["sow"], SOW, code).astype(i32)


def _end(s: State, a: jax.Array, b: jax.Array, c: jax.Array) -> State:
    return end_round(s)


def _use_step(s: State, a: jax.Array, b: jax.Array, c: jax.Array) -> Finish:
    return _use(s, a)


Step = Callable[[State, jax.Array, jax.Array, jax.Array], State]


def _plain(f: Step) -> Callable[[State, jax.Array, jax.Array, jax.Array], Finish]:
    """A step that finishes by itself."""
    return lambda s, a, b, c: (f(s, a, b, c), jnp.asarray(NONE, i32))


APPLY: dict[type[Action], Callable[[State, jax.Array, jax.Array, jax.Array], Finish]] = {
    A.PickDie: _plain(_pick), A.Use: _use_step, A.Back: _plain(_back), A.Modify: _plain(_modify),
    A.ToFood: _plain(_to_food), A.Cook: _plain(_cook), A.HorseShip: _plain(_horse_ship), A.Sow: _sow,
    A.Ship: _plain(_ship), A.Deliver: _plain(_deliver), A.Bake: _bake, A.Butcher: _plain(_butcher),
    A.Hire: _plain(_hire), A.Keep: _keep, A.Build: _plain(_build), A.Tour: _plain(_tour), A.Done: _done,
    A.EndRound: _plain(_end),
}
BRANCHES = tuple(APPLY[cls] for cls in T.KINDS)


def apply(s: State, action: jax.Array) -> State:
    """Play action id ``action`` (assumed legal) on a game not over."""
    kind = get_at(T.ACTION_KIND, action)
    hit = onehot(action, T.N_ACTIONS)[:, None]
    a, b, c = jnp.sum(jnp.where(hit, T.ACTION_ARGS, 0), axis=0)
    out, code = jax.lax.switch(kind, BRANCHES, s, a, b, c)
    # the finishing gestures several actions share run once, after the switch
    # (under vmap every branch runs, so a finisher inside each would run often)
    out = where(code == SOW, finish_sow(out), out)
    out = where(code == OVEN, finish_oven(out), out)
    out = where(code == RECRUIT, finish_recruit(out), out)
    out = where(code == MAIN, back_to_main(out), out)
    # the deal never changes: hand back the input's, so no branch output of it is kept
    return replace(out, deal_deck=s.deal_deck, deal_dice=s.deal_dice, deal_ware_good=s.deal_ware_good,
                   deal_ware_qty=s.deal_ware_qty)


# -- which ids are legal (legal.py) --------------------------------------------------------
def _pairs(cls: type[Action]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The (static) arguments of one action class's ids."""
    args = T.ACTION_ARGS[T.ids_of(cls)]
    return args[:, 0], args[:, 1], args[:, 2]


def take(x: jax.Array, idx: np.ndarray) -> jax.Array:
    """``x[idx]`` for static indices, as slices (they fuse; a gather does not)."""
    return jnp.stack([x[int(i)] for i in idx])


def legal_mask(s: State) -> jax.Array:
    """bool[N_ACTIONS]: the engine's ``legal_actions()`` as a mask over its ids.
    A finished game's mask is all true (pgx's convention; any action is then
    a no-op with zero reward)."""
    ph = s.phase
    g = s.goods
    main, die = ph == PH["main"], ph == PH["die"]
    parts: dict[type[Action], jax.Array] = {}
    parts[A.PickDie] = main & (s.dice > 0)
    checks = use_checks(s, s.held)
    parts[A.Use] = die & jnp.concatenate([checks, ~jnp.any(checks)[None]])
    parts[A.Back] = die[None]
    who, face, _ = _pairs(A.Modify)
    parts[A.Modify] = main & take(s.hired, T.DICE_CRAFTSMAN_IDX[who]) & ~take(s.used, T.MOD_USED[who]) \
        & (take(s.dice, face - 1) > 0)
    first, _, _ = _pairs(A.ToFood)
    parts[A.ToFood] = main & (take(g, first) > 0)
    first, second, _ = _pairs(A.Cook)
    parts[A.Cook] = main & (take(g, first) > 0) & (take(g, second) > 0)
    parts[A.HorseShip] = (main & (g[HORSE] > 0) & ~s.used[T.U["horse"]])[None]
    parts[A.EndRound] = (main & (jnp.sum(s.dice) == 0))[None]
    crop, _, _ = _pairs(A.Sow)
    sow = ph == PH["sow"]
    parts[A.Sow] = sow & (s.left > 0) & (empty_fields(s) > 0) & (take(g, T.CROP_SEED[crop]) > 0)
    ship = ph == PH["ship"]
    good, _, _ = _pairs(A.Ship)
    parts[A.Ship] = ship & (take(g, T.MARKET_GOOD[good]) >= T.MARKET_QTY[good])
    rec, _, _ = _pairs(A.Deliver)
    parts[A.Deliver] = ship & take(s.hired, T.REC_OWNER[rec]) & jnp.all(g[None, :] >= T.REC_IN[rec], axis=1)
    oven = ph == PH["oven"]
    parts[A.Bake] = (oven & (g[WHEAT] > 0))[None]
    parts[A.Done] = (sow | ship | oven)[None]
    animal, _, _ = _pairs(A.Butcher)
    parts[A.Butcher] = (ph == PH["slaughter"]) & take(butcherable(s), animal)
    who, _, _ = _pairs(A.Hire)
    shown = take(in_display(s), who)
    parts[A.Hire] = (ph == PH["contract"]) & shown
    who, _, _ = _pairs(A.Keep)
    parts[A.Keep] = (ph == PH["recruit"]) & shown & ~take(s.kept, who)
    fac, _, _ = _pairs(A.Build)
    parts[A.Build] = (ph == PH["build"]) & ~take(s.built, fac)
    pips, _, _ = _pairs(A.Tour)
    parts[A.Tour] = (ph == PH["tour"]) & (pips <= s.left)
    mask = jnp.concatenate([parts[cls] for cls in T.KINDS])
    assert mask.shape == (T.N_ACTIONS,)
    if not _KINDS_IN_ORDER:
        mask = mask[_UNIVERSE_ORDER]
    return mask | s.terminated


#: the ids class by class, as the mask is assembled; the universe lists them so
#: (asserted), which spares a gather
_CONCAT_IDS = np.concatenate([T.ids_of(cls) for cls in T.KINDS])
_UNIVERSE_ORDER = np.argsort(_CONCAT_IDS)
_KINDS_IN_ORDER = bool(np.array_equal(_CONCAT_IDS, np.arange(T.N_ACTIONS)))
