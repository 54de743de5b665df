"""Fair rated play (issue 41): no farming, no escaping a loss.

Why each rule (docs/accounts.md "Rated tables" says them to players):

- **Aborted, not rated.** Fresh accounts joined a rated table and left at
  once, and a leaver counted last: four such games lifted a player from
  1,000 to 1,450 in 40 s. Now a rated game that a person leaves, or loses on
  time, before making :data:`MIN_OWN_MOVES` moves of their own ends as
  *aborted*: nobody's rating moves and it is on nobody's record (lichess's
  rule). From their second move on, leaving loses.
- **Leaving ends the game at once, as a loss for the leaver.** A stand-in
  bot playing the rest (what casual tables do) only delays the same result,
  makes the others wait on bot moves for a game that is already decided on
  the rating list, and would let a player hand a bad position to a bot and
  come back to a good one. So the leaver is ranked last, everybody else
  shares first, and the ratings move in the same transaction.
- **Always a clock.** A rated table with no clock let the loser simply stop:
  no timeout could be claimed and the game never ended. A rated table
  without one gets :data:`DEFAULT_CLOCK`; a longer one than
  :data:`MAX_RATED_BANK` is refused. A seat whose clock runs out loses (the
  same as leaving): an opponent's claim or the server's own watch
  (:func:`overdue`, every :data:`WATCH_EVERY` seconds on every host) ends it.
- **One rated table per pair.** Two accounts cannot sit at two open or
  running rated tables together, so a pair cannot run many games at once
  to trade points.
"""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Row

from gameshelf.server import wire
from gameshelf.server.errors import ApiError
from gameshelf.server.store.db import moves, seats, tables

#: a person's own moves before which leaving or losing on time aborts the game
MIN_OWN_MOVES = 2
#: the clock of a rated table opened without one: 2 days, plus 1 hour a
#: move, never above 3 days (a turn-based game may be played over days; a
#: player who stops loses within 3 days)
DEFAULT_CLOCK = wire.Clock(bank=2 * 86400, increment=3600, cap=3 * 86400)
#: the longest bank (and cap) a rated table may have: a week
MAX_RATED_BANK = 7 * 86400
#: seconds between two looks of the server's watch for clocks run out
WATCH_EVERY = 5.0
OPEN, RUNNING, OVER = "open", "running", "over"


def rated_clock(req: wire.CreateTable) -> wire.CreateTable:
    """The request with its rated table's clock: the default when it has
    none; a bank or cap over a week is refused (a stall of weeks is an escape)."""
    if not req.rated:
        return req
    if req.clock is None:
        return req.model_copy(update={"clock": DEFAULT_CLOCK})
    if req.clock.bank > MAX_RATED_BANK or (req.clock.cap or 0) > MAX_RATED_BANK:
        raise ApiError(422, "rated-clock", {"days": MAX_RATED_BANK // 86400})
    return req


def own_moves(conn: Connection, table_id: str, seat: int) -> int:
    """Moves the seat's person made (not a bot for them, not a take-back)."""
    return int(conn.execute(
        sa.select(sa.func.count()).select_from(moves)
        .where(moves.c.table_id == table_id, moves.c.seat == seat,
               sa.not_(moves.c.by_bot), moves.c.undoes.is_(None))).scalar_one())


def ended_result(scores: list[float], players: int, seat: int, by: str,
                 aborted: bool) -> dict[str, Any]:
    """The result of a rated game ended by ``seat`` leaving (``by`` =
    "left") or losing on time ("timeout"): aborted, everyone shares one
    place and nobody is rated; else the seat is last and the others share
    first. ``scores`` are the scores at that moment (shown, never rated)."""
    others = [s for s in range(players) if s != seat]
    ranking = [list(range(players))] if aborted else [others, [seat]]
    return {"scores": scores, "ranking": ranking,
            "ended": {"how": "aborted" if aborted else "forfeit", "seat": seat, "by": by}}


def is_aborted(result: dict[str, Any] | None) -> bool:
    return bool(result and (result.get("ended") or {}).get("how") == "aborted")


def check_pair(conn: Connection, table_id: str, account_id: int,
               seat_rows: list[Row[Any]], seat: int) -> None:
    """Refuse seating ``account_id`` at this rated table when it already
    shares another open or running rated table with an account seated here.
    On PostgreSQL each pair's advisory lock (in one order) makes two such
    joins at two tables one after the other; SQLite's writes already are."""
    others = sorted({int(s.account_id) for s in seat_rows
                     if s.account_id is not None and s.seat != seat and s.account_id != account_id})
    if not others:
        return
    if conn.dialect.name == "postgresql":
        for other in others:
            low, high = sorted((account_id, other))
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(:a, :b)"), {"a": low, "b": high})
    mine, theirs = seats.alias("mine"), seats.alias("theirs")
    busy = conn.execute(
        sa.select(theirs.c.account_id)
        .select_from(tables.join(mine, mine.c.table_id == tables.c.id)
                     .join(theirs, theirs.c.table_id == tables.c.id))
        .where(tables.c.rated, tables.c.status.in_([OPEN, RUNNING]), tables.c.id != table_id,
               mine.c.account_id == account_id, theirs.c.account_id.in_(others))
        .limit(1)).first()
    if busy is not None:
        name = next(s.name for s in seat_rows if s.account_id == busy.account_id)
        raise ApiError(409, "rated-pair-busy", {"name": name})


def overdue(conn: Connection, now: float | None = None) -> list[str]:
    """Running rated tables where some person's clock may have run out (the
    service checks the seat to move): turn start + bank is past."""
    now = time.time() if now is None else now
    return [r.id for r in conn.execute(
        sa.select(tables.c.id).distinct()
        .select_from(tables.join(seats, seats.c.table_id == tables.c.id))
        .where(tables.c.status == RUNNING, tables.c.rated, tables.c.clock.is_not(None),
               seats.c.kind == "human", seats.c.stand_in.is_(None), seats.c.bank.is_not(None),
               tables.c.turn_started + seats.c.bank <= now)
        .limit(500))]
