"""Why Dicey Farm refuses a decision: a precise error code for each refusal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.core.actions import Action
from gameshelf.games.dicey_farm.actions import (
    Back,
    Bake,
    Build,
    Butcher,
    Cook,
    Deliver,
    Done,
    EndRound,
    Hire,
    HorseShip,
    Keep,
    Modify,
    PickDie,
    Ship,
    Sow,
    ToFood,
    Tour,
    Use,
)
from gameshelf.games.dicey_farm.rules import dice

if TYPE_CHECKING:
    from gameshelf.games.dicey_farm.state import DiceyFarmState
from gameshelf.games.dicey_farm.rules.legal import DIE_ACTIONS

# -- explaining a refusal -------------------------------------------------------------
PHASE_OF: dict[type[Action], tuple[str, ...]] = {
    PickDie: ("main",), Modify: ("main",), ToFood: ("main",), Cook: ("main",),
    HorseShip: ("main",), EndRound: ("main",), Use: ("die",), Back: ("die",),
    Sow: ("sow",), Ship: ("ship",), Deliver: ("ship",), Bake: ("oven",),
    Done: ("sow", "ship", "oven"), Butcher: ("slaughter",), Hire: ("contract",),
    Keep: ("recruit",), Build: ("build",), Tour: ("tour",),
}


def explain(s: DiceyFarmState, action: Any) -> tuple[str, dict[str, Any]]:
    """A precise error code (catalog ``dicey_farm.errors.<code>``) and its params."""
    phases = PHASE_OF.get(type(action))
    if phases is None:
        return "not-legal", {"action": str(action)}
    if s.phase not in phases:
        return "wrong-step", {"step": f"@dicey_farm.phase.{s.phase}"}
    if isinstance(action, PickDie | Modify) and action.face not in s.dice:
        return "no-such-die", {"face": action.face}
    if isinstance(action, EndRound):
        return "dice-left", {"n": len(s.dice)}
    if isinstance(action, Use):
        if action.action not in (*DIE_ACTIONS, "discard"):
            return "unknown-action", {"action": action.action}
        code = dice.use_error(s, action.action, s.held)
        if code:
            return code, {"action": f"@dicey_farm.action.{action.action}", "face": s.held}
    if isinstance(action, ToFood | Cook | Ship | Deliver | Sow | Bake | Butcher | HorseShip):
        return "missing-goods", {"action": str(action)}
    return "not-legal", {"action": str(action)}
