"""フリーアクション — free actions before the one action of a turn.

Buying from another player's for-sale space (an offer of 3+ coins that the
seller accepts or refuses), putting one item up for sale, placing goods on
the progress track, refreshing a row for 1 coin, and spending cider or
potions as coins where a card allows it.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from gameshelf.core.actions import Action
from gameshelf.games.above_and_below.actions import (
    Offer,
    Refresh,
    Respond,
    Sell,
    Spend,
    Track,
    make,
)
from gameshelf.games.above_and_below.components import GOOD_INDEX, GOODS, SALE_ITEMS
from gameshelf.games.above_and_below.rules.common import NS, put_under, refill_row, return_item

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.state import AboveAndBelowState


def legal_offers(state: AboveAndBelowState, p: int) -> list[Action]:
    """"最低価格は、3コイン" — the listed menu of prices runs from 3 to the menu's
    top (``max_offer``, a finite list for bots and numbered menus); any higher
    amount the buyer can pay is legal too (:func:`offer_is_legal`). One offer
    per seller per turn (designed, B7)."""
    tracks = state.comp.tracks
    top = min(state.villages[p].coins, tracks.max_offer)
    out: list[Action] = []
    if top < tracks.min_offer:
        return out
    for s in range(state.players):
        if _may_offer_to(state, p, s):
            out.extend(_offer_menu(s, tracks.min_offer, top))
    return out


@cache
def _offer_menu(seller: int, low: int, top: int) -> tuple[Action, ...]:
    """The offers to ``seller`` at every price from ``low`` to ``top`` (the
    shared instances; a few dozen menus in all, rebuilt at every turn before)."""
    return tuple(make.Offer(seller, price) for price in range(low, top + 1))


def _may_offer_to(state: AboveAndBelowState, p: int, seller: int) -> bool:
    return seller != p and state.villages[seller].sale is not None and not state.offered[seller]


def offer_is_legal(state: AboveAndBelowState, action: Offer) -> bool:
    """Any price from the minimum up to the buyer's coins ("買値を付けて交渉します":
    the rulebook sets no upper limit), to a seller with something for sale."""
    p = state.turn
    return (
        state.phase == "turn"
        and 0 <= action.seller < state.players
        and _may_offer_to(state, p, action.seller)
        and state.comp.tracks.min_offer <= action.price <= state.villages[p].coins
    )


def legal_stock_moves(state: AboveAndBelowState, p: int) -> list[Action]:
    """Sell, Withdraw and Track moves for ``p``'s supply and for-sale space.

    "売りに出した商品を手持ちに戻したり、入れ替えることができます": the space may
    change any number of times a turn, but an item that left it this turn
    does not go back up (B32: the turn stays finite, and every end state of
    the space is still reachable in one step)."""
    village = state.villages[p]
    out: list[Action] = []
    sale = village.sale
    left = state.sale_left
    goods = village.goods
    held = [i for i, n in enumerate(goods) if n] if any(goods) else []
    for i in held:
        good = GOODS[i]
        if good != sale and good not in left:
            out.append(_SELL[good])
    if village.cider > 0 and sale != "cider" and "cider" not in left:
        out.append(_SELL["cider"])
    if village.potions > 0 and sale != "potion" and "potion" not in left:
        out.append(_SELL["potion"])
    if sale is not None:
        out.append(_WITHDRAW)
    if held:
        room = len(village.track) < len(GOODS)
        counts = village.track_count
        out.extend(_TRACK[GOODS[i]] for i in held if counts[i] or room)
    return out


#: the shared ``Sell`` and ``Track`` instances, by item.
_SELL: dict[str, Action] = {item: make.Sell(item) for item in SALE_ITEMS}
_TRACK: dict[str, Action] = {good: make.Track(good) for good in GOODS}
#: the other shared free-action instances the lists name at every table turn.
_WITHDRAW: Action = make.Withdraw()
_REFRESH_HOUSE: Action = make.Refresh("house")
_REFRESH_OUTPOST: Action = make.Refresh("outpost")
_SPEND_CIDER: Action = make.Spend("cider")
_SPEND_POTION: Action = make.Spend("potion")


def legal_free(state: AboveAndBelowState, p: int) -> list[Action]:
    out: list[Action] = []
    add_free(state, p, out)
    return out


def add_free(state: AboveAndBelowState, p: int, out: list[Action]) -> None:
    """Append the free actions of :func:`legal_free` to ``out`` (the table
    turn's list is built in one list rather than three joined)."""
    out += legal_offers(state, p)
    village = state.villages[p]
    if village.sale is not None or village.cider or village.potions or any(village.goods):
        out += legal_stock_moves(state, p)
    out += legal_refresh_spend(state, p)


def legal_refresh_spend(state: AboveAndBelowState, p: int) -> list[Action]:
    """Refreshing a row (once a turn) and spending cider or potions as coins."""
    village = state.villages[p]
    comp = state.comp
    out: list[Action] = []
    if not state.refreshed and village.coins >= comp.tracks.refresh_cost:
        if state.house_deck:
            out.append(_REFRESH_HOUSE)
        if state.outpost_deck:
            out.append(_REFRESH_OUTPOST)
    if village.cider and village.has_ability(comp, "cider_as_coin"):
        out.append(_SPEND_CIDER)
    if village.potions and village.has_ability(comp, "potion_as_coin"):
        out.append(_SPEND_POTION)
    return out


def make_offer(state: AboveAndBelowState, action: Offer) -> None:
    """"手番プレイヤーは、買値を付けて交渉します" — the seller must answer."""
    buyer = state.turn
    state.offered[action.seller] = True
    state.offer = (action.seller, buyer, action.price, state.phase)
    state.phase = "respond"


def respond(state: AboveAndBelowState, action: Respond) -> None:
    """"売り手は、その申し出を拒否してもかまいません" — accept or refuse."""
    assert state.offer is not None
    seller, buyer, price, phase = state.offer
    state.offer = None
    state.phase = phase
    s, b = state.villages[seller], state.villages[buyer]
    item = s.sale
    if action.accept:
        s.sale = None
        s.coins += price
        b.coins -= price
        b.add(item)  # type: ignore[arg-type]
        state.log(f"{NS}.log.sold", seller=seller + 1, buyer=buyer + 1, price=price,
                  item=f"@{NS}.item.{item}")
    else:
        state.log(f"{NS}.log.refused", seller=seller + 1, buyer=buyer + 1, price=price,
                  item=f"@{NS}.item.{item}")


def sell(state: AboveAndBelowState, action: Sell) -> None:
    """"各プレイヤーは、1つの商品だけを売り出し中にすることが出来ます" — what was
    on the space goes back to the supply."""
    village = state.villages[state.turn]
    if village.sale is not None:
        _back_to_supply(state)
    village.take(action.item)
    village.sale = action.item
    state.sold = True


def withdraw(state: AboveAndBelowState, action: Action) -> None:
    """"売りに出した商品を手持ちに戻したり" — the item goes back to the supply
    (from where it may go on the progress track)."""
    _back_to_supply(state)
    state.sold = True


def _back_to_supply(state: AboveAndBelowState) -> None:
    village = state.villages[state.turn]
    assert village.sale is not None
    village.add(village.sale)
    state.sale_left.append(village.sale)
    village.sale = None


def track(state: AboveAndBelowState, action: Track) -> None:
    """成長トラック: a new type takes the leftmost empty slot, the same type stacks (B3)."""
    village = state.villages[state.turn]
    i = GOOD_INDEX[action.good]
    village.goods[i] -= 1
    if not village.track_count[i]:
        village.track.append(i)
    village.track_count[i] += 1


def refresh(state: AboveAndBelowState, action: Refresh) -> None:
    """"1コインを支払うことで…4枚のカードを流し、山札の底に戻し" (once per turn, B5)."""
    village = state.villages[state.turn]
    village.coins -= state.comp.tracks.refresh_cost
    row = getattr(state, f"{action.row}_row")
    deck = getattr(state, f"{action.row}_deck")
    fresh = deck[: state.comp.tracks.row_size]
    del deck[: len(fresh)]
    put_under(state, f"{action.row}_deck", row)
    setattr(state, f"{action.row}_row", fresh)
    refill_row(state, action.row)
    state.refreshed = True
    # the move says who paid; this says what came up (no "player": it is no report of the move);
    # one key per row length, the cards as keys the log translates when it is read
    cards = getattr(state, f"{action.row}_row")
    names: dict[str, Any] = {f"card{k}": f"@{NS}.card.{c}" for k, c in enumerate(cards, 1)}
    state.log(f"{NS}.log.refresh-{len(cards)}", row=f"@{NS}.row.{action.row}", **names)


def spend(state: AboveAndBelowState, action: Spend) -> None:
    """りんご酒/ポーションをコインとして代用 — the token becomes one coin."""
    village = state.villages[state.turn]
    village.take(action.item)
    return_item(state, action.item)
    village.coins += 1
