"""Filthy Rich's whole choices (:mod:`gameshelf.tools.choices`).

A card is played in steps: ``play`` a business, then ``place`` its sign in
pockets; ``play`` an action card, then what it aims at (``target`` a player,
``torch`` a business, a ``page``). Until the last of these the card has
done nothing, so the play and its aim are one choice: "play the Arsonist →
target Bob → torch the Casino"."""

from __future__ import annotations

from gameshelf.core.actions import Action
from gameshelf.core.protocol import State
from gameshelf.games.filthy_rich.state import PAGE, PLACE, TARGET, TORCH, FilthyRichState
from gameshelf.tools.choices import still_inside

#: the phases in which a card played is still being aimed or placed
AIMING = frozenset({PLACE, TARGET, TORCH, PAGE})
#: the steps that may lead into one of them
_STARTS = frozenset({"play", "target", "torch", "page"})


def commits(state: State, action: Action) -> bool:
    """Whether the step finishes what the player is doing: not while the
    card it plays (or aims) still waits for its pockets or its aim."""
    if action.kind not in _STARTS:
        return True
    return not still_inside(state, action, _aiming)


def _aiming(state: State) -> bool:
    assert isinstance(state, FilthyRichState)
    return state.phase in AIMING
