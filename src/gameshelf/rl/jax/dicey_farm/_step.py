"""One move as one update of each field: the engine's ``apply`` for throughput.

Why not a switch over the action's kind: under ``vmap`` (and on a CPU even
under ``jit`` alone) ``lax.switch`` runs every branch and selects among
eighteen whole states. Here the id's fixed effect comes from one gather in
:data:`._effects.TABLE` (goods, VP, dice, sown crops, the phase it opens,
the slot it ticks); each field is then computed once, from the few facts a
move can change it by (the held die's face, the wares, the craftsmen's
bonuses). The steps that several moves end with (a sowing's, a baking's or
a recruiting's finish, a die coming back, the display closing up and
refilling) are each written once, switched on by a flag; so is the round's
end, which is the only costly rule and runs as masked arithmetic. The rules
are the engine's (``rules/dice.py``, ``steps.py``, ``season.py``) function
by function; the differential test (``check``) holds the two equal.
"""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import numpy as np

from gameshelf.core.actions import Action
from gameshelf.games.dicey_farm import actions as A
from gameshelf.rl.jax.dicey_farm import _effects as E
from gameshelf.rl.jax.dicey_farm import _rules as R
from gameshelf.rl.jax.dicey_farm import _tables as T
from gameshelf.rl.jax.dicey_farm._state import State

i32 = jnp.int32
PH, DA, K = T.PH, T.DA, T.K
FOOD, FISH, WHEAT, HORSE, WOOL, WHISKY, SHEEP, COW = (
    T.G[g] for g in ("food", "fish", "wheat", "horse", "wool", "whisky", "sheep", "cow")
)
_TABLE = E.TABLE
_SLOT = np.arange(T.DISPLAY)
_CRAFTSMEN = np.arange(T.N_CRAFTSMEN)


def _kind(cls: type[Action]) -> int:
    return T.KIND[cls]


def _col(row: jax.Array, name: str) -> jax.Array:
    cols = E.columns(name)
    return row[cols] if E.COLUMNS[name] > 1 else row[cols.start]


