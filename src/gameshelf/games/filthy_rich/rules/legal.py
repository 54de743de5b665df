"""The legal decisions at each point, in a fixed order.

Order within a turn: luxuries to buy, then per card in hand (ascending id)
"play" (when playable) and "discard", then businesses to sell, then "roll".
Action values are built once per catalog and reused, because building
dataclasses in a playout loop is a measurable cost.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

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
    Roll,
    SellBusiness,
    TargetPlayer,
    TorchBusiness,
)
from gameshelf.games.filthy_rich.cards import ACTION, ASSET, BUSINESS, Catalog
from gameshelf.games.filthy_rich.rules import signs

if TYPE_CHECKING:
    from gameshelf.games.filthy_rich.state import FilthyRichState


class Table:
    """Prebuilt action values, indexed by card / luxury / pocket / seat.

    Shared by every game in the process, so it is built from the catalog
    only, never from a move, and holds nothing mutable (tuples and read-only
    mappings): no input, accepted or refused, can change what another game
    lists (issue 16, section 1).
    """

    __slots__ = ("arson", "bid", "buy", "card_param", "discard", "lux_marks", "marks", "page", "place",
                 "play", "play_cost", "sell", "shelter", "target", "tax_pays", "torch")

    def __init__(self, cat: Catalog) -> None:
        n = cat.deck_size
        self.play = tuple(PlayCard(c) for c in range(n))
        self.discard = tuple(DiscardCard(c) for c in range(n))
        self.sell = tuple(SellBusiness(c) for c in range(n))
        self.torch = tuple(TorchBusiness(c) for c in range(n))
        self.buy = tuple(BuyLuxury(x) for x in range(len(cat.luxuries)))
        self.place: Mapping[tuple[int, ...], PlaceSign] = MappingProxyType({
            pockets: PlaceSign(tuple(k + 1 for k in pockets))
            for business in cat.signs
            for _, pockets in business.places
        })
        self.target = tuple(TargetPlayer(p) for p in range(8))
        self.page = tuple(ChoosePage(q) for q in range(cat.rules.pages + 1))
        self.bid: Mapping[int, Bid] = MappingProxyType({r: Bid(r) for r in cat.rules.bid_raises})
        # per deck card, two values the hot paths read at every step: what
        # playing it costs at least (a business's sign, an asset, an action),
        # and its name as a log parameter
        self.play_cost = tuple(cat.card_cost(c) for c in range(n))
        self.card_param = tuple(f"@filthy_rich.card.{cat.card_key(c)}" for c in range(n))
        #: per deck card, whether it is an action that needs another player's
        #: business to burn (the one kind of non-business card that can be unplayable
        #: when paid for)
        self.arson = tuple(cat.card_kind[c] == ACTION and cat.actions[cat.card_ref[c]].effect == "arson"
                           for c in range(n))
        # per deck card, what it means at a tax: its $ marks, the shelter it
        # gives, what it pays its owner; and per luxury, its $ marks
        kinds, refs = cat.card_kind, cat.card_ref
        self.marks = tuple(cat.signs[refs[c]].tax if kinds[c] == BUSINESS else
                           cat.assets[refs[c]].tax if kinds[c] == ASSET else 0 for c in range(n))
        self.shelter = tuple(cat.assets[refs[c]].amount if kinds[c] == ASSET
                             and cat.assets[refs[c]].effect == "tax_shelter" else 0 for c in range(n))
        self.tax_pays = tuple(cat.signs[refs[c]].on_tax if kinds[c] == BUSINESS else
                              cat.assets[refs[c]].amount if kinds[c] == ASSET
                              and cat.assets[refs[c]].effect == "tax_income" else 0 for c in range(n))
        self.lux_marks = tuple(x.tax for x in cat.luxuries)

    def __reduce__(self) -> Any:
        """A table pickles (and deep-copies) as :func:`table` of its catalog:
        it is shared, constant data built from the catalog alone, and its
        read-only mappings would not pickle by value."""
        for cat, built in _TABLES.values():
            if built is self:
                return (table, (cat,))
        raise TypeError("an action table not built by table() cannot be pickled")


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
        return _auction(s, t)
    if phase == "place":
        return [t.place[p] for p in signs.open_placements(s, s.turn, s.pending)]
    if phase == "target":
        return [t.target[p] for p in others_alive(s, s.turn)]
    if phase == "torch":
        return [t.torch[c] for c in torch_targets(s, s.turn)]
    if phase == "page":
        return [t.page[q] for q in range(1, s.cat.rules.pages + 1) if q != s.page]
    return []


def _auction(s: FilthyRichState, t: Table) -> list[Action]:
    """The coarse menu of bids (the minimum plus each of ``bid_raises`` that
    the bidder can pay; :func:`bid_allowed` accepts every other amount up to
    the bidder's cash), the turn player's businesses to sell before rolling
    (C26), then "pass"."""
    seat = s.decider
    low = min_bid(s)
    cash = s.money[seat]
    out: list[Action] = [t.bid[r] for r in s.cat.rules.bid_raises if low + r <= cash]
    if may_sell_in_auction(s, seat):
        out.extend(t.sell[c] for c in sorted(s.businesses[seat]))
    out.append(PASS)
    return out


def bid_allowed(s: FilthyRichState, action: Action) -> bool:
    """Whether ``action`` is a bid the rules allow now, any amount from the
    minimum up to the bidder's cash (C14), not only the menu's steps. Fields
    are checked for their exact type here too, since ``3.0 == 3``."""
    if type(action) is not Bid or s.phase != "auction":
        return False
    raise_by = action.raise_by
    return type(raise_by) is int and 0 <= raise_by <= s.money[s.decider] - min_bid(s)


def may_sell_in_auction(s: FilthyRichState, seat: int) -> bool:
    """"プレイヤーは自分の番に、サイコロを振る前ならいつでもビジネスを手放せます":
    the turn player, bidding in an auction set off before their roll (a
    lawsuit or an audit bankrupted someone), may sell first (C26)."""
    return seat == s.turn and not s.rolled and bool(s.businesses[seat])


def sale_value(s: FilthyRichState, seat: int) -> int:
    """What selling every business of ``seat`` would bring ($2 per sign card)."""
    cat = s.cat
    per_card = cat.rules.sell_per_sign_card
    return sum(per_card * cat.signs[cat.card_ref[c]].size for c in s.businesses[seat])


def _turn(s: FilthyRichState, t: Table) -> list[Action]:
    seat = s.turn
    cash = s.money[seat]
    out: list[Action] = []
    if s.luxury_open:
        lux = s.cat.luxuries
        out += [t.buy[x] for x in s.lux_pool if lux[x].cost <= cash]
    hand = s.hands[seat]
    if s.actions_left > 0 and hand:
        cost, kind, play, discard, arson = t.play_cost, s.cat.card_kind, t.play, t.discard, t.arson
        taken: int | None = None  # the open page's filled pockets, counted once if needed
        foreign: list[int] = []  # the pockets that would cost cover fees, found once if needed
        for card in hand:
            # a card dearer than the cash is never playable (C5): skip the rest
            if cost[card] <= cash:
                if kind[card] == BUSINESS:
                    if taken is None:
                        taken = signs.occupied(s.book[s.page])
                    playable = signs.business_playable(s, seat, card, taken, foreign)
                else:
                    # paid for in full (checked above); only arson needs a target
                    playable = not arson[card] or bool(torch_targets(s, seat))
                if playable:
                    out.append(play[card])
            out.append(discard[card])
    owned = s.businesses[seat]
    if owned:
        out += [t.sell[c] for c in sorted(owned)]
    if s.actions_left == 0 or not hand:
        out.append(ROLL)
    return out


def candidates(s: FilthyRichState, action: Action) -> list[Action]:
    """The legal actions that can equal ``action`` (``State._legal_candidates``):
    in the turn phase only the entry of the card, luxury or business the action
    names, found without listing the whole hand (a checked move then costs
    about what an unchecked one does), and when a sign is placed only the
    pockets the action names; in the other phases, whose lists are short, the
    whole list. The same instances :func:`legal_actions` hands out,
    and an action is among them exactly when it is legal (the property tests
    check this against the full list)."""
    kind = type(action)
    t = s.acts
    phase = s.phase
    if phase == "place":
        if kind is not PlaceSign:
            return []
        pockets = tuple(k - 1 for k in action.pockets)  # type: ignore[attr-defined]
        return [t.place[pockets]] if signs.can_hang(s, s.turn, s.pending, pockets) else []
    if phase != "turn":
        return legal_actions(s)
    seat = s.turn
    hand = s.hands[seat]
    a: Any = action
    if kind is PlayCard or kind is DiscardCard:
        card = a.card
        if s.actions_left <= 0 or card not in hand:
            return []
        if kind is DiscardCard:
            return [t.discard[card]]
        return [t.play[card]] if t.play_cost[card] <= s.money[seat] and can_play(s, seat, card) else []
    if kind is Roll:
        return [ROLL] if s.actions_left == 0 or not hand else []
    if kind is SellBusiness:
        return [t.sell[a.card]] if a.card in s.businesses[seat] else []
    if kind is BuyLuxury:
        lux = a.luxury
        if s.luxury_open and lux in s.lux_pool and s.cat.luxuries[lux].cost <= s.money[seat]:
            return [t.buy[lux]]
        return []
    return []


def can_play(s: FilthyRichState, seat: int, card: int, taken: int | None = None) -> bool:
    """Whether ``card`` can be played now: paid for in full (C5), its sign
    not already out and fitting the open page, its target existing.
    ``taken``: the open page's filled pockets, when the caller has them."""
    cat = s.cat
    kind = cat.card_kind[card]
    ref = cat.card_ref[card]
    if kind == BUSINESS:
        return signs.business_playable(s, seat, card, taken)
    if s.acts.play_cost[card] > s.money[seat]:
        return False  # an asset or an action is paid for in full (C5)
    if kind == ACTION and cat.actions[ref].effect == "arson":
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
