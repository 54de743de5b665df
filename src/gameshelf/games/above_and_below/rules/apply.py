"""Play a validated decision: route it to the rule that carries it out."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gameshelf.core.actions import Action
from gameshelf.games.above_and_below import actions as A
from gameshelf.games.above_and_below.rules import explore, free, round_end, work
from gameshelf.games.above_and_below.rules.turns import end_turn

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.state import AboveAndBelowState


def apply_action(state: AboveAndBelowState, action: Action) -> None:
    if isinstance(action, A.Build) and state.phase == "reward":
        explore.take_reward(state, action)
        return
    handler = HANDLERS[type(action)]
    handler(state, action)


def _pass(state: AboveAndBelowState, action: Action) -> None:
    """"以降、このラウンドでは、アクションもフリーアクションも行うことは出来ません"."""
    state.villages[state.turn].passed = True
    end_turn(state)


HANDLERS: dict[type[Action], Callable[[Any, Any], None]] = {
    A.Act: work.start_action,
    A.Assign: work.assign,
    A.Build: work.build,
    A.Train: work.train,
    A.Harvest: work.harvest,
    A.Pass: _pass,
    A.Offer: free.make_offer,
    A.Respond: free.respond,
    A.Sell: free.sell,
    A.Withdraw: free.withdraw,
    A.Track: free.track,
    A.Refresh: free.refresh,
    A.Spend: free.spend,
    A.Choose: explore.choose,
    A.Reroll: explore.reroll,
    A.Push: explore.push,
    A.Resolve: lambda state, action: explore.resolve(state),
    A.Rest: round_end.rest,
    A.Done: lambda state, action: work.done(state),
    A.SetOut: lambda state, action: explore.set_out(state),
    A.Decline: explore.take_reward,
    A.Rested: lambda state, action: round_end.next_rester(state),
}
