"""Filthy Rich (Richard Garfield, 1998): the :class:`Game` entry point.

Be the first to own three luxuries: start businesses, hang their signs in a
four-page book of transparent pockets, and hope the dice hit what people can
still see. See ``RULES.md`` for every ruling the rulebook left open.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gameshelf.core.actions import Action
from gameshelf.core.protocol import Game, Observation, Option, PlayerId, State
from gameshelf.games.filthy_rich.actions import ACTION_CLASSES, action_universe
from gameshelf.games.filthy_rich.cards import catalog
from gameshelf.games.filthy_rich.state import FilthyRichState


class FilthyRich(Game):
    id = "filthy-rich"
    name_key = "filthy_rich.name"
    min_players = 2
    max_players = 5
    #: 2 (issue 16): Tornado Cleaners' two printed tax marks, bids of any
    #: amount, the turn player asked (and may sell) in an auction before the roll
    rules_version = "2"
    action_classes = ACTION_CLASSES
    options_schema = {
        # C1: the rulebook taxes once per zero; a well-known variant once per roll.
        "single_tax": Option(False, (False, True), "filthy_rich.options.single_tax"),
    }

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return FilthyRichState(self, players, seed, options)

    def _action_universe(self) -> Sequence[Action]:
        return action_universe(catalog(), self.max_players)

    def render(self, observation: Observation, lang: str | None = None) -> Any:
        from gameshelf.games.filthy_rich.terminal_view import render

        return render(observation, lang)

    def describe_action(self, action: Action, lang: str | None = None) -> str:
        from gameshelf.games.filthy_rich.texts import describe_action

        return describe_action(action, lang)

    def describe_public(self, action: Action, player: PlayerId, lang: str | None = None) -> str:
        """What every other seat reads about ``player``'s move (``describe.py``):
        the same for the terminal, the server and the browser."""
        from gameshelf.games.filthy_rich.describe import describe_public

        return describe_public(action, lang)

    def evaluate(self, state: State, player: PlayerId) -> float:
        from gameshelf.games.filthy_rich.heuristics import evaluate

        assert isinstance(state, FilthyRichState)
        return evaluate(state, player)

    def cli_commands(self) -> Sequence[Any]:
        from gameshelf.games.filthy_rich.cli import commands

        return commands()
