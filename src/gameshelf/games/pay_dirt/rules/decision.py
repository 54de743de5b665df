"""The status bar's phrase for Pay Dirt: what the seat to move decides now.

Why: Pay Dirt's board said only "Your turn" and "Phase auction" while a
newcomer faced 27 ways to open an auction. Each phase now has a phrase that
names the lot, the high bid, the Gear Supplier's step or the workers still
free, so "Waiting for Player 2: bidding on Claims #3 Eldorado (high bid
$5,000 by Player 1)" says the whole situation. Only public facts: the lots,
bids, camps and gear are open; the hardship hand being drafted is not named.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.core.protocol import Decision
from gameshelf.games.pay_dirt.components import ROWS, dollars
from gameshelf.games.pay_dirt.names import equipment_param, lot_param

if TYPE_CHECKING:
    from gameshelf.games.pay_dirt.state import PayDirtState

NS = "pay_dirt.decision."


def decision(s: PayDirtState) -> Decision | None:
    """The phrase for the current decision; ``None`` once the game is over."""
    phase = s.phase
    if phase == "auction":
        return Decision(NS + "auction", {"n": min(s.events_done + 1, s.players), "total": s.players,
                                         "round": s.round})
    if phase == "bidding":
        row, slot = s.lot
        item = s.display[row][slot]
        return Decision(NS + "bidding", {"row": f"@pay_dirt.row.{ROWS[row]}", "slot": slot + 1,
                                         "lot": lot_param(row, item), "high": dollars(s.high_bid),
                                         "leader": s.high_bidder + 1})
    if phase == "acquire":
        if s.pending == "discard-claim":
            return Decision(NS + "discard-claim", {})
        if s.pending == "equipment":
            return Decision(NS + "install", {"lot": equipment_param(s.pending_item)})
        return Decision(NS + "remove-wear", {"n": s.pending_left})
    if phase == "gear":
        if s.gear_step == "place":
            return Decision(NS + "gear-place", {"unused": s.camps[s.turn].unused})
        return Decision(NS + "gear-buy", {})
    if phase == "work":
        camp = s.camps[s.turn]
        return Decision(NS + "work", {"unused": camp.unused, "workers": camp.workers})
    if phase == "draft":
        return Decision(NS + "draft", {})
    return None
