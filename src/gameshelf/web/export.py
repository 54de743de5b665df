"""Writes the static JSON files the browser client reads besides the API.

Why a committed export and not a route: the client is plain static files
with no build step, and the things it needs besides the live API never
change while a server runs — the text catalogues (core, games and the
client's own ``web/locales``) and each game's component facts that an
observation names only by id (a Filthy Rich card number, a Pay Dirt claim,
an Above and Below house key). Writing them once keeps the server free of
per-game code, and ``tests/web/test_export.py`` fails when a file here is
stale, so the data can never drift from the engines.

Run ``python -m gameshelf.web.export`` after changing a catalogue or a
game's data files.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from gameshelf.core import i18n

WEB = Path(__file__).resolve().parent
DATA = WEB / "data"
LANGS = ("en", "ja")


def _both(fn: Callable[[str], str]) -> dict[str, str]:
    """One text in every client language."""
    return {lang: fn(lang) for lang in LANGS}


def _flatten(table: Mapping[str, Any], prefix: str) -> Iterator[tuple[str, str]]:
    for key, value in table.items():
        if isinstance(value, Mapping):
            yield from _flatten(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", str(value)


def web_catalog(lang: str) -> dict[str, str]:
    """The client's own strings (``web/locales/<lang>.toml``), keys under ``web.``."""
    with (WEB / "locales" / f"{lang}.toml").open("rb") as fh:
        return dict(_flatten(tomllib.load(fh), "web."))


def catalog(lang: str) -> dict[str, str]:
    """Everything the client may show in ``lang``: the project's catalogue
    (core and every game) plus the client's own strings."""
    merged = dict(i18n.catalog(lang))
    merged.update(web_catalog(lang))
    return dict(sorted(merged.items()))


def _dicey_farm() -> dict[str, Any]:
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


def _filthy_rich() -> dict[str, Any]:
    from gameshelf.games.filthy_rich.cards import ASSET, BUSINESS, catalog
    from gameshelf.games.filthy_rich.texts import describe_card

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
            "text": _both(lambda lang, card=card: describe_card(cat, card, lang)),  # type: ignore[misc]
        })
    signs = [{"key": s.key, "cost": s.cost, "tax": s.tax, "hit": s.hit, "size": len(s.cells),
              "cells": [list(c) for c in s.cells]}
             for s in cat.signs]
    luxuries = [{"key": x.key, "cost": x.cost, "tax": x.tax} for x in cat.luxuries]
    return {"cards": cards, "signs": signs, "luxuries": luxuries, "pages": cat.rules.pages,
            "to_win": cat.rules.luxuries_to_win}


def _pay_dirt() -> dict[str, Any]:
    from gameshelf.games.pay_dirt.components import KIND_CODES, MACHINES, components
    from gameshelf.games.pay_dirt.describe import hardship_text
    from gameshelf.games.pay_dirt.names import lot_name
    from gameshelf.games.pay_dirt.texts import ability_text, gear_text

    c = components()

    def name(row: int, item: int) -> dict[str, str]:
        # the log names lots in the reader's language: the table must say the same
        return _both(lambda lang: lot_name(c, row, item, lang))

    equipment = [{"name": name(0, i), "machine": MACHINES[e.machine], "spaces": e.spaces,
                  "tools": e.tools, "min_bid": e.min_bid, "fragile": e.fragile} for i, e in enumerate(c.equipment)]
    personnel = [{"name": name(1, i), "workers": p.workers, "min_bid": p.min_bid,
                  "text": _both(lambda lang, i=i: ability_text(c, i, lang))}  # type: ignore[misc]
                 for i, p in enumerate(c.personnel)]
    claims = [{"name": name(2, i), "min_bid": k.min_bid, "ordered": k.ordered,
               "tiles": [KIND_CODES[x] for x in k.tiles]} for i, k in enumerate(c.claims)]
    gear = [{"key": g.id, "price": g.price, "durability": g.durability,
             "text": _both(lambda lang, i=i: gear_text(c, i, lang))}  # type: ignore[misc]
            for i, g in enumerate(c.gear)]
    hardships = [{"key": h.id, "temperature": h.temperature, "ongoing": h.ongoing,
                  "text": _both(lambda lang, i=i: hardship_text(i, lang))}  # type: ignore[misc]
                 for i, h in enumerate(c.hardships)]
    return {"equipment": equipment, "personnel": personnel, "claims": claims, "gear": gear,
            "hardships": hardships}


