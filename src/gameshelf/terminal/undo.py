"""Undo that follows Board Game Arena's policy.

The terminal keeps the positions a person may return to; whether a move
may be taken back at all is :class:`gameshelf.core.undo.Probe`'s question.
"""

from __future__ import annotations

from gameshelf.core.actions import Action
from gameshelf.core.protocol import PlayerId, State
from gameshelf.core.undo import Probe


class UndoStack:
    """Positions a person may return to, newest last."""

    def __init__(self) -> None:
        self.positions: list[State] = []

    def __len__(self) -> int:
        return len(self.positions)

    def clear(self) -> None:
        self.positions.clear()

    def before(self, state: State, seat: PlayerId) -> Probe:
        """Call just before ``seat`` plays on ``state``; pass the result to
        :meth:`after` once the move is applied."""
        return Probe(state, seat)

    def after(self, probe: Probe, state: State, action: Action) -> None:
        """Keep the position before the move if it may be taken back, else
        forget every older position too (they lie behind a barrier)."""
        if probe.reversible(state, action):
            self.positions.append(probe.position)
        else:
            self.clear()

    def pop(self) -> State | None:
        return self.positions.pop() if self.positions else None