def apply(s: State, action: jax.Array) -> State:
    """Play action id ``action`` (assumed legal); on a finished game nothing changes."""
    action = jnp.where(s.terminated, E.NOOP, action)
    row = jnp.asarray(_TABLE)[action]
    kind, a = _col(row, "kind"), _col(row, "a")
    use, merchant = _col(row, "use"), _col(row, "merchant")
    is_use = kind == _kind(A.Use)

    def used_die(name: str) -> jax.Array:
        return use == DA[name]

    g0 = s.goods
    face = s.held                                   # the die a Use spends
    f1 = jnp.clip(face - 1, 0, 5)
    left = s.left                                   # the count a sub-step works through

    # -- goods: the row's, and what depends on the farm ------------------------------------
    fish = jnp.asarray(T.FISHING)[f1] + jnp.where(R.hired(s, "fisherman"), T.param("fisherman", "fishing_bonus"), 0)
    m = jnp.clip(merchant, 0, T.N_MERCHANTS - 1)
    r = s.round - 1
    ware_good, ware_qty = s.deal_ware_good[r, m, f1], s.deal_ware_qty[r, m, f1]
    goods = g0 + _col(row, "goods") \
        + jnp.where(np.arange(T.N_GOODS) == FISH, jnp.where(used_die("fish"), fish, 0), 0) \
        + jnp.where(np.arange(T.N_GOODS) == ware_good, jnp.where(merchant >= 0, ware_qty, 0), 0) \
        - jnp.where(np.arange(T.N_GOODS) == FOOD, jnp.where(kind == _kind(A.Hire), left, 0), 0)

    # -- the plough (twice a round with one face, D9; the cowherd's two fields, D23) --------
    plough = used_die("plough")
    ploughs = s.ploughs + plough.astype(i32)
    cowherd = R.hired(s, "cowherd") & (g0[COW] > 0)
    fields = s.fields + jnp.where(plough, jnp.where(cowherd, T.param("cowherd", "plough_fields"), 1), 0)
    plough_face = jnp.where(plough, face, s.plough_face)
    tick = _col(row, "used")
    used = s.used | (np.arange(len(T.USED)) == tick) \
        | ((np.arange(len(T.USED)) == T.U["plough"]) & plough & (ploughs >= K["plough_limit"]))

    # -- what a die opens: the count to work through ----------------------------------------
    porter = jnp.where(R.hired(s, "porter"), T.param("porter", "shipments_bonus"), 0)
    n_display = R.display_size(s)
    opened = jnp.where(used_die("ship"), face + K["ship_bonus"] + g0[HORSE] + porter, face)
    opened = jnp.where(used_die("contract"), R.contract_cost(s, face), opened)
    opens_count = is_use & (used_die("sow") | used_die("ship") | used_die("contract") | used_die("recruit")
                            | used_die("tourism") | used_die("bread_oven") | used_die("slaughterhouse"))
    counting = (kind == _kind(A.Sow)) | (kind == _kind(A.Ship)) | (kind == _kind(A.Deliver)) \
        | (kind == _kind(A.Bake))
    left = jnp.where(opens_count, opened, left - counting.astype(i32))
    left = jnp.where(kind == _kind(A.HorseShip), K["horse_shipments"], left)
    sown = s.sown + _col(row, "sown")
    after = dataclasses.replace(s, goods=goods, sown=sown, fields=fields, left=left)

    # -- recruiting (keeping everyone is immediate, D16) -------------------------------------
    recruit = used_die("recruit")
    everyone = recruit & (face == n_display)
    shown = R.in_display(s)
    keeping = kind == _kind(A.Keep)
    kept = jnp.where(recruit, everyone & shown, s.kept | (keeping & (a == _CRAFTSMEN)))

    # -- which finish the move ends with ----------------------------------------------------
    done = kind == _kind(A.Done)
    sow_ends = (used_die("sow") | (kind == _kind(A.Sow))) & ~R.sowable(after)
    finish_sow = sow_ends | (done & (s.phase == PH["sow"]))
    bake = kind == _kind(A.Bake)
    finish_oven = (used_die("bread_oven") & (g0[WHEAT] <= 0)) \
        | (bake & ((left == 0) | (goods[WHEAT] < T.OVEN["wheat"]))) | (done & (s.phase == PH["oven"]))
    finish_recruit = everyone | (keeping & (jnp.sum(kept) == s.left))
    shipped = (kind == _kind(A.Ship)) | (kind == _kind(A.Deliver))
    to_main = finish_sow | finish_oven | finish_recruit | done | (shipped & (left <= 0)) \
        | (kind == _kind(A.Butcher)) | (kind == _kind(A.Hire)) | (kind == _kind(A.Build)) \
        | (kind == _kind(A.Tour))

    # -- a die coming back: a sowing's or baking's rest, the slaughterhouse's, the tour's ----
    sower = R.hired(s, "sower")
    sow_face = jnp.where(used_die("sow"), face, s.sow_face)
    spent = (left == sow_face) & R.SOWING_NOTHING_SPENDS_THE_DIE    # sowing nothing spends it (D33)
    back = jnp.where(finish_sow & ~spent, left, 0)
    back = jnp.where(finish_oven, left, back)
    back = jnp.where((kind == _kind(A.Butcher)) & (s.left >= 2), s.left - T.SLAUGHTER_RETURNS, back)
    pips = a
    tour = kind == _kind(A.Tour)
    back = jnp.where(tour & (s.left > pips), s.left - pips, back)
    dice = s.dice + _col(row, "dice") - (is_use & (np.arange(6) == f1)).astype(i32) \
        + ((np.arange(6) == back - 1) & (back >= 1)).astype(i32) \
        + ((np.arange(6) == R.SOWER_DIE - 1) & finish_sow & sower).astype(i32)

    # -- VP ----------------------------------------------------------------------------------
    gained = jnp.minimum(pips, K["tourism_cap"] - s.vp[0])              # the real 20 VP cap (D2)
    vp = s.vp + _col(row, "vp") + jnp.where((np.arange(4) == 0) & tour, gained, 0)

    # -- craftsmen and facilities: hired, built, in acquisition order -------------------------
    hire = kind == _kind(A.Hire)
    build = kind == _kind(A.Build)
    hired = s.hired | (hire & (a == _CRAFTSMEN))
    built = s.built | (build & (np.arange(T.N_FACILITIES) == a))
    code = jnp.where(hire, a, jnp.where(build, T.N_CRAFTSMEN + a, -1))
    acquired = jnp.where(np.arange(T.N_ACQUIRABLE) == code, s.n_acquired, s.acquired)
    n_acquired = s.n_acquired + (code >= 0).astype(i32)

    phase = _col(row, "phase")
    phase = jnp.where(to_main, PH["main"], jnp.where(phase >= 0, phase, s.phase))
    held = jnp.where(kind == _kind(A.PickDie), a, jnp.where(is_use | (kind == _kind(A.Back)), 0, s.held))
    out = dataclasses.replace(
        s, _step_count=s._step_count + (action != E.NOOP).astype(i32), phase=phase, held=held,
        left=jnp.where(to_main, 0, left), sow_face=sow_face, kept=jnp.where(finish_recruit, False, kept),
        goods=goods, fields=fields, sown=sown, built=built, hired=hired, acquired=acquired,
        n_acquired=n_acquired, dice=dice, used=used, plough_face=plough_face, ploughs=ploughs,
        recruited=s.recruited | recruit, vp=vp)
    return _end_and_display(out, kind == _kind(A.EndRound), hire, a, finish_recruit, kept)


