"""Which decisions are legal now, and why another one is not.

Each phase lists its choices in a fixed order; :func:`explain` gives a
precise error code (``above_and_below.errors.<code>``) for a refused one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.core.actions import Action
from gameshelf.games.above_and_below import actions as A
from gameshelf.games.above_and_below.actions import make
from gameshelf.games.above_and_below.rules import explore, free, market, round_end, work

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.state import AboveAndBelowState

NS = "above_and_below"


def legal_actions(state: AboveAndBelowState) -> list[Action]:
    phase = state.phase
    p = state.turn
    task = state.task
    if phase == "turn":
        out = work.legal_acts(state, p)
        out.append(_PASS)
        free.add_free(state, p, out)
        return out
    if phase == "respond":
        return [make.Respond(True), make.Respond(False)]
    if phase == "assign":
        choices = work.legal_assign(state, p)
        if task is not None and task.purpose == "harvest":
            # B2: a harvested good may go to the sale space or the track at once
            choices += free.legal_stock_moves(state, p)
        return choices
    if phase == "build":
        assert task is not None
        return [make.Build(c) for c in market.buildable(state, p, task.villagers[0])]
    if phase == "train":
        assert task is not None
        return [make.Train(v) for v in work.trainable(state, p, task.villagers[0])]
    if phase == "harvest":
        return [make.Harvest(c) for c in work.harvestable(state, p)]
    if phase == "option":
        return explore.legal_options(state)
    if phase == "dice":
        return explore.legal_dice(state)
    if phase == "reward":
        return explore.legal_reward(state)
    if phase == "rest":
        return round_end.legal_rest(state)
    return []


def legal_of_kind(state: AboveAndBelowState, kind: type[Action]) -> list[Action]:
    """A part of :func:`legal_actions` holding every legal move of class
    ``kind`` (and maybe others), the same instances in the same order.

    Why: a checked apply looks up the one move it was given, and on a
    table turn building the whole list (main actions, offers, the sale
    space) for that cost as much again as the move itself."""
    phase = state.phase
    if phase == "rest":
        return [make.Rested()] if kind is A.Rested else round_end.rest_options(state, state.rest_queue[0])
    p = state.turn
    if phase == "assign" and kind not in _STOCK_MOVES:
        return work.legal_assign(state, p)
    if phase != "turn":
        return legal_actions(state)
    if kind is A.Act:
        return work.legal_acts(state, p)
    if kind is A.Pass:
        return [_PASS]
    if kind is A.Offer:
        return free.legal_offers(state, p)
    if kind in _STOCK_MOVES:
        return free.legal_stock_moves(state, p)
    if kind is A.Refresh or kind is A.Spend:
        return free.legal_refresh_spend(state, p)
    return legal_actions(state)


#: the shared ``Pass`` (listed at every table turn).
_PASS: Action = make.Pass()

#: the moves of the for-sale space and the progress track (free actions).
_STOCK_MOVES: frozenset[type[Action]] = frozenset({A.Sell, A.Withdraw, A.Track})


def is_legal_off_menu(state: AboveAndBelowState, action: Action) -> bool:
    """A well-formed move that the finite legal list leaves out but the rules
    allow: an offer above the listed prices (B7)."""
    return isinstance(action, A.Offer) and free.offer_is_legal(state, action)
