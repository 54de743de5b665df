"""What a table's stored rows say: its status, which seat a token opens,
who plays a seat now, and what anyone may know about the table.

Plain functions of the rows (:data:`gameshelf.server.store.db.tables`,
``seats``), shared by the use cases (:mod:`.service`), the views
(:mod:`.views`) and the features that read a table (hints, analyses).
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy.engine import Row

from gameshelf.core.protocol import PlayerId
from gameshelf.server.auth.sessions import AccountKey
from gameshelf.server.auth.tokens import same_hash, token_hash
from gameshelf.server.errors import ApiError
from gameshelf.server.play.live import Live

#: A table's status: seats still open, in play, finished.
OPEN, RUNNING, OVER = "open", "running", "over"


def check_seat(row: Any, seat: int) -> None:
    """``seat`` is one of the table's, or the request is refused."""
    if not 0 <= seat < row.players:
        raise ApiError(404, "unknown-seat", {"seat": seat})


def seat_of(seat_rows: list[Row[Any]], token: str | None) -> PlayerId | None:
    """The seat ``token`` opens, ``None`` for no token; every seat's hash
    is compared so the time says nothing about which one matched."""
    if token is None:
        return None
    if isinstance(token, AccountKey):  # accounts: a session acts for the seat bound to it
        owned = [s.seat for s in seat_rows if s.account_id == token.account_id]
        return owned[0] if len(owned) == 1 else None
    found: int | None = None
    hashed = token_hash(token)
    for s in seat_rows:
        if same_hash(hashed, s.token_hash):
            found = s.seat
    if found is None:
        raise ApiError(401, "bad-token")
    return found


def controller(seat_row: Row[Any]) -> str | None:
    """The bot level that plays this seat now, ``None`` for its person."""
    if seat_row.kind == "bot":
        return str(seat_row.level)
    if seat_row.stand_in is not None:
        return str(seat_row.stand_in)
    return None


def public(row: Any, seat_rows: list[Row[Any]], live: Live | None) -> dict[str, Any]:
    """What anyone with the link may know about a table (no seed, ever)."""
    state = live.state if live is not None else None
    return {
        "id": row.id,
        "game": row.game,
        "players": row.players,
        "status": row.status,
        "state": row.moves,
        "to_move": state.current_player if state is not None and row.status == RUNNING else None,
        "options": json.loads(row.options),
        "rated": bool(row.rated),
        "hints": bool(row.hints),
        "clock": json.loads(row.clock) if row.clock else None,
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "name": s.name,
                "level": s.level,
                "taken": s.kind != "open",
                "stand_in": s.stand_in,
                "bank": s.bank,
                "timed_out": s.timed_out,
                "hints": int(s.hints),
            }
            for s in seat_rows
        ],
        "result": json.loads(row.result) if row.result else None,
        "created_at": row.created_at,
        "updated_at": row.updated_at,
    }


def stamp(row: Any, now: float) -> float:
    """A table's new ``updated_at``: now, but always after the one it had, so
    that a changed table never looks unchanged to another worker's cache
    (two workers' clocks may give the same instant)."""
    return max(now, float(row.updated_at) + 1e-6)


def one(result: Any, status: int, code: str, params: dict[str, Any]) -> None:
    """A conditional update changed exactly one row, or the request is
    refused (the condition no longer held: another request was first)."""
    if result.rowcount != 1:
        raise ApiError(status, code, params)


def check_running_at(row: Any, live: Live, after: int) -> None:
    """A move and a take-back both need a game in play that is still at the
    state the client saw (``after``): else nothing changes."""
    if row.status != RUNNING:
        raise ApiError(409, "game-over" if row.status == OVER else "not-started")
    if after != live.n:
        raise ApiError(409, "stale", {"after": after, "state": live.n})
