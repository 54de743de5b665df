"""Why an action is not legal: a precise code a player can act on.

Only called once :func:`legal.legal_actions` has rejected the action, so it
reads the state and never changes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.core.actions import Action
from gameshelf.core.errors import IllegalAction
from gameshelf.games.filthy_rich.actions import (
    Bid,
    BuyLuxury,
    ChoosePage,
    DiscardCard,
    KeepBusinesses,
    PassBid,
    PlaceSign,
    PlayCard,
    Roll,
    SellBusiness,
    TargetPlayer,
    TorchBusiness,
)
from gameshelf.games.filthy_rich.cards import BUSINESS
from gameshelf.games.filthy_rich.rules import signs
from gameshelf.games.filthy_rich.rules.legal import may_sell_in_auction, min_bid

if TYPE_CHECKING:
    from gameshelf.games.filthy_rich.state import FilthyRichState

#: which phase each action class belongs to
_PHASES: dict[type, tuple[str, ...]] = {
    BuyLuxury: ("turn",), PlayCard: ("turn",), DiscardCard: ("turn",), Roll: ("turn",),
    SellBusiness: ("turn", "sell", "auction"), PlaceSign: ("place",), TargetPlayer: ("target",),
    TorchBusiness: ("torch",), ChoosePage: ("page",), KeepBusinesses: ("sell",),
    Bid: ("auction",), PassBid: ("auction",),
}


def _err(code: str, **params: Any) -> IllegalAction:
    return IllegalAction(code, params, namespace="filthy_rich")


def explain(s: FilthyRichState, action: Any) -> IllegalAction:
    if not isinstance(action, Action) or type(action) not in _PHASES:
        return IllegalAction("not-legal", {"action": str(action)[:60]})
    unknown = _out_of_range(s, action)
    if unknown is not None:
        return unknown
    if s.phase not in _PHASES[type(action)]:
        return _err(f"wrong-phase-{s.phase}")
    seat = s.current_player
    assert seat is not None
    money = s.money[seat]
    cat = s.cat
    if isinstance(action, BuyLuxury):
        lux = action.luxury
        if not s.luxury_open:
            return _err("luxury-closed")
        if lux not in s.lux_pool:
            return _err("luxury-gone")
        return _err("cannot-afford", need=cat.luxuries[lux].cost, have=money)
    if isinstance(action, PlayCard | DiscardCard):
        if action.card not in s.hands[seat]:
            return _err("not-in-hand")
        if s.actions_left <= 0:
            return _err("no-actions-left")
        return play_reason(s, seat, action.card)
    if isinstance(action, Roll):
        return _err("actions-left", n=s.actions_left)
    if isinstance(action, SellBusiness):
        if s.phase == "auction" and not may_sell_in_auction(s, seat):
            return _err("sell-not-now")
        return _err("not-your-business")
    if isinstance(action, PlaceSign):
        return _err("no-room-there", pockets=str(action).removeprefix("place "))
    if isinstance(action, TargetPlayer):
        return _err("bad-target")
    if isinstance(action, TorchBusiness):
        return _err("bad-torch-target")
    if isinstance(action, ChoosePage):
        return _err("bad-page", page=action.page)
    if isinstance(action, Bid):
        return _err("cannot-afford", need=min_bid(s) + action.raise_by, have=money)
    return IllegalAction("not-legal", {"action": str(action)[:60]})


def _out_of_range(s: FilthyRichState, action: Action) -> IllegalAction | None:
    """A field that names nothing in this game (a card id past the deck, a
    seat past the table, a negative raise), whatever the phase. Fields reach
    here with their exact types checked (``State.own_action``); anything else
    is refused as malformed too, so nothing below can fail on a wrong type."""
    cat = s.cat
    for name in ("card", "luxury", "seat", "page", "raise_by"):
        value = getattr(action, name, 0)
        if type(value) is not int:
            return IllegalAction("not-legal", {"action": str(action)[:60]})
    a: Any = action
    if isinstance(action, PlayCard | DiscardCard | SellBusiness | TorchBusiness):
        if not 0 <= a.card < cat.deck_size:
            return _err("no-such-card", card=a.card)
    elif isinstance(action, BuyLuxury):
        if not 0 <= a.luxury < len(cat.luxuries):
            return _err("no-such-luxury", luxury=a.luxury)
    elif isinstance(action, TargetPlayer):
        if not 0 <= a.seat < s.players:
            return _err("bad-target")
    elif isinstance(action, ChoosePage):
        if not 1 <= a.page <= cat.rules.pages:
            return _err("bad-page", page=a.page)
    elif isinstance(action, Bid):
        if a.raise_by < 0:
            return _err("bid-below-minimum")
    elif isinstance(action, PlaceSign):
        pockets = a.pockets
        if type(pockets) is not tuple or not all(type(k) is int and 1 <= k <= 9 for k in pockets):
            return _err("no-room-there", pockets="?")
    return None


def play_reason(s: FilthyRichState, seat: int, card: int) -> IllegalAction:
    """Why ``card`` in ``seat``'s hand cannot be played now (also read by why_not)."""
    cat = s.cat
    if cat.card_kind[card] == BUSINESS:
        sign = cat.card_ref[card]
        if s.sign_owner[sign] != -1:
            return _err("sign-out")
        business = cat.signs[sign]
        if business.cost > s.money[seat]:
            return _err("cannot-afford", need=business.cost, have=s.money[seat])
        row = s.book[s.page]
        if not any(all(row[k] == -1 for k in p) for _, p in business.places):
            return _err("no-room", page=s.page)
        if not signs.open_placements(s, seat, card):
            return _err("cannot-afford-fees")
    elif cat.card_cost(card) > s.money[seat]:
        return _err("cannot-afford", need=cat.card_cost(card), have=s.money[seat])
    return _err("no-target")
