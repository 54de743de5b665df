"""Hidden High's words as the browser and the terminal show them now
(:class:`~gameshelf.core.interfaces.Texts`): a play says what it scores at
least. No terminal library here: the server imports this module too."""

from __future__ import annotations

from gameshelf.core.actions import Action
from gameshelf.core.interfaces import Texts
from gameshelf.core.protocol import Observation
from tests.template_game.actions import Play
from tests.template_game.describe import describe


class HiddenHighTexts(Texts):
    def describe_move(self, observation: Observation, action: Action, lang: str | None) -> str:
        text = describe(action, lang)
        if isinstance(action, Play):
            return f"{text} (+{action.card + 1}..{action.card + 6})"
        return text
