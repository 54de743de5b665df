"""Two worker processes share one database and talk through Redis: one
game is played to the end by two clients connected to different workers,
taking moves back now and then."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.conftest import REDIS_UP, REDIS_URL
from tests.server.procs import launch, stop, wait_ready


def _next(ws: Any) -> dict[str, Any]:
    while True:
        message = json.loads(ws.recv(timeout=15))
        if message["type"] in ("sync", "update"):
            return message


@pytest.mark.skipif(not REDIS_UP, reason="Redis at 127.0.0.1:6379 does not answer")
def test_one_game_through_two_workers(pg_url: str) -> None:
    """On PostgreSQL, the database several workers share (SQLite is one
    machine's file; the kill test covers it)."""
    (a, base_a), (b, base_b) = launch(pg_url, REDIS_URL), launch(pg_url, REDIS_URL)
    try:
        wait_ready(a, base_a)
        wait_ready(b, base_b)
        r = httpx.post(f"{base_a}/api/tables", json={
            "game": "filthy-rich", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]})
        table, tokens = r.json()["id"], r.json()["tokens"]
        sockets = [
            connect(f"{base.replace('http', 'ws')}/api/tables/{table}/ws?token={tokens[str(i)]}")
            for i, base in enumerate((base_a, base_b))
        ]
        views = [_next(ws)["view"] for ws in sockets]
        entries = standing = undone = 0  # log entries, moves standing, take-backs
        # (a cap only against a hang: of 300 seeds this policy's longest game
        # ran 519 moves, past the 500 this loop once allowed)
        while not views[0]["over"] and entries < 3000:
            mover = views[0]["to_move"]
            ws = sockets[mover]
            assert views[mover]["legal"], views[mover]
            take_back = views[mover]["can_undo"] and undone < 6 and entries % 2 == 0
            if take_back:  # through this worker; the other worker's client must see it
                ws.send(json.dumps({"type": "undo", "after": views[mover]["state"]}))
                undone += 1
                standing -= 1
            else:
                ws.send(json.dumps({"type": "move", "after": views[mover]["state"],
                                    "action": views[mover]["legal"][entries % len(views[mover]["legal"])]["action"]}))
                standing += 1
            entries += 1
            for i, sock in enumerate(sockets):  # both workers' clients see the entry
                while True:
                    views[i] = _next(sock)["view"]
                    if views[i]["state"] >= entries:
                        break
            if take_back:
                assert views[1 - mover]["events"][-1]["kind"] == "undo"
        assert undone, "no move could be taken back"
        assert views[0]["over"] and views[1]["over"] and views[0]["result"] == views[1]["result"]
        record = httpx.get(f"{base_b}/api/tables/{table}/record").json()
        assert len(record["actions"]) == standing
        for sock in sockets:
            sock.close()
    finally:
        stop(a)
        stop(b)
