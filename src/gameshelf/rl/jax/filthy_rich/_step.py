"""One decision, then the automatic steps until someone must decide.

The engine applies a decision (``rules/apply.py``) and then runs its task
queue (``rules/flow.py``) until a seat is asked something. Here a decision is
one branch of a ``lax.switch`` over the action's kind, and the queue is a
``lax.while_loop`` whose body does the next automatic step, in the engine's
order: the auction step a bid or pass left (next bidder, next lot), a tax
whose sell window has closed, an auction waiting for a bankrupt seat's
luxuries, the next tax's sell window, and last the page die and the end of
the turn.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from gameshelf.rl.jax.filthy_rich import _rules as R
from gameshelf.rl.jax.filthy_rich import _tables as T
from gameshelf.rl.jax.filthy_rich._state import (
    AUTO_NEXT_BIDDER,
    AUTO_NONE,
    AUTO_OPEN_LOT,
    AUTO_PAY_TAX,
    LOT,
    REMOVED,
    State,
)

i32 = jnp.int32
when = R.when
COST = jnp.asarray(T.COST)
LOAN = jnp.asarray(T.LOAN)
EFFECT = jnp.asarray(T.EFFECT)
AMOUNT = jnp.asarray(T.AMOUNT)
ACTION_KIND = jnp.asarray(T.ACTION_KIND)
ACTION_ARG = jnp.asarray(T.ACTION_ARG)
PLACE_MASK = jnp.asarray(T.PLACE_MASK)
SIGN_COST = jnp.asarray(T.SIGN_COST)
LUX_ORDER_KEY = jnp.asarray(T.LUX_ORDER_KEY)
RULES = T.RULES
BANK = jnp.asarray(-1, i32)


# -- the turn (rules/turn.py) ----------------------------------------------------------------------
def buy_luxury(s: State, lux: jax.Array) -> State:
    seat = s.turn
    s = s.replace(money=s.money.at[seat].add(-R.LUX_COST[lux]), lux_owner=s.lux_owner.at[lux].set(seat),
                  luxury_open=jnp.zeros((), bool))
    return R.check_luxury_win(s, seat)


def _spend_action(s: State, card: jax.Array) -> State:
    return s.replace(hand=s.hand.at[s.turn, card].set(False), actions_left=s.actions_left - 1,
                     luxury_open=jnp.zeros((), bool))


def finish_action(s: State) -> State:
    """The action card goes face up to the discard pile (``effects.finish_action``)."""
    return s.replace(discard=s.discard.at[jnp.maximum(s.pending, 0)].set(True), pending=jnp.asarray(-1, i32),
                     phase=jnp.where(s.phase == T.OVER, T.OVER, T.TURN).astype(i32))


def play_card(s: State, card: jax.Array) -> State:
    """A business waits for its pockets, an asset is paid for and stays in
    front, an action is paid for and resolved or waits for its choice."""
    seat = s.turn
    s = _spend_action(s, card)
    kind = jnp.asarray(T.KIND)[card]
    business = s.replace(pending=card, phase=jnp.asarray(T.PLACE, i32))
    asset = s.replace(money=s.money.at[seat].add(LOAN[card] - COST[card]), in_play=s.in_play.at[card].set(seat))
    # an action card
    effect, amount = EFFECT[card], AMOUNT[card]
    a = s.replace(money=s.money.at[seat].add(-COST[card]), pending=card)
    choice = jnp.select([effect == T.AUDIT, effect == T.ARSON, effect == T.PAGE_CARD], [T.TARGET, T.TORCH, T.PAGE], -1)
    waits = a.replace(phase=choice.astype(i32))
    now = when(effect == T.GAIN, R.add_money(a, seat, amount), a)
    now = R.draw(now, seat, jnp.where(effect == T.DRAW, amount, 0))
    n = R.players(s)
    start_alive = R.alive(now)

    def collect(off: int, x: State) -> State:
        other = (seat + off) % n
        do = (effect == T.COLLECT) & start_alive[other] & (x.phase != T.OVER)
        return R.force_pay(x, other, amount, seat, do)

    now = finish_action(jax.lax.fori_loop(1, n, collect, now))
    action = when(choice >= 0, waits, now)
    out = when(kind == 1, asset, action)  # cards.ASSET
    return when(kind == 0, business, out)  # cards.BUSINESS


def discard_card(s: State, card: jax.Array) -> State:
    s = _spend_action(s, card)
    return s.replace(discard=s.discard.at[card].set(True), money=s.money.at[s.turn].add(RULES.discard_income))


def place_sign(s: State, place: jax.Array) -> State:
    """Pay the cost, $2 per covered pocket to the owner of the sign seen
    there from the page below, then hang the sign (``turn.place_sign``)."""
    seat, card = s.turn, s.pending
    sign = R.SIGN[card]
    pockets = PLACE_MASK[place]
    below = R.visible(s.book, s.page - 1)
    owner = s.sign_owner[jnp.maximum(below, 0)]
    fee = pockets & (below >= 0) & (owner != seat)
    n = R.players(s)
    paid = jax.vmap(lambda p: jnp.sum(fee & (owner == p)))(jnp.arange(n)) * RULES.cover_fee
    money = (s.money + paid).at[seat].add(-jnp.sum(paid) - SIGN_COST[sign])
    row = s.page - 1
    return s.replace(
        money=money, book=s.book.at[row].set(jnp.where(pockets, sign, s.book[row])),
        sign_owner=s.sign_owner.at[sign].set(seat), in_play=s.in_play.at[card].set(seat),
        pending=jnp.asarray(-1, i32), phase=jnp.asarray(T.TURN, i32))


def sell_business(s: State, card: jax.Array) -> State:
    """The whole sign for $2 per card (C7); in a sell window the same seat is
    asked again while it still owns a business."""
    in_window = s.phase == T.SELL
    seller = jnp.where(in_window, s.decider, s.turn)
    s = R.add_money(s, seller, RULES.sell_per_sign_card * R.SIGN_SIZE[R.SIGN[card]])
    s = R.take_down(s, card, jnp.ones((), bool))
    return when(in_window, R.next_window_seat(s, s.window_k), s)


def keep(s: State) -> State:
    return R.next_window_seat(s, s.window_k + 1)


def roll(s: State) -> State:
    """One d10 per page, the hits, then a tax per zero (C1), the page die and the end."""
    k = jnp.arange(T.MAX_DICE)
    faces = s.deal_dice[(s.dice_pos + k) % s.deal_dice.shape[0]]
    dice = jnp.where(k < s.page, faces, 0)
    s = s.replace(dice=dice, dice_pos=s.dice_pos + s.page, rolled=jnp.ones((), bool))
    s = R.resolve_hits(s)
    return s.replace(taxes_left=jnp.sum((k < s.page) & (dice == 0)).astype(i32))


# -- action cards' choices (rules/effects.py) ----------------------------------------------------------
def audit(s: State, target: jax.Array) -> State:
    """The target pays one tax now, shelter counted, income not (C18)."""
    s = R.force_pay(s, target, R.tax_due(s, target), BANK, jnp.ones((), bool))
    return finish_action(s)


def torch(s: State, card: jax.Array) -> State:
    return finish_action(R.take_down(s, card, jnp.ones((), bool)))


def change_page(s: State, page: jax.Array) -> State:
    return finish_action(s.replace(page=page))


# -- the auction (rules/bankruptcy.py) ---------------------------------------------------------------
def current_lot(s: State) -> tuple[jax.Array, jax.Array]:
    """The luxury under the hammer (cheapest of the bankrupt seat's first), and whether there is one."""
    lots = (s.lux_owner == LOT) & (s.lux_lot == s.auction_bankrupt)
    key = jnp.where(lots, LUX_ORDER_KEY, 1 << 20)
    return jnp.argmin(key).astype(i32), jnp.any(lots)


def min_bid(s: State) -> jax.Array:
    lux, _ = current_lot(s)
    return jnp.where(s.auction_leader == -1, R.LUX_COST[lux], s.auction_high + 1)


def bid(s: State, raise_by: jax.Array) -> State:
    """The bid, then the next seat is asked (the phase is left while the loop finds it)."""
    return s.replace(phase=jnp.asarray(T.TURN, i32), auction_high=min_bid(s) + raise_by, auction_leader=s.decider,
                     auction_passes=jnp.zeros((), i32), auto=jnp.asarray(AUTO_NEXT_BIDDER, i32))


def pass_bid(s: State) -> State:
    return s.replace(phase=jnp.asarray(T.TURN, i32), auction_passes=s.auction_passes + 1, auto=jnp.asarray(AUTO_NEXT_BIDDER, i32))


def may_sell_in_auction(s: State, seat: jax.Array) -> jax.Array:
    """The turn player, before rolling, may sell to bid (C26)."""
    return (seat == s.turn) & ~s.rolled & jnp.any(R.businesses(s, seat))


def next_bidder(s: State) -> State:
    """One seat of the ring: sold when the bid comes round to its leader,
    unsold when everyone passed, asked when it can pay, else passed over."""
    bidder = R.next_alive(s, s.auction_pos)
    s = s.replace(auction_pos=bidder)
    ring = jnp.sum(R.alive(s))
    lux, _ = current_lot(s)
    sold_now = bidder == s.auction_leader
    unsold_now = ~sold_now & (s.auction_leader == -1) & (s.auction_passes >= ring)
    cash = s.money[bidder] + jnp.where(may_sell_in_auction(s, bidder), R.sale_value(s, bidder), 0)
    asked = ~sold_now & ~unsold_now & (cash >= min_bid(s))
    leader = jnp.maximum(s.auction_leader, 0)
    sold = s.replace(money=s.money.at[leader].add(-s.auction_high), lux_owner=s.lux_owner.at[lux].set(leader),
                     lux_lot=s.lux_lot.at[lux].set(-1), auto=jnp.asarray(AUTO_OPEN_LOT, i32))
    sold = R.check_luxury_win(sold, leader)
    sold = when(sold.phase == T.OVER, sold.replace(auto=jnp.asarray(AUTO_NONE, i32)), sold)
    unsold = s.replace(lux_owner=s.lux_owner.at[lux].set(REMOVED), lux_lot=s.lux_lot.at[lux].set(-1),
                       auto=jnp.asarray(AUTO_OPEN_LOT, i32))
    ask = s.replace(phase=jnp.asarray(T.AUCTION, i32), decider=bidder, auto=jnp.asarray(AUTO_NONE, i32))
    passed = s.replace(auction_passes=s.auction_passes + 1)
    out = when(asked, ask, passed)
    out = when(unsold_now, unsold, out)
    return when(sold_now, sold, out)


def open_lot(s: State) -> State:
    _, any_lot = current_lot(s)
    done = s.replace(auction_bankrupt=jnp.asarray(-1, i32), phase=jnp.asarray(T.TURN, i32),
                     decider=jnp.asarray(-1, i32), auto=jnp.asarray(AUTO_NONE, i32))
    start = s.replace(auction_high=jnp.zeros((), i32), auction_leader=jnp.asarray(-1, i32),
                      auction_passes=jnp.zeros((), i32), auction_pos=s.auction_bankrupt,
                      auto=jnp.asarray(AUTO_NEXT_BIDDER, i32))
    return when(any_lot, start, done)


def queued_auction(s: State) -> tuple[jax.Array, jax.Array]:
    """The seat whose luxuries are auctioned next (the first to have gone
    out among those waiting), and whether there is one."""
    waiting = jnp.zeros(R.players(s), bool).at[jnp.maximum(s.lux_lot, 0)].max(s.lux_owner == LOT)
    waiting = waiting & (s.auction_bankrupt == -1)
    key = jnp.where(waiting, s.out_rank, 1 << 20)
    return jnp.argmin(key).astype(i32), jnp.any(waiting)


# -- the page die and the end of the turn ------------------------------------------------------------
def page_die_and_end(s: State) -> State:
    """"1-4: turn to that page, 5-6: stay"; then draw back to five and pass
    the turn to the next seat still in (``dice.roll_page_die``, ``turn.end_turn``)."""
    die = s.deal_page[s.page_pos % s.deal_page.shape[0]]
    s = s.replace(page_die=die, page_pos=s.page_pos + 1, page=jnp.where(die <= T.PAGES, die, s.page))
    seat = s.turn
    need = jnp.where(R.alive(s)[seat], RULES.hand_size - jnp.sum(s.hand[seat]), 0)
    s = R.draw(s, seat, need)
    nxt = R.next_alive(s, seat)
    return s.replace(
        turn=nxt, turns=s.turns + 1, round=s.round + (nxt <= seat), actions_left=jnp.asarray(RULES.actions_per_turn, i32),
        luxury_open=jnp.ones((), bool), rolled=jnp.zeros((), bool), phase=jnp.asarray(T.TURN, i32))


# -- the loop ------------------------------------------------------------------------------------------
def _work(s: State) -> jax.Array:
    """Which automatic step comes next (0 none)."""
    _, queued = queued_auction(s)
    return jnp.select(
        [s.phase != T.TURN, s.auto == AUTO_NEXT_BIDDER, s.auto == AUTO_OPEN_LOT, s.auto == AUTO_PAY_TAX, queued,
         s.taxes_left > 0, s.rolled],
        [0, 1, 2, 3, 4, 5, 6], 0)


def _pay_tax(s: State) -> State:
    s = R.pay_taxes(s.replace(auto=jnp.asarray(AUTO_NONE, i32)))
    return s.replace(taxes_left=jnp.where(s.phase == T.OVER, 0, s.taxes_left - 1))


def _start_auction(s: State) -> State:
    seat, _ = queued_auction(s)
    return s.replace(auction_bankrupt=seat, auto=jnp.asarray(AUTO_OPEN_LOT, i32))


def advance(s: State) -> State:
    """Run the automatic steps until a seat must decide or the turn player is asked again."""
    branches = [lambda s: s, next_bidder, open_lot, _pay_tax, _start_auction,
                lambda s: R.next_window_seat(s, jnp.zeros((), i32)), page_die_and_end]
    return jax.lax.while_loop(lambda s: _work(s) > 0, lambda s: jax.lax.switch(_work(s), branches, s), s)


# -- one decision ---------------------------------------------------------------------------------------
def apply(s: State, action: jax.Array) -> State:
    """Play action id ``action`` (assumed legal), then run the queue."""
    kind, arg = ACTION_KIND[action], ACTION_ARG[action]
    branches = [
        lambda s, a: buy_luxury(s, a), lambda s, a: play_card(s, a), lambda s, a: discard_card(s, a),
        lambda s, a: sell_business(s, a), lambda s, a: place_sign(s, a), lambda s, a: audit(s, a),
        lambda s, a: torch(s, a), lambda s, a: change_page(s, a), lambda s, a: roll(s),
        lambda s, a: keep(s), lambda s, a: bid(s, a), lambda s, a: pass_bid(s),
    ]
    s = jax.lax.switch(kind, branches, s, arg)
    return advance(s)

