"""What a seat sees of a Filthy Rich game: its one redaction function.

Hidden: the other hands (their sizes are public), the draw pile's order and
the cards seen going under it (``hidden.py`` re-deals them for the bots).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.core.protocol import Observation, PlayerId
from gameshelf.games.filthy_rich.state import NOBODY

if TYPE_CHECKING:
    from gameshelf.games.filthy_rich.state import FilthyRichState


def observe(s: FilthyRichState, player: PlayerId | None) -> Observation:
    """The one redaction function: hands and the deck order are hidden;
    the book, money, cards in play and the discard pile are public."""
    return {
        "game": "filthy-rich",
        "players": s.players,
        "viewer": player,
        "page": s.page,
        "phase": s.phase,
        "turn": s.turn,
        "turns": s.turns,
        "current": s.current_player,
        "actions_left": s.actions_left,
        "luxury_open": s.luxury_open,
        "pending": None if s.pending == NOBODY else s.pending,
        "book": [list(page) for page in s.book[1:]],
        "sign_owner": list(s.sign_owner),
        "money": list(s.money),
        "alive": list(s.alive),
        "out_order": list(s.out_order),
        "luxuries": [list(x) for x in s.luxuries],
        "businesses": [list(x) for x in s.businesses],
        "assets": [list(x) for x in s.assets],
        "luxury_pool": list(s.lux_pool),
        "luxuries_removed": list(s.lux_removed),
        "deck_size": len(s.deck),
        "discard": list(s.discard),
        "hand_sizes": [len(h) for h in s.hands],
        "hand": list(s.hands[player]) if player is not None else None,
        "dice": list(s.dice),
        # the taxes still to pay for this roll (one per zero, C1), the one being sold for included
        "taxes_left": sum(1 for task in s.tasks if task[0] == "tax"),
        "page_die": s.page_die,
        "auction": s._auction_view(),
        "winner": None if s.winner == NOBODY else s.winner,
        "log": [e.to_json() for e in s.recent_events_for(player, 24)],
    }
