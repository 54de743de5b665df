"""Pay Dirt's whole choices (:mod:`gameshelf.tools.choices`).

Equipment won at auction is installed or scrapped; a scrapped tile's
tools then take wear cubes off the player's board one ``remove-wear`` at a
time. The scrap and where its wear comes off are one choice ("scrap →
remove wear from the loader → remove wear from the loader"); judged alone,
the scrap's worth would be whatever the greedy play-out did with the cubes."""

from __future__ import annotations

from gameshelf.core.actions import Action
from gameshelf.core.protocol import State
from gameshelf.games.pay_dirt.state import PayDirtState
from gameshelf.tools.choices import still_inside

#: the steps that may leave wear to take off
_STARTS = frozenset({"scrap", "remove-wear"})


def commits(state: State, action: Action) -> bool:
    """Whether the step finishes the player's choice: not while a scrapped
    tile's wear is still to be taken off."""
    if action.kind not in _STARTS:
        return True
    return not still_inside(state, action, _wear_left)


def _wear_left(state: State) -> bool:
    assert isinstance(state, PayDirtState)
    return state.pending == "scrap-wear"
