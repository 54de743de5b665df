"""Pick or Back: a one-seat game whose "back" move invites an endless loop.

Each of three rounds starts with a forced ``pick``; then the player either
``score``s (the round ends) or goes ``back`` to the start of the round. The
heuristic likes "back" better than "score" (it counts rounds still to play),
so a myopic bot without a loop guard would go back for ever. Registered as
``pick-or-back``.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from gameshelf.core.actions import Action
from gameshelf.core.protocol import Game, Observation, PlayerId, State
from gameshelf.core.registry import register_game

ROUNDS = 3


@dataclasses.dataclass(frozen=True, slots=True)
class Pick(Action):
    kind: ClassVar[str] = "pick"


@dataclasses.dataclass(frozen=True, slots=True)
class Back(Action):
    kind: ClassVar[str] = "back"


@dataclasses.dataclass(frozen=True, slots=True)
class Score(Action):
    kind: ClassVar[str] = "score"


class PickOrBackState(State):
    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, players, seed, options)
        self.round = 0
        self.picked = False

    @property
    def is_over(self) -> bool:
        return self.round >= ROUNDS

    @property
    def current_player(self) -> PlayerId | None:
        return None if self.is_over else 0

    def _legal_actions(self) -> list[Action]:
        return [Back(), Score()] if self.picked else [Pick()]

    def _apply(self, action: Action) -> None:
        if isinstance(action, Score):
            self.round += 1
        self.picked = isinstance(action, Pick)

    def _copy(self) -> PickOrBackState:
        other = object.__new__(PickOrBackState)
        other.__dict__.update(self.__dict__)
        return other

    def observation(self, player: PlayerId | None) -> Observation:
        return {"round": self.round, "picked": self.picked, "log": len(self.history)}

    def scores(self) -> list[float]:
        return [float(self.round)]


class PickOrBack(Game):
    id = "pick-or-back"
    name_key = "tiny.name"
    min_players = 1
    max_players = 1
    rules_version = "1"
    action_classes = (Pick, Back, Score)

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return PickOrBackState(self, players, seed, options)

    def _action_universe(self) -> list[Action]:
        return [Pick(), Back(), Score()]

    def evaluate(self, state: State, player: PlayerId) -> float:
        return float(ROUNDS - state.round)  # type: ignore[attr-defined]


register_game(PickOrBack.id, PickOrBack)
