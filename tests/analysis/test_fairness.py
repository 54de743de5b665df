"""Estimates come from what the seat could see, never the true hidden state.

As in tests/bots/test_fair_play.py: a position and its re-dealt twin (the
same for the seat, different in hands, decks and future dice) must get the
very same estimates. An estimator that read the real hand or the real next
die would, sooner or later, answer the two differently.
"""

from __future__ import annotations

import pytest

from gameshelf.analysis import rank_moves
from gameshelf.analysis.analyse import analyse_record, decision_positions
from gameshelf.core.record import make_record
from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream, derive_seed
from gameshelf.testing import random_playout


def positions(game_id: str, players: int, count: int, steps: int) -> list:  # type: ignore[type-arg]
    game = load_game(game_id)
    found = []
    for seed in range(count):
        state = game.new_game(players, seed)
        for _ in random_playout(state, Stream(seed), steps + seed):
            pass
        if not state.is_over and len(state.legal_actions()) > 1:
            found.append(state)
    return found


@pytest.mark.parametrize(("game_id", "players", "steps"), [("hidden-high", 3, 1), ("filthy-rich", 2, 6)])
def test_estimates_cannot_tell_a_position_from_its_redealt_twin(game_id: str, players: int, steps: int) -> None:
    differed = 0
    for state in positions(game_id, players, 4, steps):
        seat = state.current_player
        twin = state.determinize(seat, 777)
        differed += twin.snapshot() != state.snapshot()
        here = rank_moves(state, seat, budget_s=0, seed=5, worlds=2)
        there = rank_moves(twin, seat, budget_s=0, seed=5, worlds=2)
        assert here == there, "the estimate changed when only what the seat cannot see changed"
    assert differed, "the twins must differ in hidden parts for this test to mean anything"


def test_a_whole_analysis_reads_only_what_the_seat_saw() -> None:
    """Every decision of an analysed record gets the estimates that a
    re-dealt twin of its position (other hands, other decks, other future
    dice) gets: the analysis of a game whose hidden parts were otherwise is
    the same. (Whole records in the real games take too long for a unit
    test; their positions are checked above.)"""
    game = load_game("hidden-high")
    state = game.new_game(2, 11)
    for _ in random_playout(state, Stream(3), 400):
        pass
    assert state.is_over
    record = make_record(state)
    analysis = analyse_record(record, 0, budget_s=0, worlds=2, seed=1)
    positions = decision_positions(record, 0)
    assert [d.move for d in analysis.decisions] == [m for m, _, _ in positions]
    for (move, position, played), decision in zip(positions, analysis.decisions, strict=True):
        twin = position.determinize(0, 4242 + move)
        redone = rank_moves(twin, 0, budget_s=0, seed=derive_seed("analysis", 1, move), worlds=2,
                            include=[played])
        mine = next(e for e in redone if e.action == played)
        assert (decision.played.score, decision.played.win) == (mine.expected_score, mine.win_chance)
        assert (decision.best.score, decision.best.win) == (redone[0].expected_score, redone[0].win_chance) \
            or decision.best.action == decision.played.action
