"""Filthy Rich's sentence for a move and for a card, as its mover reads it
(``Game.describe_action``); the words that depend on the position (a
sign's cover fees now) are in :mod:`texts`, what the others read in
:mod:`public`.
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
from gameshelf.games.filthy_rich.cards import ASSET, BUSINESS, Catalog, catalog

P = "filthy_rich"


def card_name(cat: Catalog, card: int, lang: str | None) -> str:
    return t(f"{P}.card.{cat.card_key(card)}", lang)


def luxury_name(cat: Catalog, lux: int, lang: str | None) -> str:
    return t(f"{P}.card.{cat.luxuries[lux].key}", lang)


def _effect(effect: str, amount: int, lang: str | None) -> str:
    return t(f"{P}.effect.{effect}", lang, amount=amount)


def describe_card(cat: Catalog, card: int, lang: str | None) -> str:
    """What a deck card is and does, in one line."""
    kind, ref = cat.card_kind[card], cat.card_ref[card]
    name = card_name(cat, card, lang)
    if kind == BUSINESS:
        b = cat.signs[ref]
        text = t(f"{P}.action.play-business", lang, card=name, cost=b.cost, tax=b.tax, hit=b.hit, size=b.size)
        if b.on_tax:
            text += " + " + _effect("on_tax", b.on_tax, lang)
        return text
    if kind == ASSET:
        a = cat.assets[ref]
        return t(f"{P}.action.play-asset", lang, card=name, cost=a.cost, tax=a.tax,
                 effect=_effect(a.effect, a.amount, lang))
    act = cat.actions[ref]
    key = "play-action-cost" if act.cost else "play-action"
    return t(f"{P}.action.{key}", lang, card=name, cost=act.cost, effect=_effect(act.effect, act.amount, lang))


def describe_action(action: Action, lang: str | None = None) -> str:
    """A localized sentence for one decision."""
    cat = catalog()
    a: Any = action
    kind = type(action)
    if kind is PlayCard:
        return describe_card(cat, a.card, lang)
    if kind is BuyLuxury:
        return t(f"{P}.action.buy", lang, card=luxury_name(cat, a.luxury, lang), cost=cat.luxuries[a.luxury].cost)
    if kind is SellBusiness and 0 <= a.card < cat.deck_size and cat.card_kind[a.card] == BUSINESS:
        total = cat.rules.sell_per_sign_card * cat.signs[cat.card_ref[a.card]].size
        return t(f"{P}.compact.move.sell-total", lang, card=card_name(cat, a.card, lang), total=total)
    if kind in (DiscardCard, SellBusiness, TorchBusiness):
        verb = {DiscardCard: "discard", SellBusiness: "sell", TorchBusiness: "torch"}[kind]
        return t(f"{P}.action.{verb}", lang, card=card_name(cat, a.card, lang))
    if kind is PlaceSign:
        return t(f"{P}.action.place", lang, pockets="+".join(map(str, a.pockets)))
    if kind is TargetPlayer:
        return t(f"{P}.action.target", lang, seat=a.seat + 1)
    if kind is ChoosePage:
        return t(f"{P}.action.page", lang, page=a.page)
    if kind is Bid:
        if a.raise_by == 0:
            return t(f"{P}.action.bid-min", lang)
        return t(f"{P}.action.bid", lang, amount=a.raise_by)
    simple = {Roll: "roll", KeepBusinesses: "keep", PassBid: "pass"}.get(kind)
    return t(f"{P}.action.{simple}", lang) if simple else str(action)
