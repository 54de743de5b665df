"""The status bar's phrase for Filthy Rich: what the seat to move decides now.

Why: the seat that waits must read "Waiting for Player 2: bidding on the
Yacht (high bid $9)" and the mover "Your turn: playing or discarding 2 more
cards, then rolling", with the same words in the browser and the terminal.
Only public facts: the card being played is face up once played, the book,
the money and the auction are open; hands are never named.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.core.protocol import Decision
from gameshelf.games.filthy_rich.rules import legal
from gameshelf.games.filthy_rich.rules.turn import card_param
from gameshelf.games.filthy_rich.rules.winning import lux_param

if TYPE_CHECKING:
    from gameshelf.games.filthy_rich.state import FilthyRichState

NS = "filthy_rich.decision."


def decision(s: FilthyRichState) -> Decision | None:
    """The phrase for the current decision; ``None`` once the game is over."""
    phase = s.phase
    if phase == "over":
        return None
    if phase == "turn":
        if s.actions_left and s.luxury_open:
            return Decision(NS + "turn-start", {"n": s.actions_left})
        if s.actions_left:
            return Decision(NS + "turn", {"n": s.actions_left})
        return Decision(NS + "roll", {})
    if phase in ("place", "target", "torch"):
        return Decision(NS + phase, {"card": card_param(s, s.pending), "page": s.page})
    if phase == "page":
        return Decision(NS + "page", {"page": s.page})
    if phase == "sell":
        taxes = sum(1 for task in s.tasks if task[0] == "tax")
        return Decision(NS + "sell", {"n": max(taxes, 1)})
    if phase == "auction":
        card = lux_param(s, s.auction_lots[0])
        if s.auction_leader < 0:
            return Decision(NS + "auction-open", {"card": card, "minimum": legal.min_bid(s)})
        return Decision(NS + "auction", {"card": card, "high": s.auction_high, "leader": s.auction_leader + 1})
    return Decision(NS + "unknown", {})
