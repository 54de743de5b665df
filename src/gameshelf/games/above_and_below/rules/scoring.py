"""ゲームの終了 — final scoring: progress track, buildings, reputation, card bonuses.

Ties on the reputation track share the bonuses of the places they cover,
rounded up ("それぞれの順位のVPを合計し、均等に割った分(端数切り上げ)", B15).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.games.above_and_below.components import Components

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.state import AboveAndBelowState
    from gameshelf.games.above_and_below.village import Village


def reputation_bonus(positions: list[int], bonuses: tuple[int, ...]) -> list[int]:
    """Rank bonuses by reputation position (higher is better), ties split up."""
    out = [0] * len(positions)
    place = 0
    for pos in sorted(set(positions), reverse=True):
        tied = [p for p, x in enumerate(positions) if x == pos]
        pool = sum(bonuses[place + k] for k in range(len(tied)) if place + k < len(bonuses))
        share = -(-pool // len(tied))
        for p in tied:
            out[p] = share
        place += len(tied)
    return out


def card_bonus(comp: Components, village: Village) -> int:
    """The VP printed on cards, and their conditional bonuses."""
    total = 0
    houses = len(village.houses)
    for card in village.buildings:
        b = comp.buildings[card]
        total += b.vp
        total += b.vp_per_villager * len(village.villagers)
        total += b.vp_per_house * houses
        total += b.vp_per_empty_cave * village.empty_caves()
        if b.vp_per_good:
            total += b.vp_per_good * sum(village.owned_for_scoring(i) for i in b.vp_per_good_items)
    return total


def village_points(comp: Components, village: Village) -> tuple[int, int, int, int]:
    """One village's points by category, as far as they depend on it alone:
    progress track, buildings, its place on the reputation track (before
    the rank bonus, which compares every seat) and cards. Apart from
    :func:`score_sheet` so that a reader following one village (the state
    encoder) recomputes only the village that changed."""
    tracks = comp.tracks
    track = sum(tracks.progress_vp[slot] * village.track_count[g] for slot, g in enumerate(village.track))
    return track, len(village.buildings), tracks.reputation_vp[village.rep], card_bonus(comp, village)


def rank_bonuses(comp: Components, reputations: list[int]) -> list[int]:
    """Each seat's reputation rank bonus (two players rank by their own table)."""
    tracks = comp.tracks
    return reputation_bonus(reputations, tracks.rank_bonus_two if len(reputations) == 2 else tracks.rank_bonus)


def score_sheet(state: AboveAndBelowState) -> list[dict[str, Any]]:
    """Each seat's points by category (what the final score is made of)."""
    comp = state.comp
    ranks = rank_bonuses(comp, [v.rep for v in state.villages])
    sheets = []
    for p, village in enumerate(state.villages):
        track, buildings, reputation, cards = village_points(comp, village)
        sheet = {"track": track, "buildings": buildings, "reputation": reputation + ranks[p], "cards": cards}
        sheet["total"] = sum(sheet.values())
        sheets.append(sheet)
    return sheets


def final_scores(state: AboveAndBelowState) -> list[int]:
    return [s["total"] for s in score_sheet(state)]
