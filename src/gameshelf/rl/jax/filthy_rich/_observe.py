"""The engine's observation tensor (``encoding.write``), slot for slot.

Numbers are looked up in float32 tables made with the encoder's own
arithmetic (``_tables.lut`` / ``lut_scaled``), so the vector is
bit-identical to ``state.observation_tensor(seat)``; seats are listed from
the viewer and padded to five, as there. The deal and the deck order are
never read, nor any hand but the viewer's. The engine's one quirk is kept:
its ``auction.queue`` places the ids of the luxuries still to come in the
auction as if they were seats.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from gameshelf.rl.jax.filthy_rich import _rules as R
from gameshelf.rl.jax.filthy_rich import _step as S
from gameshelf.rl.jax.filthy_rich import _tables as T
from gameshelf.rl.jax.filthy_rich._state import LOT, POOL, REMOVED, State

f32 = jnp.float32
_TURNS = jnp.asarray(T.lut(T.TURNS_CAP, T.TURNS_CAP))
_ACTIONS = jnp.asarray(T.lut(T.RULES.actions_per_turn, T.RULES.actions_per_turn))
_MONEY = jnp.asarray(T.lut_scaled(T.MONEY_CAP, T.MONEY_CAP))
_OUT = jnp.asarray(T.lut_scaled(T.SEATS, T.SEATS))
_HAND = jnp.asarray(T.lut_scaled(10, 10))
_DECK = jnp.asarray(T.lut(T.N_CARDS, T.N_CARDS))
_DICE = jnp.asarray(T.lut_scaled(T.RULES.business_die_sides, T.RULES.business_die_sides))
_PAGE_DIE = jnp.asarray(T.lut(T.RULES.page_die_sides, T.RULES.page_die_sides))
_HIGH = jnp.asarray(T.lut(T.MONEY_CAP, T.MONEY_CAP))
TURN_PHASES = jnp.asarray(T.TURN_PHASES)


def _at(table: jax.Array, value: jax.Array) -> jax.Array:
    return table[jnp.clip(value, 0, table.shape[0] - 1)]


def _hot(i: jax.Array | int, size: int, on: jax.Array | bool = True) -> jax.Array:
    """One-hot of ``i`` (nothing where ``i`` is out of range or ``on`` is false)."""
    return ((jnp.arange(size) == i) & on).astype(f32)


def _per_seat(rows: jax.Array, order: jax.Array) -> jax.Array:
    """Rows of seats in the viewer's order, padded with zero rows to five seats."""
    picked = rows[order].astype(f32)
    pad = jnp.zeros((T.SEATS - order.shape[0], *rows.shape[1:]), f32)
    return jnp.concatenate([picked, pad]).reshape(-1)


def observe_for(s: State, viewer: jax.Array) -> jax.Array:
    """float32[OBS_SIZE]: seat ``viewer``'s tensor."""
    n = R.players(s)
    order = R.clockwise(viewer, n)

    def rel(seat: jax.Array) -> jax.Array:  # -1 for no seat
        return jnp.where((seat >= 0) & (seat < n), (seat - viewer) % n, -1)

    over = s.phase == T.OVER
    current = jnp.where(over, -1, jnp.where(TURN_PHASES[s.phase], s.turn, s.decider))
    seats = jnp.arange(n)
    owner_rel = rel(s.sign_owner)
    sign = s.book.reshape(-1)
    pocket_owner = jnp.where(sign < 0, 0, jnp.where(s.sign_owner[jnp.maximum(sign, 0)] < 0, 1, 2 + owner_rel[jnp.maximum(sign, 0)]))
    book_owner = jax.nn.one_hot(pocket_owner, 2 + T.SEATS, dtype=f32).reshape(-1)
    book_sign = (jax.nn.one_hot(sign, T.N_SIGNS, dtype=f32) * (sign >= 0)[:, None]).reshape(-1)
    in_auction = s.phase == T.AUCTION
    lux, _ = S.current_lot(s)
    queue_lux = (s.lux_owner == LOT) & (s.lux_lot == s.auction_bankrupt) & (jnp.arange(T.N_LUX) != lux) & in_auction
    queue_at = rel(jnp.arange(T.N_LUX))  # a luxury id that is no seat has no slot
    queue = jnp.zeros(T.SEATS, bool).at[jnp.where(queue_lux & (queue_at >= 0), queue_at, T.SEATS)].set(True, mode="drop")
    parts = [
        jnp.zeros(1, f32),
        _hot(n - 1, T.SEATS),
        _hot(s.page - 1, T.PAGES),
        _hot(s.phase, len(T.PHASES)),
        _hot(rel(s.turn), T.SEATS),
        _hot(rel(current), T.SEATS),
        _at(_TURNS, s.turns)[None],
        _at(_ACTIONS, s.actions_left)[None],
        s.luxury_open.astype(f32)[None],
        _hot(s.pending, T.N_CARDS),
        book_owner,
        book_sign,
        jnp.concatenate([_at(_MONEY, s.money[order]), jnp.zeros(T.SEATS - n, f32)]),
        _per_seat(R.alive(s), order),
        jnp.concatenate([_at(_OUT, s.out_rank[order]), jnp.zeros(T.SEATS - n, f32)]),
        jnp.concatenate([_at(_HAND, jnp.sum(s.hand, axis=1)[order]), jnp.zeros(T.SEATS - n, f32)]),
        _per_seat(s.lux_owner[None, :] == seats[:, None], order),
        _per_seat((s.in_play[None, :] == seats[:, None]) & R.IS_BUSINESS, order),
        _per_seat((s.in_play[None, :] == seats[:, None]) & R.IS_ASSET, order),
        s.hand[viewer].astype(f32),
        s.discard.astype(f32),
        _at(_DECK, s.deck_n)[None],
        (s.lux_owner == POOL).astype(f32),
        (s.lux_owner == REMOVED).astype(f32),
        _at(_DICE, s.dice),
        _at(_PAGE_DIE, s.page_die)[None],
        in_auction.astype(f32)[None],
        _hot(lux, T.N_LUX, in_auction),
        jnp.where(in_auction, _at(_HIGH, s.auction_high), 0.0)[None],
        _hot(rel(s.auction_leader), T.SEATS, in_auction),
        _hot(rel(s.decider), T.SEATS, in_auction),
        queue.astype(f32),
        _hot(rel(s.winner), T.SEATS),
    ]
    return jnp.concatenate(parts)


def observe(s: State) -> jax.Array:
    """The current player's tensor (pgx's ``State.observation``)."""
    return observe_for(s, s.current_player)
