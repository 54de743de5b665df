"""Apply one decision, then run queued tasks until someone must decide.

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

from gameshelf.core.actions import Action
from gameshelf.games.filthy_rich.actions import (
    Bid,
    BuyLuxury,
    ChoosePage,
    DiscardCard,
    KeepBusinesses,
    PassBid,
    PlaceSign,
    PlayCard,
    Roll,
    SellBusiness,
    TargetPlayer,
    TorchBusiness,
)
from gameshelf.games.filthy_rich.rules import bankruptcy, dice, effects, turn

if TYPE_CHECKING:
    from gameshelf.games.filthy_rich.state import FilthyRichState

#: phases in which someone is being asked something
WAITING = frozenset(("place", "target", "torch", "page", "sell", "auction", "over"))


def apply(s: FilthyRichState, action: Action) -> None:
    if isinstance(action, PlayCard):
        turn.play_card(s, action.card)
    elif isinstance(action, DiscardCard):
        turn.discard_card(s, action.card)
    elif isinstance(action, SellBusiness):
        seller = s.decider if s.phase == "sell" else s.turn
        turn.sell_business(s, seller, action.card)
        if s.phase == "sell":
            dice.next_window_seat(s)
    elif isinstance(action, KeepBusinesses):
        dice.close_window(s)
    elif isinstance(action, Roll):
        dice.roll_business_dice(s)
    elif isinstance(action, PlaceSign):
        turn.place_sign(s, tuple(k - 1 for k in action.pockets))
    elif isinstance(action, BuyLuxury):
        turn.buy_luxury(s, action.luxury)
    elif isinstance(action, Bid):
        bankruptcy.bid(s, action.raise_by)
    elif isinstance(action, PassBid):
        bankruptcy.pass_bid(s)
    elif isinstance(action, TargetPlayer):
        effects.audit(s, action.seat)
    elif isinstance(action, TorchBusiness):
        effects.torch(s, action.card)
    elif isinstance(action, ChoosePage):
        effects.change_page(s, action.page)
    else:  # pragma: no cover - validate() lets only the classes above through
        raise TypeError(f"not a Filthy Rich action: {action!r}")
    advance(s)


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
