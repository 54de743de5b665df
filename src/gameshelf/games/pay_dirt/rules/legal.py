"""What may be done now: each phase's menu, and the free amounts it allows.

``legal_actions`` is the single source of what may be done; ``apply.py``
plays a decision and ``explain.py`` says why one is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gameshelf.core.actions import Action
from gameshelf.games.pay_dirt import actions as A
from gameshelf.games.pay_dirt.rules import acquire, auction, hardship, labor

if TYPE_CHECKING:
    from gameshelf.games.pay_dirt.state import PayDirtState


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
    """The phase's menu, kept (as a tuple no caller can change) for the
    checked move that usually follows (``PayDirtState.own_action``)."""
    menu = _MENUS.get(s.phase)
    out = menu(s) if menu is not None else []
    s.menu = tuple(out)
    return out


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
            return [labor.END_LABOR]
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



def is_legal(s: PayDirtState, a: Action) -> bool:
    """Legal now, listed or not: an opening bid may be any amount from the
    lot's minimum up to the auctioneer's cash, though only a few are listed."""
    if type(a) is A.Nominate:
        return auction.is_legal_opening(s, a)
    return a in legal_actions(s)
