"""Hints are refused where they are never allowed (rated tables, daily
puzzles, tables opened without them), and every refusal changes nothing:
no hint is counted and the table's state stays (server/features/hints.py,
server/play/hint_rules.py)."""

from __future__ import annotations

import datetime
from typing import Any

from fastapi.testclient import TestClient

from tests.server.accounts_helpers import register
from tests.server.helpers import auth, new_table, view


def _hint(client: TestClient, table: str, token: str | None, body: Any, **headers: str) -> Any:
    h = {**(auth(token) if token else {}), **headers}
    return client.post(f"/api/tables/{table}/hint", headers=h, json=body)


def _code(r: Any) -> str:
    return str(r.json()["detail"]["code"])


def _unchanged(client: TestClient, table: str, token: str, state: int) -> None:
    v = view(client, table, token)
    assert v["state"] == state
    assert all(s["hints"] == 0 for s in v["table"]["seats"])


def test_a_table_opened_without_hints_refuses_them(client: TestClient) -> None:
    table, tokens = new_table(client)
    v = view(client, table, tokens[0])
    assert v["table"]["hints"] is False
    mover = v["to_move"]
    r = _hint(client, table, tokens[mover], {"after": v["state"]})
    assert r.status_code == 403 and _code(r) == "hints-off"
    _unchanged(client, table, tokens[0], v["state"])


def test_hints_cannot_be_turned_on_for_a_daily_puzzle(client: TestClient) -> None:
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    r = client.post("/api/tables", json={"game": "dicey-farm", "players": 1, "hints": True,
                                         "seats": [{"kind": "human", "name": "Dee"}],
                                         "options": {"daily": today}})
    assert r.status_code == 422 and _code(r) == "hints-daily"
    # the daily table opened without them refuses a hint for being a daily puzzle
    table, tokens = new_table(client, "dicey-farm", [{"kind": "human", "name": "Dee"}],
                              options={"daily": today})
    r = _hint(client, table, tokens[0], {"after": 0})
    assert r.status_code == 403 and _code(r) == "hints-daily"
    assert "daily" in r.json()["detail"]["message"]
    r = client.post(f"/api/tables/{table}/hint?lang=ja", headers=auth(tokens[0]), json={"after": 0})
    assert r.status_code == 403 and "デイリー" in r.json()["detail"]["message"]
    _unchanged(client, table, tokens[0], 0)


def test_a_rated_table_refuses_hints(client: TestClient) -> None:
    web, name, csrf = register(client)
    headers = {"X-CSRF-Token": csrf}
    r = web.post("/api/tables", headers=headers, json={
        "game": "filthy-rich", "players": 2, "rated": True, "hints": True,
        "seats": [{"kind": "human", "name": name}, {"kind": "bot", "level": "easy"}]})
    assert r.status_code == 422 and _code(r) == "hints-rated"
    r = web.post("/api/tables", headers=headers, json={
        "game": "filthy-rich", "players": 2, "rated": True,
        "seats": [{"kind": "human", "name": name}, {"kind": "bot", "level": "easy"}]})
    assert r.status_code == 201, r.text
    table = r.json()["id"]
    state = web.get(f"/api/tables/{table}/view").json()["state"]
    r = web.post(f"/api/tables/{table}/hint", headers=headers, json={"after": state})
    assert r.status_code == 403 and _code(r) == "hints-rated"


def test_bad_hint_requests_are_refused_and_change_nothing(client: TestClient) -> None:
    table, tokens = new_table(client, hints=True)
    v = view(client, table, tokens[0])
    assert v["table"]["hints"] is True
    mover, other, state = v["to_move"], 1 - v["to_move"], v["state"]
    cases: list[tuple[str | None, Any, int, str | None]] = [
        (None, {"after": state}, 401, "bad-token"),
        ("nonsense", {"after": state}, 401, "bad-token"),
        (tokens[other], {"after": state}, 403, "not-your-turn"),
        (tokens[mover], {"after": state + 1}, 409, "stale"),
        (tokens[mover], {"after": True}, 422, None),
        (tokens[mover], {"after": float(state)}, 422, None),
        (tokens[mover], {"after": -1}, 422, None),
        (tokens[mover], {"after": state, "more": 1}, 422, None),
        (tokens[mover], {}, 422, None),
    ]
    for token, body, status, code in cases:
        r = _hint(client, table, token, body)
        assert r.status_code == status, (body, r.text)
        if code is not None:
            assert _code(r) == code
    r = _hint(client, "no-such-table", tokens[mover], {"after": 0})
    assert r.status_code == 404 and _code(r) == "unknown-table"
    r = _hint(client, "bad id!", tokens[mover], {"after": 0})
    assert r.status_code in (404, 422)
    _unchanged(client, table, tokens[0], state)


def test_hints_must_be_exactly_true_or_false(client: TestClient) -> None:
    for bad in (1, "yes", None):
        r = client.post("/api/tables", json={"game": "filthy-rich", "players": 2, "hints": bad,
                                             "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert r.status_code == 422, bad
