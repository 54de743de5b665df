"""The use cases of a table, as plain blocking functions: open, list and
read tables; join, leave, claim a timeout; view; move (a person's, a
bot's) and take back; the record and the replay.

Beside it: what the rows say (:mod:`.rows`), the views built per viewer
(:mod:`.views`), the records a move is carried by (:mod:`.moves`), the game
rebuilt by replay (:mod:`.live`). The sockets' fan-out is
:mod:`gameshelf.server.http.fanout`.

Why blocking: SQLAlchemy sessions and game rules are synchronous; the app
runs these in a thread pool so the event loop never waits on them.

Two kinds of lock, for two jobs:

- in this process, a table's lock keeps two threads from changing its
  cached :class:`Live` game at once. It lives only while some thread holds
  or awaits it (a weak reference), so a flood of requests naming tables
  that do not exist leaves nothing behind;
- between processes the database decides. Every write locks the table's
  row first (``SELECT … FOR UPDATE`` on PostgreSQL; SQLite's writes are
  serialised by ``BEGIN IMMEDIATE``) and checks the seats it read *after*
  taking that lock, so two workers' joins, leaves, timeout claims and the
  start of a table are one after the other, never check-then-write
  interleaved. Of two moves (or take-backs) after the same state the unique
  ``(table_id, seq)`` of the move log stores exactly one; the other is
  refused as stale.
"""

from __future__ import annotations

import collections
import dataclasses
import json
import logging
import secrets
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine, Row
from sqlalchemy.exc import IntegrityError

from gameshelf.core.errors import GameshelfError
from gameshelf.core.protocol import State
from gameshelf.core.registry import load_game
from gameshelf.core.rng import derive_seed
from gameshelf.core.undo import Probe
from gameshelf.server import wire
from gameshelf.server.auth.sessions import AccountKey
from gameshelf.server.auth.tokens import new_token, token_hash
from gameshelf.server.errors import ApiError
from gameshelf.server.play import fair, lobby, story
from gameshelf.server.play.catalogue import check_options, game_or_404
from gameshelf.server.play.clocks import charged, remaining, spent
from gameshelf.server.play.hint_rules import hints_allowed
from gameshelf.server.play.live import Live
from gameshelf.server.play.moves import BotJob, MoveDone, TableLock, Written
from gameshelf.server.play.rows import (
    OPEN,
    OVER,
    RUNNING,
    check_running_at,
    check_seat,
    controller,
    one,
    public,
    seat_of,
    stamp,
)
from gameshelf.server.play.views import View, Want
from gameshelf.server.play.views import build as build_views
from gameshelf.server.store.commits import GroupCommitter
from gameshelf.server.store.db import moves, reading, seats, tables, writing
from gameshelf.server.store.statements import Statements, TableRow

log = logging.getLogger("gameshelf.server")

#: How many live games one process keeps rebuilt (the rest are replayed on use).
CACHE_SIZE = 2000

# Built once: building a statement and its cache key cost more CPU than the
# database's own work on it (the move's own statements: ``store/statements.py``).
_SEATS = sa.select(seats).where(seats.c.table_id == sa.bindparam("b_id")).order_by(seats.c.seat)


