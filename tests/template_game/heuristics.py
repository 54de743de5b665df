"""How good a Hidden High position looks (:class:`~gameshelf.core.interfaces.Heuristics`):
the points banked against the best rival's. The hand is left out on
purpose: the core's bot tests were written against this plain lead."""

from __future__ import annotations

from gameshelf.core.interfaces import Heuristics
from gameshelf.core.protocol import PlayerId, State


class HiddenHighHeuristics(Heuristics):
    def evaluate(self, state: State, player: PlayerId) -> float:
        scores = state.scores()
        others = [s for p, s in enumerate(scores) if p != player]
        return scores[player] - (max(others) if others else 0.0)
