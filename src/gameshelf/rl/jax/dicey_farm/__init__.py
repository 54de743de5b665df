"""Dicey Farm as pure JAX functions: ``init``, ``step``, ``observe``, ``legal_mask``.

pgx's conventions: a :class:`State` pytree with ``rewards`` (float32[1],
the score's change at this step, so a game's rewards sum to its final VP),
``terminated`` and ``legal_action_mask``; every function is pure and fit
for ``jax.jit`` and ``jax.vmap``. Actions are the engine's ids
(``Game.action_id`` / ``action_from_id``, ``N_ACTIONS`` of them) and
``observe`` is the engine's ``observation_tensor(0)`` bit for bit
(``OBS_SIZE`` floats), so an agent moves between the engine and JAX
unchanged. Every rule is the engine's (rules 1.02-3 and RULES.md's
decisions); the data comes from the engine's TOML files at import.

Example::

    import jax
    from gameshelf.rl.jax import dicey_farm as df

    state = jax.vmap(df.init)(jax.random.split(jax.random.key(0), 1024))
    action = jax.vmap(df.first_legal)(state)
    state = jax.jit(jax.vmap(df.step))(state, action)

Randomness: ``init(key)`` draws the whole deal (deck, every round's dice and
wares) as the engine's seed does at setup; ``step`` is then deterministic
and takes ``key`` only to keep pgx's signature. ``init_with_deal`` plays a
given deal: ``engine_deal(seed)`` is the engine's game ``seed``,
``engine_deal(daily="2026-11-27")`` that day's Daily Mode puzzle.
"""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from jax.typing import ArrayLike

from gameshelf.rl.jax._illegal import forfeit, is_illegal
from gameshelf.rl.jax.dicey_farm import _legal, _rules, _step, _tables
from gameshelf.rl.jax.dicey_farm._deal import Deal, engine_deal, random_deal
from gameshelf.rl.jax.dicey_farm._effects import NOOP
from gameshelf.rl.jax.dicey_farm._observe import observe
from gameshelf.rl.jax.dicey_farm._resample import resample
from gameshelf.rl.jax.dicey_farm._state import FINAL_KEYS, VP_KEYS, State, blank

__all__ = [
    "FINAL_KEYS",
    "N_ACTIONS",
    "OBS_SIZE",
    "RULES_VERSION",
    "VP_KEYS",
    "Deal",
    "State",
    "engine_deal",
    "first_legal",
    "init",
    "init_with_deal",
    "legal_mask",
    "observe",
    "random_deal",
    "resample",
    "score",
    "step",
]

N_ACTIONS: int = _tables.N_ACTIONS
#: the engine's ``rules_version`` these functions implement (a test holds them equal)
RULES_VERSION = "1.02-3"
score = _rules.score


def init_with_deal(deck: ArrayLike, dice: ArrayLike, ware_good: ArrayLike, ware_qty: ArrayLike) -> State:
    """Round 1 of the game whose randomness is this deal (see :mod:`._deal`)."""
    s = _rules.start_round(blank(deck, dice, ware_good, ware_qty))
    return dataclasses.replace(s, legal_action_mask=_legal.legal_mask(s))


def init(key: jax.Array) -> State:
    """A new game with a random deal drawn from ``key``."""
    return init_with_deal(*random_deal(key))


def step(state: State, action: jax.Array, key: jax.Array | None = None) -> State:
    """Play action id ``action``. As in pgx, an illegal id ends the game with
    -1 (see :mod:`gameshelf.rl.jax._illegal`): mask it out. On a finished
    game nothing changes and the reward is 0. ``key`` is unused: the deal
    already holds the future."""
    del key
    action = jnp.asarray(action, jnp.int32)
    illegal = is_illegal(state, action)
    out = _step.apply(state, jnp.where(illegal, NOOP, action))       # NOOP changes nothing
    reward = (score(out) - score(state)).astype(jnp.float32)   # 0 once over: the step changed nothing
    out = dataclasses.replace(out, rewards=reward[None], legal_action_mask=_legal.legal_mask(out))
    return forfeit(out, illegal)


def legal_mask(state: State) -> jax.Array:
    """bool[N_ACTIONS] over the engine's action ids (all true once over)."""
    return state.legal_action_mask


def first_legal(state: State) -> jax.Array:
    """The lowest legal id (a deterministic policy for examples and tests)."""
    return jnp.argmax(state.legal_action_mask).astype(jnp.int32)


OBS_SIZE: int = int(jax.eval_shape(lambda: observe(init(jax.random.key(0)))).shape[0])
