"""The engine's rules as pure functions on :class:`State`, one per rule.

Each function mirrors one of the engine's (``games/filthy_rich/rules/``) and
says which. Rules that may or may not happen take a ``do`` flag and change
nothing when it is false (:func:`when`), so that a loop over seats or dice
traces each rule once. Seats are 0-based; clockwise is ``seat + 1``.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from gameshelf.rl.jax.filthy_rich import _tables as T
from gameshelf.rl.jax.filthy_rich._state import AUTO_NONE, AUTO_PAY_TAX, LOT, REMOVED, State

i32 = jnp.int32
IS_BUSINESS = jnp.asarray(T.IS_BUSINESS)
IS_ASSET = jnp.asarray(T.IS_ASSET)
SIGN = jnp.asarray(T.SIGN)
SIGN_SIZE = jnp.asarray(T.SIGN_SIZE)
SIGN_HIT = jnp.asarray(T.SIGN_HIT)
MARKS = jnp.asarray(T.MARKS)
SHELTER = jnp.asarray(T.SHELTER)
TAX_PAYS = jnp.asarray(T.TAX_PAYS)
HIT_BONUS = jnp.asarray(T.HIT_BONUS)
RACKET = jnp.asarray(T.RACKET)
LUX_MARKS = jnp.asarray(T.LUX_MARKS)
LUX_COST = jnp.asarray(T.LUX_COST)
R = T.RULES


def when(do: jax.Array, new: State, old: State) -> State:
    """``new`` where ``do``, else ``old``; leaves a rule did not touch are
    kept as they are (no select over the deal at every rule)."""
    def pick(a: Any, b: Any) -> Any:
        return a if a is b else jnp.where(do, a, b)

    out: State = jax.tree_util.tree_map(pick, new, old)
    return out


def players(s: State) -> int:
    return int(s.money.shape[-1])


def alive(s: State) -> jax.Array:
    return s.out_rank == 0


def clockwise(seat: jax.Array, n: int) -> jax.Array:
    """int[n]: the seats from ``seat`` clockwise, ``seat`` first."""
    return (seat + jnp.arange(n)) % n


def next_alive(s: State, seat: jax.Array) -> jax.Array:
    """The next seat still in after ``seat``, clockwise (``seat`` itself last)."""
    n = players(s)
    order = (seat + 1 + jnp.arange(n)) % n
    return order[jnp.argmax(alive(s)[order])]


def owned(s: State, seat: jax.Array) -> jax.Array:
    """bool[cards]: ``seat``'s businesses and assets in play."""
    return s.in_play == seat


def businesses(s: State, seat: jax.Array) -> jax.Array:
    return owned(s, seat) & IS_BUSINESS


# -- money and taxes (rules/money.py, effects.tax_*) ---------------------------------------
def tax_due(s: State, seat: jax.Array) -> jax.Array:
    """Marks of businesses, assets and luxuries, less every shelter, never below 0."""
    mine = owned(s, seat)
    marks = jnp.sum(jnp.where(mine, MARKS, 0)) + jnp.sum(jnp.where(s.lux_owner == seat, LUX_MARKS, 0))
    return jnp.maximum(0, marks - jnp.sum(jnp.where(mine & IS_ASSET, SHELTER, 0)))


def tax_income(s: State, seat: jax.Array) -> jax.Array:
    return jnp.sum(jnp.where(owned(s, seat), TAX_PAYS, 0))


def add_money(s: State, seat: jax.Array, amount: jax.Array) -> State:
    return s.replace(money=s.money.at[seat].add(amount))


def sale_value(s: State, seat: jax.Array) -> jax.Array:
    """What selling every business of ``seat`` brings ($2 per sign card)."""
    sizes = SIGN_SIZE[jnp.maximum(SIGN, 0)]
    return R.sell_per_sign_card * jnp.sum(jnp.where(businesses(s, seat), sizes, 0))


