"""How a search or a statistic turns a position into one number per seat.

Why one module: the ISMCTS bot, the greedy bot's endgame check and the
simulation statistics must agree on what "winning" means, and ties must be
split the same way everywhere (a two-way tie for first is half a win each).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from gameshelf.core.protocol import PlayerId, State


def win_shares(ranking: Sequence[Sequence[PlayerId]], players: int) -> list[float]:
    """Each seat's share of the win: 1 for a sole winner, 1/k for each of k
    tied winners, 0 for everybody else.

    Example:
        >>> win_shares([[0, 2], [1]], 3)
        [0.5, 0.0, 0.5]
    """
    shares = [0.0] * players
    if ranking:
        first = ranking[0]
        for p in first:
            shares[p] = 1.0 / len(first)
    return shares


def rank_positions(ranking: Sequence[Sequence[PlayerId]], players: int) -> list[float]:
    """Each seat's place, 1 = first; tied seats share the mean of their places.

    Example:
        >>> rank_positions([[1], [0, 2]], 3)
        [2.5, 1.0, 2.5]
    """
    places = [0.0] * players
    taken = 0
    for group in ranking:
        mean_place = taken + (len(group) + 1) / 2
        for p in group:
            places[p] = mean_place
        taken += len(group)
    return places


def terminal_values(state: State) -> list[float]:
    """The value of a finished game for every seat, as a search backs it up.

    Multiplayer games are about winning, so the value is the win share
    (ties split). A solitaire game has no one to beat, so its value is the
    raw score; searches normalise it by the range they have seen.
    """
    if state.players == 1:
        return [float(state.scores()[0])]
    return win_shares(state.ranking(), state.players)


def heuristic_values(state: State, scale: float) -> tuple[list[float], list[float]]:
    """The value of an unfinished position for every seat, from the game's
    ``evaluate``, and the seats' leads (evaluation minus the best other).

    Solitaire keeps the raw evaluation. In multiplayer a seat's value is a
    logistic of its lead over the best other seat, ``1 / (1 + e^(-lead/scale))``:
    0.5 when level, near 1 far ahead, so it reads like a chance to win and
    sits on the same scale as :func:`terminal_values` whatever units a game's
    heuristic uses (the caller adapts ``scale`` to the leads it sees). A hard
    "the leader wins" cut would throw away by how much a move helps, which is
    exactly what the greedy bot lives on.
    """
    game = state.game
    if state.players == 1:
        value = float(game.evaluate(state, 0))
        return [value], [value]
    evals = [float(game.evaluate(state, p)) for p in range(state.players)]
    leads = []
    for p, e in enumerate(evals):
        leads.append(e - max(v for q, v in enumerate(evals) if q != p))
    values = [win_chance(lead, scale) for lead in leads]
    return values, leads


def win_chance(lead: float, scale: float) -> float:
    """``1 / (1 + e^(-lead/scale))``: 0.5 when level, near 1 far ahead (the
    exponent clipped, so a lead of thousands never overflows)."""
    return 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -lead / scale))))
