"""Undo follows Board Game Arena's policy: a person takes back their own
last moves, never across another player's move, a die roll, a shuffle or
anything newly revealed."""

from __future__ import annotations

import pytest

from gameshelf.core.registry import load_game, shipped_games
from gameshelf.core.rng import Stream
from gameshelf.terminal.undo import UndoStack
from tests.cli.driver import drive
from tests.shelf import seats
from tests.template_game.game import HiddenHigh

GAMES = {**{game_id: seats(game_id) for game_id in shipped_games()}, HiddenHigh.id: 2}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_undo_across_chance_reveals_or_another_seat(game_id: str) -> None:
    state = load_game(game_id).new_game(GAMES[game_id], 11)
    pick = Stream(5)
    undo = UndoStack()
    kept = 0
    for _ in range(120):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        if undo.positions and undo.positions[-1].current_player != seat:
            undo.clear()  # what the session does when another seat moves
        probe = undo.before(state, seat)
        action = pick.choice(state.legal_actions())
        rng_before = state.rng.copy()
        seen_before = state.observation(seat)
        state.apply(action, seat)
        undo.after(probe, state, action)
        if state.rng != rng_before or state.current_player != seat:
            assert not undo, f"{action} moved a random stream or the turn, yet can be undone"
        if undo:
            kept += 1
            back = undo.positions[-1]
            assert back.observation(seat) == seen_before  # undo returns exactly there
    if game_id != "hidden-high":  # every Hidden High move rolls or draws
        assert kept > 0, "some moves must be undoable"


def test_undo_in_the_terminal_returns_to_the_position_before() -> None:
    state = load_game("dicey-farm").new_game(1, 5)
    final, text = drive(state, ["human"], moves=("1", "u"), limit=2)
    assert "Your last move was taken back." in text
    assert final.history == []


def test_undo_with_nothing_to_take_back_says_why() -> None:
    state = load_game("dicey-farm").new_game(1, 5)
    final, text = drive(state, ["human"], moves=("u",), limit=1)
    assert "Nothing to take back" in text and final.history == []


def test_a_move_whose_worlds_cannot_be_built_is_played_without_undo(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Undo is a comfort: if re-dealing fails, the move is still played."""
    state = load_game("dicey-farm").new_game(1, 5)

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("no world")

    monkeypatch.setattr(type(state), "determinize", broken)
    final, text = drive(state, ["human"], moves=("1", "u"), limit=2)
    assert len(final.history) == 1 and "Nothing to take back" in text
