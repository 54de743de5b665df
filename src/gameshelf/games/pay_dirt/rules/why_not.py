"""Why a move a player looks for is not in the list now ("why not").

Pay Dirt hides most refusals in plain sight: a lot whose row carries the
No-Bid disc, a machine worn down to its tool icons, a gear already used
this round, a worker already placed. This module names each missing move
with the engine's reason, for the browser and the terminal. It reads the
state and never changes it, and names only what the deciding seat sees
(its own camp, the public display and the bids; no hidden hardship).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.core.protocol import Unavailable
from gameshelf.games.pay_dirt.board import EMPTY
from gameshelf.games.pay_dirt.components import MACHINES, ROWS, dollars
from gameshelf.games.pay_dirt.names import lot_param
from gameshelf.games.pay_dirt.rules import auction, labor

if TYPE_CHECKING:
    from gameshelf.games.pay_dirt.state import PayDirtState

NS = "pay_dirt.why_not"


def _auctioneer(s: PayDirtState) -> list[Unavailable]:
    """Lots the No-Bid disc blocks, and lots whose minimum is beyond the
    auctioneer's cash (or the bid cap)."""
    seat = s.auctioneer
    top = min(s.camps[seat].money, s.comp.rules.bid_cap)
    out = []
    for row in range(3):
        items = [(slot, item) for slot, item in enumerate(s.display[row]) if item != EMPTY]
        if row == s.no_bid and items:
            out.append(Unavailable(f"{NS}.move.row", f"{NS}.no-bid-row", {"row": f"@pay_dirt.row.{ROWS[row]}"}))
            continue
        for slot, item in items:
            low = auction.min_bid(s, row, item)
            if low > top:
                out.append(Unavailable(f"{NS}.move.lot", f"{NS}.lot-too-dear",
                                       {"lot": lot_param(row, item), "row": f"@pay_dirt.row.{ROWS[row]}", "slot": slot + 1,
                                        "need": dollars(low), "have": dollars(top)}))
    return out


def _bidder(s: PayDirtState) -> list[Unavailable]:
    if auction.can_raise(s, s.bidder):
        return []
    top = min(s.camps[s.bidder].money, s.comp.rules.bid_cap)
    return [Unavailable(f"{NS}.move.raise", f"{NS}.cannot-raise",
                        {"high": dollars(s.high_bid), "have": dollars(top)})]


def _gear(s: PayDirtState) -> list[Unavailable]:
    """At the Gear Supplier's laps: the gear on display one cannot pay for."""
    if s.gear_step != labor.BUY:
        return []
    camp = s.camps[s.turn]
    out = []
    for slot, g in enumerate(s.gear_display):
        if g == EMPTY:
            continue
        price = labor.gear_price(s, camp, g)
        if price > camp.money:
            out.append(Unavailable(f"{NS}.move.buy-gear", f"{NS}.cannot-afford",
                                   {"gear": f"@pay_dirt.gear.{s.comp.gear[g].id}", "slot": slot + 1,
                                    "need": dollars(price), "have": dollars(camp.money)}))
    return out


def _work(s: PayDirtState) -> list[Unavailable]:
    """Workers all placed, no gold to sell, a machine worn out or under
    repair, a gear already used this round."""
    camp = s.camps[s.turn]
    out = []
    if not camp.unused:
        out.append(Unavailable(f"{NS}.move.worker", f"{NS}.no-workers", {}))
    elif not camp.gold:
        out.append(Unavailable(f"{NS}.move.sell", f"{NS}.no-gold", {}))
    for m, machine in enumerate(MACHINES):
        name = {"machine": f"@pay_dirt.machine.{machine}"}
        if camp.broken(s.comp, m):
            out.append(Unavailable(f"{NS}.move.run", f"{NS}.machine-broken", name))
        elif camp.repaired[m]:
            out.append(Unavailable(f"{NS}.move.run", f"{NS}.machine-repairing", name))
    for slot in range(2):
        g, t = camp.gear[slot], 3 + slot
        if g == EMPTY:
            continue
        gear = {"gear": f"@pay_dirt.gear.{s.comp.gear[g].id}"}
        if camp.broken(s.comp, t):
            out.append(Unavailable(f"{NS}.move.use-gear", f"{NS}.gear-broken", gear))
        elif camp.busy[t]:
            out.append(Unavailable(f"{NS}.move.use-gear", f"{NS}.gear-used", gear))
        elif camp.repaired[t]:
            out.append(Unavailable(f"{NS}.move.use-gear", f"{NS}.gear-repairing", gear))
    return out


WHY_NOT = {"auction": _auctioneer, "bidding": _bidder, "gear": _gear, "work": _work}


def unavailable_moves(s: PayDirtState) -> list[Unavailable]:
    """The missing moves of the seat to decide, each with its reason."""
    if s.is_over:
        return []
    step = WHY_NOT.get(s.phase)
    return step(s) if step is not None else []
