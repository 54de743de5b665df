"""How good a Filthy Rich position looks for one seat (greedy and ISMCTS bots).

Why these terms: the game is won by owning three luxuries, and a luxury is
bought with cash, so a seat's worth is luxuries owned (weighted steeply, the
third one ends the game) plus cash plus what its businesses should earn over
the next couple of rounds, minus the taxes it should expect to pay. A
business's expected earnings use the pages it is visible on: on page ``q``
the dice roll ``q`` d10, and each visible card of the sign is hit with
probability 1/10 per die; the page is roughly uniform over 1-4.

A card whose play is split into two decisions (a business and then its
pockets, an audit and then its target) is judged by its best follow-up, so
a one-step bot does not shy away from the half-done intermediate state.
"""

from __future__ import annotations

from typing import cast

from gameshelf.core.interfaces import Heuristics
from gameshelf.core.protocol import PlayerId, State
from gameshelf.core.weights import WeightSlot
from gameshelf.games.filthy_rich import book as bk
from gameshelf.games.filthy_rich.rules.effects import asset_total, tax_due, tax_income
from gameshelf.games.filthy_rich.state import FilthyRichState

#: a third luxury wins: worth more than anything else a seat can hold.
WIN_VALUE = 1000.0
OUT = -500.0
#: the weights in ``data/heuristic.toml``; ``gameshelf tune filthy-rich`` swaps them.
WEIGHTS = WeightSlot("gameshelf.games.filthy_rich")
FOLLOW_UP = frozenset(("place", "target", "torch", "page"))


def expected_hits(s: FilthyRichState) -> list[float]:
    """Expected dice hits per turn on each sign, over the four pages."""
    hits = [0.0] * len(s.sign_owner)
    pages = s.cat.rules.pages
    book, empty = s.book, bk.EMPTY
    # page q shows its own card, else what page q - 1 shows (bk.visible_grid,
    # built up a page at a time: the bots call this for every move they try)
    grid = [empty] * bk.POCKETS
    for q in range(1, pages + 1):
        weight = q / (10.0 * pages)
        page = book[q]
        for pocket, sign in enumerate(page):
            if sign != empty:
                grid[pocket] = sign
        for sign in grid:
            if sign != empty:
                hits[sign] += weight
    return hits


def luxury_value(owned: int) -> float:
    """What owning ``owned`` luxuries is worth (the third wins)."""
    return _luxury_values()[min(owned, 3)]


def _luxury_values() -> tuple[float, float, float, float]:
    lux = WEIGHTS.current["luxury"]
    return (0.0, lux["first"], lux["second"], WIN_VALUE)


class _Outlook:
    """The weights and horizons that every seat's :func:`worth` shares in one
    position, read once per evaluation rather than once per seat (the bots
    evaluate every move they try, so this is the hot path of a play-out)."""

    __slots__ = ("beyond", "comfort", "cushion", "hand_card", "horizon", "lux", "reserve", "taxes_expected")

    def __init__(self, s: FilthyRichState) -> None:
        money, outlook = WEIGHTS.current["cash"], WEIGHTS.current["outlook"]
        self.horizon = outlook["rounds_ahead"] * sum(s.alive)  # turns of every player still in
        self.taxes_expected = self.horizon * outlook["taxes_per_turn"]
        self.comfort = money["comfort"]  # cash beyond it is worth less: hoarding must not pay
        self.beyond = money["beyond_comfort"]
        self.cushion = money["cushion"]
        self.reserve = money["reserve"]
        self.hand_card = outlook["hand_card"]
        self.lux = _luxury_values()


def worth(s: FilthyRichState, seat: int, hits: list[float], terms: _Outlook | None = None) -> float:
    if not s.alive[seat]:
        return OUT - len(s.alive) + s.out_order.index(seat)
    t = terms or _Outlook(s)
    cat = s.cat
    horizon = t.horizon
    cash = s.money[seat]
    comfort = t.comfort
    value = t.lux[min(len(s.luxuries[seat]), 3)] + min(cash, comfort)
    value += t.beyond * max(0.0, cash - comfort)
    bonus = asset_total(s, seat, "hit_bonus")
    signs, card_ref, sell = cat.signs, cat.card_ref, cat.rules.sell_per_sign_card
    for card in s.businesses[seat]:
        sign = card_ref[card]
        b = signs[sign]
        earn = hits[sign] * (b.hit + bonus) * horizon
        value += max(earn, sell * b.size)
    due = tax_due(s, seat)
    value += (tax_income(s, seat) - due) * t.taxes_expected
    # cash short of two taxes (plus a lawsuit or two) risks going out soon
    value -= t.cushion * max(0.0, 2 * due + t.reserve - cash)
    value += t.hand_card * len(s.hands[seat])
    if s.phase == "auction" and s.auction_leader == seat:
        # leading an auction: count the luxury as good as won, at the bid
        owned = min(len(s.luxuries[seat]), 2)
        value += t.lux[owned + 1] - t.lux[owned] - s.auction_high
    return value


def evaluate(s: FilthyRichState, seat: int) -> float:
    """Seat's worth minus the best other seat's; a won game dominates."""
    if s.winner != -1:
        return 1000.0 if s.winner == seat else -1000.0
    if s.phase in FOLLOW_UP and s.turn == seat:
        best = -float("inf")
        for action in s.legal_actions():
            after = s.clone()
            after.apply_unchecked(action)
            best = max(best, evaluate(after, seat))  # type: ignore[arg-type]
        return best
    hits = expected_hits(s)
    terms = _Outlook(s)
    mine = worth(s, seat, hits, terms)
    others = [worth(s, p, hits, terms) for p in range(s.players) if p != seat and s.alive[p]]
    return mine - (max(others) if others else 0.0)


class FilthyRichHeuristics(Heuristics):
    """Filthy Rich's evaluation for the bots, with its tunable weights."""

    weights = WEIGHTS

    def evaluate(self, state: State, player: PlayerId) -> float:
        return evaluate(cast("FilthyRichState", state), player)
