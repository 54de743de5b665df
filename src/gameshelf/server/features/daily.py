"""Dicey Farm Daily Mode on the server: the day's puzzle, its leaderboard and its par.

Why here and not in the game: the puzzle itself is the game's (the option
``daily`` fixes every die, craftsman and merchant list); what a server adds
is who played it and how well. A daily puzzle is played as an ordinary
one-seat table with ``options: {"daily": date}``; once it is over its seat's
token submits it as an *attempt*. The score stored is the server's own
replay of the table's record, never a number a client sends.

Rules (docs/play/daily.md):

- the *counted* attempt of a name for a date is its earliest daily table of
  that date, and only if that table was opened on that (UTC) day; every other
  submitted table is practice. Counting the earliest table, not the first
  one submitted, keeps a player from opening several and handing in the best;
- a table is entered once, only when over, only when its person made every
  move (no stand-in bot, no timeout). The server enters a named daily table
  itself the moment its last move is stored (:meth:`Daily.enter_finished`),
  so it counts whichever browser (or client) played it and whether or not
  anyone comes back to the daily page; the ``attempts`` route stays for
  clients that enter a table themselves (a second entry is refused);
- the par's score is shown to a caller whose submitted attempt of that date
  proves it (the seat token and the table), and to everyone once the date is
  over (UTC); the par's moves only once the date is over, so they cannot be
  followed in a counted attempt.
"""

from __future__ import annotations

import datetime
import json
import threading
import time
import unicodedata
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from gameshelf.core.record import replay
from gameshelf.server.auth.tokens import matches
from gameshelf.server.config import MAX_NAME
from gameshelf.server.errors import ApiError
from gameshelf.server.play.service import Service
from gameshelf.server.store.db import attempts, reading, seats, tables, writing

GAME = "dicey-farm"
#: The first date the leaderboard takes (older puzzles exist, but nobody played them here).
FIRST_DATE = datetime.date(2024, 1, 1)
#: How many of a name's attempts its history returns.
HISTORY = 100

def utc_today() -> datetime.date:
    return datetime.datetime.now(datetime.UTC).date()


def check_date(text: str) -> datetime.date:
    """A real calendar date from :data:`FIRST_DATE` to today (UTC); a future
    puzzle is not handed out early, and ``2026-02-30`` is no date."""
    try:
        day = datetime.date.fromisoformat(text)
    except ValueError:
        raise ApiError(422, "bad-date", {"date": text[:10]}) from None
    if day.isoformat() != text or not FIRST_DATE <= day <= utc_today():
        raise ApiError(422, "bad-date", {"date": text[:10]})
    return day


def check_name(name: str | None) -> str:
    """A leaderboard name: the seat's name, 1 to 40 characters, no control
    characters (it is shown as text wherever the board is)."""
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME or name != name.strip():
        raise ApiError(422, "daily-name")
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise ApiError(422, "daily-name")
    return name


def _day_bounds(day: datetime.date) -> tuple[float, float]:
    start = datetime.datetime.combine(day, datetime.time(), datetime.UTC).timestamp()
    return start, start + 86400.0


def number(score: float) -> float | int:
    return int(score) if float(score).is_integer() else score


