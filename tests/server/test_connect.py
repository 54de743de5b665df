"""``gameshelf connect``: the terminal client plays a whole game against a
server's bot through the API alone."""

from __future__ import annotations

import io
import time

from fastapi.testclient import TestClient
from rich.console import Console

from gameshelf.core.i18n import t
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
    assert "Please type the number of a move, between 1 and" in out.getvalue()


def test_the_terminal_client_quits_on_q(client: TestClient) -> None:
    table, tokens = new_table(client, "filthy-rich")
    mover = client.get(f"/api/tables/{table}").json()["to_move"]
    answers = iter(["q", "y"])  # asked first, as in local play
    last = play_remote(Remote(client, table, tokens[mover], "ja"), console=Console(file=io.StringIO()),
                       read=lambda _: next(answers))
    assert not last["over"] and last["state"] == 0


def test_the_terminal_client_takes_a_move_back(client: TestClient) -> None:
    """Dicey Farm's first move (picking a die) teaches nothing: ``u`` is
    offered after it and takes it back; before it, ``u`` is asked again."""
    table, tokens = new_table(client, "dicey-farm", [{"kind": "human", "name": "Ann"}])
    out = io.StringIO()
    answers = iter(["u", "1", "u", "q", "y"])
    last = play_remote(Remote(client, table, tokens[0], "en"), console=Console(file=out, width=100),
                       read=lambda _: next(answers))
    assert last["state"] == 2 and not last["can_undo"]
    # the first "u" came before any move: refused, saying there is nothing to take back
    assert t("cli.no-undo", "en") in " ".join(out.getvalue().split())
    assert "Took back: " in out.getvalue()


def test_connect_takes_the_keys_of_local_play_and_drops_type_ahead(client: TestClient) -> None:
    """Issue 29: `?` listed only "1-11, q", and keys typed while another seat
    moved were played when the list appeared."""
    table, tokens = new_table(client, "filthy-rich",
                              [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}])
    mover = client.get(f"/api/tables/{table}").json()["to_move"]
    out = io.StringIO()
    answers = iter(["?", "", "l", "", "b", "d", "q", "²", "q", "n", "q", "y"])
    typed = iter([["1", "2"]])
    last = play_remote(Remote(client, table, tokens[mover], "en"), console=Console(file=out, width=100),
                       read=lambda _: next(answers), pending=lambda: next(typed, []))
    text = " ".join(out.getvalue().split())
    assert last["state"] == 0  # nothing typed ahead, and nothing else, became a move
    assert "2 line(s) typed while it was not your turn were discarded" in text
    assert t("cli.key-details", "en").split()[0] == "d" and "details" in text  # the full key list
    assert t("cli.log-title", "en") in text
    assert "Please type the number of a move" in text  # "²" refused
    assert "You left table" in text  # after a no, then a yes


def test_q_typed_while_another_seat_moves_leaves(client: TestClient) -> None:
    table, tokens = new_table(client, "filthy-rich",
                              [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}])
    waiting = 1 - client.get(f"/api/tables/{table}").json()["to_move"]
    out = io.StringIO()
    answers = iter(["y"])
    last = play_remote(Remote(client, table, tokens[waiting], "en"), console=Console(file=out, width=100),
                       read=lambda _: next(answers), sleep=lambda _: None, pending=lambda: ["q"])
    assert not last["legal"] and "You left table" in " ".join(out.getvalue().split())
