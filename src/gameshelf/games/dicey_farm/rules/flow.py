"""What comes after a step: the one place a die's step ends.

A die opens a step (sow, recruit, the oven...) in ``dice``; the step's moves
and its end live in ``steps``, which imports ``dice`` to give dice back. The
step may end three ways: by its own moves (``steps``), by the player's
"done", or at once, when the die opened it with nothing to do. The last two
are here, as one table, so that ``dice`` never calls into ``steps`` (an
import circle, hidden until now behind imports inside ``dice.use``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gameshelf.games.dicey_farm.rules import dice, steps

if TYPE_CHECKING:
    from gameshelf.games.dicey_farm.state import DiceyFarmState

#: how "done" ends each step (any other step: straight back to the main phase)
FINISH: dict[str, Callable[[DiceyFarmState], None]] = {
    "oven": steps.finish_oven,
    "sow": steps.finish_sow,
}

#: the steps a die may open with nothing to do, each with its test and its end
AT_ONCE: dict[str, tuple[Callable[[DiceyFarmState], bool], Callable[[DiceyFarmState], None]]] = {
    "sow": (lambda s: not steps.sowable(s), steps.finish_sow),  # no seed or no empty field
    "recruit": (lambda s: len(s.kept) == s.left, steps.finish_recruit),  # the die keeps every craftsman
    "oven": (lambda s: not s.goods["wheat"], steps.finish_oven),  # no wheat to bake
}


def use(s: DiceyFarmState, action: str, face: int) -> None:
    """Spend the held die on ``action``, then end the step it opened if there
    is nothing to do in it."""
    dice.use(s, action, face)
    ends = AT_ONCE.get(s.phase)
    if ends is not None and ends[0](s):
        ends[1](s)


def done(s: DiceyFarmState) -> None:
    """The player ends the step in play."""
    FINISH.get(s.phase, steps.back_to_main)(s)
