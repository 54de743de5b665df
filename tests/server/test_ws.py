"""Websockets: each viewer its own numbered views, resume after a gap,
moves over the socket, and hostile clients closed while others play on."""

from __future__ import annotations

import json
import random
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.helpers import auth, new_table, secret_state, secrets_of, text, view
from tests.shelf import multiplayer


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def play_random(client: TestClient, table: str, tokens: dict[int, str], count: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        v = view(client, table)
        if v["over"]:
            return
        mine = view(client, table, tokens[v["to_move"]])
        r = client.post(f"/api/tables/{table}/moves",
                        json={"after": v["state"], "action": rng.choice(mine["legal"])["action"]},
                        headers=auth(tokens[v["to_move"]]))
        assert r.status_code == 200, r.text


def test_each_viewer_gets_its_own_view(client: TestClient) -> None:
    table, tokens = new_table(client)
    with client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[0]}") as s0, \
            client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[1]}") as s1, \
            client.websocket_connect(f"/api/tables/{table}/ws") as spectator:
        spectator.send_json({"type": "hello"})
        first = [s0.receive_json(), s1.receive_json(), spectator.receive_json()]
        assert [m["type"] for m in first] == ["sync"] * 3
        play_random(client, table, tokens, 1)
        state = secret_state(client, table)
        for ws, seat in ((s0, 0), (s1, 1), (spectator, None)):
            m = ws.receive_json()
            assert m["type"] == "update" and m["n"] == 1 and m["view"]["seat"] == seat
            assert m["view"]["observation"] == plain(state.observation(seat))
            assert not [s for s in secrets_of(state) if s in text(m)]
            assert [e["n"] for e in m["view"]["events"]] and min(e["n"] for e in m["view"]["events"]) == 1


def test_token_in_the_first_message_and_moves_over_the_socket(client: TestClient) -> None:
    table, tokens = new_table(client)
    mover = view(client, table)["to_move"]
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        ws.send_json({"type": "hello", "token": tokens[mover]})
        m = ws.receive_json()
        assert m["view"]["seat"] == mover and m["view"]["legal"]
        ws.send_json({"type": "move", "after": 5, "action": m["view"]["legal"][0]["action"]})
        assert ws.receive_json()["code"] == "stale"
        ws.send_json({"type": "move", "after": 0, "action": m["view"]["legal"][0]["action"]})
        replies = [ws.receive_json(), ws.receive_json()]
        assert {r["type"] for r in replies} == {"ack", "update"}
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"


def test_resume_sends_what_was_missed_or_a_full_sync(client: TestClient) -> None:
    table, tokens = new_table(client)
    play_random(client, table, tokens, 3)
    with client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[0]}&last=1") as ws:
        m = ws.receive_json()
        assert m["type"] == "update" and m["n"] == 3
        assert min(e["n"] for e in m["view"]["events"]) == 2
    play_random(client, table, tokens, 33, seed=2)
    n = view(client, table)["state"]
    with client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[1]}&last=0") as ws:
        m = ws.receive_json()
        assert m["n"] == n and m["type"] == ("sync" if n > 30 else "update")
        ws.send_json({"type": "resume", "last": n - 1})
        assert ws.receive_json()["type"] == "update"


@pytest.mark.parametrize("send", [
    lambda ws: ws.send_text("not json"),
    lambda ws: ws.send_bytes(b"\x00\x01"),
    lambda ws: ws.send_text(json.dumps({"type": "ping", "pad": "x" * 20000})),
    lambda ws: ws.send_text("[" * 5000 + "]" * 5000),
    lambda ws: ws.send_json({"type": "explode"}),
    lambda ws: ws.send_json([1, 2, 3]),
    lambda ws: [ws.send_json({"type": "ping"}) for _ in range(400)],
])
def test_hostile_sockets_are_closed_and_others_play_on(client: TestClient, send: Any) -> None:
    table, tokens = new_table(client)
    other, other_tokens = new_table(client)
    with client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[0]}") as ws:
        ws.receive_json()
        send(ws)
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
        assert closed.value.code in (1003, 1008, 1009)
    play_random(client, other, other_tokens, 2)
    assert view(client, other)["state"] == 2


