"""Routes a decision to the phase that owns it, and explains refusals.

``legal_actions`` is the single source of what may be done; ``apply`` is
only reached with an action from it (``State.apply`` validates first), and
``explain_illegal`` turns a refusal into a precise, translated error code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gameshelf.core.actions import Action
from gameshelf.core.errors import IllegalAction
from gameshelf.games.pay_dirt import actions as A
from gameshelf.games.pay_dirt.board import EMPTY
from gameshelf.games.pay_dirt.components import MACHINES, ROWS, dollars
from gameshelf.games.pay_dirt.rules import acquire, auction, hardship, labor

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


#: each phase's menu; what ``legal_actions`` looks up (a table, not a
#: chain of comparisons: this runs twice per checked move)
_MENUS: dict[str, Callable[[PayDirtState], list[Action]]] = {
    "auction": auction.auctioneer_actions,
    "bidding": auction.bidder_actions,
    "acquire": acquire.pending_actions,
    "gear": labor.gear_actions,
    "work": labor.work_actions,
    "draft": hardship.draft_actions,
}


def legal_actions(s: PayDirtState) -> list[Action]:
    menu = _MENUS.get(s.phase)
    return menu(s) if menu is not None else []


def legal_candidates(s: PayDirtState, action: Action) -> list[Action]:
    """The part of :func:`legal_actions` a checked move is looked up in
    (``State._legal_candidates``): every listed action of ``action``'s kind that
    could equal it, the same instances. Why: a checked move listed the whole
    menu a second time (the caller had listed it to choose); a labour move
    of one machine, an auctioneer's opening of one lot or "end labour" needs
    only its own few. Anything else gets the whole menu."""
    kind = type(action)
    phase = s.phase
    if phase == "work":
        if kind is A.EndLabor:
            return [_END_LABOR]
        by = getattr(action, "by", None)
        if (kind is A.Slide or kind is A.Pull or kind is A.Dig) and by == A.WORKER:
            camp = s.camps[s.turn]
            m = 0 if kind is A.Dig else action.machine  # type: ignore[attr-defined]
            return labor.machine_moves(s, camp, m, A.WORKER) if camp.unused and 0 <= m < 3 else []
        if by == A.CLAIM_GEAR or by == A.CAMP_GEAR:  # everything one gear can do now
            return labor.gear_uses(s, s.camps[s.turn], by - 1, by)
    elif phase == "auction" and kind is A.Nominate:
        return auction.lot_openings(s, action.row, action.slot)  # type: ignore[attr-defined]
    elif phase == "auction" and kind is A.AuctioneerPass:
        return [auction.AUCTIONEER_PASS]
    return legal_actions(s)


_END_LABOR = A.listed(A.EndLabor)


def is_legal(s: PayDirtState, a: Action) -> bool:
    """Legal now, listed or not: an opening bid may be any amount from the
    lot's minimum up to the auctioneer's cash, though only a few are listed."""
    if type(a) is A.Nominate:
        return auction.is_legal_opening(s, a)
    return a in legal_actions(s)


#: the rule each action plays, with its fields unpacked (``a`` is the
#: game's own instance from ``legal_actions``, so its fields are exact)
_PLAY: dict[type[Action], Callable[[PayDirtState, Any], None]] = {
    A.Slide: lambda s, a: labor.slide(s, a.machine, a.space, a.by),
    A.Pull: lambda s, a: labor.pull(s, a.machine, a.by),
    A.Dig: lambda s, a: labor.dig(s, a.claim, a.tile_kind, a.by),
    A.Bid: lambda s, a: auction.bid(s, a.amount),
    A.PassBid: lambda s, a: auction.pass_bid(s),
    A.Nominate: lambda s, a: auction.nominate(s, a.row, a.slot, a.over),
    A.AuctioneerPass: lambda s, a: auction.auctioneer_pass(s),
    A.Sell: lambda s, a: labor.sell(s, a.gold, a.by),
    A.Repair: lambda s, a: labor.repair(s, a.target, a.by),
    A.EndLabor: lambda s, a: labor.end_labor(s),
    A.PlaceGear: lambda s, a: labor.place_gear(s, a.workers),
    A.BuyGear: lambda s, a: labor.buy_gear(s, a.slot),
    A.StopBuying: lambda s, a: labor.stop_buying(s),
    A.KeepHardship: lambda s, a: hardship.keep(s, a.card),
    A.DiscardClaim: lambda s, a: acquire.discard_claim(s, a.slot),
    A.Install: lambda s, a: acquire.install(s),
    A.Scrap: lambda s, a: acquire.scrap(s),
    A.RemoveWear: lambda s, a: acquire.remove_wear(s, a.target),
}


def apply(s: PayDirtState, action: Action) -> None:
    play = _PLAY.get(type(action))
    if play is None:  # pragma: no cover - validate() stops unknown actions first
        raise TypeError(f"not a Pay Dirt action: {action!r}")
    play(s, action)


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
