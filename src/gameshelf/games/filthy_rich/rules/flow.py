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

from typing import TYPE_CHECKING

from gameshelf.games.filthy_rich.rules import bankruptcy, dice, turn

if TYPE_CHECKING:
    from gameshelf.games.filthy_rich.state import FilthyRichState

#: phases in which someone is being asked something
WAITING = frozenset(("place", "target", "torch", "page", "sell", "auction", "over"))


def advance(s: FilthyRichState) -> None:
    tasks = s.tasks
    while s.phase not in WAITING and tasks:
        task = tasks.pop(0)
        name = task[0]
        if name == "window":
            dice.open_window(s)
        elif name == "tax":
            dice.pay_taxes(s)
        elif name == "auction":
            bankruptcy.start_auction(s, task[1], task[2])
        elif name == "page":
            dice.roll_page_die(s)
        else:
            turn.end_turn(s)
