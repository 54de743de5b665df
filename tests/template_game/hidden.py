"""Re-dealing what a Hidden High seat cannot see, for the search bots: the
other hands and the deck are shuffled together and dealt again, each hand
keeping its size (the future rolls are already new: ``determinize``
re-seeds the streams)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.core.protocol import PlayerId

if TYPE_CHECKING:
    from tests.template_game.state import HiddenHighState


def redeal(s: HiddenHighState, player: PlayerId) -> None:
    unseen = sorted(s.deck + [c for p, h in enumerate(s.hands) if p != player for c in h])
    s.rng["deal"].shuffle(unseen)
    for p, hand in enumerate(s.hands):
        if p != player:
            s.hands[p] = sorted(unseen[: len(hand)])
            del unseen[: len(hand)]
    s.deck = unseen
