"""The status bar's phrase for Above and Below: what the seat to move decides.

Why: a turn of Above and Below is one action carried out in several small
decisions (send villagers, pick the card, choose an encounter option, roll,
push, collect), and a newcomer must read at each of them what is wanted,
including that an encounter's rewards are read out only after the roll (the
rulebook's rule), so nobody wonders why they are not shown. Only public
facts: villagers on the board, the dice rolled, an offer made aloud.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.core.protocol import Decision
from gameshelf.games.above_and_below.rules.explore import lanterns

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.state import AboveAndBelowState

NS = "above_and_below.decision."

#: phases whose phrase needs nothing but its key
_PLAIN = ("build", "train", "harvest", "reward", "rest")


def decision(s: AboveAndBelowState) -> Decision | None:
    """The phrase for the current decision; ``None`` once the game is over."""
    phase = s.phase
    if phase == "over":
        return None
    village = s.villages[s.current_player or 0]
    if phase == "turn":
        if village.ready:
            return Decision(NS + "turn", {"round": s.round, "ready": len(village.ready)})
        return Decision(NS + "turn-none-ready", {"round": s.round})
    task = s.task
    if phase == "assign" and task is not None:
        return Decision(NS + "assign", {"action": f"@above_and_below.act.{task.purpose}",
                                        "ready": len(village.ready)})
    if phase == "option" and task is not None:
        return Decision(NS + "option", {"cave": task.cave if task.cave is not None else 0})
    if phase == "dice" and task is not None:
        return Decision(NS + "dice", {"dice": " ".join(map(str, task.dice)), "lanterns": lanterns(s)})
    if phase == "respond" and s.offer is not None:
        _, buyer, price, _ = s.offer
        return Decision(NS + "respond", {"buyer": buyer + 1, "price": price})
    if phase in _PLAIN:
        return Decision(NS + phase, {})
    return Decision(NS + "unknown", {})
