"""Another worker's notice ("table X moved", on Redis): a worker holding no
socket of the table does nothing with it; one holding a socket sends that
socket the new view, and drives the table's bot when the view shows one to
move. The notice is given by hand here (``Server._remote_change``, what the
Redis listener calls) after a move stored behind the hub's back, as another
worker would have stored it."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gameshelf.server import wire
from gameshelf.server.app import Server, create_app
from gameshelf.server.config import Settings
from tests.server.helpers import new_table, view


@pytest.fixture
def app_client(tmp_path: object) -> Iterator[TestClient]:
    app = create_app(Settings(f"sqlite:///{tmp_path}/notices.sqlite3", analysis_budget=0))
    with TestClient(app) as c:
        yield c


def _server(client: TestClient) -> Server:
    server: Server = client.app.state.server  # type: ignore[attr-defined]
    return server


def _counting(server: Server, name: str) -> list[str]:
    """Count the calls of one of the service's methods (still doing its work)."""
    calls: list[str] = []
    real = getattr(server.service, name)

    def counted(table_id: str, *args: Any, **kwargs: Any) -> Any:
        calls.append(table_id)
        return real(table_id, *args, **kwargs)

    setattr(server.service, name, counted)
    return calls


def _move_elsewhere(client: TestClient, table: str, token: str) -> int:
    """A person's move stored without this process's hub knowing (as by
    another worker); returns the new state number."""
    mine = view(client, table, token)
    done = _server(client).service.submit(table, token, wire.Move(
        after=mine["state"], action=mine["legal"][0]["action"]))
    return done.state


def _remote_change(client: TestClient, table: str) -> None:
    """The notice, and whatever work it set off, to its end."""
    server = _server(client)

    async def notice() -> None:
        before = set(server._tasks)
        await server._remote_change(table)
        await asyncio.gather(*(set(server._tasks) - before))

    client.portal.call(notice)  # type: ignore[union-attr]


def test_a_notice_for_a_table_without_a_socket_here_reads_nothing(
        app_client: TestClient) -> None:
    table, tokens = new_table(app_client)
    server = _server(app_client)
    mover = view(app_client, table)["to_move"]
    _move_elsewhere(app_client, table, tokens[mover])
    jobs, views = _counting(server, "bot_job"), _counting(server, "views")
    _remote_change(app_client, table)
    _remote_change(app_client, "no-such-table")
    assert jobs == [] and views == []


def test_a_notice_sends_the_socket_here_its_view_and_wakes_the_bot(
        app_client: TestClient) -> None:
    table, tokens = new_table(app_client, seats=[
        {"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}])
    with app_client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[0]}") as ws:
        seen = ws.receive_json()["view"]
        while seen["to_move"] != 0:  # (when the bot opens, it plays first)
            seen = ws.receive_json()["view"]
        while seen["to_move"] == 0:  # Ann's turn (one or more moves), stored elsewhere
            stored = _move_elsewhere(app_client, table, tokens[0])
            _remote_change(app_client, table)
            seen = ws.receive_json()["view"]
            assert seen["state"] == stored  # the move stored elsewhere reaches this socket
        while seen["to_move"] != 0 and not seen["over"]:  # the bot, driven here, plays
            seen = ws.receive_json()["view"]
        assert seen["state"] > stored
