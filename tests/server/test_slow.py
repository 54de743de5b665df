"""Slow clients are bounded: a connection that does not finish its
request's headers, or its body, within the read deadline is answered 408
and closed; complete requests, kept-alive connections and websockets are
not disturbed."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.procs import start_server, stop

DEADLINE = 1.0  # seconds, given to the server
PATIENCE = 20.0  # how long the test waits for the close (a loaded machine is slow)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder: Path = tmp_path_factory.mktemp("slow")
    proc, base = start_server(f"sqlite:///{folder / 'slow.sqlite3'}",
                              extra=["--read-timeout", str(DEADLINE)])
    try:
        yield base
    finally:
        stop(proc)


def raw(base: str) -> socket.socket:
    parts = urlsplit(base)
    sock = socket.create_connection((parts.hostname, parts.port))
    sock.settimeout(PATIENCE)
    return sock


def until_closed(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    got = b""
    while chunk := sock.recv(4096):
        got += chunk
    return got


@pytest.mark.parametrize("sent", [
    b"",  # connects, says nothing
    b"GET /api/ga",  # half a request line
    b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ",  # half the headers
    b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    b"Content-Length: 100\r\n\r\n{\"game\": ",  # a tenth of the body
])
def test_a_half_sent_request_is_closed(server: str, sent: bytes) -> None:
    with raw(server) as sock:
        sock.sendall(sent)
        answer = until_closed(sock)  # a socket.timeout here: the server held it
    assert answer == b"" or answer.startswith(b"HTTP/1.1 408"), answer[:100]


def test_whole_requests_and_kept_alive_connections_are_served(server: str) -> None:
    with raw(server) as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        time.sleep(DEADLINE / 4)  # slower than one packet, well within the deadline
        sock.sendall(b"\r\n")
        assert sock.recv(4096).startswith(b"HTTP/1.1 200")
    with httpx.Client(base_url=server) as client:
        for _ in range(3):
            assert client.get("/api/games").status_code == 200


def test_a_websocket_outlives_the_deadline(server: str) -> None:
    r = httpx.post(f"{server}/api/tables", json={
        "game": "filthy-rich", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]})
    table = r.json()["id"]
    with connect(f"{server.replace('http', 'ws')}/api/tables/{table}/ws") as ws:
        ws.send('{"type": "hello"}')
        assert '"sync"' in ws.recv(timeout=PATIENCE)
        time.sleep(DEADLINE * 2)
        ws.send('{"type": "ping"}')
        assert '"pong"' in ws.recv(timeout=PATIENCE)
