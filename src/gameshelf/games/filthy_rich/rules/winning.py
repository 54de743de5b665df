"""The two ways to win: a third luxury, or the last seat still in the game.

Below the turn (a bought luxury) and the bankruptcies (an auctioned luxury,
the last one standing), which both end the game here, so that neither
imports the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gameshelf.games.filthy_rich.state import FilthyRichState


def lux_param(s: FilthyRichState, lux: int) -> str:
    """A luxury's name as a log parameter (the auction and the purchase say it)."""
    return f"@filthy_rich.card.{s.cat.luxuries[lux].key}"


def check_luxury_win(s: FilthyRichState, seat: int) -> None:
    """A luxury bought or won at auction: the third one wins at once (C19)."""
    if len(s.luxuries[seat]) >= s.cat.rules.luxuries_to_win:
        declare_winner(s, seat, "filthy_rich.log.win-luxuries")


def declare_winner(s: FilthyRichState, seat: int, key: str) -> None:
    """The game is over: queued auctions are dropped, so the task queue stops."""
    s.winner = seat
    s.phase = "over"
    for task in s.tasks:  # luxuries still waiting for an auction leave the game
        if task[0] == "auction":
            s.lux_removed.extend(task[1])
    s.tasks.clear()
    s.decider = -1
    s.log(key, player=seat + 1)
