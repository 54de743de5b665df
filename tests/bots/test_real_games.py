"""Every bot plays every installed game: legal moves, whole games, no loops.

Runs on whichever games have landed (``gameshelf.games()``), so it grows
with the shelf; nothing here names a game.
"""

from __future__ import annotations

import pytest

from gameshelf.bots import PlayerView, make_bot_from_spec
from gameshelf.core.registry import BUILTIN, games, load_game
from gameshelf.core.rng import Stream
from gameshelf.testing import random_playout
from tests.bots.helpers import play

REAL = [g for g in games() if g in BUILTIN]
SPECS = ["greedy", "easy", "ismcts[iterations=12]", "hard[iterations=12]"]


def seats(game_id: str) -> int:
    game = load_game(game_id)
    return 2 if game.min_players <= 2 <= game.max_players else game.min_players


@pytest.mark.parametrize("game_id", REAL)
def test_bots_choose_legal_moves_without_touching_the_game(game_id: str) -> None:
    game = load_game(game_id)
    for seed in range(3):
        state = game.new_game(seats(game_id), seed)
        for _ in random_playout(state, Stream(seed), 15 * seed):
            pass
        if state.is_over:
            continue
        before = state.snapshot()
        legal = state.legal_actions()
        for spec in SPECS:
            move = make_bot_from_spec(spec, seed=seed).choose(
                PlayerView(state, state.current_player)
            )
            assert move in legal, f"{spec} chose {move}, which is not legal"
        assert state.snapshot() == before


@pytest.mark.parametrize("game_id", REAL)
def test_greedy_and_easy_finish_whole_games(game_id: str) -> None:
    n = seats(game_id)
    lineup = ["greedy", "easy", "random"][:n] if n > 1 else ["greedy"]
    state = play(game_id, lineup, seed=2, max_moves=20_000)
    assert state.is_over


@pytest.mark.parametrize("game_id", REAL)
def test_bots_cannot_tell_a_real_game_from_its_redealt_twin(game_id: str) -> None:
    game = load_game(game_id)
    for seed in range(3):
        state = game.new_game(seats(game_id), 40 + seed)
        for _ in random_playout(state, Stream(seed), 10 + 20 * seed):
            pass
        if state.is_over:
            continue
        player = state.current_player
        twin = state.determinize(player, 777)
        for spec in ("greedy", "ismcts[iterations=12]"):
            here = make_bot_from_spec(spec, seed=9).choose(PlayerView(state, player))
            there = make_bot_from_spec(spec, seed=9).choose(PlayerView(twin, player))
            assert here == there, f"{spec} chose differently when only hidden parts changed"
