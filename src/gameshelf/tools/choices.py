"""Whole choices (issue 42): which steps of a game commit its player.

Why: the engines split one table choice into small steps so that every list
of legal moves stays short (a die picked, then its use; a business card
played, then the pockets for its sign; a main action started, then its
villagers sent one at a time). A step that commits nothing on its own is
no decision the coach may judge alone: judged alone it may look like a
blunder (the die picked "loses" whatever the greedy play-out then does with
it) or a choice may fill three slots of the mistakes list. So the analysis
joins it with the steps after it, up to the first that commits.

Each game's tools package says which of its steps commit, in a module
``choices.py`` with ``commits(state, action) -> bool`` (the
:data:`gameshelf.analysis.analyse.Commits` contract, handed to the analysis
by :func:`gameshelf.tools.coach`); :func:`still_inside` is the common test
they are built on.
"""

from __future__ import annotations

from collections.abc import Callable

from gameshelf.core.actions import Action
from gameshelf.core.protocol import State


def still_inside(state: State, action: Action, inside: Callable[[State], bool]) -> bool:
    """Whether, after ``action`` (legal in ``state``), the seat that played it
    must still decide inside the same action: it is still that seat's turn
    to decide and ``inside`` says the position is one of the action's
    follow-up steps. ``state`` is left as it was."""
    seat = state.current_player
    after = state.clone()
    after.apply_unchecked(action)
    return not after.is_over and after.current_player == seat and inside(after)
