"""Above and Below's component facts the browser needs besides an observation
(which names things only by id): villagers, buildings, the encounter book's
paragraphs and option labels, and the tracks.

Written into ``web/data/<game>.json`` by ``gameshelf.web.export`` through
:meth:`Game.client_data`, so the web layer imports no game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.core.i18n import every_language

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.game import AboveAndBelow


def client_data(game: AboveAndBelow) -> dict[str, Any]:
    from gameshelf.games.above_and_below.components import load_components
    from gameshelf.games.above_and_below.describe import abilities, icons

    comp = load_components()
    villagers = [{"type": v.type, "icons": every_language(lambda lang, i=v.id: icons(i, lang)),  # type: ignore[misc]
                  # lanterns this villager's die gives on faces 1..6 (B9), so a roll can say what it gave
                  "lantern": list(v.lantern), "lanterns_by_face": [v.lanterns(face) for face in range(1, 7)],
                  # the hammer and quill icons (2 = the "+" icon), drawn under the villager's meeple
                  "hammer": v.hammer, "quill": v.quill}
                 for v in comp.villagers]
    buildings = {key: {"category": b.category, "cost": b.cost, "vp": b.vp + 1,
                       "good": b.goods_on_buy or b.goods_refill,
                       "text": every_language(lambda lang, b=b: abilities(b, lang))}  # type: ignore[misc]
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
