"""Bots see a PlayerView: legal moves, their observation, determinized copies."""

from __future__ import annotations

import gameshelf
from gameshelf.bots import PlayerView, RandomBot, play_bot_turn


def test_random_bot_is_reproducible() -> None:
    def run(seed: int) -> list:  # type: ignore[type-arg]
        state = gameshelf.load_game("hidden-high").new_game(2, 5)
        bots = [RandomBot(seed), RandomBot(seed + 1)]
        while not state.is_over:
            play_bot_turn(state, bots[state.current_player])  # type: ignore[index]
        return state.history

    assert run(1) == run(1)


def test_view_hides_the_real_state() -> None:
    state = gameshelf.load_game("hidden-high").new_game(2, 5)
    view = PlayerView(state, 0)
    assert not hasattr(view, "state") and "_state" in PlayerView.__slots__
    twin = view.determinize(1)
    assert twin.hands[0] == state.hands[0]
    assert twin.rng != state.rng
