"""``gameshelf connect``: the terminal client plays a whole game against a
server's bot through the API alone, over the table's websocket (issue 24:
the one road for moves and views)."""

from __future__ import annotations

import io
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from rich.console import Console

from gameshelf.core.i18n import t
from gameshelf.terminal.online.connect import play_remote
from gameshelf.terminal.online.remote import (
    GIVE_UP,
    ConnectionLost,
    Remote,
    open_remote,
    socket_address,
)
from tests.server.helpers import new_table
from tests.server.procs import start_server, stop


class Session:
    """Starlette's test websocket session as the text socket Remote reads."""

    def __init__(self, client: TestClient, path: str) -> None:
        self.session = client.websocket_connect(path)
        self.session.__enter__()

    def send(self, text: str) -> None:
        self.session.send_text(text)

    def recv(self) -> str:
        return self.session.receive_text()

    def close(self) -> None:
        self.session.__exit__(None, None, None)


@pytest.fixture
def remotes(client: TestClient) -> Iterator[Any]:
    """remotes(client, table, token, lang) over the test client's socket,
    each closed after the test."""
    opened: list[Remote] = []

    def make(client: TestClient, table: str, token: str | None, lang: str) -> Remote:
        opened.append(Remote(lambda path: Session(client, path), table, token, lang))
        return opened[-1]

    yield make
    for remote in opened:
        remote.close()


def test_the_terminal_client_plays_to_the_end(client: TestClient, remotes: Any) -> None:
    table, tokens = new_table(client, "filthy-rich",
                              [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}])
    out = io.StringIO()
    answers = iter(["x", "99"] + ["1"] * 1000)  # bad answers are asked again
    last = play_remote(remotes(client, table, tokens[0], "en"),
                       console=Console(file=out, width=100), read=lambda _: next(answers),
                       sleep=lambda _: time.sleep(0.02))
    assert last["over"] and last["result"]["ranking"]
    assert "Please type the number of a move, between 1 and" in out.getvalue()


def test_the_terminal_client_quits_on_q(client: TestClient, remotes: Any) -> None:
    table, tokens = new_table(client, "filthy-rich")
    mover = client.get(f"/api/tables/{table}").json()["to_move"]
    answers = iter(["q", "y"])  # asked first, as in local play
    last = play_remote(remotes(client, table, tokens[mover], "ja"), console=Console(file=io.StringIO()),
                       read=lambda _: next(answers))
    assert not last["over"] and last["state"] == 0


def test_the_terminal_client_takes_a_move_back(client: TestClient, remotes: Any) -> None:
    """Dicey Farm's first move (picking a die) teaches nothing: ``u`` is
    offered after it and takes it back; before it, ``u`` is asked again."""
    table, tokens = new_table(client, "dicey-farm", [{"kind": "human", "name": "Ann"}])
    out = io.StringIO()
    answers = iter(["u", "1", "u", "q", "y"])
    last = play_remote(remotes(client, table, tokens[0], "en"), console=Console(file=out, width=100),
                       read=lambda _: next(answers))
    assert last["state"] == 2 and not last["can_undo"]
    # the first "u" came before any move: refused, saying there is nothing to take back
    assert t("cli.no-undo", "en") in " ".join(out.getvalue().split())
    assert "Took back: " in out.getvalue()


def test_connect_takes_the_keys_of_local_play_and_drops_type_ahead(client: TestClient, remotes: Any) -> None:
    """Issue 29: `?` listed only "1-11, q", and keys typed while another seat
    moved were played when the list appeared."""
    table, tokens = new_table(client, "filthy-rich",
                              [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}])
    mover = client.get(f"/api/tables/{table}").json()["to_move"]
    out = io.StringIO()
    answers = iter(["?", "", "l", "", "b", "d", "q", "²", "q", "n", "q", "y"])
    typed = iter([["1", "2"]])
    last = play_remote(remotes(client, table, tokens[mover], "en"), console=Console(file=out, width=100),
                       read=lambda _: next(answers), pending=lambda: next(typed, []))
    text = " ".join(out.getvalue().split())
    assert last["state"] == 0  # nothing typed ahead, and nothing else, became a move
    assert "2 line(s) typed while it was not your turn were discarded" in text
    assert t("cli.key-details", "en").split()[0] == "d" and "details" in text  # the full key list
    assert t("cli.log-title", "en") in text
    assert "Please type the number of a move" in text  # "²" refused
    assert "You left table" in text  # after a no, then a yes


