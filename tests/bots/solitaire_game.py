"""Keep or Reroll: a one-seat dice game where judgement pays.

Each of eight rounds shows a die; the player keeps it (scores its value) or
rerolls once and must keep the new value. Keeping 4+ and rerolling 1-3 is
best (expected 4.25 a round against 3.5 for random play), so a search bot
that sees only the shown die — never the reroll — must learn the threshold.
Every keep is an acquisition of the face kept, for the simulation's
per-item table. Registered as ``keep-or-reroll`` by :func:`register`.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from gameshelf.core.actions import Action
from gameshelf.core.protocol import Game, Observation, PlayerId, State
from gameshelf.core.registry import register_game

ROUNDS = 8


@dataclasses.dataclass(frozen=True, slots=True)
class Keep(Action):
    kind: ClassVar[str] = "keep"


@dataclasses.dataclass(frozen=True, slots=True)
class Reroll(Action):
    kind: ClassVar[str] = "reroll"


class KeepOrRerollState(State):
    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, players, seed, options)
        self.round = 0
        self.total = 0
        self.kept: list[int] = []
        self.rerolled = False
        self.face = self.rng["dice"].die()

    @property
    def is_over(self) -> bool:
        return self.round >= ROUNDS

    @property
    def current_player(self) -> PlayerId | None:
        return None if self.is_over else 0

    def round_number(self) -> int:
        return self.round + 1  # a keep ends the round

    def _legal_actions(self) -> list[Action]:
        return [Keep()] if self.rerolled else [Keep(), Reroll()]

    def _apply(self, action: Action) -> None:
        if isinstance(action, Reroll):
            self.face = self.rng["dice"].die()
            self.rerolled = True
            return
        self.total += self.face
        self.kept.append(self.face)
        self.round += 1
        self.rerolled = False
        self.face = self.rng["dice"].die() if not self.is_over else 0

    def _copy(self) -> KeepOrRerollState:
        other = object.__new__(KeepOrRerollState)
        other.__dict__.update(self.__dict__)
        other.kept = list(self.kept)
        return other

    def observation(self, player: PlayerId | None) -> Observation:
        return {
            "round": self.round,
            "total": self.total,
            "face": self.face,
            "rerolled": self.rerolled,
        }

    def scores(self) -> list[float]:
        return [float(self.total)]

    def acquisitions(self) -> dict[PlayerId, list[str]]:
        return {0: [f"face-{f}" for f in self.kept]}

    def check_invariants(self) -> None:
        assert self.total == sum(self.kept) and len(self.kept) == self.round


class KeepOrReroll(Game):
    id = "keep-or-reroll"
    name_key = "tiny.name"
    min_players = 1
    max_players = 1
    rules_version = "1"
    action_classes = (Keep, Reroll)

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return KeepOrRerollState(self, players, seed, options)

    def _action_universe(self) -> list[Action]:
        return [Keep(), Reroll()]


def register() -> None:
    register_game(KeepOrReroll.id, KeepOrReroll)


register()
