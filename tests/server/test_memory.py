"""Unauthenticated traffic cannot grow the server's memory: requests that
name tables which do not exist leave nothing behind, and what the server
keeps for tables that do exist is bounded.

The full figure (100,000 requests) comes from ``benchmarks/memory.py``; this
test sends fewer so it stays short on a small machine, and checks both the
server's own bookkeeping and its resident memory.
"""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest
from benchmarks.memory import flood, rss_kib
from fastapi.testclient import TestClient

from gameshelf.server.app import Server
from gameshelf.server.play import service as service_module
from tests.server.helpers import auth, new_table
from tests.server.procs import start_server, stop

REQUESTS = 20_000


def test_random_ids_leave_nothing_behind(client: TestClient) -> None:
    server: Server = client.app.state.server  # type: ignore[attr-defined]
    service = server.service
    named = set()
    for _ in range(200):
        tid = secrets.token_urlsafe(18)
        named.add(tid)
        assert client.get(f"/api/tables/{tid}/view").status_code == 404
        assert client.post(f"/api/tables/{tid}/moves", json={"after": 0, "action": {}},
                           headers=auth(secrets.token_urlsafe(24))).status_code == 404
        assert client.post(f"/api/tables/{tid}/seats/1/leave",
                           headers=auth(secrets.token_urlsafe(24))).status_code == 404
    assert not named & set(service._locks)  # a lock lives only while a request holds it
    assert not named & (set(service._cache) | set(service._seat_cache))
    assert not named & set(server.hub.tables)


def test_caches_are_bounded(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """More tables than the caches hold: the oldest are forgotten (and
    rebuilt from the database when asked for again)."""
    server: Server = client.app.state.server  # type: ignore[attr-defined]
    monkeypatch.setattr(service_module, "CACHE_SIZE", 3)
    made = [new_table(client) for _ in range(6)]
    for tid, _tokens in made:
        assert client.get(f"/api/tables/{tid}/view").status_code == 200
    assert len(server.service._cache) <= 3 and len(server.service._seat_cache) <= 3
    first, tokens = made[0]
    assert client.get(f"/api/tables/{first}/view", headers=auth(tokens[0])).json()["seat"] == 0


def test_resident_memory_under_a_flood(tmp_path: Path) -> None:
    """A real server process: its resident memory after 20,000 requests
    with random ids is what it was after a warm-up (before the fix the
    locks alone grew about 4 MB here)."""
    proc, base = start_server(f"sqlite:///{tmp_path / 'flood.sqlite3'}")
    try:
        flood(base, 2_000)
        before = rss_kib(proc.pid)
        counts = flood(base, REQUESTS)
        after = rss_kib(proc.pid)
    finally:
        stop(proc)
    assert set(counts) == {404}, counts
    assert after - before < 1024, (before, after)  # KiB