@pytest.mark.parametrize("url", ["/api/tables/nosuchtable/ws?token=abc",
                                 "/api/tables/nosuchtable/ws"])
def test_unknown_tables_and_tokens_are_refused(client: TestClient, url: str) -> None:
    with client.websocket_connect(url) as ws:
        if "token" not in url:
            ws.send_json({"type": "hello"})
        assert ws.receive_json()["type"] == "error"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def test_a_bad_hello_is_refused(client: TestClient) -> None:
    table, _ = new_table(client)
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        ws.send_json({"type": "hello", "token": 12345})
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1008


@pytest.mark.parametrize("game_id", multiplayer())
def test_socket_messages_never_leak(client: TestClient, game_id: str) -> None:
    """Over many moves, every message each seat's socket gets holds that
    seat's observation and never the seed or a random stream's state."""
    table, tokens = new_table(client, game_id, [{"kind": "human"}, {"kind": "human"}])
    with client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[0]}") as s0, \
            client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[1]}") as s1:
        s0.receive_json()
        s1.receive_json()
        for n in range(1, 16):
            play_random(client, table, tokens, 1, seed=n)
            state = secret_state(client, table)
            for ws, seat in ((s0, 0), (s1, 1)):
                m = ws.receive_json()
                assert m["n"] == n
                assert m["view"]["observation"] == plain(state.observation(seat))
                assert not [s for s in secrets_of(state) if s in text(m)]
            if state.is_over:
                break


def test_a_socket_move_waits_for_a_table_another_thread_holds(client: TestClient) -> None:
    """A websocket move goes straight to the committer's thread unless
    another thread holds the table: then it waits for it in a pool thread,
    and is stored once, acknowledged, and its view sent, as ever."""
    table, tokens = new_table(client)
    service = client.app.state.server.service  # type: ignore[attr-defined]
    mover = view(client, table)["to_move"]
    waiting = threading.Event()
    submit = service.submit

    def waits(*args: Any, **kwargs: Any) -> Any:
        waiting.set()
        return submit(*args, **kwargs)

    service.submit = waits
    try:
        with client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[mover]}") as ws:
            legal = ws.receive_json()["view"]["legal"]
            with service.table_lock(table):
                ws.send_json({"type": "move", "after": 0, "action": legal[0]["action"]})
                assert waiting.wait(30), "the move did not fall back to a pool thread"
            replies = [ws.receive_json(), ws.receive_json()]
            assert [r["type"] for r in replies] == ["ack", "update"] and replies[0]["n"] == 1
            ws.send_json({"type": "move", "after": 0, "action": legal[0]["action"]})
            assert ws.receive_json()["code"] == "stale"  # exactly once
    finally:
        service.submit = submit
    assert view(client, table)["state"] == 1


def test_a_socket_move_is_refused_as_over_http(client: TestClient) -> None:
    """The socket's road refuses what the HTTP route refuses, with the same
    codes, and changes nothing."""
    table, tokens = new_table(client)
    mover = view(client, table)["to_move"]
    with client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[1 - mover]}") as other, \
            client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[mover]}") as ws:
        other.receive_json()
        legal = ws.receive_json()["view"]["legal"]
        cases = [({"after": 0, "action": legal[0]["action"]}, other, 403, "not-your-turn"),
                 ({"after": 0, "action": {"type": "no-such-move"}}, ws, 422, None),
                 ({"after": 3, "action": legal[0]["action"]}, ws, 409, "stale")]
        for body, socket, status, code in cases:
            http = client.post(f"/api/tables/{table}/moves", json=body,
                               headers=auth(tokens[mover if socket is ws else 1 - mover]))
            socket.send_json({"type": "move", **body})
            error = socket.receive_json()
            assert error["type"] == "error" and error["status"] == status == http.status_code
            assert error["code"] == http.json()["detail"]["code"]
            if code is not None:
                assert error["code"] == code
    assert view(client, table)["state"] == 0
