"""What a seat sees of Hidden High: its one redaction function. The seat's
own hand, every hand's size, the deck's size and everything played; never
another hand, the deck's order or a future roll."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.core.protocol import Observation, PlayerId

if TYPE_CHECKING:
    from tests.template_game.state import HiddenHighState


def observe(s: HiddenHighState, player: PlayerId | None) -> Observation:
    return {
        "turn": s.turn,
        "points": list(s.points),
        "played": list(s.played),
        "deck_size": len(s.deck),
        "hand_sizes": [len(h) for h in s.hands],
        "hand": list(s.hands[player]) if player is not None else None,
        "log": [e.to_json() for e in s.events_for(player)],
    }