def _above_and_below() -> dict[str, Any]:
    import gameshelf
    from gameshelf.games.above_and_below.components import load_components
    from gameshelf.games.above_and_below.texts import abilities, icons

    comp = load_components()
    game: Any = gameshelf.load_game("above-and-below")
    villagers = [{"type": v.type, "icons": _both(lambda lang, i=v.id: icons(i, lang)),  # type: ignore[misc]
                  # lanterns this villager's die gives on faces 1..6 (B9), so a roll can say what it gave
                  "lantern": list(v.lantern), "lanterns_by_face": [v.lanterns(face) for face in range(1, 7)]}
                 for v in comp.villagers]
    buildings = {key: {"category": b.category, "cost": b.cost, "vp": b.vp + 1,
                       "good": b.goods_on_buy or b.goods_refill,
                       "text": _both(lambda lang, b=b: abilities(b, lang))}  # type: ignore[misc]
                 for key, b in comp.buildings.items()}
    paragraphs = {str(pid): dict(p.text) for pid, p in game.book.paragraphs.items()}
    # an option's label is read aloud (public, B11), so the panel can name the chosen one
    option_labels = {str(pid): [dict(o.label) for o in p.options]
                     for pid, p in game.book.paragraphs.items() if p.options}
    return {"villagers": villagers, "buildings": buildings, "paragraphs": paragraphs,
            "option_labels": option_labels,
            "reputation_vp": list(comp.tracks.reputation_vp),
            "progress_vp": list(comp.tracks.progress_vp),
            # the income once the rightmost filled slot is this one (B4); base with none filled
            "progress_income": list(comp.tracks.progress_income), "base_income": comp.tracks.base_income}


GAMES: dict[str, Callable[[], dict[str, Any]]] = {
    "dicey-farm": _dicey_farm,
    "filthy-rich": _filthy_rich,
    "pay-dirt": _pay_dirt,
    "above-and-below": _above_and_below,
}


def _rules(game_id: str) -> dict[str, str]:
    """The game's rule decisions per language: ``RULES.md`` in English and
    ``RULES.ja.md`` in Japanese; a game without a Japanese copy gets the
    English text under ``ja`` (the page then says it is in English)."""
    import gameshelf

    game = gameshelf.load_game(game_id)
    module = __import__(type(game).__module__, fromlist=["x"])
    folder = Path(module.__file__ or "").parent
    english = (folder / "RULES.md").read_text(encoding="utf-8")
    japanese = folder / "RULES.ja.md"
    return {"en": english, "ja": japanese.read_text(encoding="utf-8") if japanese.is_file() else english}


def files() -> dict[str, str]:
    """Every exported file's name and its exact text."""
    out: dict[str, str] = {}
    for lang in LANGS:
        out[f"i18n.{lang}.json"] = _dump(catalog(lang))
    for game_id, build in GAMES.items():
        data = build()
        data["rules_md"] = _rules(game_id)
        out[f"{game_id}.json"] = _dump(data)
    return out


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


def main() -> None:
    """Write every file into ``web/data``."""
    DATA.mkdir(exist_ok=True)
    for name, text in files().items():
        (DATA / name).write_text(text, encoding="utf-8")
        print(f"wrote {DATA / name} ({len(text)} bytes)")


if __name__ == "__main__":
    main()
