"""Why a move a player looks for is not in the list now ("why not").

The hand is where a newcomer looks: a Mysterious Fire with nothing to
burn, a business whose sign is already in the book or does not fit the
open page, a card one cannot pay for. This module names each missing move
with the engine's reason (the same checks :mod:`legal` and :mod:`explain`
make), for the browser and the terminal. It reads the state and never
changes it, and it looks only at what the deciding seat sees: its own
hand and cash and the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.core.protocol import Unavailable
from gameshelf.games.filthy_rich.cards import BUSINESS
from gameshelf.games.filthy_rich.rules import explain
from gameshelf.games.filthy_rich.rules.legal import can_play, min_bid
from gameshelf.games.filthy_rich.rules.winning import lux_param

if TYPE_CHECKING:
    from gameshelf.games.filthy_rich.state import FilthyRichState

NS = "filthy_rich.why_not"


def _turn(s: FilthyRichState) -> list[Unavailable]:
    seat = s.turn
    cash = s.money[seat]
    hand = s.hands[seat]
    out: list[Unavailable] = []
    cat = s.cat
    if s.lux_pool and not s.luxury_open:
        out.append(Unavailable(f"{NS}.move.buy-any", f"{NS}.luxury-closed", {}))
    elif s.luxury_open and s.lux_pool:
        # only when none can be bought: a dozen dearer luxuries are no missing move
        cheapest = min(s.lux_pool, key=lambda x: cat.luxuries[x].cost)
        cost = cat.luxuries[cheapest].cost
        if cost > cash:
            out.append(Unavailable(f"{NS}.move.buy-any", f"{NS}.luxury-dear",
                                   {"card": lux_param(s, cheapest), "need": cost, "have": cash}))
    if s.actions_left <= 0 and hand:
        out.append(Unavailable(f"{NS}.move.play-any", f"{NS}.no-actions-left",
                               {"n": cat.rules.actions_per_turn}))
    elif s.actions_left > 0:
        for card in hand:
            if s.acts.play_cost[card] <= cash and can_play(s, seat, card):
                continue
            refusal = explain.play_reason(s, seat, card)
            params: dict[str, Any] = {"card": s.acts.card_param[card], **refusal.params}
            if refusal.code == "cannot-afford-fees" and cat.card_kind[card] == BUSINESS:
                params["fee"] = cat.rules.cover_fee
            out.append(Unavailable(f"{NS}.move.play", f"{NS}.{refusal.code}", params))
        if hand:
            out.append(Unavailable("filthy_rich.action.roll", f"{NS}.actions-left", {"n": s.actions_left}))
    return out


def _auction(s: FilthyRichState) -> list[Unavailable]:
    seat = s.decider
    low = min_bid(s)
    if s.money[seat] < low:
        return [Unavailable(f"{NS}.move.bid", f"{NS}.bid-too-high", {"need": low, "have": s.money[seat]})]
    return []


def unavailable_moves(s: FilthyRichState) -> list[Unavailable]:
    """The missing moves of the seat to decide, each with its reason."""
    if s.phase == "turn":
        return _turn(s)
    if s.phase == "auction":
        return _auction(s)
    return []
