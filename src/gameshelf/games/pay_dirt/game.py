"""The Pay Dirt game description: players, actions, presentation hooks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from gameshelf.core.actions import Action
from gameshelf.core.protocol import Game, Observation, PlayerId, State
from gameshelf.games.pay_dirt.actions import ACTION_CLASSES, action_universe
from gameshelf.games.pay_dirt.components import components


class PayDirt(Game):
    """Pay Dirt: dig, haul and wash gold before the Alaskan winter closes in."""

    id: ClassVar[str] = "pay-dirt"
    name_key: ClassVar[str] = "pay_dirt.name"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    rules_version: ClassVar[str] = "2"
    action_classes: ClassVar[Sequence[type[Action]]] = ACTION_CLASSES

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        from gameshelf.games.pay_dirt.state import PayDirtState

        return PayDirtState(self, players, seed, options)

    def _action_universe(self) -> Sequence[Action]:
        comp = components()
        spaces = max([*comp.rules.base_spaces, *(e.spaces for e in comp.equipment)])
        from gameshelf.games.pay_dirt.rules.auction import OPENING_STEPS

        rules = comp.rules
        workers = rules.start_workers + sum(p.workers for p in comp.personnel)
        return action_universe(spaces, rules.bid_cap, rules.gear_display, len(comp.hardships), workers, OPENING_STEPS)

    def render(self, observation: Observation, lang: str | None = None) -> Any:
        from gameshelf.games.pay_dirt.terminal_view import render

        return render(observation, lang)

    def describe_action(self, action: Action, lang: str | None = None) -> str:
        from gameshelf.games.pay_dirt.describe import describe

        return describe(action, lang)

    def describe_public(self, action: Action, player: PlayerId, lang: str | None = None) -> str:
        """What the table sees of ``player``'s move: a kept hardship card is
        only "a hardship card" until the cards are revealed together."""
        from gameshelf.games.pay_dirt.describe import describe_public

        return describe_public(action, lang)

    def evaluate(self, state: State, player: PlayerId) -> float:
        from gameshelf.games.pay_dirt.heuristics import evaluate

        return evaluate(state, player)  # type: ignore[arg-type]

    def cli_commands(self) -> Sequence[Any]:
        from gameshelf.games.pay_dirt.cli import commands

        return commands()
