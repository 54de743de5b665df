"""Dicey Farm's component facts the browser needs besides an observation
(which names things only by id): perishable goods, merchants, market
prices, ranks, facilities, recipes, livestock and crops.

Written into ``web/data/<game>.json`` by ``gameshelf.web.export`` through
:meth:`Game.client_data`, so the web layer imports no game.
"""

from __future__ import annotations

from typing import Any


def client_data() -> dict[str, Any]:
    from gameshelf.games.dicey_farm.components import components

    c = components()
    return {
        "perishable": sorted(c.perishable),
        "merchants": {m: owner for m, (owner, _) in c.merchants.items()},
        "market": {g: list(v) for g, v in c.market.items()},
        "ranks": [[low, key] for low, key in c.ranks],
        "facilities": list(c.facilities),
        "recipes": {rid: r.craftsman for rid, r in c.recipes.items()},
        # what a head of each animal gives at a harvest, and its meat: [product, meat]
        "livestock": {a: list(v) for a, v in c.livestock.items()},
        # each crop's seed, its yield next round and the seed it gives back: [seed, yield, seed_back]
        "crops": {crop: list(v) for crop, v in c.crops.items()},
    }
