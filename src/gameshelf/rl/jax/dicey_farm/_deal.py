"""Where a game's randomness comes from: a JAX key, or the engine's streams.

A deal is the deck order, every round's roll and every round's shuffled
wares (see ``_state``). :func:`random_deal` draws one from a JAX key with
the engine's distribution; :func:`engine_deal` replays the engine's own
PCG32 streams (``core/rng.py``) in the order the engine draws them, so a JAX
game and ``load_game("dicey-farm").new_game(1, seed)`` (or a Daily Mode
puzzle) share every die and every ware. The differential test checks the
replay against the engine at every step.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from gameshelf.rl.jax.dicey_farm import _tables as T

Deal = tuple[np.ndarray | jax.Array, ...]


def random_deal(key: jax.Array) -> Deal:
    """A uniformly shuffled deck, fair dice, uniformly shuffled wares."""
    k_deck, k_dice, k_wares = jax.random.split(key, 3)
    deck = jax.random.permutation(k_deck, T.N_CRAFTSMEN).astype(jnp.int32)
    dice = jax.random.randint(k_dice, (T.ROUNDS, T.MAX_DICE), 1, 7, jnp.int32)
    present = jnp.arange(T.MAX_DICE)[None, :] < jnp.asarray(T.DICE_PER_ROUND)[:, None]
    dice = jnp.sort(jnp.where(present, dice, 7), axis=1)
    dice = jnp.where(dice == 7, 0, dice)
    noise = jax.random.uniform(k_wares, (T.ROUNDS, T.N_MERCHANTS, T.MAX_ITEMS))
    valid = jnp.arange(T.MAX_ITEMS)[None, None, :] < jnp.asarray(T.ITEM_COUNT)[:, :, None]
    order = jnp.argsort(jnp.where(valid, noise, 2.0), axis=-1)[:, :, : T.SLOTS]
    good = jnp.take_along_axis(jnp.asarray(T.ITEM_GOOD), order, axis=-1)
    qty = jnp.take_along_axis(jnp.asarray(T.ITEM_QTY), order, axis=-1)
    return deck, dice, good, qty


def engine_deal(seed: int = 0, daily: str = "") -> Deal:
    """The deal of the engine's game ``new_game(1, seed)``, or of Daily Mode's
    puzzle for ``daily`` (``YYYY-MM-DD``): numpy arrays for :func:`init_with_deal`.

    The engine draws, per stream: the deck once at setup (``craftsmen``),
    then every round each merchant's list in the data's order
    (``merchants``) and the round's dice, sorted (``dice``)."""
    from gameshelf.core.protocol import SEED_LIMIT
    from gameshelf.core.rng import Rng
    from gameshelf.games.dicey_farm.game import check_date
    from gameshelf.games.dicey_farm.state import daily_rng

    # the engine's own checks: an exact int seed in range, an ISO date
    if type(seed) is not int or not -SEED_LIMIT < seed < SEED_LIMIT:
        raise ValueError(f"seed must be an int below {SEED_LIMIT} in size, not {seed!r}")
    if type(daily) is not str:
        raise ValueError(f"daily must be a date 'YYYY-MM-DD', not {daily!r}")
    rng = daily_rng(check_date(daily)) if daily else Rng(seed)
    deck = np.array([T.CM[c] for c in rng["craftsmen"].shuffled(T.CRAFTSMEN)], np.int32)
    dice = np.zeros((T.ROUNDS, T.MAX_DICE), np.int32)
    good = np.zeros((T.ROUNDS, T.N_MERCHANTS, T.SLOTS), np.int32)
    qty = np.zeros((T.ROUNDS, T.N_MERCHANTS, T.SLOTS), np.int32)
    for r in range(T.ROUNDS):
        for m in range(T.N_MERCHANTS):
            n = int(T.ITEM_COUNT[r, m])
            order = rng["merchants"].shuffled(range(n))[: T.SLOTS]
            good[r, m] = T.ITEM_GOOD[r, m, order]
            qty[r, m] = T.ITEM_QTY[r, m, order]
        roll = sorted(rng["dice"].die() for _ in range(int(T.DICE_PER_ROUND[r])))
        dice[r, : len(roll)] = roll
    return deck, dice, good, qty
