"""Why Hidden High refuses a decision."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.core.errors import IllegalAction
from tests.template_game.actions import Play

if TYPE_CHECKING:
    from tests.template_game.state import HiddenHighState


def explain(s: HiddenHighState, action: Any) -> IllegalAction:
    if isinstance(action, Play):
        return IllegalAction("not-legal", {"action": f"you do not hold {action.card}"})
    return IllegalAction("not-legal", {"action": str(action)})