def _end_and_display(s: State, end: jax.Array, hire: jax.Array, who: jax.Array,
                     recruit_done: jax.Array, kept: jax.Array) -> State:
    """The display's changes (a hire's gap, a recruiting's leavers, the round's
    two leavers; one close-up and one refill) and the round's end as masked
    arithmetic: eat, whisky, wool, rot, then the next round's start or the
    final scoring (season.end_round)."""
    g = s.goods
    need = jnp.asarray(T.DICE_PER_ROUND)[s.round - 1] + K["food_extra"]
    food = g[FOOD]
    beggars = s.beggars + jnp.maximum(need - food, 0)
    g = jnp.where(np.arange(T.N_GOODS) == FOOD, jnp.maximum(food - need, 0), g)
    vp = s.vp + jnp.where(np.arange(4) == 3, g[WHISKY] * K["whisky_vp"], 0)
    wool = jnp.where(R.hired(s, "shepherd"), (g[SHEEP] // 2) * T.param("shepherd", "wool_per_sheep_pair"), 0)
    g = g + jnp.where(np.arange(T.N_GOODS) == WOOL, wool, 0)
    g = jnp.where(T.PERISHABLE & ~(T.SMOKED & R.built(s, "smokehouse")), 0, g)
    last = s.round >= T.ROUNDS
    going_on = end & ~last
    over = end & last

    # the display: who stays, who leaves for good, then one refill
    on = s.display >= 0
    round_leavers = (K["display_removed"] > _SLOT) & on & ~s.recruited & end
    kept_slots = kept[jnp.clip(s.display, 0, T.N_CRAFTSMEN - 1)]
    recruit_leavers = on & ~kept_slots & recruit_done
    leaving = round_leavers | recruit_leavers
    stay = on & ~leaving & ~(hire & (s.display == who))
    gone = s.gone | R.shown_in(s.display, leaving)
    display = R.compact(s.display, stay)
    refill = going_on | recruit_done
    refilled = R.refill_craftsmen(dataclasses.replace(s, display=display))
    display = jnp.where(refill, refilled.display, display)
    deck_pos = jnp.where(refill, refilled.deck_pos, s.deck_pos)

    ended = dataclasses.replace(s, goods=g, beggars=beggars, vp=vp)
    begun = R.begin_round(dataclasses.replace(ended, round=s.round + 1))     # harvest, caretaker, roll
    final = R.final_scoring(ended)
    zero = jnp.zeros((), i32)
    return dataclasses.replace(
        s, display=display, deck_pos=deck_pos, gone=gone,
        goods=jnp.where(going_on, begun.goods, jnp.where(over, g, s.goods)),
        beggars=jnp.where(end, beggars, s.beggars), vp=jnp.where(end, vp, s.vp),
        used=jnp.where(end, False, s.used), plough_face=jnp.where(end, zero, s.plough_face),
        ploughs=jnp.where(end, zero, s.ploughs), recruited=jnp.where(end, False, s.recruited),
        round=jnp.where(going_on, s.round + 1, s.round), sown=jnp.where(going_on, 0, s.sown),
        dice=jnp.where(going_on, begun.dice, s.dice), final=jnp.where(over, final, s.final),
        terminated=s.terminated | over)
