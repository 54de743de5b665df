"""Hidden High's :class:`Game`: its id, counts, action universe and the parts
it hands out (``gameshelf.core.interfaces``)."""

from __future__ import annotations

from typing import Any

from gameshelf.core.actions import Action
from gameshelf.core.interfaces import Encoding, Heuristics, TerminalView, Texts
from gameshelf.core.protocol import Game, PlayerId, State
from tests.template_game.actions import ACTION_CLASSES, CARDS, Draw, Play
from tests.template_game.state import HiddenHighState


class HiddenHigh(Game):
    id = "hidden-high"
    name_key = "hidden_high.name"
    min_players = 2
    max_players = 4
    default_players = 2
    rules_version = "1"
    action_classes = ACTION_CLASSES

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return HiddenHighState(self, players, seed, options)

    def _action_universe(self) -> list[Action]:
        return [*(Play(c) for c in CARDS), Draw()]

    def describe_action(self, action: Action, lang: str | None = None) -> str:
        from tests.template_game.describe import describe

        return describe(action, lang)

    def describe_public(self, action: Action, player: PlayerId, lang: str | None = None) -> str:
        from tests.template_game.public import describe_public

        return describe_public(action, player, lang)

    def client_data(self) -> dict[str, Any]:
        from tests.template_game.client_data import client_data

        return client_data()

    def encoding(self) -> Encoding:
        from tests.template_game.encoding import HiddenHighEncoding

        return HiddenHighEncoding()

    def texts(self) -> Texts:
        from tests.template_game.texts import HiddenHighTexts

        return HiddenHighTexts(self)

    def terminal_view(self) -> TerminalView:
        from tests.template_game.terminal_view import HiddenHighView

        return HiddenHighView()

    def heuristics(self) -> Heuristics:
        from tests.template_game.heuristics import HiddenHighHeuristics

        return HiddenHighHeuristics()
