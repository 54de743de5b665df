"""Filthy Rich as pure JAX functions: ``init``, ``step``, ``observe``, ``legal_mask``.

pgx's conventions, for 2 to 5 players: a :class:`State` pytree with
``current_player``, ``rewards`` (float32[players]: 1 to the winner on the
step that wins, as the engine's scores), ``terminated`` and
``legal_action_mask``; every function is pure and fit for ``jax.jit`` and
``jax.vmap``. Actions are the engine's ids (``Game.action_id``, ``N_ACTIONS``
of them: the bids are the engine's menu, the minimum plus ``bid_raises``) and
``observe`` is the engine's ``observation_tensor(current_player)`` bit for
bit (``OBS_SIZE`` floats). Every rule is the engine's (rules version 2 and
RULES.md's rulings C1-C26, without the ``single_tax`` option); the card data
comes from the engine's TOML files at import.

Example::

    import jax
    from gameshelf.rl.jax import filthy_rich as fr

    keys = jax.random.split(jax.random.key(0), 1024)
    state = jax.vmap(lambda k: fr.init(k, 3))(keys)
    state = jax.jit(jax.vmap(fr.step))(state, jax.vmap(fr.first_legal)(state))

Randomness: ``init(key, players)`` draws the whole deal (deck order, the
dice and page dice in draw order, each reshuffle's order); ``step`` is then
deterministic and takes ``key`` only to keep pgx's signature.
``init_with_deal(engine_deal(seed, ...), players)`` plays the engine's game ``seed``.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.typing import ArrayLike

from gameshelf.rl.jax._illegal import forfeit, is_illegal
from gameshelf.rl.jax.filthy_rich import _legal, _step
from gameshelf.rl.jax.filthy_rich import _tables as T
from gameshelf.rl.jax.filthy_rich._deal import Deal, engine_deal, random_deal
from gameshelf.rl.jax.filthy_rich._observe import observe, observe_for
from gameshelf.rl.jax.filthy_rich._state import AUTO_NONE, POOL, State

__all__ = [
    "N_ACTIONS",
    "OBS_SIZE",
    "RULES_VERSION",
    "Deal",
    "State",
    "engine_deal",
    "first_legal",
    "init",
    "init_with_deal",
    "legal_mask",
    "observe",
    "observe_for",
    "random_deal",
    "step",
]

N_ACTIONS: int = T.N_ACTIONS
OBS_SIZE: int = T.OBS_SIZE
#: the engine's ``rules_version`` these functions implement (a test holds them equal)
RULES_VERSION = "2"


def init_with_deal(deal: Deal, players: int) -> State:
    """The first decision of the game whose randomness is ``deal``: each seat
    dealt five cards from the top of the deck, seat 0 first, $10 each."""
    if type(players) is not int or not T.MIN_PLAYERS <= players <= T.MAX_PLAYERS:
        raise ValueError(f"players must be an int from {T.MIN_PLAYERS} to {T.MAX_PLAYERS}, not {players!r}")
    deck, dice, page, ranks = (jnp.asarray(x, jnp.int32) for x in deal)
    i32 = jnp.int32
    n, h = players, T.HAND
    top = T.N_CARDS - h * (jnp.arange(n) + 1)                  # seat p takes deck[top_p : top_p + 5]
    pos = jnp.argsort(deck)                                    # where each card lies in the deck
    hand = (pos[None, :] >= top[:, None]) & (pos[None, :] < top[:, None] + h)
    z = jnp.zeros((), i32)
    none = jnp.asarray(-1, i32)
    s = State(
        current_player=z, rewards=jnp.zeros(n, jnp.float32), terminated=jnp.zeros((), bool),
        truncated=jnp.zeros((), bool), legal_action_mask=jnp.zeros(T.N_ACTIONS, bool), _step_count=z,
        page=jnp.ones((), i32), money=jnp.full(n, T.RULES.start_money, i32), hand=hand,
        deck=deck, deck_n=jnp.asarray(T.N_CARDS - h * n, i32), discard=jnp.zeros(T.N_CARDS, bool),
        in_play=jnp.full(T.N_CARDS, -1, i32), lux_owner=jnp.full(T.N_LUX, POOL, i32),
        lux_lot=jnp.full(T.N_LUX, -1, i32), book=jnp.full((T.PAGES, T.POCKETS), -1, i32),
        sign_owner=jnp.full(T.N_SIGNS, -1, i32), out_rank=jnp.zeros(n, i32), n_out=z,
        card_gen=jnp.zeros(T.N_CARDS, i32), reshuffles=z, winner=none,
        turn=z, turns=jnp.ones((), i32), round=jnp.ones((), i32), phase=jnp.asarray(T.TURN, i32),
        actions_left=jnp.asarray(T.RULES.actions_per_turn, i32), luxury_open=jnp.ones((), bool),
        rolled=jnp.zeros((), bool), pending=none, decider=none, dice=jnp.zeros(T.MAX_DICE, i32), page_die=z,
        taxes_left=z, window_k=z, auto=jnp.asarray(AUTO_NONE, i32), auction_bankrupt=none, auction_pos=z,
        auction_high=z, auction_leader=none, auction_passes=z,
        deal_dice=dice, dice_pos=z, deal_page=page, page_pos=z, deal_shuffle=ranks,
    )
    return s.replace(legal_action_mask=_legal.legal_mask(s))


def init(key: jax.Array, players: int) -> State:
    """A new game of ``players`` seats with a random deal drawn from ``key``."""
    return init_with_deal(random_deal(key), players)


def step(state: State, action: ArrayLike, key: jax.Array | None = None) -> State:
    """Play action id ``action``. As in pgx, an illegal id ends the game with
    -1 to the mover (see :mod:`gameshelf.rl.jax._illegal`): mask it out. On
    a finished game nothing changes and the rewards are 0. ``key`` is
    unused: the deal already holds the future."""
    del key
    action = jnp.asarray(action, jnp.int32)
    illegal = is_illegal(state, action)
    # the rules only ever see a legal id: an illegal one's result is thrown away below
    out = _step.apply(state, jnp.where(illegal, first_legal(state), action))
    over = out.phase == T.OVER
    seat = jnp.where(jnp.asarray(T.TURN_PHASES)[out.phase], out.turn, out.decider)
    won = over & ~state.terminated
    out = out.replace(
        current_player=jnp.where(over, state.current_player, seat).astype(jnp.int32),
        rewards=(jnp.arange(out.money.shape[-1]) == out.winner).astype(jnp.float32) * won,
        terminated=over, _step_count=state._step_count + 1,
    )
    out = out.replace(legal_action_mask=_legal.legal_mask(out))
    frozen = state.replace(rewards=jnp.zeros_like(state.rewards))
    return forfeit(_step.when(state.terminated | illegal, frozen, out), illegal)


def legal_mask(state: State) -> jax.Array:
    """bool[N_ACTIONS] over the engine's action ids (all true once over)."""
    return state.legal_action_mask


def first_legal(state: State) -> jax.Array:
    """The lowest legal id (a deterministic policy for examples and tests)."""
    return jnp.argmax(state.legal_action_mask).astype(jnp.int32)
