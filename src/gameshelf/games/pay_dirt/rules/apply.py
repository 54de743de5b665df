"""Plays a Pay Dirt decision: the rule each action class plays, its fields unpacked.

``apply`` is only reached with an action from ``legal_actions`` (``State.apply``
validates first), so its fields are exact.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gameshelf.core.actions import Action
from gameshelf.games.pay_dirt import actions as A
from gameshelf.games.pay_dirt.rules import acquire, auction, hardship, labor
from gameshelf.games.pay_dirt.rules.flow import advance

if TYPE_CHECKING:
    from gameshelf.games.pay_dirt.state import PayDirtState


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
    s.menu = None  # the position changes: the listed menu no longer holds
    play(s, action)
    advance(s)  # a phase that ended starts the next (rules/flow.py)


def apply_unchecked(s: PayDirtState, action: Action) -> None:
    """``State.apply_unchecked``: :func:`apply`, then the history, in one
    call fewer (a search or a random playout moves through here at every step)."""
    play = _PLAY.get(type(action))
    if play is None:
        raise TypeError(f"not a Pay Dirt action: {action!r}")
    s.menu = None
    play(s, action)
    advance(s)
    s.history.append(action)
