"""The one public description of a move: what every other seat and a
spectator may read about it (``Game.describe_public``).

Why here and not in a front end: the terminal, the server and the browser
must all say the same thing about an opponent's move. Every decision in
Above and Below is made in the open (the rulebook has the reader announce
the options and lantern values aloud), and the only hidden things, deck
orders and an encounter's rewards before the dice are counted, are never
part of a move. So a sentence names the seat and the move, and for an
encounter option only what the reader says aloud: its label and lantern
values, never its rewards (「報酬については読み上げないでください」).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.core.actions import Action
from gameshelf.core.i18n import current_language, t
from gameshelf.games.above_and_below import actions as A
from gameshelf.games.above_and_below.components import load_components

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.game import AboveAndBelow

NS = "above_and_below"

#: moves with nothing to name but the seat.
_BARE = (A.Pass, A.Done, A.SetOut, A.Decline, A.Rested, A.Resolve, A.Withdraw)


def describe_public(game: AboveAndBelow, action: Action, player: int, lang: str | None = None) -> str:
    """``player``'s ``action`` as one sentence for everyone (``lang``: en or ja)."""
    key, params = _sentence(game, action, lang)
    return t(f"{NS}.public.{key}", lang, player=player + 1, **params)


def _sentence(game: AboveAndBelow, action: Action, lang: str | None) -> tuple[str, dict[str, Any]]:
    if isinstance(action, _BARE):
        return action.kind, {}
    if isinstance(action, A.Act):
        return "act", {"what": f"@{NS}.act.{action.action}"}
    if isinstance(action, A.Assign | A.Reroll | A.Push):
        return action.kind, {"villager": f"@{NS}.villager.{action.villager}"}
    if isinstance(action, A.Train):
        return "train", {"villager": f"@{NS}.villager.{action.villager}"}
    if isinstance(action, A.Build):
        return "build", {"card": f"@{NS}.card.{action.card}"}
    if isinstance(action, A.Harvest):
        b = load_components().buildings[action.card]
        good = b.goods_refill or b.goods_on_buy
        return "harvest", {"card": f"@{NS}.card.{action.card}", "good": f"@{NS}.item.{good}"}
    if isinstance(action, A.Choose):
        return _choose(game, action, lang)
    if isinstance(action, A.Offer):
        return "offer", {"seller": action.seller + 1, "price": action.price}
    if isinstance(action, A.Respond):
        return ("accept" if action.accept else "refuse"), {}
    if isinstance(action, A.Sell | A.Spend):
        return action.kind, {"item": f"@{NS}.item.{action.item}"}
    if isinstance(action, A.Track):
        return "track", {"good": f"@{NS}.item.{action.good}"}
    if isinstance(action, A.Refresh):
        return "refresh", {"row": f"@{NS}.row.{action.row}"}
    if isinstance(action, A.Rest):
        return "rest", {"villager": f"@{NS}.villager.{action.villager}", "remedy": f"@{NS}.remedy.{action.remedy}"}
    return "other", {"move": action.kind}


def _choose(game: AboveAndBelow, action: A.Choose, lang: str | None) -> tuple[str, dict[str, Any]]:
    """The option as the reader announced it: label and lantern values only."""
    opt = game.book.paragraphs[action.paragraph].options[action.option]
    label = opt.label.get(lang or current_language(), opt.label["en"])
    if not opt.thresholds:
        return "choose-path", {"label": label}
    return "choose", {"label": label, "lanterns": " / ".join(str(th.lanterns) for th in opt.thresholds)}
