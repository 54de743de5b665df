"""What comes after a phase: the one place a Pay Dirt round turns.

The round is a circle (auction -> labour -> hardship -> income -> the next
auction, or the final sweep after the last labour), but its modules must not
be: when a phase ends by itself it sets ``s.phase`` to a ``*-done`` mark and
returns, and :func:`advance` (run by ``apply`` after every decision) starts
what follows. So each phase module knows only its own phase and the shared
ones (``events``, ``supply``); this table alone knows the order, the way
Above and Below's ``apply`` hands every decision to one place.

A mark never outlives ``apply``: no seat decides in it, no observation,
menu or log shows it (the chain of starts runs inside the one move, as the
direct calls did).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gameshelf.games.pay_dirt.rules import auction, hardship, income, labor, setup, sweep

if TYPE_CHECKING:
    from gameshelf.games.pay_dirt.state import PayDirtState


def _after_labor(s: PayDirtState) -> None:
    """"最終ラウンドでは、「苦境フェイズ」と「収入フェイズ」が無い。その代わりに、労働
    フェイズの後に、「最終一掃フェイズ」がある" (A10)."""
    if s.final_round:
        sweep.final_sweep(s)
    else:
        hardship.start_hardship(s)


#: each phase's end mark, and the step that follows it
AFTER: dict[str, Callable[[PayDirtState], None]] = {
    "acquire-done": auction.after_auction,  # the won lot is in its camp: the auction goes on
    "auction-done": labor.start_labor,  # as many auctions and passes as players
    "labor-done": _after_labor,  # everybody ended their labour
    "draft-done": income.income_phase,  # the kept hardships resolved
    "income-done": setup.start_round,  # the next round's auction
}


def advance(s: PayDirtState) -> None:
    """Start whatever follows, mark after mark, until a seat decides (or the
    game is over)."""
    step = AFTER.get(s.phase)
    while step is not None:
        step(s)
        step = AFTER.get(s.phase)


def run(s: PayDirtState, step: Callable[[PayDirtState], None]) -> None:
    """Play one rule ``step`` and what follows it, as a decision would: for
    a set-up or a test that jumps into a phase (``run(s, income.income_phase)``)."""
    step(s)
    advance(s)