# -- the book (book.py, rules/signs.py) ------------------------------------------------------
def visible(book: jax.Array, page: jax.Array) -> jax.Array:
    """int[9]: the sign seen in each pocket with the book open on ``page``
    (the highest page at or below it with a card there), -1 where none."""
    pages = jnp.arange(1, T.PAGES + 1)[:, None]
    filled = (book >= 0) & (pages <= page)
    top = T.PAGES - 1 - jnp.argmax(filled[::-1], axis=0)
    seen = book[top, jnp.arange(T.POCKETS)]
    return jnp.where(jnp.any(filled, axis=0), seen, -1)


def foreign_below(s: State, seat: jax.Array) -> jax.Array:
    """bool[9]: pockets of the open page where a new sign would cover another
    player's sign showing through from below (``signs.foreign_below``)."""
    below = visible(s.book, s.page - 1)
    owner = s.sign_owner[jnp.maximum(below, 0)]
    return (below >= 0) & (owner != seat)


def take_down(s: State, card: jax.Array, do: jax.Array) -> State:
    """A business leaves play: its sign out of the book, the card face up
    on the discard pile (``signs.take_down``)."""
    sign = SIGN[card]
    new = s.replace(
        book=jnp.where(s.book == sign, -1, s.book),
        sign_owner=s.sign_owner.at[sign].set(-1),
        discard=s.discard.at[card].set(True),
        in_play=s.in_play.at[card].set(-1),
    )
    return when(do, new, s)


# -- the end (rules/winning.py, bankruptcy.go_bankrupt) ---------------------------------------
def declare_winner(s: State, seat: jax.Array, do: jax.Array) -> State:
    """The game is over: luxuries waiting for a later auction leave the game
    (those of the auction in progress stay where they are, as in the engine)."""
    queued = (s.lux_owner == LOT) & (s.lux_lot != s.auction_bankrupt)
    new = s.replace(
        winner=seat, phase=jnp.asarray(T.OVER, i32), decider=jnp.asarray(-1, i32),
        lux_owner=jnp.where(queued, REMOVED, s.lux_owner), taxes_left=jnp.zeros((), i32),
        terminated=jnp.ones((), bool),
    )
    return when(do, new, s)


def check_luxury_win(s: State, seat: jax.Array) -> State:
    return declare_winner(s, seat, jnp.sum(s.lux_owner == seat) >= R.luxuries_to_win)


def go_bankrupt(s: State, seat: jax.Array, creditor: jax.Array, do: jax.Array) -> State:
    """``seat`` cannot pay: its cash to the creditor (-1: the bank), its hand,
    businesses and assets to the discard pile, its signs out of the book,
    its luxuries to auction; the last seat standing wins."""
    cash = s.money[seat]
    money = s.money.at[seat].set(0)
    money = jnp.where(creditor >= 0, money.at[jnp.maximum(creditor, 0)].add(cash), money)
    mine = owned(s, seat)
    gone_signs = s.sign_owner == seat
    in_gone = gone_signs[jnp.maximum(s.book, 0)] & (s.book >= 0)
    out_rank = s.out_rank.at[seat].set(s.n_out + 1)
    standing = jnp.sum(out_rank == 0)
    lux_mine = s.lux_owner == seat
    new = s.replace(
        money=money,
        discard=s.discard | s.hand[seat] | mine,
        hand=s.hand.at[seat].set(False),
        in_play=jnp.where(mine, -1, s.in_play),
        book=jnp.where(in_gone, -1, s.book),
        sign_owner=jnp.where(gone_signs, -1, s.sign_owner),
        out_rank=out_rank, n_out=s.n_out + 1,
        lux_owner=jnp.where(lux_mine, jnp.where(standing == 1, REMOVED, LOT), s.lux_owner),
        lux_lot=jnp.where(lux_mine, seat, s.lux_lot),
    )
    last = jnp.argmax(out_rank == 0).astype(i32)
    new = declare_winner(new, last, standing == 1)
    return when(do, new, s)


def force_pay(s: State, seat: jax.Array, amount: jax.Array, creditor: jax.Array, do: jax.Array) -> State:
    """A payment the rules impose (tax, audit, lawsuit): paid, or ``seat`` is out."""
    ok = s.money[seat] >= amount
    money = s.money.at[seat].add(-amount)
    money = jnp.where(creditor >= 0, money.at[jnp.maximum(creditor, 0)].add(amount), money)
    s = when(do & ok, s.replace(money=money), s)
    return go_bankrupt(s, seat, creditor, do & ~ok)


