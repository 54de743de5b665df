"""Terminal play: sessions, the opening menu, replays and saved games.

The modules, each small: :mod:`~gameshelf.terminal.prompts` (reading what a
person types), :mod:`~gameshelf.terminal.feed` (what each seat is told),
:mod:`~gameshelf.terminal.undo`, :mod:`~gameshelf.terminal.saves`,
:mod:`~gameshelf.terminal.help`, :mod:`~gameshelf.terminal.menu`,
:mod:`~gameshelf.terminal.session` and :mod:`~gameshelf.terminal.replay`.
"""

from gameshelf.terminal.feed import HUMAN, Feed
from gameshelf.terminal.menu import choose_setup, players_text
from gameshelf.terminal.prompts import ask_number, normalize, parse_number
from gameshelf.terminal.replay import replay_session
from gameshelf.terminal.session import (
    RestartPoint,
    SeatError,
    make_bots,
    parse_seats,
    play_session,
    ranking_table,
)

__all__ = [
    "HUMAN",
    "Feed",
    "RestartPoint",
    "SeatError",
    "ask_number",
    "choose_setup",
    "make_bots",
    "normalize",
    "parse_number",
    "parse_seats",
    "play_session",
    "players_text",
    "ranking_table",
    "replay_session",
]
