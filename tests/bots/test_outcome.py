"""Win shares and places: ties split the same way for search and statistics."""

from __future__ import annotations

import math

from gameshelf.bots._outcome import heuristic_values, rank_positions, win_shares


def test_a_sole_winner_takes_the_whole_win() -> None:
    assert win_shares([[2], [0], [1]], 3) == [0.0, 0.0, 1.0]


def test_tied_winners_split_the_win() -> None:
    assert win_shares([[0, 1], [2]], 3) == [0.5, 0.5, 0.0]
    assert sum(win_shares([[0, 1, 2, 3]], 4)) == 1.0


def test_tied_places_share_their_mean() -> None:
    assert rank_positions([[3], [0, 1], [2]], 4) == [2.5, 2.5, 4.0, 1.0]


def test_a_cut_rollout_reads_like_a_chance_to_win() -> None:
    from gameshelf.core.registry import load_game

    state = load_game("hidden-high").new_game(3, 1)
    state.points = [10, 4, 4]  # type: ignore[attr-defined]
    values, leads = heuristic_values(state, scale=6.0)
    # The default evaluate is already "my score minus the best other" (6, -6, -6);
    # a lead compares those evaluations: 6 - (-6) = 12.
    assert leads == [12.0, -12.0, -12.0]
    assert values[0] > 0.5 > values[1] == values[2]
    assert abs(values[0] - 1 / (1 + math.exp(-2))) < 1e-12
    state.points = [5, 5, 1]  # type: ignore[attr-defined]
    level, _ = heuristic_values(state, scale=6.0)
    assert level[0] == level[1] == 0.5
