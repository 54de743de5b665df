"""Hidden High's sentence for a move, as its mover reads it (``Game.describe_action``).

Its words live in ``locales/<lang>.toml`` under the game's key prefix
(``hidden_high.describe.*``) and are read with :func:`gameshelf.core.i18n.t`.
"""

from __future__ import annotations

from gameshelf.core.actions import Action
from gameshelf.core.i18n import t
from tests.template_game.actions import Play


def describe(action: Action, lang: str | None) -> str:
    if isinstance(action, Play):
        return t("hidden_high.describe.play", lang, card=action.card)
    return t("hidden_high.describe.draw", lang)
