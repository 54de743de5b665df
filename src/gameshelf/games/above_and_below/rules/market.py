"""What a player may build now, and for how much (建設)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.state import AboveAndBelowState


def build_cost(state: AboveAndBelowState, card: str, villager: int) -> int:
    """The printed cost, 1 less with a hammer+ villager (Grogo has one)."""
    comp = state.comp
    discount = 1 if comp.villagers[villager].hammer == 2 else 0
    return max(0, comp.buildings[card].cost - discount)


def buildable(state: AboveAndBelowState, p: int, villager: int, *, free_max: int | None = None) -> list[str]:
    """Cards ``p`` may build now: houses, star and key houses, and outposts when
    an empty cave waits for them ("洞窟カードを持っている必要があります")."""
    village = state.villages[p]
    out: list[str] = []
    rows = (state.house_row, state.outpost_row) if free_max is not None else (
        state.house_row, state.star_row, state.key_row, state.outpost_row)
    empty_cave = village.empty_caves() > 0
    for row in rows:
        for card in row:
            b = state.comp.buildings[card]
            if b.category == "outpost" and not empty_cave:
                continue
            if free_max is not None:
                if b.cost <= free_max:
                    out.append(card)
            elif build_cost(state, card, villager) <= village.coins:
                out.append(card)
    return out


def can_afford_a_build(state: AboveAndBelowState, p: int, discount: int) -> bool:
    """Whether some card ``p`` could place now costs at most their coins plus
    ``discount`` (1 for a hammer+): :func:`cheapest_build`, stopping at the
    first card that will do (asked at every table turn)."""
    comp = state.comp
    village = state.villages[p]
    budget = village.coins + discount
    buildings = comp.buildings
    for row in (state.house_row, state.star_row, state.key_row):
        for card in row:
            if buildings[card].cost <= budget:
                return True
    if village.empty_caves() > 0:
        for card in state.outpost_row:
            if buildings[card].cost <= budget:
                return True
    return False


def cheapest_build(state: AboveAndBelowState, p: int) -> int | None:
    """The lowest printed cost among the cards ``p`` could place now (None if none)."""
    comp = state.comp
    empty_cave = state.villages[p].empty_caves() > 0
    best: int | None = None
    for row in (state.house_row, state.star_row, state.key_row, state.outpost_row):
        for card in row:
            b = comp.buildings[card]
            if (empty_cave or b.category != "outpost") and (best is None or b.cost < best):
                best = b.cost
    return best
