"""The state of one Dicey Farm game as a pytree of fixed-shape arrays.

Field names follow the engine's ``DiceyFarmState`` where the engine has the
same thing (``round``, ``dice``, ``goods``, ``display``...), with each string
key replaced by its index in ``_tables``; pgx's names are used for what an
agent reads (``rewards``, ``terminated``, ``legal_action_mask``...).

Why the whole random future sits in the state (``deal_*``): the engine draws
its deck order, every round's dice and every round's shuffled wares from
streams that no choice can shift (RULES.md D18, D25), so a game's randomness
is one "deal" fixed at setup. Holding it makes ``step`` deterministic, lets a
test hand the JAX side exactly the engine's draws, and plays Daily Mode's
fixed tables. ``observe`` never reads it, so the agent sees no more than the
engine shows.
"""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from jax.typing import ArrayLike

from gameshelf.rl.jax.dicey_farm import _tables as T


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class State:
    """One game (or, under ``vmap``, a batch of games: every leaf gains a
    leading axis). Counts are int32, sets are bool masks over ``_tables``'
    vocabularies, ``display`` lists craftsman indices left to right (-1 =
    empty slot)."""

    # -- what pgx names ------------------------------------------------------------
    current_player: jax.Array            # always 0: a solo game
    rewards: jax.Array                   # float32[1]: the score's change at this step
    terminated: jax.Array                # bool: the final scoring is done
    truncated: jax.Array                 # bool: never set (the game always ends)
    legal_action_mask: jax.Array         # bool[N_ACTIONS], the engine's action ids
    _step_count: jax.Array
    # -- the farm (the engine's fields) ----------------------------------------------
    round: jax.Array
    phase: jax.Array                     # index in encoding.PHASES
    dice: jax.Array                      # int[6]: unused dice showing each face 1..6
    held: jax.Array
    left: jax.Array
    sow_face: jax.Array                  # the die being sown (not in the engine: see the Sower rule)
    kept: jax.Array                      # bool[craftsmen]
    goods: jax.Array                     # int[goods]
    fields: jax.Array
    sown: jax.Array                      # int[crops]
    built: jax.Array                     # bool[facilities]
    hired: jax.Array                     # bool[craftsmen]
    acquired: jax.Array                  # int[craftsmen + facilities]: acquisition order, -1 = none yet
    n_acquired: jax.Array
    display: jax.Array                   # int[6]
    deck_pos: jax.Array                  # the deck is deal_deck[deck_pos:]
    gone: jax.Array                      # bool[craftsmen]
    used: jax.Array                      # bool[_tables.USED]
    plough_face: jax.Array
    ploughs: jax.Array
    recruited: jax.Array
    vp: jax.Array                        # int[4]: tourism, market, craftsmen, whisky
    beggars: jax.Array
    final: jax.Array                     # int[FINAL_KEYS], all 0 until the end
    # -- the deal (hidden; see the module's docstring) ------------------------------
    deal_deck: jax.Array                 # int[craftsmen]: the shuffled deck
    deal_dice: jax.Array                 # int[rounds, 4]: each round's roll (0 = no die)
    deal_ware_good: jax.Array            # int[rounds, merchants, 6]: slot N's good
    deal_ware_qty: jax.Array             # int[rounds, merchants, 6]: and its quantity

    # -- pgx's State face (issue 46): pgx's tooling reads these ------------------------
    def replace(self, **changes: jax.Array) -> State:
        """A copy with ``changes`` (pgx's and flax.struct's ``State.replace``):
        ``pgx.experimental.auto_reset`` and pgx's arena code call it."""
        return dataclasses.replace(self, **changes)

    @property
    def observation(self) -> jax.Array:
        """float32[..., OBS_SIZE]: the current player's tensor (``observe``),
        for one game or a batch (as many leading axes as ``round`` has).

        Why a property and not a field as in pgx: it is computed when read,
        so a training loop that reads it pays for it and one that does not
        (a search, the benchmark's random play) does not; pgx's code only
        ever reads it."""
        from gameshelf.rl.jax.dicey_farm._observe import observe

        fn = observe
        for _ in range(jnp.ndim(self.round)):
            fn = jax.vmap(fn)
        return fn(self)

    @property
    def env_id(self) -> str:
        """The environment's id, as pgx's states carry it."""
        return "dicey-farm"


VP_KEYS = ("tourism", "market", "craftsmen", "whisky")
#: the engine's final breakdown, in its order (season.final_scoring)
FINAL_KEYS = (*VP_KEYS, "gems", "zoologist", "surveyor", "accountant", "tour_guide", "beggars", "ignored_beggars")


def blank(deck: ArrayLike, dice: ArrayLike, ware_good: ArrayLike, ware_qty: ArrayLike) -> State:
    """A farm before round 1's start, holding the deal."""
    i32 = jnp.int32
    z = jnp.zeros((), i32)
    goods = jnp.zeros(T.N_GOODS, i32).at[T.G["food"]].set(T.K["start_food"])
    return State(
        current_player=z,
        rewards=jnp.zeros(1, jnp.float32),
        terminated=jnp.zeros((), bool),
        truncated=jnp.zeros((), bool),
        legal_action_mask=jnp.zeros(T.N_ACTIONS, bool),
        _step_count=z,
        round=jnp.ones((), i32),
        phase=jnp.asarray(T.PH["main"], i32),
        dice=jnp.zeros(6, i32),
        held=z,
        left=z,
        sow_face=z,
        kept=jnp.zeros(T.N_CRAFTSMEN, bool),
        goods=goods,
        fields=jnp.asarray(T.K["start_fields"], i32),
        sown=jnp.zeros(T.N_CROPS, i32),
        built=jnp.zeros(T.N_FACILITIES, bool),
        hired=jnp.zeros(T.N_CRAFTSMEN, bool),
        acquired=jnp.full(T.N_ACQUIRABLE, -1, i32),
        n_acquired=z,
        display=jnp.full(T.DISPLAY, -1, i32),
        deck_pos=z,
        gone=jnp.zeros(T.N_CRAFTSMEN, bool),
        used=jnp.zeros(len(T.USED), bool),
        plough_face=z,
        ploughs=z,
        recruited=jnp.zeros((), bool),
        vp=jnp.zeros(len(VP_KEYS), i32),
        beggars=z,
        final=jnp.zeros(len(FINAL_KEYS), i32),
        deal_deck=jnp.asarray(deck, i32),
        deal_dice=jnp.asarray(dice, i32),
        deal_ware_good=jnp.asarray(ware_good, i32),
        deal_ware_qty=jnp.asarray(ware_qty, i32),
    )
