"""Dicey Farm's whole choices (:mod:`gameshelf.tools.choices`)."""

from __future__ import annotations

from gameshelf.core.actions import Action
from gameshelf.core.protocol import State

#: steps that commit nothing: a picked die can go back ("back")
LOOSE = frozenset({"pick", "back"})


def commits(state: State, action: Action) -> bool:
    """Whether a step commits the farmer: a die picked (or put back) does
    not, since a picked die can go back; the pick is judged with its use
    as one choice (issue 42)."""
    return action.kind not in LOOSE
