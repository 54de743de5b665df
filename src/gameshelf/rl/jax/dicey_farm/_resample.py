"""Honest search: a copy of a state with everything the player cannot see redrawn.

The state holds the game's whole random future (``_state``'s docstring), so a
search that uses ``step`` as its model would know the dice, wares and cards to
come. ``resample`` gives it a world that agrees with everything the player has
seen and nothing more, as the Python bots' ``determinize`` does:

- the deck beyond the cards drawn so far (``deal_deck[deck_pos:]``) is put in
  a fresh random order (the cards seen are the display's and those gone);
- every later round's roll is rolled again (this round's dice are on the table);
- every later round's wares are dealt again (this round's are at the stall).

The player's observation, legal moves, score and rewards are unchanged;
``tests/rl/jax/test_env.py`` checks it along random games.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from gameshelf.rl.jax.dicey_farm import _tables as T
from gameshelf.rl.jax.dicey_farm._deal import random_deal
from gameshelf.rl.jax.dicey_farm._state import State


def resample(state: State, key: jax.Array) -> State:
    """``state`` with its unseen future redrawn from ``key`` (pure; ``vmap`` it for a batch)."""
    k_order, k_deal = jax.random.split(key)
    _, dice, good, qty = random_deal(k_deal)
    # the deck: positions already drawn keep their order; the rest are shuffled
    position = jnp.arange(T.N_CRAFTSMEN)
    drawn = position < state.deck_pos
    noise = jax.random.uniform(k_order, (T.N_CRAFTSMEN,))
    order = jnp.argsort(jnp.where(drawn, position.astype(jnp.float32) - T.N_CRAFTSMEN, noise))
    deck = state.deal_deck[order]
    # the rounds after this one (rounds are numbered from 1; row r is round r + 1)
    later = jnp.arange(T.ROUNDS) >= state.round
    return state.replace(
        deal_deck=deck,
        deal_dice=jnp.where(later[:, None], dice, state.deal_dice),
        deal_ware_good=jnp.where(later[:, None, None], good, state.deal_ware_good),
        deal_ware_qty=jnp.where(later[:, None, None], qty, state.deal_ware_qty),
    )
