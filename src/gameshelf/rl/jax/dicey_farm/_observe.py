"""The engine's observation tensor (``encoding.write``), slot for slot.

Every slot is looked up in a float32 table made with the encoder's own
arithmetic (``_tables.lut_*``), so the vector is bit-identical to
``state.observation_tensor(0)`` and an agent trained on one runs on the
other. The deal is never read: the tensor shows what the engine shows.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from gameshelf.games.dicey_farm import encoding
from gameshelf.rl.jax.dicey_farm import _rules as R
from gameshelf.rl.jax.dicey_farm import _tables as T
from gameshelf.rl.jax.dicey_farm._state import State

i32 = jnp.int32
_ROUND = jnp.asarray(T.lut_number(T.ROUNDS, 0, 0, T.ROUNDS))
_SIX = jnp.asarray(T.lut_number(6, 0, 0, 6))
_DICE = jnp.asarray(T.lut_numbers(6, 6))
_TWELVE = jnp.asarray(T.lut_number(12, 0, 0, 12))
_GOODS = jnp.asarray(T.lut_counts(encoding.STOCK_CAP, encoding.STOCK_CAP))
_SOWN = jnp.asarray(T.lut_counts(6, 6))
_DECK = jnp.asarray(T.lut_number(T.N_CRAFTSMEN, 0, 0, T.N_CRAFTSMEN))
_PLOUGHS = jnp.asarray(T.lut_number(T.K["plough_limit"], 0, 0, T.K["plough_limit"]))
_TEN = jnp.asarray(T.lut_number(10, 0, 0, 10))
_BEGGARS = jnp.asarray(T.lut_number(30, 0, 0, 30))
_SCORE = jnp.asarray(T.lut_number(T.SCORE_HIGH, T.SCORE_LOW, T.SCORE_LOW, T.SCORE_HIGH))
_WARES = jnp.asarray(T.WARES_OBS)
_SORTED = jnp.asarray(T.TO_SORTED_CRAFTSMEN)
_SORTED_CROPS = jnp.asarray(T.TO_SORTED_CROPS)


def _at(table: jax.Array, value: jax.Array, low: int = 0) -> jax.Array:
    """``table``'s entry for an integer value (values past either end clip,
    as the encoder clips to [0, 1])."""
    return table[jnp.clip(value - low, 0, table.shape[0] - 1)][None]


def _craftsmen(mask: jax.Array) -> jax.Array:
    return mask[_SORTED].astype(jnp.float32)


def sorted_dice(dice: jax.Array) -> jax.Array:
    """The unused dice as the engine's sorted list, padded with 0 to six."""
    k = jnp.arange(encoding.MAX_DICE)
    cum = jnp.cumsum(dice)
    faces = 1 + jnp.sum(cum[None, :] <= k[:, None], axis=1)
    return jnp.where(k < cum[-1], faces, 0)


def observe(s: State) -> jax.Array:
    """float32[OBS_SIZE]: ``encoding.write`` of the engine's observation."""
    parts = [
        _at(_ROUND, s.round),
        jax.nn.one_hot(s.phase, len(T.PHASES), dtype=jnp.float32),
        _DICE[sorted_dice(s.dice)],
        _at(_SIX, s.held),
        _at(jnp.asarray(T.lut_number(12, 0, 0, 12)), s.left),
        _craftsmen(s.kept),
        _GOODS[jnp.clip(s.goods, 0, encoding.STOCK_CAP)],
        _at(_TWELVE, s.fields),
        _at(_TWELVE, R.empty_fields(s)),
        _SOWN[jnp.clip(s.sown[_SORTED_CROPS], 0, 6)],
        s.built.astype(jnp.float32),
        _craftsmen(s.hired),
        _craftsmen(R.in_display(s)),
        _at(_DECK, T.N_CRAFTSMEN - s.deck_pos),
        _craftsmen(s.gone),
        _WARES[s.round - 1],
        s.used[: T.OBS_USED].astype(jnp.float32),
        _at(_SIX, s.plough_face),
        _at(_PLOUGHS, s.ploughs),
        s.recruited.astype(jnp.float32)[None],
        _at(_TEN, jnp.asarray(T.DICE_PER_ROUND)[s.round - 1] + T.K["food_extra"]),
        _at(_BEGGARS, s.beggars),
        _at(_SCORE, R.score(s), T.SCORE_LOW),
        s.terminated.astype(jnp.float32)[None],
    ]
    return jnp.concatenate(parts)
