"""The one public description of a Hidden High move (``Game.describe_public``).

Every move is public (the card played is shown; a drawn card goes face down
into the hand and the sentence does not name it), so it reads as the mover's.
"""

from __future__ import annotations

from gameshelf.core.actions import Action
from gameshelf.core.protocol import PlayerId
from tests.template_game.describe import describe


def describe_public(action: Action, player: PlayerId, lang: str | None) -> str:
    return describe(action, lang)
