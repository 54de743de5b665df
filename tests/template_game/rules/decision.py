"""What the Hidden High seat to move is deciding: which card to play, or
whether to draw (a phrase read after "Your turn:" and "Waiting for ...:")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.core.protocol import Decision

if TYPE_CHECKING:
    from tests.template_game.state import HiddenHighState


def decision(s: HiddenHighState) -> Decision | None:
    if s.is_over:
        return None
    return Decision("hidden_high.decision.play-or-draw", {"player": s.turn + 1})
