"""Shared helpers for the bot tests: whole games between named bots."""

from __future__ import annotations

from collections.abc import Callable
from statistics import mean

from gameshelf.bots import Bot, PlayerView, make_bot_from_spec, play_bot_turn
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


def keep_or_reroll_per_round(spec: str, deals: int = 25) -> float:
    """``spec``'s mean score a round in Keep or Reroll over the first
    ``deals`` seeds (random play 3.5, the best policy 4.25)."""
    return mean(play("keep-or-reroll", [spec], seed).scores()[0] / 8 for seed in range(deals))


def first_calls_on_one_and_six(make_bot: Callable[[int], Bot]) -> dict[int, str]:
    """What a fresh bot (``make_bot(seed)``) does on the first Keep or Reroll
    deals that show a 1 and a 6: {face: "keep" | "reroll"}."""
    game = load_game("keep-or-reroll")
    decided: dict[int, str] = {}
    for seed in range(40):
        state = game.new_game(1, seed)
        if state.face in (1, 6) and state.face not in decided:
            decided[state.face] = make_bot(seed).choose(PlayerView(state, 0)).kind
    return decided