class Daily:
    """The routes' work, blocking (run in a thread), on the server's engine."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.engine: Engine = service.engine

    def _daily_table(self, conn: sa.Connection, table_id: str, token: str, date: str) -> Any:
        """The table's row once the token opens its seat and it is ``date``'s puzzle."""
        row = conn.execute(sa.select(tables).where(tables.c.id == table_id)).first()
        if row is None:
            raise ApiError(404, "unknown-table", {"table": table_id})
        seat = conn.execute(sa.select(seats).where(seats.c.table_id == table_id, seats.c.seat == 0)).first()
        if seat is None or not matches(token, seat.token_hash):
            raise ApiError(401, "bad-token")
        if row.game != GAME or row.players != 1 or json.loads(row.options).get("daily") != date:
            raise ApiError(422, "daily-wrong-table", {"date": date})
        return row, seat

    def _is_first(self, conn: sa.Connection, row: Any, name: str, date: str,
                  account_id: int | None = None) -> bool:
        """Whether ``row`` is the name's (or, logged in, the account's)
        earliest table of ``date``'s puzzle, opened on that day."""
        start, end = _day_bounds(datetime.date.fromisoformat(date))
        if not start <= row.created_at < end:
            return False
        earlier = conn.execute(
            sa.select(sa.func.count()).select_from(tables.join(seats, seats.c.table_id == tables.c.id))
            .where(tables.c.game == GAME, tables.c.options == json.dumps({"daily": date}),
                   seats.c.seat == 0,
                   seats.c.name == name if account_id is None else seats.c.account_id == account_id,
                   sa.or_(tables.c.created_at < row.created_at,
                          sa.and_(tables.c.created_at == row.created_at, tables.c.id < row.id)))
        ).scalar_one()
        return int(earlier) == 0

    def submit(self, date: str, token: str, table_id: str) -> dict[str, Any]:
        check_date(date)
        with reading(self.engine) as conn:
            row, seat = self._daily_table(conn, table_id, token, date)
        return self._enter(row, seat, date)

    def enter_finished(self, table_id: str) -> dict[str, Any] | None:
        """Enter a daily table that has just ended, with no token: the
        server itself played its moves. ``None`` when it is no daily table,
        has no name, or cannot be entered (a bot played; already entered)."""
        with reading(self.engine) as conn:
            row = conn.execute(sa.select(tables).where(tables.c.id == table_id)).first()
            seat = conn.execute(sa.select(seats).where(seats.c.table_id == table_id,
                                                       seats.c.seat == 0)).first()
        if (row is None or seat is None or row.game != GAME or row.players != 1
                or not (seat.name or seat.account_id is not None)):
            return None
        date = json.loads(row.options).get("daily")
        if not isinstance(date, str):
            return None
        try:
            check_date(date)
            return self._enter(row, seat, date)
        except ApiError:  # a refusal here is a table that is not to be entered
            return None

    def _enter(self, row: Any, seat: Any, date: str) -> dict[str, Any]:
        table_id = row.id
        with reading(self.engine) as conn:
            if seat.account_id is not None:  # accounts: one try per account, under its name
                from gameshelf.server.store.account_tables import accounts

                name = conn.execute(sa.select(accounts.c.name)
                                    .where(accounts.c.id == seat.account_id)).scalar_one()
            else:
                name = check_name(seat.name)
            if conn.execute(sa.select(attempts.c.table_id).where(attempts.c.table_id == table_id)).first():
                raise ApiError(409, "daily-submitted", {"table": table_id})
            first = self._is_first(conn, row, name, date, seat.account_id)
        if row.status != "over":
            raise ApiError(409, "not-over")
        marked = (json.loads(row.result) if row.result else {}).get("marked", {})
        if marked.get("bot_played") or marked.get("timed_out"):
            raise ApiError(422, "daily-bot-played")
        state = replay(self.service.record(table_id))  # the server's own replay, from the seed
        score = float(state.scores()[0])
        try:
            with writing(self.engine) as conn:
                conn.execute(attempts.insert().values(
                    table_id=table_id, date=date, name=name, score=score, counted=first,
                    submitted_at=time.time()))
        except IntegrityError:
            raise ApiError(409, "daily-submitted", {"table": table_id}) from None
        return {"date": date, "table": table_id, "name": name, "score": number(score), "counted": first}

    def board(self, date: str, name: str | None) -> dict[str, Any]:
        """The counted attempts of ``date``, best first (ties: earlier first),
        and ``name``'s own attempts on this and earlier dates when asked."""
        check_date(date)
        with reading(self.engine) as conn:
            rows = conn.execute(
                sa.select(attempts.c.name, attempts.c.score)
                .where(attempts.c.date == date, attempts.c.counted.is_(True))
                .order_by(attempts.c.score.desc(), attempts.c.submitted_at, attempts.c.table_id)
            ).all()
            history = None
            if name is not None:
                mine = conn.execute(
                    sa.select(attempts.c.date, attempts.c.score, attempts.c.counted, attempts.c.table_id)
                    .where(attempts.c.name == check_name(name), attempts.c.date <= date)
                    .order_by(attempts.c.date.desc(), attempts.c.submitted_at.desc()).limit(HISTORY)
                ).all()
                history = [{"date": r.date, "score": number(r.score), "counted": r.counted,
                            "table": r.table_id} for r in reversed(mine)]
        entries: list[dict[str, Any]] = []
        for index, r in enumerate(rows):
            rank = index + 1 if index == 0 or r.score != rows[index - 1].score else entries[-1]["rank"]
            entries.append({"rank": rank, "name": r.name, "score": number(r.score)})
        out: dict[str, Any] = {"date": date, "entries": entries}
        if history is not None:
            out["name"] = name
            out["history"] = history
        return out

    def par_allowed(self, date: str, token: str | None, table_id: str | None) -> bool:
        """Whether the par may be shown: the date is over, or the caller's
        token opens a submitted attempt of that date. ``True`` when the
        whole line may be shown (the date is over)."""
        day = check_date(date)
        if day < utc_today():
            return True
        if token is None or table_id is None:
            raise ApiError(403, "daily-par-hidden", {"date": date})
        with reading(self.engine) as conn:
            self._daily_table(conn, table_id, token, date)
            if conn.execute(sa.select(attempts.c.table_id).where(attempts.c.table_id == table_id)).first() is None:
                raise ApiError(403, "daily-par-hidden", {"date": date})
        return False


class ParCache:
    """The solver's par per date, computed once per process (it takes
    seconds) while other dates' requests go on."""

    def __init__(self) -> None:
        self._done: dict[str, tuple[float, list[Any]]] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    @staticmethod
    def solve(date: str) -> tuple[float, list[Any]]:
        from gameshelf.tools.dicey_farm.par import solve

        result = solve(date)
        return float(result.score), list(result.line)

    def get(self, date: str) -> tuple[float, list[Any]]:
        with self._guard:
            lock = self._locks.setdefault(date, threading.Lock())
        with lock:
            if date not in self._done:
                self._done[date] = self.solve(date)
            return self._done[date]


PAR = ParCache()
