"""Every game's board fits a 100x30 terminal with the move list and prompt.

Played along random games at 100 columns: the board alone never takes more
than 22 lines, and board, moves and prompt fit 30 lines in nearly every
position (the exceptions are the longest move lists, such as a Pay Dirt
auctioneer's every lot at every opening bid, laid out in columns).
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream
from gameshelf.terminal.session import move_list

CASES = [("dicey-farm", 1), ("filthy-rich", 2), ("filthy-rich", 5), ("pay-dirt", 2), ("pay-dirt", 5),
         ("above-and-below", 2), ("above-and-below", 4)]


def heights(game_id: str, players: int, lang: str) -> list[tuple[int, int]]:
    """(board lines, board + moves + prompt lines) along one random game."""
    state = load_game(game_id).new_game(players, 1)
    pick = Stream(1)
    out: list[tuple[int, int]] = []
    steps = 0
    while not state.is_over and len(out) < 100:
        steps += 1
        if steps % 3:  # every third position: as varied, a third of the time
            state.apply(pick.choice(state.legal_actions()))
            continue
        buffer = io.StringIO()
        console = Console(file=buffer, width=100, color_system=None)
        console.print(state.game.render(state.observation(state.current_player), lang))
        board = buffer.getvalue().count("\n")
        console.print(move_list(state, lang, 100))
        out.append((board, buffer.getvalue().count("\n") + 2))  # the prompt and its answer
        state.apply(pick.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize(("game_id", "players"), CASES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_boards_fit_a_100_by_30_terminal(game_id: str, players: int, lang: str) -> None:
    seen = heights(game_id, players, lang)
    assert max(board for board, _ in seen) <= 22
    over = [total for _, total in seen if total > 30]
    assert len(over) <= len(seen) // 25, sorted(over)[-5:]


def test_a_broken_view_wording_falls_back_to_the_games_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    import gameshelf.games.filthy_rich.view as view

    def broken(*args: object) -> str:
        raise KeyError("gap")

    monkeypatch.setattr(view, "describe_move", broken)
    state = load_game("filthy-rich").new_game(3, 2)
    out = io.StringIO()
    Console(file=out, width=100).print(move_list(state, "en"))
    assert state.game.describe_action(state.legal_actions()[0], "en") in out.getvalue()
