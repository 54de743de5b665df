"""The compact board, the move list and the prompt fit a 100x30 terminal.

What a person sees at their turn: the "Player N to decide" rule, the board,
the numbered moves (laid out in up to three columns by the terminal) and
the prompt line. Last session's playtest found the first auction of a
5-player game 35 lines tall; here every position of several random games,
in English and Japanese, with 3 and 5 players, must fit 30 lines, and so
must the worst auction there can be (nine lots, each at four openings).
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream
from gameshelf.games.pay_dirt.rules.auction import auctioneer_actions
from gameshelf.games.pay_dirt.state import PayDirtState as State
from gameshelf.terminal.session import move_list
from tests.games.pay_dirt.helpers import new

GAME = load_game("pay-dirt")


def screen_lines(state: State, lang: str, width: int = 100) -> tuple[int, str]:
    """Lines of one turn's screen: rule, board, moves, prompt."""
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None)
    console.print(GAME.render(state.observation(state.current_player), lang))
    console.print(move_list(state, lang, width))
    return out.getvalue().count("\n") + 2, out.getvalue()


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_position_of_random_games_fits_100_by_30(players: int, lang: str) -> None:
    checked = 0
    for seed in range(3):
        state = new(players, 40 + seed)
        pick = Stream(seed)
        while not state.is_over:
            lines, text = screen_lines(state, lang)
            assert lines <= 30, f"{state.phase}: {lines} lines\n{text}"
            checked += 1
            state.apply(pick.choice(state.legal_actions()))
    assert checked > 300


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_longest_auction_menu_fits_100_by_30(lang: str) -> None:
    """Nine lots with cheap minimums and an auctioneer rich enough for every
    listed opening: 36 openings and the pass, 13 rows of moves."""
    state = new(5, 7)
    comp = state.comp
    cheap = [[i for i, x in enumerate(records) if x.min_bid <= 3] for records in (comp.equipment, comp.personnel, comp.claims)]
    assert all(len(c) >= 3 for c in cheap)
    state.display = [c[:3] for c in cheap]
    state.camps[state.auctioneer].money = 30
    for camp in state.camps:  # long camp lines: crew, gear and claims everywhere
        camp.personnel = list(range(4))
    assert len(auctioneer_actions(state)) == 37
    lines, text = screen_lines(state, lang)
    assert lines <= 30, text
    assert "…" in text  # a camp line too long for 100 columns is cut, not wrapped


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_board_at_160_by_50_keeps_every_lot_whole(lang: str) -> None:
    """At 160 columns nothing of a lot is cut: every ability is whole."""
    state = new(3, 7)
    _, text = screen_lines(state, lang, width=160)
    from gameshelf.games.pay_dirt.texts import ability_text

    for item in state.display[1]:
        assert ability_text(state.comp, item, lang) in text
