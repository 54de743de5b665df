"""What a seat sees of a Dicey Farm game: its one redaction function.

Everything on the table is public; of the craftsman deck only its size
(its order is hidden, and so is every future roll).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.core.protocol import Observation, PlayerId
from gameshelf.games.dicey_farm import rules
from gameshelf.games.dicey_farm.state import C, rank_of

if TYPE_CHECKING:
    from gameshelf.games.dicey_farm.state import DiceyFarmState


def observe(s: DiceyFarmState, player: PlayerId | None) -> Observation:
    """Everything on the table; of the deck only its size."""
    obs: Observation = {
        "round": s.round,
        "rounds": C.constants["rounds"],
        "daily": s.options.get("daily", ""),
        "dice": list(s.dice),
        "phase": s.phase,
        "held": s.held,
        "left": s.left,
        "sow_die": s.sow_face,
        "kept": list(s.kept),
        "goods": dict(s.goods),
        "fields": s.fields,
        "empty_fields": s.empty_fields(),
        "sown": dict(s.sown),
        "built": list(s.built),
        "hired": list(s.hired),
        "display": list(s.display),
        "deck_size": len(s.deck),
        "gone": list(s.gone),
        "wares": {m: [list(i) for i in items] for m, items in s.wares.items()},
        "rolled": [list(r) for r in s.rolled],
        "used": sorted(s.used),
        "plough_face": s.plough_face,
        "ploughs": s.ploughs,
        "recruited": s.recruited,
        "food_need": C.dice(s.round) + C.constants["food_extra"],
        "beggars": s.beggars,
        "breakdown": rules.breakdown(s),
        "score": s.scores()[0],
    }
    if s.final is not None:
        obs["final"] = dict(s.final)
        obs["rank"] = rank_of(s.scores()[0])["key"]
    return obs
