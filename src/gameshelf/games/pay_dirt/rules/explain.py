"""Why Pay Dirt refuses a decision: the most precise, translated error code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.core.actions import Action
from gameshelf.core.errors import IllegalAction
from gameshelf.games.pay_dirt import actions as A
from gameshelf.games.pay_dirt.board import EMPTY
from gameshelf.games.pay_dirt.components import MACHINES, ROWS, dollars
from gameshelf.games.pay_dirt.rules import auction, labor

if TYPE_CHECKING:
    from gameshelf.games.pay_dirt.state import PayDirtState

_PHASE_OF: dict[type[Action], tuple[str, ...]] = {
    A.Nominate: ("auction",),
    A.AuctioneerPass: ("auction",),
    A.Bid: ("bidding",),
    A.PassBid: ("bidding",),
    A.DiscardClaim: ("acquire",),
    A.Install: ("acquire",),
    A.Scrap: ("acquire",),
    A.RemoveWear: ("acquire",),
    A.PlaceGear: ("gear",),
    A.BuyGear: ("gear",),
    A.StopBuying: ("gear",),
    A.Sell: ("gear", "work"),
    A.Slide: ("work",),
    A.Pull: ("work",),
    A.Dig: ("work",),
    A.Repair: ("work",),
    A.EndLabor: ("work",),
    A.KeepHardship: ("draft",),
}


def _error(code: str, **params: Any) -> IllegalAction:
    return IllegalAction(code, params, namespace="pay_dirt")


def explain_illegal(s: PayDirtState, a: Any) -> IllegalAction:
    """The most precise reason ``a`` is refused now. Fields come from the
    wire and may hold anything (``"row": "x"``): those get the plain code."""
    try:
        return _explain(s, a)
    except (TypeError, IndexError, ValueError):
        return IllegalAction("not-legal", {"action": str(a)})


def _explain(s: PayDirtState, a: Any) -> IllegalAction:
    phases = _PHASE_OF.get(type(a))
    if phases is None:
        return IllegalAction("not-legal", {"action": str(a)})
    if s.phase not in phases:
        return _error("wrong-phase", action=str(a), phase=f"@pay_dirt.phase.{s.phase}")
    camp = s.camps[s.current_player or 0]
    if isinstance(a, A.Nominate):
        return _explain_nominate(s, a, camp.money)
    if isinstance(a, A.Bid):
        if a.amount <= s.high_bid:
            return _error("bid-too-low", amount=dollars(a.amount), high=dollars(s.high_bid))
        return _error("cannot-afford", amount=dollars(a.amount), money=dollars(camp.money))
    if isinstance(a, A.PlaceGear | A.BuyGear | A.StopBuying) and isinstance(a, A.PlaceGear) != (s.gear_step == "place"):
        return _error("not-now", action=str(a))
    if isinstance(a, A.PlaceGear):
        return _error("no-workers")
    if isinstance(a, A.BuyGear):
        if s.gear_workers[s.turn] == 0:
            return _error("no-workers")
        if not 0 <= a.slot < len(s.gear_display) or s.gear_display[a.slot] == EMPTY:
            return _error("no-such-lot")
        return _error("cannot-afford", amount=dollars(labor.gear_price(s, camp, s.gear_display[a.slot])),
                      money=dollars(camp.money))
    if isinstance(a, A.Sell) and a.gold > camp.gold:
        return _error("not-enough-gold", gold=camp.gold)
    by = getattr(a, "by", A.WORKER)
    if by == A.WORKER and isinstance(a, A.Sell | A.Slide | A.Pull | A.Dig | A.Repair) and camp.unused == 0:
        return _error("no-workers")
    if isinstance(a, A.Slide | A.Pull | A.Dig):
        m = 0 if isinstance(a, A.Dig) else a.machine
        if 0 <= m < 3 and camp.broken(s.comp, m):
            return _error("machine-broken", machine=f"@pay_dirt.machine.{MACHINES[m]}")
        if isinstance(a, A.Dig) and 0 <= a.claim < len(camp.claims) and s.comp.claims[camp.claims[a.claim]].ordered:
            return _error("claim-order")
        return _error("space-occupied")
    return _error("not-now", action=str(a))


def _explain_nominate(s: PayDirtState, a: A.Nominate, money: int) -> IllegalAction:
    if 0 <= a.row < 3 and a.row == s.no_bid:
        return _error("no-bid-row", row=f"@pay_dirt.row.{ROWS[a.row]}")
    if not (0 <= a.row < 3 and 0 <= a.slot < len(s.display[a.row])) or s.display[a.row][a.slot] == EMPTY:
        return _error("no-such-lot")
    low = auction.min_bid(s, a.row, s.display[a.row][a.slot])
    if a.over < 0:  # below the printed minimum
        return _error("bid-too-low", amount=dollars(low + a.over), high=dollars(low - 1))
    return _error("cannot-afford", amount=dollars(low + a.over), money=dollars(money))
