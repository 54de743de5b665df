"""The laws a position must keep: nothing created or destroyed that the rules
don't create or destroy, no negative stock, every card in exactly one place."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from gameshelf.games.above_and_below.components import GOODS

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.state import AboveAndBelowState


def check(state: AboveAndBelowState) -> None:
    comp = state.comp
    tracks = comp.tracks
    task = state.task
    # villagers: every one in exactly one place (zones, task, board, deck, specials, box)
    places: list[int] = []
    for v in state.villages:
        places += v.ready + v.exhausted + v.injured
    if task is not None:
        places += task.explorers
    places += [s for s in state.slots if s is not None]
    places += state.villager_deck + state.specials + state.unused_villagers
    assert sorted(places) == list(range(len(comp.villagers))), f"villagers not conserved: {Counter(places)}"
    # goods, potions, cider: supply + villages + cards (+ the board's cider) = the box
    for i, good in enumerate(GOODS):
        held = sum(v.goods[i] + v.track_count[i] + (v.sale == good) for v in state.villages)
        on_cards = sum(
            n for v in state.villages for c, n in v.card_goods.items()
            if good in (comp.buildings[c].goods_refill, comp.buildings[c].goods_on_buy)
        )
        assert state.supply_goods[i] >= 0
        assert held + on_cards + state.supply_goods[i] == tracks.supply_goods[i], f"{good} not conserved"
    potions = sum(v.potions + (v.sale == "potion") for v in state.villages)
    assert potions + state.supply_potion == tracks.supply_potion, "potions not conserved"
    cider = sum(v.cider + (v.sale == "cider") for v in state.villages) + state.cider_on_board
    assert cider + state.supply_cider == tracks.supply_cider, "cider not conserved"
    # buildings: every card in one place
    cards = state.house_deck + state.house_row + state.outpost_deck + state.outpost_row
    cards += state.star_row + state.key_row + state.unused_keys
    for v in state.villages:
        cards += [b for b in v.buildings if comp.buildings[b].category != "starting"]
    expected = [c for c, b in comp.buildings.items() if b.category != "starting"]
    assert sorted(cards) == sorted(expected), "buildings not conserved"
    # caves
    caves = list(state.cave_deck) + [c for v in state.villages for c in v.caves]
    if task is not None and task.cave is not None and not task.finished:
        caves.append(task.cave)
    assert sorted(caves) == sorted(c.id for c in state.book.caves), "cave cards not conserved"
    for v in state.villages:
        assert v.coins >= 0 and v.potions >= 0 and v.cider >= 0, "negative stock"
        assert all(n >= 0 for n in v.goods), "negative goods"
        assert len(v.outposts) <= len(v.caves), "an outpost without a cave"
        assert sorted(v.track) == sorted(i for i in range(len(GOODS)) if v.track_count[i]), "track"
        assert len(set(v.track)) == len(v.track)
        assert 0 <= v.rep < len(tracks.reputation_vp)
        assert len(v.buildings) == len(set(v.buildings))
        assert all(n > 0 for n in v.card_goods.values())
    assert len(state.house_row) <= tracks.row_size and len(state.outpost_row) <= tracks.row_size
    assert 1 <= state.round <= tracks.rounds
