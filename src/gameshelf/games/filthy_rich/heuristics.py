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
    for q in range(1, pages + 1):
        weight = q / (10.0 * pages)
        for sign in bk.visible_grid(s.book, q):
            if sign != bk.EMPTY:
                hits[sign] += weight
    return hits


def luxury_value(owned: int) -> float:
    """What owning ``owned`` luxuries is worth (the third wins)."""
    lux = WEIGHTS.current["luxury"]
    return (0.0, lux["first"], lux["second"], WIN_VALUE)[min(owned, 3)]


def worth(s: FilthyRichState, seat: int, hits: list[float]) -> float:
    if not s.alive[seat]:
        return OUT - len(s.alive) + s.out_order.index(seat)
    cat = s.cat
    money, outlook = WEIGHTS.current["cash"], WEIGHTS.current["outlook"]
    horizon = outlook["rounds_ahead"] * sum(s.alive)  # turns of every player still in
    taxes_expected = horizon * outlook["taxes_per_turn"]
    cash = s.money[seat]
    comfort = money["comfort"]  # cash beyond it is worth less: hoarding must not pay
    value = luxury_value(len(s.luxuries[seat])) + min(cash, comfort)
    value += money["beyond_comfort"] * max(0.0, cash - comfort)
    bonus = asset_total(s, seat, "hit_bonus")
    for card in s.businesses[seat]:
        sign = cat.card_ref[card]
        b = cat.signs[sign]
        earn = hits[sign] * (b.hit + bonus) * horizon
        value += max(earn, cat.rules.sell_per_sign_card * b.size)
    due = tax_due(s, seat)
    value += (tax_income(s, seat) - due) * taxes_expected
    # cash short of two taxes (plus a lawsuit or two) risks going out soon
    value -= money["cushion"] * max(0.0, 2 * due + money["reserve"] - s.money[seat])
    value += outlook["hand_card"] * len(s.hands[seat])
    if s.phase == "auction" and s.auction_leader == seat:
        # leading an auction: count the luxury as good as won, at the bid
        owned = min(len(s.luxuries[seat]), 2)
        value += luxury_value(owned + 1) - luxury_value(owned) - s.auction_high
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
    mine = worth(s, seat, hits)
    others = [worth(s, p, hits) for p in range(s.players) if p != seat and s.alive[p]]
    return mine - (max(others) if others else 0.0)


class FilthyRichHeuristics(Heuristics):
    """Filthy Rich's evaluation for the bots, with its tunable weights."""

    weights = WEIGHTS

    def evaluate(self, state: State, player: PlayerId) -> float:
        return evaluate(cast("FilthyRichState", state), player)
