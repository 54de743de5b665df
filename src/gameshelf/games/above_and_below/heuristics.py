"""How promising a position looks for one seat, for greedy and ISMCTS bots.

Points arrive mostly at the end (track, reputation rank, card bonuses), so
the value adds, in rough victory-point equivalents, what a village has built
towards them: the current score sheet, coins and income still to be spent,
villagers (each worth about an action a round for the rounds left), ready
villagers of a player who has not passed (an action still to take this round), goods that could go on the
track, and empty caves waiting for outposts.
"""

from __future__ import annotations

from typing import cast

from gameshelf.core.interfaces import Heuristics
from gameshelf.core.protocol import PlayerId, State
from gameshelf.core.weights import WeightSlot
from gameshelf.games.above_and_below.rules.scoring import score_sheet
from gameshelf.games.above_and_below.state import AboveAndBelowState

#: the weights in ``data/heuristic.toml``; ``gameshelf tune above-and-below`` swaps them.
WEIGHTS = WeightSlot("gameshelf.games.above_and_below")


def potential(state: AboveAndBelowState, player: int, sheet: dict[str, int]) -> float:
    comp = state.comp
    village = state.villages[player]
    left = max(0, comp.tracks.rounds - state.round)
    villagers = len(village.ready) + len(village.exhausted) + len(village.injured)
    if state.task is not None and state.turn == player:
        villagers += len(state.task.explorers)
    w = WEIGHTS.current["value"]
    value = float(sheet["total"])
    # coins only break ties at the end: worth less as the rounds run out
    value += w["coin"] * (0.3 + 0.7 * left / comp.tracks.rounds) * village.coins
    value += w["coin"] * left * village.income(comp)
    value += w["villager_per_round"] * left * villagers
    if not village.passed and state.phase != "over":
        value += w["ready"] * len(village.ready)  # actions still to take this round
    value -= w["injured"] * len(village.injured)
    value += w["good"] * sum(village.goods) + w["token"] * (village.potions + village.cider)
    value += w["empty_cave"] * village.empty_caves()
    return value


def evaluate(state: AboveAndBelowState, player: int) -> float:
    """This seat's potential minus the best rival's."""
    sheets = score_sheet(state)
    mine = potential(state, player, sheets[player])
    others = [potential(state, p, sheets[p]) for p in range(state.players) if p != player]
    return mine - (max(others) if others else 0.0)


class AboveAndBelowHeuristics(Heuristics):
    """Above and Below's evaluation for the bots, with its tunable weights."""

    weights = WEIGHTS

    def evaluate(self, state: State, player: PlayerId) -> float:
        return evaluate(cast("AboveAndBelowState", state), player)
