"""Where a game's randomness comes from: a JAX key, or the engine's streams.

A deal is the first deck order, the business dice in draw order, the page
die in roll order, and a ranking of the cards per reshuffle (the new deck is
the discard pile sorted by it). :func:`random_deal` draws one from a JAX key
with the engine's distribution; :func:`engine_deal` replays the engine's own
PCG32 streams (``core/rng.py``) as the engine draws from them
(``deal``, ``dice``, ``page``, ``shuffle``), so a JAX game and
``load_game("filthy-rich").new_game(n, seed)`` share every card and die.

A reshuffle shuffles the discard pile, whose size depends on play, so its
draws can only be replayed once the cards it holds are known:
``engine_deal(seed, reshuffled)`` takes them (the differential test reads
them off the engine's game, one set per reshuffle in order).
"""

from __future__ import annotations

from collections.abc import Sequence

import jax
import jax.numpy as jnp
import numpy as np

from gameshelf.rl.jax.filthy_rich import _tables as T
from gameshelf.rl.jax.filthy_rich._state import N_DICE, N_RESHUFFLES, N_ROLLS

Deal = tuple[np.ndarray | jax.Array, ...]


def random_deal(key: jax.Array) -> Deal:
    """A uniformly shuffled deck, fair dice, a uniform order for each reshuffle."""
    k_deck, k_dice, k_page, k_shuffle = jax.random.split(key, 4)
    deck = jax.random.permutation(k_deck, T.N_CARDS).astype(jnp.int32)
    dice = jax.random.randint(k_dice, (N_DICE,), 0, T.RULES.business_die_sides, jnp.int32)
    page = jax.random.randint(k_page, (N_ROLLS,), 1, T.RULES.page_die_sides + 1, jnp.int32)
    ranks = jnp.argsort(jax.random.uniform(k_shuffle, (N_RESHUFFLES, T.N_CARDS)), axis=1).astype(jnp.int32)
    return deck, dice, page, ranks


def engine_deal(seed: int, reshuffled: Sequence[Sequence[int]] = ()) -> Deal:
    """The deal of the engine's game ``new_game(n, seed)`` (any ``n``): numpy
    arrays for ``init_with_deal``. ``reshuffled``: the cards of each
    reshuffle in order (at most ``N_RESHUFFLES``); later reshuffles get no rank."""
    from gameshelf.core.protocol import SEED_LIMIT
    from gameshelf.core.rng import Rng

    if type(seed) is not int or not -SEED_LIMIT < seed < SEED_LIMIT:
        raise ValueError(f"seed must be an int below {SEED_LIMIT} in size, not {seed!r}")
    if len(reshuffled) > N_RESHUFFLES:
        raise ValueError(f"at most {N_RESHUFFLES} reshuffles are held, not {len(reshuffled)}")
    rng = Rng(seed)
    deck = np.array(rng["deal"].shuffled(range(T.N_CARDS)), np.int32)
    dice_stream, page_stream = rng["dice"], rng["page"]
    dice = np.array([dice_stream.below(T.RULES.business_die_sides) for _ in range(N_DICE)], np.int32)
    page = np.array([page_stream.die(T.RULES.page_die_sides) for _ in range(N_ROLLS)], np.int32)
    ranks = np.tile(np.arange(T.N_CARDS, dtype=np.int32), (N_RESHUFFLES, 1))
    shuffle = rng["shuffle"]
    for k, cards in enumerate(reshuffled):
        order = shuffle.shuffled(sorted(cards))  # "s.deck = sorted(s.discard)", then shuffled
        ranks[k, order] = np.arange(len(order), dtype=np.int32)
    return deck, dice, page, ranks
