"""The move a Hidden High player would look for but may not make now: a draw
refused with a full hand (an empty deck says so on the board already)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.core.protocol import Unavailable
from tests.template_game.rules.legal import HAND_LIMIT

if TYPE_CHECKING:
    from tests.template_game.state import HiddenHighState


def unavailable_moves(s: HiddenHighState) -> list[Unavailable]:
    if s.is_over or not s.deck or len(s.hands[s.turn]) < HAND_LIMIT:
        return []
    return [Unavailable("hidden_high.move.draw", "hidden_high.why_not.hand-full", {"limit": HAND_LIMIT})]
