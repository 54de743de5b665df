"""Which action ids are legal (the engine's ``rules/legal.py``): one mask per
kind of decision, scattered onto the engine's ids and chosen by the phase.
Once the game is over every id is marked legal, as pgx does, so that a
masked draw never meets an empty row (``step`` then changes nothing)."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from gameshelf.rl.jax.filthy_rich import _rules as R
from gameshelf.rl.jax.filthy_rich import _step as S
from gameshelf.rl.jax.filthy_rich import _tables as T
from gameshelf.rl.jax.filthy_rich._state import POOL, State

ARG = jnp.asarray(T.ACTION_ARG)
PLACE_MASK = jnp.asarray(T.PLACE_MASK)
SIGN_PLACES = jnp.asarray(T.SIGN_PLACES)
BID_RAISE = jnp.asarray(T.BID_RAISE)
KIND = jnp.asarray(T.KIND)
FEE = T.RULES.cover_fee


def _on(ids: object, values: jax.Array) -> jax.Array:
    """A full-length mask with ``values`` at ``ids`` (one value per id)."""
    return jnp.zeros(T.N_ACTIONS, bool).at[jnp.asarray(ids)].set(values)


def fitting_places(s: State, seat: jax.Array) -> jax.Array:
    """bool[signs, placements]: where each sign may hang now, its cost and
    cover fees paid for in full (C5; ``signs.open_placements``)."""
    taken = s.book[s.page - 1] >= 0
    empty = ~jnp.any(PLACE_MASK & taken, axis=1)
    fees = FEE * jnp.sum(PLACE_MASK & R.foreign_below(s, seat), axis=1)
    budget = s.money[seat] - jnp.asarray(T.SIGN_COST)
    return SIGN_PLACES & empty[None, :] & (fees[None, :] <= budget[:, None])


def torch_targets(s: State) -> jax.Array:
    """bool[cards]: businesses of the other seats still in."""
    return R.IS_BUSINESS & (s.in_play >= 0) & (s.in_play != s.turn)


def _turn(s: State) -> jax.Array:
    seat = s.turn
    cash = s.money[seat]
    hand = s.hand[seat]
    buy = s.luxury_open & (s.lux_owner == POOL) & (cash >= R.LUX_COST)
    can_act = (s.actions_left > 0) & jnp.any(hand)
    fits = jnp.any(fitting_places(s, seat), axis=1)
    sign = jnp.maximum(R.SIGN, 0)
    business_ok = (s.sign_owner[sign] == -1) & fits[sign]
    action_ok = (jnp.asarray(T.EFFECT) != T.ARSON) | jnp.any(torch_targets(s))
    playable = jnp.select([KIND == 0, KIND == 1], [business_ok, True], action_ok)
    play = can_act & hand & (jnp.asarray(T.COST) <= cash) & playable
    mine = R.businesses(s, seat)
    return (_on(T.BUY_IDS, buy[ARG[T.BUY_IDS]]) | _on(T.PLAY_IDS, play[ARG[T.PLAY_IDS]])
            | _on(T.DISCARD_IDS, (can_act & hand)[ARG[T.DISCARD_IDS]]) | _on(T.SELL_IDS, mine[T.SELL_CARD])
            | _on([T.ROLL_ID], ~can_act[None]))


def _sell(s: State) -> jax.Array:
    return _on(T.SELL_IDS, R.businesses(s, s.decider)[T.SELL_CARD]) | _on([T.KEEP_ID], jnp.ones(1, bool))


def _auction(s: State) -> jax.Array:
    seat = s.decider
    bids = S.min_bid(s) + BID_RAISE <= s.money[seat]
    sells = R.businesses(s, seat) & S.may_sell_in_auction(s, seat)
    return _on(T.BID_IDS, bids) | _on(T.SELL_IDS, sells[T.SELL_CARD]) | _on([T.PASS_ID], jnp.ones(1, bool))


def _place(s: State) -> jax.Array:
    sign = R.SIGN[jnp.maximum(s.pending, 0)]
    return _on(T.PLACE_IDS, fitting_places(s, s.turn)[sign][ARG[T.PLACE_IDS]])


def _target(s: State) -> jax.Array:
    n = R.players(s)
    seats = ARG[T.TARGET_IDS]
    ok = (seats < n) & (seats != s.turn) & R.alive(s)[jnp.minimum(seats, n - 1)]
    return _on(T.TARGET_IDS, ok)


def _torch(s: State) -> jax.Array:
    return _on(T.TORCH_IDS, torch_targets(s)[T.TORCH_CARD])


def _page(s: State) -> jax.Array:
    return _on(T.PAGE_IDS, ARG[T.PAGE_IDS] != s.page)


def legal_mask(s: State) -> jax.Array:
    """bool[N_ACTIONS] over the engine's ids for the seat to decide."""
    masks = jnp.stack([_turn(s), _page(s), _place(s), _sell(s), _target(s), _torch(s), _auction(s),
                       jnp.ones(T.N_ACTIONS, bool)])
    order = [T.TURN, T.PAGE, T.PLACE, T.SELL, T.TARGET, T.TORCH, T.AUCTION, T.OVER]
    return masks[jnp.asarray(order).argsort()[s.phase]]
