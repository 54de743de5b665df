"""How a search or a statistic turns a position into one number per seat.

Why one module: the ISMCTS bot, the greedy bot's endgame check and the
simulation statistics must agree on what "winning" means, and ties must be
split the same way everywhere (a two-way tie for first is half a win each).
"""

from __future__ import annotations

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


def heuristic_values(state: State) -> list[float]:
    """The value of an unfinished position for every seat, from the game's
    ``evaluate``: solitaire keeps the raw evaluation; in multiplayer the seats
    with the best evaluation share the win, which keeps the scale the same as
    :func:`terminal_values` whatever units a game's heuristic uses."""
    game = state.game
    if state.players == 1:
        return [float(game.evaluate(state, 0))]
    evals = [game.evaluate(state, p) for p in range(state.players)]
    best = max(evals)
    leaders = [p for p, v in enumerate(evals) if v == best]
    shares = [0.0] * state.players
    for p in leaders:
        shares[p] = 1.0 / len(leaders)
    return shares
