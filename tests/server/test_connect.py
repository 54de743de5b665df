"""``gameshelf connect``: the terminal client plays a whole game against a
server's bot through the API alone."""

from __future__ import annotations

import io
import re
import time

from fastapi.testclient import TestClient
from rich.console import Console

from gameshelf.server.connect import Remote, play_remote
from tests.server.helpers import new_table


def test_the_terminal_client_plays_to_the_end(client: TestClient) -> None:
    table, tokens = new_table(client, "filthy-rich",
                              [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}])
    out = io.StringIO()
    answers = iter(["x", "99"] + ["1"] * 1000)  # bad answers are asked again
    last = play_remote(Remote(client, table, tokens[0], "en"),
                       console=Console(file=out, width=100), read=lambda _: next(answers),
                       sleep=lambda _: time.sleep(0.02))
    assert last["over"] and last["result"]["ranking"]
    assert "1-" in out.getvalue()


def test_the_terminal_client_quits_on_q(client: TestClient) -> None:
    table, tokens = new_table(client, "filthy-rich")
    mover = client.get(f"/api/tables/{table}").json()["to_move"]
    last = play_remote(Remote(client, table, tokens[mover], "ja"), console=Console(file=io.StringIO()),
                       read=lambda _: "q")
    assert not last["over"] and last["state"] == 0


def test_the_terminal_client_takes_a_move_back(client: TestClient) -> None:
    """Dicey Farm's first move (picking a die) teaches nothing: ``u`` is
    offered after it and takes it back; before it, ``u`` is asked again."""
    table, tokens = new_table(client, "dicey-farm", [{"kind": "human", "name": "Ann"}])
    out = io.StringIO()
    answers = iter(["u", "1", "u", "q"])
    last = play_remote(Remote(client, table, tokens[0], "en"), console=Console(file=out, width=100),
                       read=lambda _: next(answers))
    assert last["state"] == 2 and not last["can_undo"]
    # the first "u" came before any move: refused with the keys that were open
    assert re.search(r"1-\d+, q", out.getvalue()) and "u (undo)" not in out.getvalue()
    assert "Took back: " in out.getvalue()