# -- the deck (rules/deck.py) -------------------------------------------------------------------
def draw(s: State, seat: jax.Array, n: jax.Array) -> State:
    """Draw ``n`` cards, the discard pile reshuffled into a new deck (in the
    deal's order for this reshuffle) when the deck runs out; stops when both are empty."""

    def one(i: int, s: State) -> State:
        reshuffle = (i < n) & (s.deck_n == 0) & jnp.any(s.discard)
        rank = s.deal_shuffle[s.reshuffles % s.deal_shuffle.shape[0]]
        order = jnp.argsort(jnp.where(s.discard, rank, T.N_CARDS * 4 + jnp.arange(T.N_CARDS))).astype(i32)
        gen = s.reshuffles + 1
        shuffled = s.replace(deck=order, deck_n=jnp.sum(s.discard).astype(i32),
                             discard=jnp.zeros_like(s.discard), reshuffles=gen,
                             card_gen=jnp.where(s.discard, gen, s.card_gen))
        s = when(reshuffle, shuffled, s)
        take = (i < n) & (s.deck_n > 0)
        card = s.deck[jnp.maximum(s.deck_n - 1, 0)]
        drawn = s.replace(deck_n=s.deck_n - 1, hand=s.hand.at[seat, card].set(True))
        return when(take, drawn, s)

    out: State = jax.lax.fori_loop(0, T.MAX_DRAW, one, s)
    return out


# -- the dice (rules/dice.py) ---------------------------------------------------------------------
def resolve_hits(s: State) -> State:
    """Each die 1-9 pays the owner of the sign seen in that pocket, its hit
    plus their hit bonuses; every other seat's racket takes its cut."""
    n = players(s)
    seen = visible(s.book, s.page)
    for k in range(T.MAX_DICE):
        d = s.dice[k]
        sign = seen[jnp.maximum(d - 1, 0)]
        hit = (d > 0) & (sign >= 0)
        owner = jnp.maximum(s.sign_owner[jnp.maximum(sign, 0)], 0)
        amount = SIGN_HIT[jnp.maximum(sign, 0)] + jnp.sum(jnp.where(owned(s, owner), HIT_BONUS, 0))
        s = when(hit, add_money(s, owner, amount), s)
        for off in range(1, n):
            holder = (owner + off) % n
            cut = jnp.minimum(jnp.sum(jnp.where(owned(s, holder), RACKET, 0)), s.money[owner])
            cut = jnp.where(hit & alive(s)[holder], cut, 0)
            s = s.replace(money=s.money.at[owner].add(-cut).at[holder].add(cut))
    return s


def pay_taxes(s: State) -> State:
    """Every seat still in, from the turn player clockwise, takes its tax
    income, then pays its marks or goes out; a win stops the payments."""
    n = players(s)
    start_alive = alive(s)

    def one(off: int, s: State) -> State:
        seat = (s.turn + off) % n
        do = start_alive[seat] & (s.phase != T.OVER)
        s = when(do, add_money(s, seat, tax_income(s, seat)), s)
        return force_pay(s, seat, tax_due(s, seat), jnp.asarray(-1, i32), do)

    out: State = jax.lax.fori_loop(0, n, one, s)
    return out


def next_window_seat(s: State, first: jax.Array) -> State:
    """The first seat at or after offset ``first`` from the turn player that is
    still in and owns a business is asked; with none left the tax is paid."""
    n = players(s)
    offs = jnp.arange(n)
    seats = (s.turn + offs) % n
    has = jax.vmap(lambda p: jnp.any(businesses(s, p)))(seats) & alive(s)[seats] & (offs >= first)
    k = jnp.argmax(has).astype(i32)
    found = jnp.any(has)
    return s.replace(
        window_k=jnp.where(found, k, n),
        phase=jnp.where(found, T.SELL, T.TURN).astype(i32),
        decider=jnp.where(found, seats[k], -1).astype(i32),
        auto=jnp.where(found, AUTO_NONE, AUTO_PAY_TAX).astype(i32),
    )
