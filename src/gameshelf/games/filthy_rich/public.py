"""The one public description of a Filthy Rich move (``Game.describe_public``).

What every other seat, a spectator, the terminal, the server and the browser
read about a move; front ends put the mover's name in front of it
("Player 2: plays Lawsuit"). It says what the table sees and no more:

* a card played or discarded is named, since the rulebook shows it: played
  cards lie in front of their owner or go face up to the discard pile
  ("使い終わったら表を上にして捨て札とします", "カードを上向きにして、捨て札として
  下さい");
* what the mover still holds, and the cards drawn (Business Scout, the end of
  the turn), are never part of a move: draws are events seen by the drawer only;
* a bid states its step over the minimum, as the move carries it (the amount
  in dollars is in the public log line that follows).
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.actions import Action
from gameshelf.core.i18n import t
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
from gameshelf.games.filthy_rich.cards import BUSINESS, Catalog, catalog

P = "filthy_rich.public"
_SIMPLE = {Roll: "roll", KeepBusinesses: "keep", PassBid: "pass"}


def _card(cat: Catalog, card: Any, lang: str | None) -> str | None:
    """A deck card's name, or ``None`` for an id the deck does not have."""
    if type(card) is not int or not 0 <= card < cat.deck_size:
        return None
    return t(f"filthy_rich.card.{cat.card_key(card)}", lang)


def describe_public(action: Action, lang: str | None = None) -> str:
    """The move as the rest of the table sees it, without its subject."""
    cat = catalog()
    a: Any = action
    kind = type(action)
    if kind in (PlayCard, DiscardCard, TorchBusiness, SellBusiness):
        name = _card(cat, a.card, lang)
        if name is None:
            return t(f"{P}.unknown", lang)
        verb = {PlayCard: "play", DiscardCard: "discard", TorchBusiness: "torch", SellBusiness: "sell"}[kind]
        amount = 0
        if kind is SellBusiness and cat.card_kind[a.card] == BUSINESS:
            amount = cat.rules.sell_per_sign_card * cat.signs[cat.card_ref[a.card]].size
        return t(f"{P}.{verb}", lang, card=name, amount=amount)
    if kind is BuyLuxury:
        if type(a.luxury) is not int or not 0 <= a.luxury < len(cat.luxuries):
            return t(f"{P}.unknown", lang)
        lux = cat.luxuries[a.luxury]
        return t(f"{P}.buy", lang, card=t(f"filthy_rich.card.{lux.key}", lang), cost=lux.cost)
    if kind is PlaceSign:
        return t(f"{P}.place", lang, pockets="+".join(map(str, a.pockets)))
    if kind is TargetPlayer:
        return t(f"{P}.target", lang, seat=a.seat + 1)
    if kind is ChoosePage:
        return t(f"{P}.page", lang, page=a.page)
    if kind is Bid:
        if a.raise_by == 0:
            return t(f"{P}.bid-min", lang)
        return t(f"{P}.bid", lang, amount=a.raise_by)
    simple = _SIMPLE.get(kind)
    return t(f"{P}.{simple or 'unknown'}", lang)
