"""An overloaded server refuses new tables with 503 and Retry-After, and
nothing else: the games in play go on (server/http/overload.py)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from gameshelf.server.app import create_app
from gameshelf.server.config import Settings
from gameshelf.server.http.overload import (
    OVERLOAD_LIMIT,
    QUEUE_LIMIT,
    RETRY_MAX,
    Overloaded,
    Pressure,
    pool_queue,
)
from tests.server.helpers import auth, new_table, view

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]


def test_the_level_follows_the_waits_and_the_wait_asked_grows_with_it() -> None:
    pressure = Pressure()
    pressure.check()  # idle: nothing refused
    for _ in range(200):
        pressure.note(3.0)  # every move waits 3 s
    assert pressure.level > OVERLOAD_LIMIT
    with pytest.raises(Overloaded) as refused:
        pressure.check()
    assert refused.value.status == 503 and refused.value.code == "overloaded"
    seconds = int(refused.value.headers["Retry-After"])
    assert 1 <= seconds <= RETRY_MAX
    for _ in range(200):
        pressure.note(60.0)
    with pytest.raises(Overloaded) as longer:
        pressure.check()
    assert int(longer.value.headers["Retry-After"]) >= seconds
    for _ in range(200):
        pressure.note(0.001)  # the backlog is gone
    pressure.check()
    assert pressure.refused == 2


def test_a_queue_for_the_thread_pool_refuses_at_once() -> None:
    """A rush is refused before any of its work has finished (the level
    learns of it only then): by the number of calls waiting for a thread."""
    pressure = Pressure()
    pressure.check(QUEUE_LIMIT)  # (at the limit: still served)
    with pytest.raises(Overloaded) as refused:
        pressure.check(QUEUE_LIMIT * 10)
    assert int(refused.value.headers["Retry-After"]) > 1  # more to wait for: a longer wait


def test_the_pool_queue_is_read_from_the_loops_limiter() -> None:
    async def waiting() -> tuple[int, int]:
        import anyio.to_thread

        idle = pool_queue()
        limiter = anyio.to_thread.current_default_thread_limiter()
        limiter.total_tokens = 1
        busy = [asyncio.ensure_future(anyio.to_thread.run_sync(time.sleep, 0.3))
                for _ in range(4)]
        await asyncio.sleep(0.1)
        queued = pool_queue()
        await asyncio.gather(*busy)
        return idle, queued

    idle, queued = asyncio.run(waiting())
    assert idle == 0 and queued == 3


def test_the_event_loops_lateness_is_noted() -> None:
    pressure = Pressure()

    async def late_loop() -> None:
        watch = asyncio.ensure_future(pressure.watch(every=0.01))
        for _ in range(5):
            await asyncio.sleep(0.02)
            busy_until = asyncio.get_running_loop().time() + 0.1
            while asyncio.get_running_loop().time() < busy_until:
                pass  # the loop's thread does not come back for 0.1 s
        watch.cancel()

    asyncio.run(late_loop())
    assert pressure.level > 0.01


@pytest.fixture
def app_client(tmp_path: object) -> Iterator[TestClient]:
    app = create_app(Settings(f"sqlite:///{tmp_path}/overload.sqlite3", analysis_budget=0))
    with TestClient(app) as c:
        yield c


def test_new_tables_get_503_while_overloaded_and_games_in_play_go_on(
        app_client: TestClient) -> None:
    table, tokens = new_table(app_client)
    pressure = app_client.app.state.server.hub.pressure  # type: ignore[attr-defined]
    pressure.level = 5.0  # as if every move had waited seconds
    body = {"game": "filthy-rich", "players": 2, "seats": SEATS}
    r = app_client.post("/api/tables", json=body)
    assert r.status_code == 503
    assert r.json()["detail"]["code"] == "overloaded"
    assert 1 <= int(r.headers["Retry-After"]) <= RETRY_MAX
    ja = app_client.post("/api/tables?lang=ja", json=body)
    assert ja.status_code == 503 and "秒" in ja.json()["detail"]["message"]
    before = app_client.get("/api/tables").json()
    assert [t["id"] for t in before] == [table]  # nothing was opened
    # the table in play: a move and its view are served as ever
    seat = view(app_client, table)["to_move"]
    mine = view(app_client, table, tokens[seat])
    moved = app_client.post(f"/api/tables/{table}/moves", headers=auth(tokens[seat]), json={
        "after": mine["state"], "action": mine["legal"][0]["action"]})
    assert moved.status_code == 200, moved.text
    with app_client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[0]}") as ws:
        assert ws.receive_json()["type"] == "sync"
    pressure.level = 0.0  # the backlog is gone
    assert app_client.post("/api/tables", json=body).status_code == 201


def test_the_schema_documents_the_503() -> None:
    app = create_app(Settings("sqlite://", analysis_budget=0))
    responses = app.openapi()["paths"]["/api/tables"]["post"]["responses"]
    assert "503" in responses
