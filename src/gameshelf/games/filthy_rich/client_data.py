"""Filthy Rich's component facts the browser needs besides an observation
(which names cards only by number): every card with its text, the signs
and the luxuries.

Written into ``web/data/<game>.json`` by ``gameshelf.web.export`` through
:meth:`Game.client_data`, so the web layer imports no game.
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.i18n import every_language


def client_data() -> dict[str, Any]:
    from gameshelf.games.filthy_rich.cards import ASSET, BUSINESS, catalog
    from gameshelf.games.filthy_rich.describe import describe_card

    cat = catalog()
    cards = []
    for card, kind in enumerate(cat.card_kind):
        ref = cat.card_ref[card]
        tax = cat.signs[ref].tax if kind == BUSINESS else cat.assets[ref].tax if kind == ASSET else 0
        cards.append({
            "key": cat.card_key(card),
            "kind": "business" if kind == BUSINESS else "asset" if kind == ASSET else "action",
            "sign": ref if kind == BUSINESS else None,
            "tax": tax,
            # $ marks a Tax Lawyer-like asset takes off its owner's tax (as view.tax_due does)
            "shelter": cat.assets[ref].amount if kind == ASSET and cat.assets[ref].effect == "tax_shelter" else 0,
            "text": every_language(lambda lang, card=card: describe_card(cat, card, lang)),  # type: ignore[misc]
        })
    signs = [{"key": s.key, "cost": s.cost, "tax": s.tax, "hit": s.hit, "size": len(s.cells),
              "cells": [list(c) for c in s.cells]}
             for s in cat.signs]
    luxuries = [{"key": x.key, "cost": x.cost, "tax": x.tax} for x in cat.luxuries]
    return {"cards": cards, "signs": signs, "luxuries": luxuries, "pages": cat.rules.pages,
            "to_win": cat.rules.luxuries_to_win}
