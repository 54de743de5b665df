"""After a decision (``apply``), run queued tasks until someone must decide.

Tasks (``state.tasks``), pushed by the dice and by bankruptcies::

    ("window",)                  sell window before a tax   -> phase "sell"
    ("tax",)                     everybody pays              (automatic)
    ("auction", lots, bankrupt)  luxuries of a bankrupt seat -> phase "auction"
    ("page",)                    the page die                (automatic)
    ("end",)                     draw back to five, next turn (automatic)

When the queue is empty the turn player decides again (phase "turn").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gameshelf.games.filthy_rich.rules import bankruptcy, dice, turn

if TYPE_CHECKING:
    from gameshelf.games.filthy_rich.state import FilthyRichState

#: phases in which someone is being asked something
WAITING = frozenset(("place", "target", "torch", "page", "sell", "auction", "over"))

#: each task's step: the one table of what comes next, so that the modules
#: that queue a task (the dice, a bankruptcy) never call the step themselves
#: and import each other without a circle (``lint-imports`` keeps it so)
STEPS: dict[str, Callable[[FilthyRichState, tuple[Any, ...]], None]] = {
    "window": lambda s, task: dice.open_window(s),
    "tax": lambda s, task: dice.pay_taxes(s),
    "auction": lambda s, task: bankruptcy.start_auction(s, task[1], task[2]),
    "page": lambda s, task: dice.roll_page_die(s),
    "end": lambda s, task: turn.end_turn(s),
}


def advance(s: FilthyRichState) -> None:
    """Run the queued tasks in order until a seat must decide."""
    tasks = s.tasks
    while s.phase not in WAITING and tasks:
        task = tasks.pop(0)
        STEPS[task[0]](s, task)
