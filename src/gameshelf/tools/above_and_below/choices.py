"""Above and Below's whole choices (:mod:`gameshelf.tools.choices`).

A main action is played in steps: ``act`` (explore, harvest, build, train,
labor), then its villagers one ``assign`` at a time, each with what it does
(the building to ``harvest``, the card to ``build``, the villager to
``train``), closed with ``done`` or ``set-out``. Until it closes nothing is
settled, so the action and its villagers are one choice ("harvest → send
Ada → take fish → done"). Resting at a round's end is one choice too: the
remedies a player gives out, then ``rested``."""

from __future__ import annotations

from gameshelf.core.actions import Action
from gameshelf.core.protocol import State
from gameshelf.games.above_and_below.state import AboveAndBelowState
from gameshelf.tools.choices import still_inside

#: the phases of a main action under way, before it closes
UNDER_WAY = frozenset({"assign", "build", "train", "harvest"})
#: the round's end, while the player gives out remedies
RESTING = "rest"


def commits(state: State, action: Action) -> bool:
    """Whether the step finishes the player's choice: not while the main
    action it starts or carries on is still under way, nor while the
    player is still resting."""
    assert isinstance(state, AboveAndBelowState)
    if state.phase == RESTING and action.kind == "rest":
        return not still_inside(state, action, _resting)
    if state.phase not in UNDER_WAY and action.kind != "act":
        return True
    return not still_inside(state, action, _under_way)


def _under_way(state: State) -> bool:
    assert isinstance(state, AboveAndBelowState)
    return state.phase in UNDER_WAY


def _resting(state: State) -> bool:
    assert isinstance(state, AboveAndBelowState)
    return state.phase == RESTING
