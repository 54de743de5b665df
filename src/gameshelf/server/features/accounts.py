"""Accounts: sign-up, login, passwords, claimed seats, "your turn" and profiles.

Why optional: a guest keeps playing with seat tokens exactly as before; an
account only adds what a person who comes back needs — one name and a
password (no e-mail address, nothing else), seats that follow the person to
any device, ratings and a profile. Everything here is blocking (the routes
run it in a thread).

Privacy: a profile is public and carries names, ratings, results and
figures computed from finished games, never a token, a session, an account
id or anything about a running game that its table page does not show
anyone. Passwords are only ever hashed (``passwords.py``) and are never
logged: nothing here logs a request body.
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Row
from sqlalchemy.exc import IntegrityError

from gameshelf.server import wire
from gameshelf.server.auth import sessions
from gameshelf.server.auth.devices import Devices
from gameshelf.server.auth.passwords import (
    fold,
    hash_password,
    name_problem,
    needs_rehash,
    password_problem,
    skeleton,
    verify,
    verify_dummy,
)
from gameshelf.server.auth.throttle import SIGNUP, Throttle
from gameshelf.server.auth.tokens import matches
from gameshelf.server.errors import ApiError
from gameshelf.server.features import ratings, statistics
from gameshelf.server.play import fair
from gameshelf.server.play.rows import OPEN, OVER, RUNNING
from gameshelf.server.play.service import Service
from gameshelf.server.store.account_tables import accounts
from gameshelf.server.store.db import reading, seats, tables, writing
from gameshelf.server.wire.accounts import ClaimSeat

#: Finished games a profile's totals read (the most recent), and those shown.
PROFILE_GAMES, RECENT = 1000, 20
#: Finished games per game whose statistics a profile averages (each is replayed once).
STAT_GAMES = 50


class Throttled(ApiError):
    """429: too many failed logins (or sign-ups); ``headers`` carries Retry-After."""

    def __init__(self, seconds: int, code: str = "throttled") -> None:
        super().__init__(429, code, {"seconds": seconds})
        self.headers = {"Retry-After": str(seconds)}


def check_rated(req: wire.CreateTable, owner: int | None) -> wire.CreateTable:
    """A rated table seats logged-in people and bots: its creator (logged
    in) sits in its only human seat; every other seat is a bot or open (a
    logged-in person takes it). A one-seat game is never rated. Returns the
    request to serve: a rated one always has a clock (``fair.rated_clock``)."""
    if not req.rated:
        return req
    if owner is None:
        raise ApiError(401, "login-required")
    humans = [s for s in req.seats if isinstance(s, wire.HumanSeat)]
    if len(humans) != 1 or req.players < 2:
        raise ApiError(422, "rated-seats")
    return fair.rated_clock(req)


class Accounts:
    def __init__(self, service: Service, throttle: Throttle) -> None:
        self.service = service
        self.engine = service.engine
        self.throttle = throttle
        self.devices = Devices(service.engine)

    # -- sign-up and login ------------------------------------------------------------
    def register(self, name: str, password: str, address: str,
                 device: str | None = None) -> tuple[str, dict[str, Any], str]:
        """A new account, logged in: (session id for the cookie, its
        /api/me, the device cookie's new value). Sign-ups are counted per
        address before any work (``throttle.SIGNUP``); a name that looks
        like an existing one (same skeleton) is refused like a taken one."""
        for problem in (name_problem(name), password_problem(password)):
            if problem:
                raise ApiError(422, problem)
        wait = self.throttle.take([(SIGNUP, address)])
        if wait:
            raise Throttled(wait, "signup-throttled")
        folded = fold(name)
        shape = skeleton(folded)
        stored = hash_password(password)  # before the name is looked at: the same time either way
        try:
            with writing(self.engine) as conn:
                if conn.dialect.name == "postgresql":  # two look-alike sign-ups at once: one waits
                    conn.execute(sa.text("SELECT pg_advisory_xact_lock(hashtext(:s))"), {"s": shape})
                alike = conn.execute(sa.select(accounts.c.name_key).where(
                    accounts.c.name_skeleton == shape).limit(1)).first()
                if alike is not None:
                    raise ApiError(409, "name-taken" if alike.name_key == folded else "name-confusable")
                inserted = conn.execute(accounts.insert().values(
                    name=name, name_key=folded, name_skeleton=shape, password_hash=stored,
                    password_nfkc=True, disabled=False, created_at=time.time())).inserted_primary_key
                assert inserted is not None
                account_id = inserted[0]
                session_id, _csrf = sessions.open_session(conn, int(account_id))
        except IntegrityError:
            raise ApiError(409, "name-taken") from None
        return session_id, self._me_by_cookie(session_id), self.devices.remember(device, folded)

    def login(self, name: str, password: str, address: str,
              device: str | None = None) -> tuple[str, dict[str, Any], str]:
        """Log in, or refuse with the same words and about the same time
        whether or not the name exists. The try is counted first (a
        throttled one is refused before anything else): against this
        device when it logged in as the name before, else against the name
        and the address. A success gives the count back and renews the
        device cookie: (session id, /api/me, device cookie)."""
        folded = fold(name)
        tries = self.throttle.login_tries(folded, address, self.devices.known(device, folded))
        wait = self.throttle.take(tries)
        if wait:
            raise Throttled(wait)
        with reading(self.engine) as conn:
            row = conn.execute(sa.select(accounts).where(accounts.c.name_key == folded)).first()
        if row is None:
            verify_dummy(password)
            ok = False
        else:
            ok = verify(row.password_hash, password, row.password_nfkc) and not row.disabled
        if not ok or row is None:
            raise ApiError(401, "bad-login")
        self.throttle.give_back(tries)
        with writing(self.engine) as conn:
            if needs_rehash(row.password_hash) or not row.password_nfkc:
                # older parameters, or a hash of the password as typed (before revision 0006)
                conn.execute(accounts.update().where(accounts.c.id == row.id)
                             .values(password_hash=hash_password(password), password_nfkc=True))
            session_id, _csrf = sessions.open_session(conn, row.id)
        return session_id, self._me_by_cookie(session_id), self.devices.remember(device, folded)

    def change_password(self, session: sessions.Session, old: str, new: str) -> None:
        """A new password; every other session of the account ends."""
        problem = password_problem(new)
        if problem:
            raise ApiError(422, problem)
        with reading(self.engine) as conn:
            row = conn.execute(sa.select(accounts).where(accounts.c.id == session.account_id)).one()
        if not verify(row.password_hash, old, row.password_nfkc):
            raise ApiError(403, "bad-password-old")
        stored = hash_password(new)
        with writing(self.engine) as conn:
            conn.execute(accounts.update().where(accounts.c.id == row.id)
                         .values(password_hash=stored, password_nfkc=True))
            sessions.close_all(conn, row.id, keep=session.id_hash)

    def _me_by_cookie(self, session_id: str) -> dict[str, Any]:
        session = sessions.find(self.engine, session_id)
        assert session is not None
        return self.me(session)

    # -- the account's tables -------------------------------------------------------------
    def me(self, session: sessions.Session) -> dict[str, Any]:
        """The account, its CSRF token, and its open and running tables with
        whose turn it is and since when (the "your turn" list)."""
        with reading(self.engine) as conn:
            created = conn.execute(sa.select(accounts.c.created_at)
                                   .where(accounts.c.id == session.account_id)).scalar_one()
            mine = list(conn.execute(
                sa.select(tables.c.id, tables.c.game, tables.c.status, tables.c.rated,
                          tables.c.turn_started, tables.c.updated_at, seats.c.seat,
                          seats.c.stand_in)
                .select_from(seats.join(tables, tables.c.id == seats.c.table_id))
                .where(seats.c.account_id == session.account_id,
                       tables.c.status.in_([OPEN, RUNNING]))
                .order_by(tables.c.updated_at.desc()).limit(100)))
        running = []
        for r in mine:
            try:
                info = self.service.table_info(r.id)
            except ApiError:  # gone meanwhile
                continue
            to_move = info["to_move"]
            names = [s["name"] for s in info["seats"]]
            running.append({
                "table": r.id, "game": r.game, "status": info["status"], "rated": bool(r.rated),
                "seat": r.seat, "to_move": to_move,
                "to_move_name": names[to_move] if to_move is not None else None,
                "your_turn": to_move == r.seat and r.stand_in is None,
                "since": r.turn_started, "players": names,
            })
        running.sort(key=lambda t: (not t["your_turn"], -(t["since"] or 0)))
        return {"account": {"name": session.name, "created_at": created},
                "csrf": session.csrf, "tables": running}

    def claim(self, account_id: int, wanted: list[ClaimSeat]) -> list[dict[str, Any]]:
        """Bind guest seats (their tokens, kept by this browser) to the
        account. Each seat answers for itself: ``claimed``, ``bad-token``,
        ``taken`` (another account's), ``already-seated`` (the account holds
        another seat at that table: one seat per account and table)."""
        out = []
        for item in wanted:
            with writing(self.engine) as conn:
                status = self._claim_one(conn, account_id, item)
            out.append({"table": item.table, "seat": item.seat, "status": status})
        return out

    @staticmethod
    def _claim_one(conn: Connection, account_id: int, item: ClaimSeat) -> str:
        rows = list(conn.execute(sa.select(seats).where(seats.c.table_id == item.table)))
        target = next((s for s in rows if s.seat == item.seat), None)
        if target is None or not matches(item.token, target.token_hash):
            return "bad-token"
        if target.account_id == account_id:
            return "claimed"
        if target.account_id is not None:
            return "taken"
        if any(s.account_id == account_id for s in rows):
            return "already-seated"
        conn.execute(seats.update().where(seats.c.table_id == item.table, seats.c.seat == item.seat,
                                          seats.c.account_id.is_(None))
                     .values(account_id=account_id))
        # a new updated_at: every worker's cached seats of this table are stale now
        conn.execute(tables.update().where(tables.c.id == item.table).values(updated_at=time.time()))
        return "claimed"

    # -- public profile ---------------------------------------------------------------------
    def profile(self, name: str, lang: str | None) -> dict[str, Any]:
        with reading(self.engine) as conn:
            account = conn.execute(sa.select(accounts).where(accounts.c.name_key == fold(name))).first()
            if account is None or account.disabled:
                raise ApiError(404, "unknown-player", {"name": name[:40]})
            rated = ratings.of_subject(conn, f"a:{account.id}")
            finished = list(conn.execute(
                sa.select(tables.c.id, tables.c.game, tables.c.rated, tables.c.result,
                          tables.c.players, tables.c.updated_at, seats.c.seat)
                .select_from(seats.join(tables, tables.c.id == seats.c.table_id))
                .where(seats.c.account_id == account.id, tables.c.status == OVER)
                .order_by(tables.c.updated_at.desc()).limit(PROFILE_GAMES)))
            left_running = conn.execute(
                sa.select(sa.func.count()).select_from(seats.join(tables, tables.c.id == seats.c.table_id))
                .where(seats.c.account_id == account.id, tables.c.status == RUNNING,
                       sa.or_(seats.c.stand_in.is_not(None), seats.c.timed_out))).scalar_one()
            names = self._seat_names(conn, [r.id for r in finished[:RECENT]])
        per_game: dict[str, dict[str, Any]] = {}
        recent = []
        abandoned = 0
        for index, r in enumerate(finished):
            result = json.loads(r.result) if r.result else None
            if result is None or fair.is_aborted(result):  # an aborted game is on no record
                continue
            place = ratings.ranks_of(result, r.players)[r.seat]
            marked = result.get("marked") or {}
            ended = result.get("ended")  # a rated game lost by a leave or a clock (fair.py)
            left = (r.seat in marked.get("bot_played", []) or r.seat in marked.get("timed_out", [])
                    or (ended is not None and ended["seat"] == r.seat))
            abandoned += left
            score = result["scores"][r.seat]
            game = per_game.setdefault(r.game, {"game": r.game, "played": 0, "won": 0, "scored": 0,
                                                "score_total": 0.0, "tables": []})
            game["played"] += 1
            game["won"] += place == 1 and not left and r.players > 1
            if ended is None:  # a game cut short has no final score nor statistics
                game["scored"] += 1
                game["score_total"] += score
                if len(game["tables"]) < STAT_GAMES:
                    game["tables"].append((r.id, r.seat))
            if index < RECENT:
                recent.append({"table": r.id, "game": r.game, "rated": bool(r.rated),
                               "ended_at": r.updated_at, "place": place, "of": r.players,
                               "score": score, "left": bool(left), "players": names.get(r.id, []),
                               "replay": f"#/replay/{r.id}"})
        games = []
        for game_id, g in sorted(per_game.items()):
            games.append({"game": game_id, "played": g["played"], "won": g["won"],
                          "average_score": round(g["score_total"] / max(1, g["scored"]), 2),
                          "statistics": self._statistics(game_id, g["tables"], lang)})
        return {
            "name": account.name, "since": account.created_at,
            "played": sum(g["played"] for g in per_game.values()),
            "won": sum(g["won"] for g in per_game.values()),
            "unfinished": abandoned + int(left_running),
            "ratings": rated, "games": games, "recent": recent,
        }

    @staticmethod
    def _seat_names(conn: Connection, ids: list[str]) -> dict[str, list[str | None]]:
        out: dict[str, list[str | None]] = {}
        if ids:
            for s in conn.execute(sa.select(seats.c.table_id, seats.c.name, seats.c.kind, seats.c.level)
                                  .where(seats.c.table_id.in_(ids)).order_by(seats.c.seat)):
                out.setdefault(s.table_id, []).append(s.name if s.kind != "bot" else f"bot:{s.level}")
        return out

    def _statistics(self, game_id: str, played: list[tuple[str, int]],
                    lang: str | None) -> list[dict[str, Any]]:
        """Each declared statistic's total and per-game average over the
        account's most recent games of ``game_id``."""
        declared = statistics.declared(game_id)
        if not declared or not played:
            return []
        totals = dict.fromkeys((s.id for s in declared), 0.0)
        for table_id, seat in played:
            figures = statistics.FIGURES.of(table_id, self.service.record(table_id))
            for key, value in figures[seat].items():
                totals[key] += value
        return [{"id": s.id, "label": statistics.label(game_id, s.id, lang),
                 "total": _number(totals[s.id]), "average": round(totals[s.id] / len(played), 2),
                 "games": len(played)} for s in declared]

    # -- administration (``gameshelf admin``) ---------------------------------------------
    def list_accounts(self) -> list[Row[Any]]:
        with reading(self.engine) as conn:
            return list(conn.execute(sa.select(accounts.c.name, accounts.c.created_at,
                                               accounts.c.disabled).order_by(accounts.c.name_key)))

    def reset_password(self, name: str) -> str:
        """A new random password for ``name`` (shown once to the admin);
        every session of the account ends."""
        password = secrets.token_urlsafe(12)
        stored = hash_password(password)
        with writing(self.engine) as conn:
            account_id = self._id_of(conn, name)
            conn.execute(accounts.update().where(accounts.c.id == account_id)
                         .values(password_hash=stored, password_nfkc=True))
            sessions.close_all(conn, account_id)
        return password

    def set_disabled(self, name: str, disabled: bool) -> None:
        """Disable (its sessions end, it cannot log in, its profile is
        hidden) or enable an account. Its seats keep their tokens."""
        with writing(self.engine) as conn:
            account_id = self._id_of(conn, name)
            conn.execute(accounts.update().where(accounts.c.id == account_id).values(disabled=disabled))
            if disabled:
                sessions.close_all(conn, account_id)

    @staticmethod
    def _id_of(conn: Connection, name: str) -> int:
        found = conn.execute(sa.select(accounts.c.id).where(accounts.c.name_key == fold(name))).first()
        if found is None:
            raise ApiError(404, "unknown-player", {"name": name[:40]})
        return int(found.id)


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else round(value, 2)
