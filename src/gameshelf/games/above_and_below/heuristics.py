"""How promising a position looks for one seat, for greedy and ISMCTS bots.

Points arrive mostly at the end (track, reputation rank, card bonuses), so
the value adds what a village has built towards them: the current score
sheet, plus coins and income still to be spent, villagers able to act, and
goods waiting to go on the track — each weighted by the rounds left.
"""

from __future__ import annotations

from gameshelf.games.above_and_below.rules.scoring import score_sheet
from gameshelf.games.above_and_below.state import AboveAndBelowState


def potential(state: AboveAndBelowState, player: int) -> float:
    comp = state.comp
    village = state.villages[player]
    left = max(0, comp.tracks.rounds - state.round)
    sheet = score_sheet(state)[player]
    value = float(sheet["total"])
    value += 0.25 * village.coins
    value += 0.4 * left * village.income(comp)
    value += (1.2 + 0.6 * left) * len(village.villagers)
    value -= 0.3 * len(village.injured)
    value += 0.5 * sum(village.goods) + 0.3 * (village.potions + village.cider)
    value += 0.4 * village.empty_caves()
    return value


def evaluate(state: AboveAndBelowState, player: int) -> float:
    """This seat's potential minus the best rival's."""
    mine = potential(state, player)
    others = [potential(state, p) for p in range(state.players) if p != player]
    return mine - (max(others) if others else 0.0)