class Service:
    """The server's state: a database engine and a cache of live games."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._cache: collections.OrderedDict[str, Live] = collections.OrderedDict()
        self._seat_cache: collections.OrderedDict[
            str, tuple[tuple[float, int], list[Row[Any]]]] = collections.OrderedDict()
        self._locks: weakref.WeakValueDictionary[str, TableLock] = weakref.WeakValueDictionary()
        #: a table's row and seats as this process's last move left them, for
        #: the views that follow that move (no read of what was just written)
        self._written: collections.OrderedDict[str, tuple[Any, list[Row[Any]]]] = \
            collections.OrderedDict()
        self._guard = threading.Lock()
        self._commits = GroupCommitter(engine)
        self._sql = Statements(engine.dialect)
        #: called with a table's id once its last move is stored (Daily Mode enters it)
        self.finished: list[Callable[[str], Any]] = []
        #: called in the transaction that stores a game's last move, with the
        #: connection, the table's row and seats and its result (ratings)
        self.ending: list[Callable[[Connection, Any, list[Row[Any]], dict[str, Any]], None]] = []

    def close(self) -> None:
        """Finish the queued writes and let the database go."""
        self._commits.close()
        self.engine.dispose()

    # -- a table as this process holds it (the features that read a table use these too) --
    def table_lock(self, table_id: str) -> TableLock:
        """This process's lock of a table: the one every thread working on
        it now shares, made afresh when none is (see the module's doc)."""
        with self._guard:
            lock = self._locks.get(table_id)
            if lock is None:
                lock = self._locks[table_id] = TableLock()
            return lock

    def table_rows(self, conn: Connection, table_id: str, *,
                   lock: bool = False) -> tuple[TableRow, list[Row[Any]]]:
        """The table's row and its seats; ``lock``: the row locked until the
        transaction ends (every write), so what is read here is still true
        when it is written. Every change to a table or its seats moves
        ``updated_at`` strictly forward (:func:`.rows.stamp`), so seats read at
        the same ``(updated_at, moves)`` are still true and one query
        suffices (the common case: a view or a move)."""
        if lock:  # a write: what this process wrote last is about to be out of date
            self._written.pop(table_id, None)
        row = self._sql.table(conn, table_id, lock)
        if row is None:
            raise ApiError(404, "unknown-table", {"table": table_id})
        cached = self._seat_cache.get(table_id)
        if cached is not None and cached[0] == (row.updated_at, row.moves):
            self._seat_cache.move_to_end(table_id)
            return row, cached[1]
        seat_rows = list(conn.execute(_SEATS, {"b_id": table_id}))
        self._seat_cache[table_id] = ((row.updated_at, row.moves), seat_rows)
        self._seat_cache.move_to_end(table_id)
        while len(self._seat_cache) > CACHE_SIZE:
            self._seat_cache.popitem(last=False)
        return row, seat_rows

    def live_game(self, conn: Connection, row: Any) -> Live:
        """The table's game brought up to its last stored move."""
        live = self._cache.get(row.id)
        if live is not None and live.n == row.moves:
            self._cache.move_to_end(row.id)
            return live
        if live is None or live.n > row.moves:
            game = load_game(row.game)
            live = Live.start(game, row.players, row.seed, json.loads(row.options))
        stored = list(conn.execute(
            sa.select(moves.c.seq, moves.c.seat, moves.c.action, moves.c.by_bot, moves.c.undoes)
            .where(moves.c.table_id == row.id, moves.c.seq > live.n)
            .order_by(moves.c.seq)
        ))
        self._replay(row.id, live, stored)
        self._keep(row.id, live)
        return live

    def _keep(self, table_id: str, live: Live) -> None:
        """Remember ``live`` as the table's game, forgetting the games used
        least recently beyond :data:`CACHE_SIZE`."""
        self._cache[table_id] = live
        self._cache.move_to_end(table_id)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    @staticmethod
    def _replay(table_id: str, live: Live, stored: Sequence[Any]) -> None:
        """Bring ``live`` through the stored entries. Only the trailing run
        of one person's entries can still be taken back, so only its moves
        are probed (the same deterministic question the move was asked when
        it was made); every move that the log later takes back is copied
        before it is played, so its take-back needs no replay from the seed."""
        game = live.state.game
        start = len(stored)
        while start and stored[start - 1].seat == stored[-1].seat and not stored[start - 1].by_bot:
            start -= 1
        undone = {r.undoes for r in stored if r.undoes is not None}
        saved: dict[int, Any] = {}
        for index, r in enumerate(stored):
            if r.seq != live.n + 1:
                raise RuntimeError(f"table {table_id}: entry {r.seq} follows {live.n}")
            if r.undoes is not None:
                live.undo(r.seat, r.undoes, saved)
                continue
            if r.seq in undone:
                saved[r.seq] = live.state.clone()
            probe = live.probe(r.seat) if index >= start else None
            live.apply(game.action_from_json(json.loads(r.action)), r.seat, probe)

    # -- tables ------------------------------------------------------------------------
    def create_table(self, req: wire.CreateTable, owner: int | None = None) -> dict[str, Any]:
        """Open a table; ``owner`` (an account id) sits in its first human seat."""
        game = game_or_404(req.game)
        if not game.min_players <= req.players <= game.max_players:
            raise ApiError(422, "bad-player-count",
                           {"game": game.id, "low": game.min_players, "high": game.max_players,
                            "n": req.players})
        if len(req.seats) != req.players:
            raise ApiError(422, "seat-count", {"seats": len(req.seats), "n": req.players})
        options = check_options(game, dict(req.options))
        hints_allowed(req.rated, options, req.hints)
        seed = secrets.randbits(62)
        try:
            live = Live.start(game, req.players, seed, options)
        except GameshelfError:
            raise ApiError(422, "bad-option", {"name": ", ".join(sorted(req.options))}) from None
        table_id = secrets.token_urlsafe(12)
        now = time.time()
        tokens: dict[str, str] = {}
        status = OPEN if any(isinstance(s, wire.OpenSeat) for s in req.seats) else RUNNING
        seat_values: list[dict[str, Any]] = []
        for index, spec in enumerate(req.seats):
            value: dict[str, Any] = {"table_id": table_id, "seat": index, "kind": spec.kind,
                                     "name": None, "token_hash": None, "level": None,
                                     "stand_in": None, "timed_out": False, "account_id": None,
                                     "bank": float(req.clock.bank) if req.clock else None}
            if isinstance(spec, wire.HumanSeat):
                token = new_token()
                tokens[str(index)] = token
                value.update(name=spec.name, token_hash=token_hash(token))
                if owner is not None and not any(v["account_id"] for v in seat_values):
                    value["account_id"] = owner  # accounts
            elif isinstance(spec, wire.BotSeat):
                value.update(level=spec.level)
            seat_values.append(value)

        def work(conn: Connection) -> None:
            conn.execute(tables.insert().values(
                id=table_id, game=game.id, players=req.players, options=json.dumps(options),
                seed=seed, status=status, moves=0, rated=req.rated, hints=req.hints,
                clock=req.clock.model_dump_json() if req.clock else None,
                turn_started=now if status == RUNNING else None, result=None,
                created_at=now, updated_at=now,
            ))
            conn.execute(seats.insert(), seat_values)

        # with the moves' group commit: a transaction of its own would sync
        # the disk once more and hold SQLite's write lock against them; ahead
        # of the moves queued there (at saturation it waited behind them all)
        self._commits.run(work, first=True)
        with self.table_lock(table_id):
            self._keep(table_id, live)
        return {"id": table_id, "tokens": tokens}

    def list_tables(self) -> list[dict[str, Any]]:
        """Open and recently played tables (``lobby.py``), latest first (at
        most 200); whose turn it is where this process holds the game."""
        with reading(self.engine) as conn:
            rows = list(conn.execute(
                sa.select(tables).where(lobby.listed(time.time(), OPEN, RUNNING))
                .order_by(tables.c.updated_at.desc()).limit(200)
            ))
            ids = [r.id for r in rows]
            seat_rows: dict[str, list[Row[Any]]] = collections.defaultdict(list)
            if ids:
                for s in conn.execute(sa.select(seats).where(seats.c.table_id.in_(ids))
                                      .order_by(seats.c.seat)):
                    seat_rows[s.table_id].append(s)
        held = {r.id: live for r in rows if (live := self._cache.get(r.id)) is not None and live.n == r.moves}
        return [public(r, seat_rows[r.id], held.get(r.id)) for r in rows]

    def table_info(self, table_id: str) -> dict[str, Any]:
        with self.table_lock(table_id), reading(self.engine) as conn:
            row, seat_rows = self.table_rows(conn, table_id)
            return public(row, seat_rows, self.live_game(conn, row))

    # -- seats ---------------------------------------------------------------------------
    def join(self, table_id: str, seat: int, token: str | None, name: str | None) -> dict[str, Any]:
        """Take an open seat (a new token), or come back to one's own seat
        with its token (a bot standing in steps aside). ``token`` may be an
        :class:`AccountKey`: the seat is then the account's, or an open seat
        it takes (bound to the account)."""
        with self.table_lock(table_id), writing(self.engine) as conn:
            row, seat_rows = self.table_rows(conn, table_id, lock=True)
            check_seat(row, seat)
            target = seat_rows[seat]
            if row.status == OVER:
                raise ApiError(409, "game-over")
            changes: dict[str, Any] = {}
            held = seats.c.kind == target.kind  # (always true under the row lock)
            owner = token.account_id if isinstance(token, AccountKey) else None  # accounts
            mine = seat_of(seat_rows, token)
            if mine is not None or (token is not None and owner is None):
                if mine != seat:
                    raise ApiError(403, "not-your-seat", {"seat": seat})
                changes["stand_in"] = None  # the mark of a timeout stays on the result
            elif target.kind == "open":
                if row.rated and owner is None:  # accounts: a rated table seats accounts only
                    raise ApiError(403, "login-required")
                if row.rated and owner is not None:  # one rated table per pair (fair.py)
                    fair.check_pair(conn, table_id, owner, seat_rows, seat)
                token = new_token()
                changes.update(kind="human", token_hash=token_hash(token), account_id=owner)
            else:
                raise ApiError(409, "seat-taken", {"seat": seat})
            if name is not None:
                changes["name"] = name
            one(conn.execute(seats.update().where(
                seats.c.table_id == table_id, seats.c.seat == seat, held).values(**changes)),
                409, "seat-taken", {"seat": seat})
            now = time.time()
            table_changes: dict[str, Any] = {"updated_at": stamp(row, now)}
            still_open = [s for s in seat_rows if s.kind == "open" and s.seat != seat]
            if row.status == OPEN and not still_open:
                table_changes.update(status=RUNNING, turn_started=now)
            conn.execute(tables.update().where(tables.c.id == table_id).values(**table_changes))
        return {"seat": seat, "token": token}

    def leave(self, table_id: str, seat: int, token: str | None, bot: str | None) -> dict[str, Any]:
        """Step away from one's seat: before the start it opens again;
        during the game ``bot`` (a level) plays it until its person joins
        again with the token. At a rated table leaving during the game ends
        it at once (``fair.py``): aborted before the person's second move,
        else lost by the leaver."""
        if token is None:
            raise ApiError(401, "bad-token")
        with self.table_lock(table_id), writing(self.engine) as conn:
            row, seat_rows = self.table_rows(conn, table_id, lock=True)
            check_seat(row, seat)
            if seat_of(seat_rows, token) != seat:
                raise ApiError(403, "not-your-seat", {"seat": seat})
            if row.status == OVER:
                raise ApiError(409, "game-over")
            if row.rated and row.status == RUNNING:
                ended = self._end_rated(conn, row, seat_rows, seat, "left")
            else:
                return self._step_away(conn, row, seat_rows, seat, bot)
        self.ended(table_id)
        return {"seat": seat, "stand_in": None, "ended": ended}

    @staticmethod
    def _step_away(conn: Connection, row: Any, seat_rows: list[Row[Any]], seat: int,
                   bot: str | None) -> dict[str, Any]:
        """:meth:`leave` at a casual table (or before any game starts)."""
        if row.status == OPEN:
            changes: dict[str, Any] = {"kind": "open", "token_hash": None, "name": None,
                                       "account_id": None}
        else:
            changes = {"stand_in": bot}
        one(conn.execute(seats.update().where(
            seats.c.table_id == row.id, seats.c.seat == seat,
            seats.c.token_hash == seat_rows[seat].token_hash).values(**changes)),
            401, "bad-token", {})
        conn.execute(tables.update().where(tables.c.id == row.id)
                     .values(updated_at=stamp(row, time.time())))
        return {"seat": seat, "stand_in": changes.get("stand_in")}

    def _end_rated(self, conn: Connection, row: Any, seat_rows: list[Row[Any]], seat: int,
                   by: str) -> str:
        """End a running rated game now because ``seat`` left or its clock
        ran out (``by``: "left" or "timeout"), in the caller's transaction
        with the table's row locked: aborted (nobody rated) before the
        seat's person made ``fair.MIN_OWN_MOVES`` moves, else lost by that
        seat, the ratings moving with it (the :attr:`ending` hooks).
        Returns how it ended: "aborted" or "forfeit"."""
        live = self.live_game(conn, row)
        aborted = fair.own_moves(conn, row.id, seat) < fair.MIN_OWN_MOVES
        now = time.time()
        if by == "timeout":
            conn.execute(seats.update().where(seats.c.table_id == row.id, seats.c.seat == seat)
                         .values(timed_out=True))
        result = fair.ended_result([float(x) for x in live.state.scores()], row.players, seat, by,
                                   aborted)
        result["marked"] = self._marks(conn, row.id, seat_rows)
        if by == "timeout":
            result["marked"]["timed_out"] = sorted({*result["marked"]["timed_out"], seat})
        for hook in self.ending:  # ratings (a forfeit) move in this very transaction
            hook(conn, row, seat_rows, result)
        conn.execute(tables.update().where(tables.c.id == row.id).values(
            status=OVER, result=json.dumps(result), updated_at=stamp(row, now)))
        return str(result["ended"]["how"])

    def expire(self, table_id: str) -> bool:
        """The server's own watch (``fair.WATCH_EVERY``): end a rated game
        whose person to move has run out of time, as a claim would. Whether
        it ended it (another host's watch, or a move, may have been first)."""
        with self.table_lock(table_id), writing(self.engine) as conn:
            row, seat_rows = self.table_rows(conn, table_id, lock=True)
            if row.status != RUNNING or not row.rated:
                return False
            to_move = self.live_game(conn, row).state.current_player
            if to_move is None or controller(seat_rows[to_move]) is not None:
                return False
            left = remaining(row, seat_rows[to_move], time.time())
            if left is None or left > 0:
                return False
            self._end_rated(conn, row, seat_rows, to_move, "timeout")
        self.ended(table_id)
        return True

    def overdue(self) -> list[str]:
        """Rated tables whose clocks may have run out (``fair.overdue``)."""
        with reading(self.engine) as conn:
            return fair.overdue(conn)

    # -- play ------------------------------------------------------------------------------
    def view(self, table_id: str, token: str | None, lang: str | None,
             since: int | None = None) -> View:
        """What the seat ``token`` opens (or a spectator) may see now."""
        view = self.views(table_id, [Want(token, lang, since)])[0]
        if isinstance(view, ApiError):
            raise view
        return view

    def views(self, table_id: str, wants: Sequence[Want],
              written: bool = False) -> list[View | ApiError]:
        """Several viewers' views of one state (:func:`.views.build`), from
        one read of the database: a move's updates to every socket of the
        table cost one round trip, not one per socket. ``written``: the
        views that follow a move this process stored, built from the row it
        wrote, without reading it back, unless the cached game has moved on
        since (another worker moved: then the database is read)."""
        with self.table_lock(table_id):
            return self._views_held(table_id, wants, written)

    def _views_held(self, table_id: str, wants: Sequence[Want],
                    written: bool) -> list[View | ApiError]:
        """:meth:`views`, for a caller that holds the table's lock."""
        mine = self._written.pop(table_id, None) if written else None
        live = self._cache.get(table_id)
        if mine is not None and live is not None and live.n == mine[0].moves:
            return build_views(mine[0], mine[1], live, wants)
        with reading(self.engine) as conn:
            row, seat_rows = self.table_rows(conn, table_id)
            return build_views(row, seat_rows, self.live_game(conn, row), wants)

    def submit(self, table_id: str, token: str | None, move: wire.Move,
               wants: Sequence[Want] = ()) -> MoveDone:
        """Apply a person's move, or refuse it and change nothing. ``wants``
        (the table's sockets, as for :meth:`views`): their views of the new
        state are built here too (:attr:`MoveDone.views`), in the same call
        on the same thread: a thread hop fewer per move than asking for
        them afterwards (each hop cost about 0.15-0.2 ms of CPU)."""
        if token is None:
            raise ApiError(401, "bad-token")
        done = self._submit(table_id, token, None, move.after, move.action)
        if wants:
            try:
                with self.table_lock(table_id):
                    done = done.seen(self._views_held(table_id, wants, written=True))
                    self._sent(table_id)
            except Exception:  # the move is stored: its views are built again by the hub
                log.exception("views of table %s after a move", table_id)
        return done

    def submit_bot(self, job: BotJob, action: dict[str, Any]) -> bool:
        """Store a bot's move unless the table moved on meanwhile (another
        worker's bot was first, or the person came back)."""
        try:
            self._submit(job.table_id, None, job, job.after, action)
        except ApiError:
            return False
        return True

    def _submit(self, table_id: str, token: str | None, job: BotJob | None, after: int,
                action_json: dict[str, Any]) -> MoveDone:
        """Check and store one move. The checks run in the same transaction
        as the insert, on the group committer's thread (see
        :mod:`gameshelf.server.store.commits`); this thread holds the table's lock
        until that transaction has committed, so no view of this table is
        built from the cached game before its move is durable."""
        with self.table_lock(table_id):
            work = self._move_work(table_id, token, job, after, action_json)
            try:
                moved = self._commits.run(work)
            except BaseException as exc:
                refusal = self._move_refused(table_id, after, exc)
                if refusal is exc:
                    raise
                raise refusal from None
            done = self._move_stored(table_id, moved)
        if done.over:
            self.ended(table_id)
        return done

    def submit_soon(self, table_id: str, token: str | None, move: wire.Move,
                    wants: Sequence[Want], answer: Callable[[FinishMove], None]) -> bool:
        """:meth:`submit` without a thread waiting for it: the move goes
        straight to the group committer's thread, which checks and stores
        it, and then calls ``answer`` with a :class:`FinishMove` that the
        caller must call exactly once, on a thread of its choice (the hub's
        finishing thread): it settles the move, builds the table's views
        (``wants``) and returns what :meth:`submit` returns, or raises what
        it raises.
        Returns ``False``, doing nothing, when another thread holds the
        table now (then call :meth:`submit`).

        Why: the event loop hands a websocket move over once and is
        answered once, where a pool thread waiting on the committer cost
        two more hand-overs between threads, more CPU than the move's own
        statements; and the views are built off the committer's thread (so
        its next commit syncs the disk while they are built) and off the
        event loop (every socket would wait; on a busy machine a process
        whose work is all on one thread also gets less of the CPU). The same
        checks, in the same transaction, as :meth:`submit`; the table's
        lock is held from here until the views are built. When the move
        ends the game, call :meth:`ended` afterwards (it may write: not on
        the committer's thread)."""
        if token is None:
            raise ApiError(401, "bad-token")
        lock = self.table_lock(table_id)
        if not lock.acquire(blocking=False):
            return False
        try:
            work = self._move_work(table_id, token, None, move.after, move.action)
        except BaseException:
            lock.release()
            raise

        self._commits.post(work, lambda ok, value: answer(
            FinishMove(self, table_id, move.after, tuple(wants), lock, ok, value)))
        return True

    def _sent(self, table_id: str) -> None:
        """A move's views are built for every socket of the table (the
        caller holds its lock): what was derived for them goes
        (:meth:`Live.let_go`)."""
        live = self._cache.get(table_id)
        if live is not None:
            live.let_go()

    def ended(self, table_id: str) -> None:
        """What follows the move that ended a game (:attr:`finished`)."""
        for hook in self.finished:
            try:
                hook(table_id)
            except Exception:  # the game is stored; a hook must not turn it into an error
                log.exception("after table %s ended", table_id)

    def _move_work(self, table_id: str, token: str | None, job: BotJob | None, after: int,
                   action_json: dict[str, Any]) -> Callable[[Connection], Written]:
        """The move's checks and writes, to run in a group commit's
        transaction (the caller holds the table's lock)."""
        ahead: tuple[State, Probe] | None = None
        cached = self._cache.get(table_id)
        mover = cached.state.current_player if cached is not None else None
        if job is None and cached is not None and cached.n == after and mover is not None:
            # off the writer's transaction: the position before the move,
            # and the worlds that say later whether it may be taken back
            ahead = (cached.state, cached.probe(mover))

        def work(conn: Connection) -> Written:
            row, seat_rows = self.table_rows(conn, table_id, lock=True)
            seat = seat_of(seat_rows, token) if job is None else job.seat
            live = self.live_game(conn, row)
            check_running_at(row, live, after)
            to_move = live.state.current_player
            playing = controller(seat_rows[to_move]) if to_move is not None else None
            if seat is None or seat != to_move or (job is None) != (playing is None):
                raise ApiError(403, "not-your-turn", {"seat": seat, "to_move": to_move})
            if job is not None and playing != job.level:
                raise ApiError(409, "stale", {"after": after, "state": live.n})
            action = live.state.game.action_from_json(action_json)  # IllegalAction: 422
            live.state.validate(action)
            now = time.time()
            stored = {"table_id": table_id, "seq": live.n + 1, "seat": seat,
                      "action": json.dumps(action.to_json()), "by_bot": job is not None,
                      "created_at": now, "undoes": None}
            # a person's move may be taken back later: the probe taken before
            # the commit, unless the game was rebuilt here (then take it now)
            probe = None
            if job is None:
                probe = (ahead[1] if ahead is not None and ahead[0] is live.state
                         and ahead[1].seat == seat else live.probe(seat))
            live.apply(action, seat, settle=False)
            if row.clock and job is None:
                conn.execute(seats.update().where(
                    seats.c.table_id == table_id, seats.c.seat == seat).values(
                    bank=charged(row, seat_rows[seat], now)))
            result = live.result()
            if result is not None:
                self._sql.insert_move(conn, stored)  # (the marks read the log with it)
                result["marked"] = self._marks(conn, table_id, seat_rows)
                for hook in self.ending:  # accounts: ratings move in this very transaction
                    hook(conn, row, seat_rows, result)
            changes: dict[str, Any] = {
                "moves": live.n, "updated_at": stamp(row, now), "turn_started": now,
                "status": OVER if result else RUNNING,
                "result": json.dumps(result) if result else None}
            if result is not None:
                self._sql.after_move(conn, table_id, changes)
            else:  # (played in the cached game first: a refused insert forgets it)
                self._sql.move_and_after(conn, stored, table_id, changes)
            # (a clock's bank changed a seat: those views read the seats again)
            written = None if row.clock else row._replace(**changes)
            return Written(live, seat_rows, result, probe, action, written)

        return work

    def _move_refused(self, table_id: str, after: int, exc: BaseException) -> BaseException:
        """What a move whose transaction failed raises: a duplicate
        ``(table_id, seq)`` is a stale move; the cached game (or seats) may
        have moved ahead of the database, so it is forgotten."""
        if isinstance(exc, IntegrityError):
            self._forget(table_id)
            return ApiError(409, "stale", {"after": after, "state": after + 1})
        cached = self._cache.get(table_id)
        if cached is not None and cached.n > after:
            self._forget(table_id)
        return exc

    def _move_stored(self, table_id: str, moved: Written) -> MoveDone:
        """After the move's commit (the caller still holds the table's
        lock): settle its take-back, keep what was written for its views,
        and say whether a bot is to move next."""
        live, seat_rows = moved.live, moved.seat_rows
        live.settle(moved.probe, moved.action)  # before anyone else may read the table
        written = moved.written
        if written is not None:
            self._written[table_id] = (written, seat_rows)
            self._written.move_to_end(table_id)
            while len(self._written) > CACHE_SIZE:
                self._written.popitem(last=False)
            # the move changed no seat: the seats read stay true for the
            # row as it now is (else every move read them again)
            if table_id in self._seat_cache:
                self._seat_cache[table_id] = ((written.updated_at, written.moves), seat_rows)
        over = moved.result is not None
        nxt = live.state.current_player
        bot_next = not over and nxt is not None and controller(seat_rows[nxt]) is not None
        return MoveDone(live.n, over, bot_next)

    def undo(self, table_id: str, token: str | None, req: wire.Undo) -> dict[str, Any]:
        """Take back the seat's latest move, if Board Game Arena's policy
        allows it (:class:`gameshelf.core.undo.Probe`), as a new entry of
        the log; or refuse and change nothing. Exactly once: the entry is
        stored as ``seq = after + 1`` like a move, so a repeated or raced
        request is refused as stale."""
        if token is None:
            raise ApiError(401, "bad-token")
        after = req.after

        def work(conn: Connection) -> tuple[Live, int]:
            row, seat_rows = self.table_rows(conn, table_id, lock=True)
            seat = seat_of(seat_rows, token)
            live = self.live_game(conn, row)
            check_running_at(row, live, after)
            to_move = live.state.current_player
            if seat is None or seat != to_move:
                raise ApiError(403, "not-your-turn", {"seat": seat, "to_move": to_move})
            if controller(seat_rows[seat]) is not None or row.rated or not live.can_undo(seat):
                raise ApiError(409, "no-undo")
            k = live.undoable[-1][0]
            now = time.time()
            conn.execute(moves.insert().values(
                table_id=table_id, seq=live.n + 1, seat=seat,
                action=json.dumps(live.entries[k - 1].action.to_json()), by_bot=False,
                created_at=now, undoes=k,
            ))
            live.undo(seat)
            if row.clock:
                conn.execute(seats.update().where(
                    seats.c.table_id == table_id, seats.c.seat == seat).values(
                    bank=spent(row, seat_rows[seat], now)))
            conn.execute(tables.update().where(tables.c.id == table_id).values(
                moves=live.n, updated_at=stamp(row, now), turn_started=now))
            return live, k

        with self.table_lock(table_id):
            try:
                live, k = self._commits.run(work)
            except IntegrityError:
                self._forget(table_id)
                raise ApiError(409, "stale", {"after": after, "state": after + 1}) from None
            except BaseException:
                cached = self._cache.get(table_id)
                if cached is not None and cached.n > after:
                    self._forget(table_id)
                raise
        return {"state": live.n, "undone": k}

    def _forget(self, table_id: str) -> None:
        """Drop what this process remembers of a table (it is rebuilt on use)."""
        self._cache.pop(table_id, None)
        self._seat_cache.pop(table_id, None)
        self._written.pop(table_id, None)

    @staticmethod
    def _marks(conn: Connection, table_id: str, seat_rows: list[Row[Any]]) -> dict[str, Any]:
        """Which people's seats a bot played for a while (they left, or their
        clock ran out): a result to read with that in mind."""
        humans = {s.seat for s in seat_rows if s.kind == "human"}
        helped = {r.seat for r in conn.execute(
            sa.select(moves.c.seat).where(moves.c.table_id == table_id, moves.c.by_bot).distinct())}
        return {"bot_played": sorted(humans & helped),
                "timed_out": [s.seat for s in seat_rows if s.timed_out],
                "hinted": [s.seat for s in seat_rows if s.hints]}

    def claim_timeout(self, table_id: str, seat: int, token: str | None,
                      bot: str) -> dict[str, Any]:
        """Another seated person lets ``bot`` play ``seat``, whose clock ran
        out, so the game can finish; the result is marked. At a rated table
        no bot stands in: the game ends, lost by that seat (``fair.py``)."""
        if token is None:
            raise ApiError(401, "bad-token")
        ended = None
        with self.table_lock(table_id), writing(self.engine) as conn:
            row, seat_rows = self.table_rows(conn, table_id, lock=True)
            check_seat(row, seat)
            claimer = seat_of(seat_rows, token)
            if claimer is None or claimer == seat:
                raise ApiError(403, "not-your-seat", {"seat": seat})
            live = self.live_game(conn, row)
            if row.status != RUNNING or live.state.current_player != seat:
                raise ApiError(409, "no-timeout", {"seat": seat})
            left = remaining(row, seat_rows[seat], time.time())
            if left is None or left > 0 or controller(seat_rows[seat]) is not None:
                raise ApiError(409, "no-timeout", {"seat": seat})
            if row.rated:
                ended = self._end_rated(conn, row, seat_rows, seat, "timeout")
            else:
                one(conn.execute(seats.update().where(
                    seats.c.table_id == table_id, seats.c.seat == seat,
                    seats.c.stand_in.is_(None), seats.c.kind == "human")
                    .values(timed_out=True, stand_in=bot)), 409, "no-timeout", {"seat": seat})
                conn.execute(tables.update().where(tables.c.id == table_id)
                             .values(updated_at=stamp(row, time.time())))
        if ended is not None:
            self.ended(table_id)
            return {"seat": seat, "stand_in": None, "ended": ended}
        return {"seat": seat, "stand_in": bot}

    def bot_job(self, table_id: str) -> BotJob | None:
        """The bot turn this table waits for, if any."""
        with self.table_lock(table_id), reading(self.engine) as conn:
            row, seat_rows = self.table_rows(conn, table_id)
            if row.status != RUNNING:
                return None
            live = self.live_game(conn, row)
            to_move = live.state.current_player
            if to_move is None:
                return None
            level = controller(seat_rows[to_move])
            if level is None:
                return None
            record = live.state.record()
            return BotJob(table_id, live.n, to_move, level, record,
                          derive_seed(row.seed, "bot", to_move, live.n))

    def tables_waiting_for_bots(self) -> list[str]:
        """Running tables, for the sweep after a restart (a bot's turn that
        was in flight when the server died)."""
        with reading(self.engine) as conn:
            return [r.id for r in conn.execute(
                sa.select(tables.c.id).where(tables.c.status == RUNNING))]

    def state_numbers(self, ids: list[str]) -> dict[str, int]:
        """Each table's state number, as stored (one query)."""
        with reading(self.engine) as conn:
            return {r.id: r.moves for r in conn.execute(
                sa.select(tables.c.id, tables.c.moves).where(tables.c.id.in_(ids)))}

    def record(self, table_id: str) -> dict[str, Any]:
        """The whole game, seed included: only once it is over."""
        with self.table_lock(table_id), reading(self.engine) as conn:
            row, seat_rows = self.table_rows(conn, table_id)
            if row.status != OVER:
                raise ApiError(409, "not-over")
            live = self.live_game(conn, row)
            meta = {"table": row.id, "seats": [
                {"seat": s.seat, "kind": s.kind, "name": s.name, "level": s.level,
                 "stand_in": s.stand_in, "timed_out": s.timed_out} for s in seat_rows]}
            return live.state.record() | {"meta": meta}

    def replay_frame(self, table_id: str, k: int, lang: str | None) -> dict[str, Any]:
        """A finished game as a spectator saw it after ``k`` moves, for the
        browser's replay viewer (it cannot run the rules itself)."""
        record = self.record(table_id)
        total = len(record["actions"])
        if k > total:
            raise ApiError(404, "unknown-move", {"k": k, "total": total})
        return story.frame(table_id, record, k, lang)


@dataclasses.dataclass(frozen=True, slots=True)
class FinishMove:
    """A move whose transaction ended on the group committer's thread
    (:meth:`Service.submit_soon`): ``ok`` with what the transaction
    returned (:class:`Written`), or not with the error it raised. Called
    once, on the thread the caller chose (never the committer's), it
    settles the move, builds the table's views (``wants``) and lets the
    table's lock go; returns what :meth:`Service.submit` returns, or raises
    what it raises."""

    service: Service
    table_id: str
    after: int
    wants: tuple[Want, ...]
    lock: TableLock
    ok: bool
    value: Any

    def __call__(self) -> MoveDone:
        service, table_id = self.service, self.table_id
        try:
            if not self.ok:
                raise service._move_refused(table_id, self.after, self.value)
            done = service._move_stored(table_id, self.value)
            try:
                done = done.seen(service._views_held(table_id, self.wants, written=True))
                if self.wants:
                    service._sent(table_id)
            except Exception:  # the move is stored: the hub builds its views again
                log.exception("views of table %s after a move", table_id)
            return done
        finally:
            self.lock.release()


