"""What an Above and Below player cannot see, re-dealt for the search bots, and
what every seat knows although it lies face down (the kit holds every
re-deal to it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gameshelf.core.protocol import PlayerId
from gameshelf.games.above_and_below.rules.common import OPEN_BOTTOM_DECKS, known_under
from gameshelf.games.above_and_below.state import ZONE_DECKS

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.state import AboveAndBelowState

def redeal(s: AboveAndBelowState, player: PlayerId) -> None:
    """Re-shuffle the unseen part of every deck; what everyone saw stays:
    the face-up top cave card, and the cards seen going under a deck (a
    refreshed row, a lost cave card: :meth:`known_zones`).

    Each unseen pool is sorted first, so the result depends only on what
    ``player`` can see (which cards are in which deck, not their order).
    """
    stream = s.rng["redeal"]
    for name in ("house_deck", "outpost_deck", "villager_deck", "cave_deck"):
        deck = getattr(s, name)
        top = 1 if name == "cave_deck" and deck else 0
        under = known_under(s, name) if name in OPEN_BOTTOM_DECKS else 0
        under = min(under, len(deck) - top)
        pool = sorted(deck[top : len(deck) - under])
        stream.shuffle(pool)
        setattr(s, name, [*deck[:top], *pool, *deck[len(deck) - under :]])

def known_zones(s: AboveAndBelowState, player: PlayerId) -> dict[str, Any]:
    """The zones every seat knows although they lie face down: the bottom
    of a deck that cards were seen going under, in order, and the face-up
    top cave card (the same for every seat: all of it happened in sight)."""
    return s.zones(s._known_names())

def zones(s: AboveAndBelowState, names: Sequence[str]) -> dict[str, Any]:
    """The true contents of zones named ``<deck>.bottom:<n>`` or
    ``<deck>.top:<n>`` (for the conformance kit; full information)."""
    out: dict[str, Any] = {}
    for name in names:
        deck_name, _, where = name.partition(".")
        end, _, count = where.partition(":")
        deck = getattr(s, deck_name) if deck_name in ZONE_DECKS else None
        if deck is None or end not in ("top", "bottom") or not count.isdigit():
            raise ValueError(f"unknown zone {name!r}")
        n = int(count)
        out[name] = list(deck[:n] if end == "top" else deck[len(deck) - n :] if n else [])
    return out
