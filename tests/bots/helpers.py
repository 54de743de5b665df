"""Shared helpers for the bot tests: whole games between named bots."""

from __future__ import annotations

from gameshelf.bots import make_bot_from_spec, play_bot_turn
from gameshelf.bots._outcome import win_shares
from gameshelf.core.protocol import State
from gameshelf.core.registry import load_game


def play(game_id: str, specs: list[str], seed: int, max_moves: int = 5_000) -> State:
    """One finished game, seat ``i`` played by ``specs[i]``; a game still
    running after ``max_moves`` fails the test (a bot stuck in a loop)."""
    state = load_game(game_id).new_game(len(specs), seed)
    bots = [make_bot_from_spec(spec, seed=seed * 31 + i) for i, spec in enumerate(specs)]
    while not state.is_over:
        assert len(state.history) < max_moves, f"{specs} still playing after {max_moves} moves"
        play_bot_turn(state, bots[state.current_player])  # type: ignore[index]
    return state


def head_to_head(game_id: str, hero: str, villain: str, games: int) -> float:
    """``hero``'s win share against ``villain``, seats swapped every game."""
    total = 0.0
    for seed in range(games):
        seats = [hero, villain] if seed % 2 == 0 else [villain, hero]
        state = play(game_id, seats, seed)
        total += win_shares(state.ranking(), 2)[seed % 2]
    return total / games
