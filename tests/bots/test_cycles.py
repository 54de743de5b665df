"""Bots do not loop through a game's "back" moves."""

from __future__ import annotations

import pytest

import tests.bots.loop_game  # noqa: F401  (registers pick-or-back)
from gameshelf.bots._cycles import CycleGuard, position_key
from gameshelf.core.registry import load_game
from tests.bots.helpers import play


def test_the_log_does_not_make_a_position_new() -> None:
    assert position_key({"a": 1, "log": [1]}) == position_key({"log": [1, 2], "a": 1})
    assert position_key({"a": 1}) != position_key({"a": 2})


def test_the_guard_forgets_the_last_game() -> None:
    game = load_game("pick-or-back")
    state = game.new_game(1, 0)
    guard = CycleGuard()
    guard.visit(state.observation(0), 5)
    assert guard.leads_back(state.clone(), 0)
    guard.visit({"other": True}, 0)  # a smaller move number: a new game
    assert not guard.leads_back(state.clone(), 0)


@pytest.mark.parametrize("spec", ["greedy", "greedy[samples=2]", "ismcts[iterations=20]"])
def test_a_bot_that_prefers_back_still_finishes(spec: str) -> None:
    state = play("pick-or-back", [spec], seed=1)
    assert state.is_over and len(state.history) <= 4 * 3
