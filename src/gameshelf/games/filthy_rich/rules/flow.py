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

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

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


def _sell(s: FilthyRichState, action: SellBusiness) -> None:
    seller = s.decider if s.phase == "sell" else s.turn
    turn.sell_business(s, seller, action.card)
    if s.phase == "sell":
        dice.next_window_seat(s)


#: what each kind of decision does, looked up by its exact class (a chain
#: of isinstance tests ran at every step of every playout)
APPLY: dict[type[Action], Callable[[Any, Any], None]] = {
    PlayCard: lambda s, a: turn.play_card(s, a.card),
    DiscardCard: lambda s, a: turn.discard_card(s, a.card),
    SellBusiness: _sell,
    KeepBusinesses: lambda s, a: dice.close_window(s),
    Roll: lambda s, a: dice.roll_business_dice(s),
    PlaceSign: lambda s, a: turn.place_sign(s, tuple(k - 1 for k in a.pockets)),
    BuyLuxury: lambda s, a: turn.buy_luxury(s, a.luxury),
    Bid: lambda s, a: bankruptcy.bid(s, a.raise_by),
    PassBid: lambda s, a: bankruptcy.pass_bid(s),
    TargetPlayer: lambda s, a: effects.audit(s, a.seat),
    TorchBusiness: lambda s, a: effects.torch(s, a.card),
    ChoosePage: lambda s, a: effects.change_page(s, a.page),
}


def apply(s: FilthyRichState, action: Action) -> None:
    step = APPLY.get(type(action))
    if step is None:  # pragma: no cover - validate() lets only the classes above through
        raise TypeError(f"not a Filthy Rich action: {action!r}")
    step(s, action)
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