def test_q_typed_while_another_seat_moves_leaves(client: TestClient, remotes: Any) -> None:
    table, tokens = new_table(client, "filthy-rich",
                              [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}])
    waiting = 1 - client.get(f"/api/tables/{table}").json()["to_move"]
    out = io.StringIO()
    answers = iter(["y"])
    last = play_remote(remotes(client, table, tokens[waiting], "en"), console=Console(file=out, width=100),
                       read=lambda _: next(answers), sleep=lambda _: None, pending=lambda: ["q"])
    assert not last["legal"] and "You left table" in " ".join(out.getvalue().split())


def test_connect_sends_moves_and_undos_on_the_socket_only(client: TestClient, remotes: Any) -> None:
    """No request to /moves, /undo or /view: the socket carries all of it
    (a move, a take-back and the views in between)."""
    table, tokens = new_table(client, "dicey-farm", [{"kind": "human", "name": "Ann"}])
    paths: list[str] = []
    client.event_hooks["request"].append(lambda request: paths.append(request.url.path))
    answers = iter(["1", "u", "1", "q", "y"])
    last = play_remote(remotes(client, table, tokens[0], "en"), console=Console(file=io.StringIO()),
                       read=lambda _: next(answers))
    assert last["state"] == 3  # moved, took back, moved again
    assert paths and all(path == f"/api/tables/{table}/ws" for path in paths)


def test_an_update_adds_its_lines_once_and_in_order(client: TestClient, remotes: Any) -> None:
    """A watcher sees each log line once while another seat plays over HTTP."""
    table, tokens = new_table(client, "filthy-rich")
    watcher = remotes(client, table, None, "en")
    first = watcher.view()
    for _ in range(3):
        view = client.get(f"/api/tables/{table}/view",
                          headers={"Authorization": f"Bearer {tokens[first['to_move']]}"}).json()
        r = client.post(f"/api/tables/{table}/moves", json={"after": view["state"],
                                                             "action": view["legal"][0]["action"]},
                        headers={"Authorization": f"Bearer {tokens[view['to_move']]}"})
        assert r.status_code == 200, r.text
        first = client.get(f"/api/tables/{table}").json()
    deadline = time.monotonic() + 10
    while watcher.view()["state"] < 3 and time.monotonic() < deadline:
        time.sleep(0.02)
    # the lines kept from the updates are the ones a fresh full view holds
    assert watcher.view()["state"] == 3
    assert watcher.view()["events"] == client.get(f"/api/tables/{table}/view").json()["events"]


def test_a_stale_move_is_refused_with_the_servers_sentence(client: TestClient, remotes: Any) -> None:
    table, tokens = new_table(client, "dicey-farm", [{"kind": "human", "name": "Ann"}])
    remote = remotes(client, table, tokens[0], "en")
    view = remote.view()
    assert remote.move(view["state"], view["legal"][0]["action"]) is None
    assert remote.view()["state"] == 1  # the ack waits for the view it produced
    refused = remote.move(view["state"], view["legal"][0]["action"])  # the same one, stale
    assert refused and remote.view()["state"] == 1


def test_connect_plays_a_real_server_over_a_real_socket(tmp_path: Path) -> None:
    proc, base = start_server(f"sqlite:///{tmp_path / 'connect.sqlite3'}")
    try:
        r = httpx.post(f"{base}/api/tables", json={
            "game": "filthy-rich", "players": 2,
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}]})
        assert r.status_code == 201, r.text
        table, token = r.json()["id"], r.json()["tokens"]["0"]
        out = io.StringIO()
        with open_remote(base, table, token, "en") as remote:
            last = play_remote(remote, console=Console(file=out, width=100),
                               read=lambda _: "1", sleep=lambda _: time.sleep(0.05))
        assert last["over"] and last["result"]["ranking"]
        assert socket_address(base).startswith("ws://")
    finally:
        stop(proc)


