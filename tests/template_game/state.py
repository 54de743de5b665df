"""The Hidden High position: the deck, the hands, the points, whose turn.

The state holds the data and the copy; every other job is a method that
hands over to the job's own module (``rules/legal.py``, ``rules/apply.py``,
``rules/explain.py``, ``rules/invariants.py``, ``rules/why_not.py``,
``rules/decision.py``, ``redaction.py``, ``hidden.py``), so a reader finds
each job in the file of the same name in every game.
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.actions import Action
from gameshelf.core.errors import IllegalAction
from gameshelf.core.protocol import Decision, Game, Observation, PlayerId, State, Unavailable
from tests.template_game.actions import CARDS
from tests.template_game.components import components
from tests.template_game.rules import apply, decision, explain, invariants, legal, why_not


class HiddenHighState(State):
    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, players, seed, options)
        self.deck = self.rng["deck"].shuffled(CARDS)
        deal = components().deal
        self.hands: list[list[int]] = [sorted(self.deck[deal * p : deal * (p + 1)]) for p in range(players)]
        del self.deck[: deal * players]
        self.points = [0] * players
        self.played: list[int] = []
        self.turn = 0

    @property
    def is_over(self) -> bool:
        return not self.deck and not any(self.hands)

    @property
    def current_player(self) -> PlayerId | None:
        return None if self.is_over else self.turn

    def _legal_actions(self) -> list[Action]:
        return legal.legal_actions(self)

    def explain_illegal(self, action: Any) -> IllegalAction:
        return explain.explain(self, action)

    def _apply(self, action: Action) -> None:
        apply.apply(self, action)

    def _advance(self) -> None:
        apply.advance(self)

    def decision(self) -> Decision | None:
        return decision.decision(self)

    def unavailable_moves(self) -> list[Unavailable]:
        return why_not.unavailable_moves(self)

    def _copy(self) -> HiddenHighState:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.deck = list(self.deck)
        other.hands = [list(h) for h in self.hands]
        other.points = list(self.points)
        other.played = list(self.played)
        return other

    def _redeal(self, player: PlayerId) -> None:
        from tests.template_game.hidden import redeal

        redeal(self, player)

    def observation(self, player: PlayerId | None) -> Observation:
        from tests.template_game.redaction import observe

        return observe(self, player)

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def check_invariants(self) -> None:
        invariants.check(self)
