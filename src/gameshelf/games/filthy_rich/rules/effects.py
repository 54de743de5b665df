"""The named effect kinds of action and asset cards.

"行動カードをプレーしたときは、カードに書かれた説明に従います。使い終わったら
表を上にして捨て札とします" (follow the card, then discard it face up). The
published card texts are unknown, so cards name one of a few effect kinds in
``deck.toml`` and carry an ``amount``:

    action  gain     take $amount from the bank
            draw     draw amount cards
            collect  every other player must pay you $amount
            audit    a player you choose pays one tax now
            arson    a business of another player you choose burns down
            page     turn the book to a page you choose
    asset   loan        take $amount from the bank when played
            racket      take $amount from every hit of another player
            tax_shelter pay $amount less at every tax
            tax_income  take $amount from the bank at every tax
            hit_bonus   take $amount more from every hit of yours
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.games.filthy_rich.cards import ASSET
from gameshelf.games.filthy_rich.rules import signs
from gameshelf.games.filthy_rich.rules.bankruptcy import force_pay
from gameshelf.games.filthy_rich.rules.deck import draw
from gameshelf.games.filthy_rich.rules.money import from_bank

if TYPE_CHECKING:
    from gameshelf.games.filthy_rich.state import FilthyRichState

#: action effects that wait for a choice, and the phase that asks for it
CHOICE_PHASES = {"audit": "target", "arson": "torch", "page": "page"}


def asset_total(s: FilthyRichState, seat: int, effect: str) -> int:
    cat = s.cat
    total = 0
    for card in s.assets[seat]:
        asset = cat.assets[cat.card_ref[card]]
        if asset.effect == effect:
            total += asset.amount
    return total


def tax_marks(s: FilthyRichState, seat: int) -> int:
    """"持っているビジネスカードと贅沢品カード、資産カード…$マーク" — all three
    (each card's marks read from the state's prebuilt table, ``legal.Table``)."""
    t = s.acts
    marks = t.marks
    total = 0
    for c in s.businesses[seat]:
        total += marks[c]
    for c in s.assets[seat]:
        total += marks[c]
    lux = t.lux_marks
    for x in s.luxuries[seat]:
        total += lux[x]
    return total


def tax_due(s: FilthyRichState, seat: int) -> int:
    """The marks less every tax shelter (never below zero)."""
    shelter = s.acts.shelter
    due = tax_marks(s, seat)
    for c in s.assets[seat]:
        due -= shelter[c]
    return max(0, due)


def tax_income(s: FilthyRichState, seat: int) -> int:
    """What ``seat`` takes at a tax: businesses that pay then, assets like
    the Stock Portfolio."""
    pays = s.acts.tax_pays
    income = 0
    for c in s.businesses[seat]:
        income += pays[c]
    for c in s.assets[seat]:
        income += pays[c]
    return income


def start_action(s: FilthyRichState, card: int) -> None:
    """Resolve an action card, or wait for its choice (target, page)."""
    cat = s.cat
    act = cat.actions[cat.card_ref[card]]
    phase = CHOICE_PHASES.get(act.effect)
    s.pending = card
    if phase is not None:
        s.phase = phase
        return
    seat = s.turn
    if act.effect == "gain":
        from_bank(s, seat, act.amount)
        s.log("filthy_rich.log.gain", player=seat + 1, amount=act.amount)
    elif act.effect == "draw":
        draw(s, seat, act.amount)
    else:
        assert act.effect == "collect"
        for other in _others(s, seat):
            if force_pay(s, other, act.amount, seat):
                s.log("filthy_rich.log.pay-player", player=other + 1, owner=seat + 1, amount=act.amount)
            if s.phase == "over":
                break
    finish_action(s)


def finish_action(s: FilthyRichState) -> None:
    """The action card goes face up to the discard pile; the turn goes on
    (unless the card ended the game)."""
    s.discard.append(s.pending)
    s.pending = -1
    if s.phase != "over":
        s.phase = "turn"


def audit(s: FilthyRichState, target: int) -> None:
    """The target pays one tax at once, shelter included, income not (C18)."""
    due = tax_due(s, target)
    s.log("filthy_rich.log.audit", player=s.turn + 1, target=target + 1, amount=due)
    force_pay(s, target, due, None)
    finish_action(s)


def torch(s: FilthyRichState, card: int) -> None:
    """"ライバルの店に「謎の出火」" — the business is discarded, its sign comes
    down and reveals what it covered; its owner gets nothing."""
    owner = next(p for p in range(s.players) if card in s.businesses[p])
    s.businesses[owner].remove(card)
    signs.take_down(s, card)
    s.log("filthy_rich.log.torch", player=s.turn + 1, owner=owner + 1,
          card=f"@filthy_rich.card.{s.cat.card_key(card)}")
    finish_action(s)


def change_page(s: FilthyRichState, page: int) -> None:
    s.page = page
    s.log("filthy_rich.log.page-card", player=s.turn + 1, page=page)
    finish_action(s)


def hit_cut(s: FilthyRichState, owner: int) -> list[tuple[int, int]]:
    """``(holder, amount)`` for every racket held by another live player."""
    cat = s.cat
    out = []
    for p in _others(s, owner):
        for c in s.assets[p]:
            if cat.card_kind[c] == ASSET:
                asset = cat.assets[cat.card_ref[c]]
                if asset.effect == "racket":
                    out.append((p, asset.amount))
    return out


def _others(s: FilthyRichState, seat: int) -> list[int]:
    n = s.players
    return [(seat + i) % n for i in range(1, n) if s.alive[(seat + i) % n]]
