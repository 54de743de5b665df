"""The legal decisions at each point, in a fixed order.

Order within a turn: luxuries to buy, then per card in hand (ascending id)
"play" (when playable) and "discard", then businesses to sell, then "roll".
Action values are built once per catalog and reused, because building
dataclasses in a playout loop is a measurable cost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.core.actions import Action
from gameshelf.games.filthy_rich.actions import (
    KEEP,
    PASS,
    ROLL,
    Bid,
    BuyLuxury,
    ChoosePage,
    DiscardCard,
    PlaceSign,
    PlayCard,
    SellBusiness,
    TargetPlayer,
    TorchBusiness,
)
from gameshelf.games.filthy_rich.cards import ACTION, ASSET, BUSINESS, Catalog
from gameshelf.games.filthy_rich.rules import signs

if TYPE_CHECKING:
    from gameshelf.games.filthy_rich.state import FilthyRichState


class Table:
    """Prebuilt action values, indexed by card / luxury / pocket / seat."""

    def __init__(self, cat: Catalog) -> None:
        n = cat.deck_size
        self.play = [PlayCard(c) for c in range(n)]
        self.discard = [DiscardCard(c) for c in range(n)]
        self.sell = [SellBusiness(c) for c in range(n)]
        self.torch = [TorchBusiness(c) for c in range(n)]
        self.buy = [BuyLuxury(x) for x in range(len(cat.luxuries))]
        self.place = {
            pockets: PlaceSign(tuple(k + 1 for k in pockets))
            for business in cat.signs
            for _, pockets in business.places
        }
        self.target = [TargetPlayer(p) for p in range(8)]
        self.page = [ChoosePage(q) for q in range(cat.rules.pages + 1)]
        self.bid = {r: Bid(r) for r in cat.rules.bid_raises}


_TABLES: dict[int, tuple[Catalog, Table]] = {}


def table(cat: Catalog) -> Table:
    """The action table of a catalog, keyed by identity: hashing a whole
    catalog on every call would cost more than the lookup saves. A state
    looks it up once, when it is created, and keeps it as ``state.acts``
    (shared by its clones), so :func:`legal_actions` pays one attribute read."""
    entry = _TABLES.get(id(cat))
    if entry is None or entry[0] is not cat:
        entry = _TABLES[id(cat)] = (cat, Table(cat))
    return entry[1]


def legal_actions(s: FilthyRichState) -> list[Action]:
    phase = s.phase
    t = s.acts
    if phase == "turn":
        return _turn(s, t)
    if phase == "sell":
        return [t.sell[c] for c in sorted(s.businesses[s.decider])] + [KEEP]
    if phase == "auction":
        low = min_bid(s)
        cash = s.money[s.decider]
        return [t.bid[r] for r in s.cat.rules.bid_raises if low + r <= cash] + [PASS]
    if phase == "place":
        return [t.place[p] for _, p, _ in signs.open_placements(s, s.turn, s.pending)]
    if phase == "target":
        return [t.target[p] for p in others_alive(s, s.turn)]
    if phase == "torch":
        return [t.torch[c] for c in torch_targets(s, s.turn)]
    if phase == "page":
        return [t.page[q] for q in range(1, s.cat.rules.pages + 1) if q != s.page]
    return []


def _turn(s: FilthyRichState, t: Table) -> list[Action]:
    seat = s.turn
    cash = s.money[seat]
    out: list[Action] = []
    if s.luxury_open:
        lux = s.cat.luxuries
        out.extend(t.buy[x] for x in s.lux_pool if lux[x].cost <= cash)
    hand = s.hands[seat]
    if s.actions_left > 0 and hand:
        for card in hand:
            if can_play(s, seat, card):
                out.append(t.play[card])
            out.append(t.discard[card])
    out.extend(t.sell[c] for c in sorted(s.businesses[seat]))
    if s.actions_left == 0 or not hand:
        out.append(ROLL)
    return out


def can_play(s: FilthyRichState, seat: int, card: int) -> bool:
    """Whether ``card`` can be played now: paid for in full (C5), its sign
    not already out and fitting the open page, its target existing."""
    cat = s.cat
    kind = cat.card_kind[card]
    ref = cat.card_ref[card]
    if kind == BUSINESS:
        return signs.business_playable(s, seat, card)
    if kind == ASSET:
        return cat.assets[ref].cost <= s.money[seat]
    assert kind == ACTION
    act = cat.actions[ref]
    if act.cost > s.money[seat]:
        return False
    if act.effect == "arson":
        return bool(torch_targets(s, seat))
    return True


def others_alive(s: FilthyRichState, seat: int) -> list[int]:
    """The other players still in the game, clockwise from ``seat``."""
    n = s.players
    return [(seat + i) % n for i in range(1, n) if s.alive[(seat + i) % n]]


def torch_targets(s: FilthyRichState, seat: int) -> list[int]:
    return sorted(c for p in others_alive(s, seat) for c in s.businesses[p])


def min_bid(s: FilthyRichState) -> int:
    """The printed cost for the first bid, one more than the last bid after."""
    if s.auction_leader == -1:
        return s.cat.luxuries[s.auction_lots[0]].cost
    return s.auction_high + 1
