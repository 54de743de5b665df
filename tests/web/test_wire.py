"""The browser on the wire (issue 24): moves and take-backs go over the
websocket, each view arrives once, and the page reads the declared view
(names from the parts' seat references)."""

from __future__ import annotations

import json
import random
from typing import Any

from tests.web.helpers import click_a_move, create_table, state_of


def test_moves_go_over_the_socket_and_each_view_comes_once(page: Any, server: str) -> None:
    sent: list[dict[str, Any]] = []
    got: list[dict[str, Any]] = []
    posts: list[str] = []

    def on_socket(ws: Any) -> None:
        ws.on("framesent", lambda payload: sent.append(json.loads(payload)))
        ws.on("framereceived", lambda payload: got.append(json.loads(payload)))

    page.on("websocket", on_socket)
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.goto(server + "/")
    create_table(page, server, "dicey-farm", ["here"], ["Ann"])
    page.wait_for_selector(".table-page")
    page.wait_for_function("() => document.querySelector('.move-btn')")
    page.wait_for_timeout(300)  # the socket's first view is in
    posts.clear()
    rng = random.Random(5)
    for _ in range(4):
        before = state_of(page)
        assert click_a_move(page, rng, board_first=False)
        after = state_of(page)
        assert after > before
        page.wait_for_timeout(200)
    moves = [m for m in sent if m["type"] == "move"]
    assert len(moves) == 4 and not [u for u in posts if "/moves" in u or "/undo" in u]
    acks = [m["n"] for m in got if m["type"] == "ack"]
    assert len(acks) == 4
    for n in acks:  # each new state's view came once, on the socket
        assert [m["type"] for m in got if m["type"] in ("sync", "update") and m["n"] == n] == ["update"]


def test_the_log_says_the_names_people_chose(page: Any, server: str) -> None:
    """Filthy Rich's lines name seats: each reference is the name chosen (from
    the parts), none says "Player 2" where a person or bot has a name."""
    page.goto(server + "/")
    create_table(page, server, "filthy-rich", ["here", "bot-easy"], ["Alice"])
    page.wait_for_selector(".table-page")
    rng = random.Random(2)
    for _ in range(5):
        if not click_a_move(page, rng, board_first=False):
            break
    refs = page.locator(".log-list .seat-ref .seat-name, .log-list .seat-badge .seat-name")
    assert refs.count() > 0
    names = {refs.nth(i).inner_text().strip() for i in range(refs.count())}
    assert "Alice" in names and not any(n.startswith("Player 1") for n in names)
    assert "Player 1" not in page.locator(".log-list").inner_text()
