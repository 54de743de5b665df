"""The daily par solver: its line is legal, reaches its score, and beats random play widely."""

from __future__ import annotations

from gameshelf.core.rng import Stream
from gameshelf.tools.dicey_farm.par import solve
from tests.games.dicey_farm.helpers import GAME

DATE = "2026-11-22"


def random_scores(n: int) -> list[float]:
    out = []
    for k in range(n):
        s = GAME.new_game(1, k, {"daily": DATE})
        stream = Stream(k)
        while not s.is_over:
            s.apply(stream.choice(s.legal_actions()))
        out.append(s.scores()[0])
    return out


def test_par_line_replays_to_its_score() -> None:
    result = solve(DATE, width=2, samples=3)
    state = GAME.new_game(1, 0, {"daily": DATE})
    for action in result.line:
        state.apply(action)  # checked: every move of the line is legal
    assert state.is_over and state.scores()[0] == result.score
    assert result.rollouts > 0


def test_par_beats_random_play_by_a_wide_margin() -> None:
    par = solve(DATE, width=2, samples=3).score
    randoms = random_scores(40)
    assert par >= max(randoms) + 10
    assert par >= sum(randoms) / len(randoms) + 40


def test_wider_search_is_never_worse_than_pure_greedy() -> None:
    greedy = solve(DATE, width=1, samples=1).score
    assert solve(DATE, width=3, samples=4).score >= greedy
