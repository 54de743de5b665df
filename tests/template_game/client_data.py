"""Hidden High's component facts a browser needs besides an observation
(which names cards only by value): the deck and the hand limit. Written into
``web/data/<game>.json`` by ``gameshelf.web.export`` through
:meth:`Game.client_data`, so the web layer imports no game."""

from __future__ import annotations

from typing import Any

from tests.template_game.components import components


def client_data() -> dict[str, Any]:
    c = components()
    return {"cards": list(c.cards), "hand_limit": c.hand_limit}
