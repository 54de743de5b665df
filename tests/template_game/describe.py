"""Hidden High's sentence for a move, as its mover reads it (``Game.describe_action``).

A real game's words live in ``locales/<lang>.toml`` under its package name
and are read with :func:`gameshelf.core.i18n.t`; the template keeps its two
sentences here because a test package has no catalog of its own.
"""

from __future__ import annotations

from gameshelf.core.actions import Action
from gameshelf.core.i18n import current_language
from tests.template_game.actions import Play

SENTENCES = {
    "en": {"play": "Play the {card}", "draw": "Draw a card"},
    "ja": {"play": "{card} を出す", "draw": "カードを1枚引く"},
}


def describe(action: Action, lang: str | None) -> str:
    words = SENTENCES.get(lang or current_language(), SENTENCES["en"])
    if isinstance(action, Play):
        return words["play"].format(card=action.card)
    return words["draw"]
