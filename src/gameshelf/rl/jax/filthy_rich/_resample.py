"""Honest search: a copy of a state with everything its current player cannot see redrawn.

The state holds the game's whole random future (``_state``'s docstring) and
every hand, so a search that uses ``step`` as its model would know the dice
to come and the other seats' cards. ``resample`` gives it a world that agrees
with everything the seat to decide has seen, as the engine's re-deal for the
bots does (``games/filthy_rich/hidden.py``):

- the other seats' hands and the draw pile are dealt again from the cards
  among them, **generation by generation**: a card can only move to a place
  that held a card of its own reshuffle (every seat knows which cards each
  reshuffle put into the deck, and how many of each every hand drew), so
  each hand keeps its count per generation and the deck keeps its size;
- the business dice, page dice and reshuffle orders still to come are drawn again.

The seat's observation, legal moves and rewards are unchanged;
``tests/rl/jax/test_filthy_rich_env.py`` checks it along random games.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from gameshelf.rl.jax.filthy_rich import _tables as T
from gameshelf.rl.jax.filthy_rich._deal import random_deal
from gameshelf.rl.jax.filthy_rich._state import State

_BIG = 1 << 24


def resample(state: State, key: jax.Array) -> State:
    """``state`` with its unseen cards and future redrawn from ``key`` (pure; ``vmap`` it for a batch)."""
    k_cards, k_deal = jax.random.split(key)
    _, dice, page, ranks = random_deal(k_deal)
    seat = state.current_player
    n = state.money.shape[-1]
    cards = jnp.arange(T.N_CARDS)
    in_deck = jnp.zeros(T.N_CARDS, bool).at[state.deck].set(cards < state.deck_n)
    others = state.hand & (jnp.arange(n) != seat)[:, None]
    hidden = in_deck | jnp.any(others, axis=0)
    # where each hidden card lies: a seat, or n + its place in the deck
    place = jnp.zeros(T.N_CARDS, jnp.int32).at[state.deck].set(n + jnp.arange(T.N_CARDS))
    where = jnp.where(in_deck, place, jnp.argmax(others, axis=0))
    # the hidden cards by generation, in card order (the places) and in a random order (the cards)
    gen = state.card_gen * 1024
    by_card = jnp.argsort(jnp.where(hidden, gen + cards, _BIG))
    shuffled = jnp.argsort(jnp.where(hidden, gen + jax.random.permutation(k_cards, T.N_CARDS), _BIG))
    count = jnp.sum(hidden)
    valid = cards < count
    new_where = jnp.zeros(T.N_CARDS, jnp.int32).at[shuffled].set(jnp.where(valid, where[by_card], -1))
    new_where = jnp.where(hidden, new_where, -1)
    hand = jnp.where((jnp.arange(n) == seat)[:, None], state.hand,
                     new_where[None, :] == jnp.arange(n)[:, None])
    deck_slot = jnp.where(hidden & (new_where >= n), new_where - n, T.N_CARDS)
    deck = state.deck.at[deck_slot].set(cards, mode="drop")
    used_dice = jnp.arange(dice.shape[0]) < state.dice_pos
    used_page = jnp.arange(page.shape[0]) < state.page_pos
    used_shuffle = jnp.arange(ranks.shape[0]) < state.reshuffles
    return state.replace(
        hand=hand, deck=deck,
        deal_dice=jnp.where(used_dice, state.deal_dice, dice),
        deal_page=jnp.where(used_page, state.deal_page, page),
        deal_shuffle=jnp.where(used_shuffle[:, None], state.deal_shuffle, ranks),
    )