def test_the_socket_address_follows_the_scheme() -> None:
    assert socket_address("http://h:8000/") == "ws://h:8000"
    assert socket_address("https://h/shelf") == "wss://h/shelf"
    with pytest.raises(ValueError):
        socket_address("ftp://h")


def test_a_dropped_socket_is_opened_again_from_the_last_state(client: TestClient, remotes: Any) -> None:
    """The socket drops; a move is made meanwhile; the next look opens the
    socket again with the last state seen and gets the missed line once."""
    table, tokens = new_table(client, "dicey-farm", [{"kind": "human", "name": "Ann"}])
    remote = remotes(client, table, tokens[0], "en")
    view = remote.view()
    assert remote._wire is not None
    remote._wire.close()  # as a network drop would
    deadline = time.monotonic() + 10
    while remote._alive and time.monotonic() < deadline:
        time.sleep(0.02)
    r = client.post(f"/api/tables/{table}/moves", json={"after": 0, "action": view["legal"][0]["action"]},
                    headers={"Authorization": f"Bearer {tokens[0]}"})
    assert r.status_code == 200, r.text
    while remote.view()["state"] < 1 and time.monotonic() < deadline:
        time.sleep(0.02)
    fresh = client.get(f"/api/tables/{table}/view", headers={"Authorization": f"Bearer {tokens[0]}"})
    assert remote.view()["state"] == 1 and remote.view()["events"] == fresh.json()["events"]
    assert remote.undo(1) is None and remote.view()["state"] == 2  # and it plays on


class FakeWire:
    """A socket that delivers the given messages, then drops."""

    def __init__(self, messages: list[str]) -> None:
        self.messages = messages
        self.sent: list[str] = []

    def send(self, text: str) -> None:
        self.sent.append(text)

    def recv(self) -> str:
        if not self.messages:
            raise ConnectionResetError("dropped")
        return self.messages.pop(0)

    def close(self) -> None:
        self.messages.clear()


def test_a_socket_that_cannot_be_opened_again_ends_with_a_clear_line() -> None:
    view = {"state": 4, "events": [{"n": 4, "text": "x"}], "legal": []}
    wires = [FakeWire([json.dumps({"type": "sync", "n": 4, "view": view})])]

    def opener(path: str) -> FakeWire:
        if not wires:
            raise OSError("refused")
        return wires.pop(0)

    now = [0.0]
    waits: list[float | None] = []
    remote = Remote(opener, "T1", "tok", "en", sleep=lambda s: now.__setitem__(0, now[0] + s),
                    clock=lambda: now[0])
    remote.on_reconnect = lambda wait, lost: waits.append(wait)
    deadline = time.monotonic() + 10
    while remote._alive and time.monotonic() < deadline:
        time.sleep(0.01)
    with pytest.raises(ConnectionLost, match=t("cli.connection-lost", "en", table="T1", minutes=10)[:30]):
        remote.view()
    # it kept trying, each wait longer up to a minute, for the documented time (issue 43)
    assert waits[:8] == [1, 2, 4, 8, 16, 32, 60, 60] and max(w or 0 for w in waits) == 60
    assert now[0] == GIVE_UP
    with pytest.raises(ConnectionLost, match="T2"):  # not even the first time
        Remote(opener, "T2", None, "ja")


def test_a_refused_hello_is_said_and_not_retried() -> None:
    wire = FakeWire(['{"type": "error", "status": 401, "code": "bad-token", "message": "No such seat."}'])
    remote = Remote(lambda path: wire, "T", "bad", "en")
    assert json.loads(wire.sent[0]) == {"type": "hello", "token": "bad"}
    with pytest.raises(ConnectionLost, match="No such seat"):
        remote.view()
