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
    """The VP printed on cards, and their conditional bonuses.

    Why the counts are taken once, outside the loop: every search leaf
    scores every village (the bots' heuristic starts from the score sheet),
    and rebuilding the villager list per card was most of this function."""
    cards = comp.buildings
    villagers = len(village.ready) + len(village.exhausted) + len(village.injured)
    houses = len(village.houses)
    empty = len(village.caves) - len(village.outposts)
    total = 0
    for group in (village.houses, village.outposts):
        for card in group:
            b = cards[card]
            total += b.vp + b.vp_per_villager * villagers + b.vp_per_house * houses
            total += b.vp_per_empty_cave * empty
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
    progress_vp, count = tracks.progress_vp, village.track_count
    track = 0
    for slot, g in enumerate(village.track):
        track += progress_vp[slot] * count[g]
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
        rep = reputation + ranks[p]
        sheet = {"track": track, "buildings": buildings, "reputation": rep, "cards": cards,
                 "total": track + buildings + rep + cards}  # fmt: skip
        sheets.append(sheet)
    return sheets


def final_scores(state: AboveAndBelowState) -> list[int]:
    return [s["total"] for s in score_sheet(state)]
