"""1) 競りフェイズ — the auction phase.

"スタートプレイヤーが競売人となり、競売場に置かれている任意のタイル・カードから1つを
選択して競りの対象とする。競売人は最初の値付けをせねばならず、最低金額はカード・タイルの
右上に書かれている。以後は時計回りでハードパスをするか値段をせり上げる。"
"""

from __future__ import annotations

import bisect
import functools
from typing import TYPE_CHECKING, Any

from gameshelf.core.actions import Action
from gameshelf.games.pay_dirt.actions import (
    AuctioneerPass,
    Bid,
    Nominate,
    PassBid,
    listed,
    listed_run,
)
from gameshelf.games.pay_dirt.board import EMPTY
from gameshelf.games.pay_dirt.components import dollars
from gameshelf.games.pay_dirt.rules import acquire, events

if TYPE_CHECKING:
    from gameshelf.games.pay_dirt.state import PayDirtState


def lot(s: PayDirtState, row: int, item: int) -> Any:
    """The data record of a lot: row 0 equipment, 1 personnel, 2 claims."""
    comp = s.comp
    return (comp.equipment, comp.personnel, comp.claims)[min(row, 2)][item]


def min_bid(s: PayDirtState, row: int, item: int) -> int:
    return s.comp.min_bids[min(row, 2)][item]


# -- the auctioneer ------------------------------------------------------------------
#: the opening amounts listed for each lot, above its minimum bid: a coarse
#: menu for bots and numbered lists; any amount up to one's cash is legal
#: (:func:`is_legal_opening`). Ascending, so the affordable ones are a prefix.
OPENING_STEPS = (0, 1, 2, 5)


@functools.cache
def _openings(row: int, slot: int) -> tuple[Action, ...]:
    """The listed openings of the lot in ``slot`` of ``row``, smallest first."""
    return tuple(listed(Nominate, row, slot, step) for step in OPENING_STEPS)


def _top(s: PayDirtState, player: int) -> int:
    """The most ``player`` can bid: their cash, within the cap (A20, A31)."""
    return min(s.camps[player].money, s.comp.rules.bid_cap)


def _open_lots(s: PayDirtState) -> list[tuple[int, int, int]]:
    """(row, slot, minimum bid) of every lot the auctioneer may put up."""
    comp = s.comp
    rows: tuple[tuple[Any, ...], ...] = (comp.equipment, comp.personnel, comp.claims)
    out = []
    for row, records in enumerate(rows):
        if row == s.no_bid:
            continue  # "次の競りにその種類は選択できない"
        for slot, item in enumerate(s.display[row]):
            if item != EMPTY:
                out.append((row, slot, records[item].min_bid))
    return out


def auctioneer_actions(s: PayDirtState) -> list[Action]:
    """Each open lot's affordable listed openings, then the pass. The loop
    of :func:`_open_lots` spelt out: this menu is listed at every auction
    decision (and again to check it)."""
    comp = s.comp
    top = min(s.camps[s.auctioneer].money, comp.rules.bid_cap)  # _top, spelt out
    no_bid = s.no_bid
    out: list[Action] = []
    counts, most = _STEP_COUNTS, len(_STEP_COUNTS) - 1
    for row, low in enumerate(comp.min_bids):
        if row == no_bid:
            continue
        display = s.display[row]
        prefixes = _row_prefixes(row, len(display))
        for slot, item in enumerate(display):
            if item != EMPTY:  # the steps with minimum + step <= top
                over = top - low[item]
                if over >= 0:
                    out += prefixes[slot][counts[over if over < most else most]]
    out.append(AUCTIONEER_PASS)
    return out


#: how many listed openings a lot offers with ``d`` over its minimum to
#: spare: ``bisect_right(OPENING_STEPS, d)`` for ``d`` from 0 to the
#: largest step (beyond it, all of them)
_STEP_COUNTS = tuple(bisect.bisect_right(OPENING_STEPS, d) for d in range(OPENING_STEPS[-1] + 1))


@functools.cache
def _row_prefixes(row: int, slots: int) -> tuple[tuple[tuple[Action, ...], ...], ...]:
    """Per slot of a row, its listed openings' prefixes by length
    (``_openings(row, slot)[:k]`` at ``[slot][k]``): a menu takes one whole."""
    return tuple(tuple(_openings(row, slot)[:k] for k in range(len(OPENING_STEPS) + 1)) for slot in range(slots))


AUCTIONEER_PASS = listed(AuctioneerPass)


def lot_openings(s: PayDirtState, row: int, slot: int) -> list[Action]:
    """The listed openings of one lot, as :func:`auctioneer_actions` lists them."""
    if row == s.no_bid or not (0 <= row < 3 and 0 <= slot < len(s.display[row])):
        return []
    item = s.display[row][slot]
    if item == EMPTY:
        return []
    top = _top(s, s.auctioneer)
    return list(_openings(row, slot)[: bisect.bisect_right(OPENING_STEPS, top - min_bid(s, row, item))])


def is_legal_opening(s: PayDirtState, a: Nominate) -> bool:
    """"競売人は最初の値付けをせねばならず、最低金額はカード・タイルの右上に書かれて
    いる": any whole amount from the printed minimum up to the auctioneer's
    cash opens the auction, not only the listed ones."""
    if s.phase != "auction" or not all(type(v) is int for v in (a.row, a.slot, a.over)) or a.over < 0:
        return False
    return any(
        (row, slot) == (a.row, a.slot) and low + a.over <= _top(s, s.auctioneer) for row, slot, low in _open_lots(s)
    )


