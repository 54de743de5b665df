"""Daily Mode with accounts (issue 27): a logged-in player's daily tables
count one try per account, under the account's name, whatever name each
seat was given; guests count one per name as before."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.accounts_helpers import csrf, register
from tests.server.test_daily import _board, _name, _play, _today


def test_one_counted_try_per_account(client: TestClient) -> None:
    today = _today()
    web, account, token = register(client)
    made = []
    for seat_name in (_name(), _name()):
        r = web.post("/api/tables", headers=csrf(token), json={
            "game": "dicey-farm", "players": 1, "options": {"daily": today},
            "seats": [{"kind": "human", "name": seat_name}]})
        assert r.status_code == 201, r.text
        made.append((r.json()["id"], r.json()["tokens"]["0"]))
    for table, seat_token in reversed(made):  # the later table ends first: the earlier still counts
        _play(client, table, seat_token)
    board = _board(client, today, account)
    assert [e["name"] for e in board["entries"]].count(account) == 1
    assert {h["table"]: h["counted"] for h in board["history"] if h["table"] in dict(made)} == {
        made[0][0]: True, made[1][0]: False}
