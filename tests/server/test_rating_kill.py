"""A rating update happens exactly once with two workers and a SIGKILL
(issue 27): rated games are played through two server processes on one
database, one is killed mid-play and started again, the games are finished;
every finished game has moved its ratings once — never twice, never lost
(SQLite and PostgreSQL)."""

from __future__ import annotations

import signal
import threading
import time

import httpx
import sqlalchemy as sa

from gameshelf.server.store.account_tables import accounts, rating_events, ratings
from gameshelf.server.store.db import make_engine, tables
from tests.server.accounts_helpers import PASSWORD, fresh_name
from tests.server.procs import launch, stop, wait_ready

TABLES = 2


def _session(base: str, name: str, register: bool) -> tuple[str, str]:
    r = httpx.post(f"{base}/api/auth/{'register' if register else 'login'}",
                   json={"name": name, "password": PASSWORD}, timeout=30)
    assert r.status_code in (200, 201), r.text
    return r.cookies["gs_session"], r.json()["csrf"]


def _play(bases: list[str], cookie: str, csrf: str, table: str, stop_at: float) -> None:
    """Play the session's seat, alternating workers; survive a dead one."""
    turn = 0
    while time.monotonic() < stop_at:
        base = bases[turn % len(bases)]
        turn += 1
        try:
            with httpx.Client(base_url=base, timeout=10, cookies={"gs_session": cookie}) as http:
                v = http.get(f"/api/tables/{table}/view").json()
                if v["over"]:
                    return
                if v["legal"]:
                    http.post(f"/api/tables/{table}/moves", headers={"X-CSRF-Token": csrf},
                              json={"after": v["state"], "action": v["legal"][0]["action"]})
                else:
                    time.sleep(0.05)
        except (httpx.HTTPError, ValueError, KeyError):
            time.sleep(0.2)  # that worker is down: the other one, or it again after its restart


def test_two_workers_and_a_sigkill_rate_each_game_once(database_url: str) -> None:
    (a, base_a), (b, base_b) = launch(database_url), launch(database_url)
    procs = [a, b]
    try:
        wait_ready(a, base_a)
        wait_ready(b, base_b)
        name = fresh_name("k")
        cookie, csrf = _session(base_a, name, register=True)
        ids = []
        for _ in range(TABLES):
            r = httpx.post(f"{base_b}/api/tables", cookies={"gs_session": cookie},
                           headers={"X-CSRF-Token": csrf}, timeout=30, json={
                               "game": "filthy-rich", "players": 2, "rated": True,
                               "seats": [{"kind": "human", "name": name},
                                         {"kind": "bot", "level": "easy"}]})
            assert r.status_code == 201, r.text
            ids.append(r.json()["id"])
        bases = [base_a, base_b]
        stop_at = time.monotonic() + 300
        threads = [threading.Thread(target=_play, args=(bases, cookie, csrf, t, stop_at)) for t in ids]
        for th in threads:
            th.start()
        engine = make_engine(database_url)
        # kill worker A once play is under way (or a game has already ended)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with engine.connect() as conn:
                moved = conn.execute(sa.select(sa.func.sum(tables.c.moves))
                                     .where(tables.c.id.in_(ids))).scalar_one() or 0
            if moved >= 10:
                break
            time.sleep(0.05)
        a.send_signal(signal.SIGKILL)
        a.wait()
        a, base_a2 = launch(database_url)
        procs.append(a)
        bases[0] = base_a2  # (the threads read the list: the new worker takes over A's share)
        wait_ready(a, base_a2)
        for th in threads:
            th.join()
        with engine.connect() as conn:
            status = dict(conn.execute(sa.select(tables.c.id, tables.c.status).where(tables.c.id.in_(ids))).all())
            assert set(status.values()) == {"over"}, status
            per_table = dict(conn.execute(
                sa.select(rating_events.c.table_id, sa.func.count())
                .where(rating_events.c.table_id.in_(ids)).group_by(rating_events.c.table_id)).all())
            assert per_table == dict.fromkeys(ids, 2)  # each seat once, no game lost
            account_id = conn.execute(sa.select(accounts.c.id).where(accounts.c.name == name)).scalar_one()
            mine = conn.execute(sa.select(ratings).where(ratings.c.game == "filthy-rich",
                                                         ratings.c.subject == f"a:{account_id}")).one()
            assert mine.games == TABLES
            last = conn.execute(sa.select(rating_events.c.mu).where(rating_events.c.subject == f"a:{account_id}")
                                .order_by(rating_events.c.at.desc()).limit(1)).scalar_one()
            assert mine.mu == last
        engine.dispose()
    finally:
        for proc in procs:
            stop(proc)
