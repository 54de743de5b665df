"""What a seat sees of an Above and Below game: its one redaction function.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.core.protocol import Observation, PlayerId
from gameshelf.games.above_and_below.components import GOODS
from gameshelf.games.above_and_below.rules.common import OPEN_BOTTOM_DECKS, known_under
from gameshelf.games.above_and_below.rules.explore import task_view
from gameshelf.games.above_and_below.rules.round_end import beds
from gameshelf.games.above_and_below.rules.scoring import score_sheet

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.state import AboveAndBelowState


def observe(s: AboveAndBelowState, player: PlayerId | None) -> Observation:
    """The one redaction function. Deck orders and the rewards of an
    encounter not yet resolved are never included; the cave deck is face
    up, so its top card is shown, and so are the cards everyone saw go
    under a deck (``under_decks``, what :meth:`known_zones` names)."""
    comp = s.comp
    return {
        "players": s.players,
        "viewer": player,
        "round": s.round,
        "rounds": comp.tracks.rounds,
        "phase": s.phase,
        "turn": s.turn,
        "current": s.current_player,
        "start_player": s.start_player,
        "villages": [v.to_json(comp) for v in s.villages],
        "house_row": list(s.house_row),
        "outpost_row": list(s.outpost_row),
        "star_row": list(s.star_row),
        "key_row": list(s.key_row),
        "decks": {
            "house": len(s.house_deck),
            "outpost": len(s.outpost_deck),
            "villager": len(s.villager_deck),
            "cave": len(s.cave_deck),
        },
        "cave_top": s.cave_deck[0] if s.cave_deck else None,
        # cards everyone saw go under a deck, bottom block in order (known_zones)
        "under_decks": {
            name.removesuffix("_deck"): s.zones([f"{name}.bottom:{known_under(s, name)}"]).popitem()[1]
            for name in OPEN_BOTTOM_DECKS
        },
        "slots": list(s.slots),
        "slot_costs": list(comp.tracks.slot_costs),
        "cider_on_board": s.cider_on_board,
        "supply": {
            "goods": dict(zip(GOODS, s.supply_goods, strict=True)),
            "potion": s.supply_potion,
            "cider": s.supply_cider,
        },
        "specials": list(s.specials),
        "task": task_view(s),
        "offer": list(s.offer) if s.offer is not None else None,
        "flags": {"refreshed": s.refreshed, "sold": s.sold, "sale_left": list(s.sale_left)},
        # the resting player's beds: how many their buildings hold, how many are taken, by whom
        "rest": ({"player": s.rest_queue[0], "beds": beds(s, s.rest_queue[0]),
                  "used": s.rest_beds_used, "bedded": list(s.rest_bedded)}
                 if s.phase == "rest" and s.rest_queue else None),
        "scores": score_sheet(s),
        "log": [e.to_json() for e in s.events_for(player)],
    }
