"""Pay Dirt's component facts the browser needs besides an observation (which
names lots only by index): equipment, personnel, claims, gear and
hardships, with their names and texts in every language.

Written into ``web/data/<game>.json`` by ``gameshelf.web.export`` through
:meth:`Game.client_data`, so the web layer imports no game.
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.i18n import every_language


def client_data() -> dict[str, Any]:
    from gameshelf.games.pay_dirt.components import KIND_CODES, MACHINES, components
    from gameshelf.games.pay_dirt.describe import hardship_text
    from gameshelf.games.pay_dirt.names import lot_name
    from gameshelf.games.pay_dirt.texts import ability_text, gear_text

    c = components()

    def name(row: int, item: int) -> dict[str, str]:
        # the log names lots in the reader's language: the table must say the same
        return every_language(lambda lang: lot_name(c, row, item, lang))

    equipment = [{"name": name(0, i), "machine": MACHINES[e.machine], "spaces": e.spaces,
                  "tools": e.tools, "min_bid": e.min_bid, "fragile": e.fragile} for i, e in enumerate(c.equipment)]
    personnel = [{"name": name(1, i), "workers": p.workers, "min_bid": p.min_bid,
                  "text": every_language(lambda lang, i=i: ability_text(c, i, lang))}  # type: ignore[misc]
                 for i, p in enumerate(c.personnel)]
    claims = [{"name": name(2, i), "min_bid": k.min_bid, "ordered": k.ordered,
               "tiles": [KIND_CODES[x] for x in k.tiles]} for i, k in enumerate(c.claims)]
    gear = [{"key": g.id, "price": g.price, "durability": g.durability,
             "text": every_language(lambda lang, i=i: gear_text(c, i, lang))}  # type: ignore[misc]
            for i, g in enumerate(c.gear)]
    hardships = [{"key": h.id, "temperature": h.temperature, "ongoing": h.ongoing,
                  "text": every_language(lambda lang, i=i: hardship_text(i, lang))}  # type: ignore[misc]
                 for i, h in enumerate(c.hardships)]
    return {"equipment": equipment, "personnel": personnel, "claims": claims, "gear": gear,
            "hardships": hardships}
