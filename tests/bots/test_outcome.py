"""Win shares and places: ties split the same way for search and statistics."""

from __future__ import annotations

from gameshelf.bots._outcome import rank_positions, win_shares


def test_a_sole_winner_takes_the_whole_win() -> None:
    assert win_shares([[2], [0], [1]], 3) == [0.0, 0.0, 1.0]


def test_tied_winners_split_the_win() -> None:
    assert win_shares([[0, 1], [2]], 3) == [0.5, 0.5, 0.0]
    assert sum(win_shares([[0, 1, 2, 3]], 4)) == 1.0


def test_tied_places_share_their_mean() -> None:
    assert rank_positions([[3], [0, 1], [2]], 4) == [2.5, 2.5, 4.0, 1.0]
