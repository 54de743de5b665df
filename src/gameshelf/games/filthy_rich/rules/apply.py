"""Apply one Filthy Rich decision (one function per action class), then let
the task queue (:mod:`flow`) run until someone must decide.
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
from gameshelf.games.filthy_rich.rules.flow import advance


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
