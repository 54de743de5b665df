"""SIGKILL the server in the middle of many games, start it again: every
acknowledged move is there and play goes on (SQLite and PostgreSQL)."""

from __future__ import annotations

import json
import signal
import threading
import time

import httpx
import sqlalchemy as sa

from gameshelf.server.db import make_engine, moves
from tests.server.procs import start_server, stop

TABLES = 6


def _player(base: str, table: str, tokens: dict[str, str], acked: list[tuple[str, int, str]],
            stop_flag: threading.Event) -> None:
    with httpx.Client(base_url=base, timeout=5) as http:
        while not stop_flag.is_set():
            try:
                v = http.get(f"/api/tables/{table}/view").json()
                if v["over"]:
                    return
                seat = str(v["to_move"])
                mine = http.get(f"/api/tables/{table}/view",
                                headers={"Authorization": f"Bearer {tokens[seat]}"}).json()
                action = mine["legal"][-1]["action"]
                r = http.post(f"/api/tables/{table}/moves",
                              json={"after": mine["state"], "action": action},
                              headers={"Authorization": f"Bearer {tokens[seat]}"})
            except (httpx.HTTPError, ValueError, KeyError):
                return  # the server is gone
            if r.status_code == 200:
                acked.append((table, r.json()["state"], json.dumps(action, sort_keys=True)))


def test_sigkill_loses_no_acknowledged_move(database_url: str) -> None:
    proc, base = start_server(database_url)
    acked: list[tuple[str, int, str]] = []
    try:
        games = []
        for _ in range(TABLES):
            r = httpx.post(f"{base}/api/tables", json={
                "game": "filthy-rich", "players": 2,
                "seats": [{"kind": "human"}, {"kind": "human"}]})
            games.append((r.json()["id"], r.json()["tokens"]))
        flag = threading.Event()
        threads = [threading.Thread(target=_player, args=(base, t, k, acked, flag))
                   for t, k in games]
        for th in threads:
            th.start()
        deadline = time.monotonic() + 60
        while len(acked) < 3 * TABLES and time.monotonic() < deadline:
            time.sleep(0.05)  # kill it once play is well under way, however loaded the machine
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        flag.set()
        for th in threads:
            th.join()
    finally:
        stop(proc)
    assert len(acked) >= 3 * TABLES  # moves were in flight when it died
    engine = make_engine(database_url)
    with engine.connect() as conn:
        stored = {(r.table_id, r.seq): json.dumps(json.loads(r.action), sort_keys=True)
                  for r in conn.execute(sa.select(moves))}
    engine.dispose()
    for table, seq, action in acked:
        assert stored.get((table, seq)) == action
    proc, base = start_server(database_url)
    try:
        table, tokens = games[0]
        v = httpx.get(f"{base}/api/tables/{table}/view").json()
        assert v["state"] >= max(s for t, s, _ in acked if t == table)
        seat = str(v["to_move"])
        mine = httpx.get(f"{base}/api/tables/{table}/view",
                         headers={"Authorization": f"Bearer {tokens[seat]}"}).json()
        r = httpx.post(f"{base}/api/tables/{table}/moves",
                       json={"after": mine["state"], "action": mine["legal"][0]["action"]},
                       headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert r.status_code == 200
    finally:
        stop(proc)