def nominate(s: PayDirtState, row: int, slot: int, over: int) -> None:
    """The auctioneer opens ``over`` above the printed minimum."""
    a = s.auctioneer
    item = s.display[row][slot]
    s.phase = "bidding"
    s.lot = (row, slot)
    s.high_bid = min_bid(s, row, item) + over
    s.high_bidder = a
    s.active = [True] * s.players
    s.bidder = a
    if not s.quiet:
        s.events.append(events.nominate(a + 1, row, item, dollars(s.high_bid)))
    _next_bidder(s)


def auctioneer_pass(s: PayDirtState) -> None:
    """"競売人になった時に、最低金額を支払うことが出来ない場合や、競売人になりたくない
    場合はパス(競売人のパス)をして次のプレイヤーに競売人を移す事が出来る" (A5)."""
    s.events_done += 1
    if not s.quiet:  # (shared events: rules/events.py)
        s.events.append(events.AUCTIONEER_PASS(s.auctioneer + 1, s.events_done, s.players))
    s.auctioneer = (s.auctioneer + 1) % s.players
    _maybe_end_phase(s)


# -- bidding -------------------------------------------------------------------------
def can_raise(s: PayDirtState, player: int) -> bool:
    return s.high_bid < _top(s, player)


def bidder_actions(s: PayDirtState) -> list[Action]:
    top = _top(s, s.bidder)
    return [*listed_run(Bid, s.high_bid + 1, top + 1), listed(PassBid)]


def bid(s: PayDirtState, amount: int) -> None:
    s.high_bid = amount
    s.high_bidder = s.bidder
    if not s.quiet:
        s.events.append(events.BID(s.bidder + 1, dollars(amount)))
    _next_bidder(s)


def pass_bid(s: PayDirtState) -> None:
    """A hard pass (A6): out of this auction for good."""
    s.active[s.bidder] = False
    if not s.quiet:
        s.events.append(events.PASS(s.bidder + 1))
    _next_bidder(s)


def _next_bidder(s: PayDirtState) -> None:
    """Clockwise to the next player still in; one who cannot raise passes
    automatically. "1人が残るまで競りを続ける" — one left wins."""
    n = s.players
    p = s.bidder
    active, high_bidder, high_bid, cap = s.active, s.high_bidder, s.high_bid, s.comp.rules.bid_cap
    for _ in range(2 * n):
        p = (p + 1) % n
        if p == high_bidder:
            if sum(active) == 1:
                break
            continue
        if not active[p]:
            continue
        if high_bid >= min(s.camps[p].money, cap):  # not can_raise(s, p)
            active[p] = False
            if not s.quiet:
                s.events.append(events.CANNOT_RAISE(p + 1))
            continue
        s.bidder = p
        return
    _win(s)


def _win(s: PayDirtState) -> None:
    """"残ったプレイヤーは金額をストックに支払い競り対象を受け取る。" Then the
    No-Bid disc moves onto the type just auctioned (A7)."""
    winner = s.high_bidder
    row, slot = s.lot
    item = s.display[row][slot]
    s.display[row][slot] = EMPTY
    s.camps[winner].money -= s.high_bid
    data_id = s.comp.lot_ids[row][item]
    if not s.quiet:
        s.events.append(events.won(winner + 1, row, item, dollars(s.high_bid)))
    s.no_bid = row
    s.won[winner] = True
    s.events_done += 1
    s.lot = (EMPTY, EMPTY)
    s.active = [False] * s.players
    s.bidder = EMPTY
    s.acquired[winner].append(data_id)
    acquire.acquire(s, winner, row, item)
    if not s.pending:
        after_auction(s)


def after_auction(s: PayDirtState) -> None:
    """"競り落としたのが競売人であれば、時計回りで同ラウンドで何も落札していない
    プレイヤーが次の競売人となる。競り落としたのが競売人以外であれば、連続して競売人となる。" (A4)"""
    s.phase = "auction"
    if s.high_bidder == s.auctioneer:  # the first clockwise who won nothing, else the next
        n, a, won = s.players, s.auctioneer, s.won
        nxt = (a + 1) % n
        for k in range(1, n + 1):
            p = (a + k) % n
            if not won[p]:
                nxt = p
                break
        s.auctioneer = nxt
    s.high_bidder = EMPTY
    s.high_bid = 0
    _maybe_end_phase(s)


def _maybe_end_phase(s: PayDirtState) -> None:
    """"競りはプレイ人数に等しい数だけの「競り」および「競売人のパス」が行われた時点で終了する";
    until then the log says which auction comes next and who is its auctioneer.
    The labour phase follows (``flow.AFTER``)."""
    if s.events_done >= s.players:
        s.phase = "auction-done"
    else:
        announce(s)


def announce(s: PayDirtState) -> None:
    """"Auction 2 of 5: player 3 is the auctioneer." """
    if not s.quiet:
        s.events.append(events.AUCTIONEER(s.events_done + 1, s.players, s.auctioneer + 1))


def lot_id(s: PayDirtState, row: int, item: int) -> str:
    """A lot's stable id from its data file."""
    return str(lot(s, row, item).id)
