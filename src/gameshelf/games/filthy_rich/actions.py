"""Filthy Rich's atomic decisions.

A table turn ("buy a luxury, then play or discard two cards, then roll") is
split into these small steps so that every list of choices is short:

    buy L | play C | discard C | sell B      (the turn, before rolling)
    place 1+4                                (the pockets a business's sign fills)
    target P | torch B | page N              (what an action card aims at)
    roll                                     (ends the card actions)
    sell B | keep                            (the sell window at a tax)
    bid +R | pass                            (a luxury auction)

Card numbers are deck card ids, luxuries are luxury ids, pockets and pages
are 1-based as printed in the book, seats are 1-based in the text form.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from gameshelf.core.actions import Action
from gameshelf.games.filthy_rich.cards import BUSINESS, Catalog


@dataclasses.dataclass(frozen=True, slots=True)
class BuyLuxury(Action):
    kind: ClassVar[str] = "buy"
    luxury: int

    def __str__(self) -> str:
        return f"buy {self.luxury}"


@dataclasses.dataclass(frozen=True, slots=True)
class PlayCard(Action):
    kind: ClassVar[str] = "play"
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclasses.dataclass(frozen=True, slots=True)
class DiscardCard(Action):
    kind: ClassVar[str] = "discard"
    card: int

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclasses.dataclass(frozen=True, slots=True)
class SellBusiness(Action):
    kind: ClassVar[str] = "sell"
    card: int

    def __str__(self) -> str:
        return f"sell {self.card}"


@dataclasses.dataclass(frozen=True, slots=True)
class PlaceSign(Action):
    """Hang the pending business's sign in these pockets (1-9, ascending)."""

    kind: ClassVar[str] = "place"
    pockets: tuple[int, ...]

    def __str__(self) -> str:
        return "place " + "+".join(map(str, self.pockets))


@dataclasses.dataclass(frozen=True, slots=True)
class TargetPlayer(Action):
    kind: ClassVar[str] = "target"
    seat: int

    def __str__(self) -> str:
        return f"target {self.seat}"


@dataclasses.dataclass(frozen=True, slots=True)
class TorchBusiness(Action):
    kind: ClassVar[str] = "torch"
    card: int

    def __str__(self) -> str:
        return f"torch {self.card}"


@dataclasses.dataclass(frozen=True, slots=True)
class ChoosePage(Action):
    kind: ClassVar[str] = "page"
    page: int

    def __str__(self) -> str:
        return f"page {self.page}"


@dataclasses.dataclass(frozen=True, slots=True)
class Roll(Action):
    kind: ClassVar[str] = "roll"

    def __str__(self) -> str:
        return "roll"


@dataclasses.dataclass(frozen=True, slots=True)
class KeepBusinesses(Action):
    """Close your sell window at a tax: keep what you still own, then pay."""

    kind: ClassVar[str] = "keep"

    def __str__(self) -> str:
        return "keep"


@dataclasses.dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid the minimum plus ``raise_by`` for the luxury under the hammer."""

    kind: ClassVar[str] = "bid"
    raise_by: int

    def __str__(self) -> str:
        return f"bid +{self.raise_by}"


@dataclasses.dataclass(frozen=True, slots=True)
class PassBid(Action):
    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


ACTION_CLASSES: tuple[type[Action], ...] = (
    BuyLuxury, PlayCard, DiscardCard, SellBusiness, PlaceSign, TargetPlayer,
    TorchBusiness, ChoosePage, Roll, KeepBusinesses, Bid, PassBid,
)

ROLL = Roll()
KEEP = KeepBusinesses()
PASS = PassBid()


def action_universe(cat: Catalog, max_players: int) -> list[Action]:
    """Every action that can ever be legal, in a fixed order (for ids)."""
    cards = range(cat.deck_size)
    businesses = cat.cards_of_kind(BUSINESS)
    return [
        *(BuyLuxury(lux) for lux in range(len(cat.luxuries))),
        *(PlayCard(c) for c in cards),
        *(DiscardCard(c) for c in cards),
        *(SellBusiness(c) for c in businesses),
        *(PlaceSign(p) for p in all_placements(cat)),
        *(TargetPlayer(s) for s in range(max_players)),
        *(TorchBusiness(c) for c in businesses),
        *(ChoosePage(p) for p in range(1, cat.rules.pages + 1)),
        ROLL,
        KEEP,
        *(Bid(r) for r in cat.rules.bid_raises),
        PASS,
    ]


def all_placements(cat: Catalog) -> list[tuple[int, ...]]:
    """Every pocket set (1-based) that some sign can fill, in a fixed order."""
    seen: dict[tuple[int, ...], None] = {}
    for business in cat.signs:
        for _, pockets in business.places:
            seen.setdefault(tuple(k + 1 for k in pockets), None)
    return sorted(seen, key=lambda p: (len(p), p))
