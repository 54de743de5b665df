"""Clocks: Board Game Arena's model of a time bank per seat, plus an
increment after each move, never above a cap.

Only the seat to move runs down, from the moment its turn began
(``gs_tables.turn_started``), so nothing about a clock lives only in memory
and a game may go on for days.
"""

from __future__ import annotations

import json
import time
from typing import Any

from sqlalchemy.engine import Row

from gameshelf.core.protocol import PlayerId


def remaining(row: Any, seat_row: Row[Any], now: float) -> float | None:
    """Seconds left on a seat's clock now (``None``: no clock). Only the
    seat to move is running down, from the start of its turn."""
    if not row.clock or seat_row.bank is None:
        return None
    started = now if row.turn_started is None else float(row.turn_started)
    return float(seat_row.bank) - max(0.0, now - started)


def charged(row: Any, seat_row: Row[Any], now: float) -> float:
    """The bank after a move: what was left (never below zero), plus the
    increment, never above the cap (Board Game Arena's model)."""
    clock = json.loads(row.clock)
    left: float = max(0.0, remaining(row, seat_row, now) or 0.0) + clock.get("increment", 0)
    cap = clock.get("cap")
    return min(left, float(cap)) if cap is not None else left


def clocks(row: Any, seat_rows: list[Row[Any]], to_move: PlayerId | None) -> list[dict[str, Any]] | None:
    """Every seat's time left, for a view (``None`` at a table with no clock)."""
    if not row.clock:
        return None
    now = time.time()
    return [
        {"seat": s.seat, "running": s.seat == to_move,
         "remaining": round((remaining(row, s, now) if s.seat == to_move else s.bank) or 0.0, 1)}
        for s in seat_rows
    ]


def spent(row: Any, seat_row: Row[Any], now: float) -> float:
    """The bank after a take-back: the time thought is gone (never below
    zero) and no increment is given, so moving and taking back earns nothing."""
    return max(0.0, remaining(row, seat_row, now) or 0.0)
