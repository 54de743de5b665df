"""Going out of the game, and the luxury auction that follows.

"全てのカードを捨てて、全ての欄から広告を取り除きます。贅沢品カードを持っているなら、
それは競売にかけられます" (discard everything, take every sign down, auction the
luxuries). "もっとも安いものから…最低落札価格はそのカードの値段です。ゲーム終了した
人の左隣から順に入札するか、パスするか…最後の入札から全員がパスした場合、最後の
入札者がカードを所有します。もしいったんパスしても…もう一度入札に参加できます。
誰も…入札しなかった場合、贅沢品カードはゲームから取り除かれます。"
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.games.filthy_rich.rules import signs
from gameshelf.games.filthy_rich.rules.legal import may_sell_in_auction, min_bid, sale_value
from gameshelf.games.filthy_rich.rules.money import pay_bank, transfer
from gameshelf.games.filthy_rich.rules.winning import check_luxury_win, declare_winner, lux_param

if TYPE_CHECKING:
    from gameshelf.games.filthy_rich.state import FilthyRichState


def go_bankrupt(s: FilthyRichState, seat: int, creditor: int | None, owed: int) -> None:
    """``seat`` cannot pay the ``owed`` dollars: its cash goes to the creditor
    (C16), its cards to the discard pile, its signs out of the book, its
    luxuries to auction. The log says what was owed, to whom, and the cash
    there was, so that everyone reads why the player is out."""
    cash = s.money[seat]
    if creditor is None:
        pay_bank(s, seat, cash)
    else:
        transfer(s, seat, creditor, cash)
    s.discard.extend(s.hands[seat])
    s.hands[seat] = []
    for card in s.businesses[seat]:
        signs.take_down(s, card)
    s.businesses[seat] = []
    s.discard.extend(s.assets[seat])
    s.assets[seat] = []
    lux = s.cat.luxuries
    lots = sorted(s.luxuries[seat], key=lambda x: (lux[x].cost, x))
    s.luxuries[seat] = []
    s.alive[seat] = False
    s.out_order.append(seat)
    if creditor is None:
        s.log("filthy_rich.log.bankrupt", player=seat + 1, owed=owed, cash=cash)
    else:
        s.log("filthy_rich.log.bankrupt-to", player=seat + 1, owner=creditor + 1, owed=owed, cash=cash)
    standing = [p for p in range(s.players) if s.alive[p]]
    if len(standing) == 1:
        # "1人を除いて全員がゲーム終了した場合、最後の1人が勝利者となります"
        for x in lots:
            s.lux_removed.append(x)
        declare_winner(s, standing[0], "filthy_rich.log.win-last")
        return
    if lots:
        at = 0
        while at < len(s.tasks) and s.tasks[at][0] == "auction":
            at += 1
        s.tasks.insert(at, ("auction", tuple(lots), seat))


def force_pay(s: FilthyRichState, seat: int, amount: int, creditor: int | None) -> bool:
    """A payment the rules impose (tax, audit, lawsuit). Returns ``False``
    and bankrupts ``seat`` when the cash is not there; the creditor (a player,
    or the bank when ``None``) then gets whatever cash was left (RULES.md C16)."""
    if s.money[seat] >= amount:
        if creditor is None:
            pay_bank(s, seat, amount)
        else:
            transfer(s, seat, creditor, amount)
        return True
    go_bankrupt(s, seat, creditor, amount)
    return False


def start_auction(s: FilthyRichState, lots: tuple[int, ...], bankrupt: int) -> None:
    n = s.players
    s.auction_lots = list(lots)
    s.auction_ring = [(bankrupt + i) % n for i in range(1, n) if s.alive[(bankrupt + i) % n]]
    _open_lot(s)


def _open_lot(s: FilthyRichState) -> None:
    if not s.auction_lots:
        s.phase = "turn"
        s.decider = -1
        return
    s.auction_high = 0
    s.auction_leader = -1
    s.auction_passes = 0
    s.auction_pos = -1
    s.log("filthy_rich.log.auction", card=lux_param(s, s.auction_lots[0]),
          cost=s.cat.luxuries[s.auction_lots[0]].cost)
    _next_bidder(s)


def _next_bidder(s: FilthyRichState) -> None:
    """Clockwise to the next seat that can bid; a seat that cannot afford
    the minimum passes without being asked (C14), unless it is the turn
    player before rolling, who could sell businesses to pay (C26)."""
    ring = s.auction_ring
    while True:
        s.auction_pos = (s.auction_pos + 1) % len(ring)
        bidder = ring[s.auction_pos]
        if bidder == s.auction_leader:
            _sold(s)
            return
        if s.auction_leader == -1 and s.auction_passes >= len(ring):
            _unsold(s)
            return
        cash = s.money[bidder]
        if may_sell_in_auction(s, bidder):
            cash += sale_value(s, bidder)
        if cash >= min_bid(s):
            s.phase = "auction"
            s.decider = bidder
            return
        s.auction_passes += 1


def bid(s: FilthyRichState, raise_by: int) -> None:
    amount = min_bid(s) + raise_by
    s.auction_high = amount
    s.auction_leader = s.decider
    s.auction_passes = 0
    s.log("filthy_rich.log.bid", player=s.decider + 1, amount=amount)
    _next_bidder(s)


def pass_bid(s: FilthyRichState) -> None:
    s.auction_passes += 1
    s.log("filthy_rich.log.pass", player=s.decider + 1)
    _next_bidder(s)


def _sold(s: FilthyRichState) -> None:
    lux = s.auction_lots.pop(0)
    winner = s.auction_leader
    pay_bank(s, winner, s.auction_high)
    s.luxuries[winner].append(lux)
    s.acquired[winner].append(-1 - lux)
    s.log("filthy_rich.log.sold", player=winner + 1, card=lux_param(s, lux), amount=s.auction_high)
    check_luxury_win(s, winner)  # buying a third luxury at auction wins too (C19)
    if s.phase != "over":
        _open_lot(s)


def _unsold(s: FilthyRichState) -> None:
    lux = s.auction_lots.pop(0)
    s.lux_removed.append(lux)
    s.log("filthy_rich.log.unsold", card=lux_param(s, lux))
    _open_lot(s)
