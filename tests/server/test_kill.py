"""SIGKILL the server in the middle of many games, start it again: every
acknowledged move is there and play goes on (SQLite and PostgreSQL; moves
over HTTP, and over the websocket)."""

from __future__ import annotations

import json
import signal
import threading
import time
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from websockets.exceptions import WebSocketException
from websockets.sync.client import ClientConnection, connect

from gameshelf.server.store.db import make_engine, moves
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


def _socket_player(base: str, table: str, tokens: dict[str, str],
                   acked: list[tuple[str, int, str]], stop_flag: threading.Event) -> None:
    """Both seats over the table's websockets: a move is sent on the
    mover's socket and counts as acknowledged once its ``ack`` arrives (the
    road the browser takes, handed straight to the committer's thread)."""
    url = base.replace("http", "ws") + f"/api/tables/{table}/ws?token="
    try:
        with connect(url + tokens["0"], open_timeout=10) as s0, \
                connect(url + tokens["1"], open_timeout=10) as s1:
            sockets = {"0": s0, "1": s1}
            views = {seat: json.loads(ws.recv(timeout=10))["view"] for seat, ws in sockets.items()}
            while not stop_flag.is_set():
                state = max(v["state"] for v in views.values())
                current = [v for v in views.values() if v["state"] == state]
                if current[0]["over"]:
                    return
                seat = str(current[0]["to_move"])
                mine = views[seat]
                if mine["state"] != state or not mine["legal"]:  # its update is on its way
                    views[seat] = _next_view(sockets[seat])
                    continue
                action = mine["legal"][-1]["action"]
                sockets[seat].send(json.dumps({"type": "move", "after": state, "action": action}))
                while (reply := json.loads(sockets[seat].recv(timeout=10)))["type"] != "ack":
                    if reply["type"] == "error":
                        raise AssertionError(reply)
                    if reply["type"] in ("sync", "update"):
                        views[seat] = reply["view"]
                acked.append((table, reply["n"], json.dumps(action, sort_keys=True)))
                for other, ws in sockets.items():
                    while views[other]["state"] < reply["n"]:
                        views[other] = _next_view(ws)
    except (OSError, TimeoutError, WebSocketException):
        return  # the server is gone


def _next_view(ws: ClientConnection) -> dict[str, Any]:
    while (message := json.loads(ws.recv(timeout=10)))["type"] not in ("sync", "update"):
        pass
    return dict(message["view"])


@pytest.mark.parametrize("road", ["http", "socket"])
def test_sigkill_loses_no_acknowledged_move(database_url: str, road: str) -> None:
    player = _player if road == "http" else _socket_player
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
        threads = [threading.Thread(target=player, args=(base, t, k, acked, flag))
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
