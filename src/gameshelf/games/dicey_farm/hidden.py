"""Re-dealing what a Dicey Farm player cannot see, for the search bots.

Hidden: the order of the craftsman deck and every future roll. The rolls
come from the state's random streams, which ``determinize`` re-seeds; the
deck is shuffled again here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.core.protocol import PlayerId

if TYPE_CHECKING:
    from gameshelf.games.dicey_farm.state import DiceyFarmState


def redeal(s: DiceyFarmState, player: PlayerId) -> None:
    """Shuffle the unseen craftsmen again; future rolls are already new
    because ``determinize`` re-seeded the streams."""
    unseen = sorted(s.deck)
    s.rng["craftsmen"].shuffle(unseen)
    s.deck = tuple(unseen)
