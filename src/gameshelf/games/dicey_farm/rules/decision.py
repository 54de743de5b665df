"""The status bar's phrase for Dicey Farm: what the farmer is deciding now.

Why a module of its own: the browser's status bar and the terminal both say
"Your turn: …" with the same words, and every phase (a die picked, seeds to
sow, craftsmen to keep, …) must have its phrase, including the counts the
board shows (dice left, seeds left), so a newcomer needs no other line to
know what to do. Everything named here lies open on the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.core.protocol import Decision
from gameshelf.games.dicey_farm.components import components

if TYPE_CHECKING:
    from gameshelf.games.dicey_farm.state import DiceyFarmState

NS = "dicey_farm.decision."

#: phases whose phrase carries ``left`` (seeds, shipments, bakes, pips,
#: food budget or craftsmen to keep) as ``n``
_COUNTED = frozenset({"sow", "ship", "oven", "slaughter", "contract", "recruit", "tour"})


def decision(s: DiceyFarmState) -> Decision | None:
    """The phrase for the farmer's current decision; ``None`` once over."""
    if s.final is not None:
        return None
    rounds = components().constants["rounds"]
    if s.phase == "main":
        if s.dice:
            return Decision(NS + "main", {"n": len(s.dice), "round": s.round, "rounds": rounds})
        return Decision(NS + "main-no-dice", {"round": s.round, "rounds": rounds})
    if s.phase == "die":
        return Decision(NS + "die", {"face": s.held})
    if s.phase == "recruit":
        return Decision(NS + "recruit", {"n": s.left, "k": len(s.kept)})
    if s.phase in _COUNTED:
        return Decision(NS + s.phase, {"n": s.left})
    return Decision(NS + s.phase, {})
