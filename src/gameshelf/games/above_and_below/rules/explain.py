"""Why Above and Below refuses a decision: the most precise error code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.core.actions import Action
from gameshelf.core.errors import IllegalAction
from gameshelf.games.above_and_below import actions as A

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.state import AboveAndBelowState
from gameshelf.games.above_and_below.rules.legal import NS

#: the phases in which each kind of action can ever be played.
PHASES: dict[type[Action], tuple[str, ...]] = {
    A.Act: ("turn",), A.Pass: ("turn",), A.Offer: ("turn",), A.Sell: ("turn", "assign"), A.Withdraw: ("turn", "assign"),
    A.Track: ("turn", "assign"), A.Refresh: ("turn",), A.Spend: ("turn", "option"), A.Respond: ("respond",),
    A.Assign: ("assign",), A.Done: ("assign",), A.SetOut: ("assign",), A.Decline: ("reward",),
    A.Rested: ("rest",), A.Build: ("build", "reward"),
    A.Train: ("train",), A.Harvest: ("harvest",), A.Choose: ("option",), A.Reroll: ("dice",),
    A.Push: ("dice",), A.Resolve: ("dice",), A.Rest: ("rest",),
}  # fmt: skip


def explain(state: AboveAndBelowState, action: Any) -> IllegalAction:
    """Why ``action`` is refused, as a code the catalog words for people."""
    if not isinstance(action, Action) or type(action) not in PHASES:
        return IllegalAction("not-legal", {"action": str(action)})
    if state.phase not in PHASES[type(action)]:
        return IllegalAction("not-now", {"action": str(action), "phase": f"@{NS}.phase.{state.phase}"},
                             namespace=NS)
    village = state.villages[state.current_player or 0]
    params: dict[str, Any] = {"action": str(action)}
    if isinstance(action, A.Act):
        if action.action not in A.MAIN_ACTIONS:
            return IllegalAction("unknown-action", params, namespace=NS)
        if not village.ready:
            return IllegalAction("no-ready-villager", params, namespace=NS)
        return IllegalAction("cannot-start", {**params, "what": f"@{NS}.act.{action.action}"}, namespace=NS)
    if isinstance(action, A.Assign | A.Push | A.Reroll):
        return IllegalAction("wrong-villager", params, namespace=NS)
    if isinstance(action, A.Build):
        return IllegalAction("cannot-build", params, namespace=NS)
    if isinstance(action, A.Train):
        return IllegalAction("cannot-train", params, namespace=NS)
    if isinstance(action, A.Offer):
        return IllegalAction("bad-offer", params, namespace=NS)
    if isinstance(action, A.Sell | A.Track | A.Spend | A.Withdraw):
        return IllegalAction("no-such-item", params, namespace=NS)
    if isinstance(action, A.Refresh) and state.refreshed:
        return IllegalAction("refreshed-already", params, namespace=NS)
    if isinstance(action, A.Done | A.SetOut):
        return IllegalAction("not-enough-villagers", params, namespace=NS)
    return IllegalAction("not-legal-here", params, namespace=NS)
