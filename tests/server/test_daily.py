"""Dicey Farm Daily Mode on the server (server/daily.py): the leaderboard
takes only the server's own replay of a finished daily table, counts a
name's first table of the day, and refuses bad dates, names and tables
without changing anything."""

from __future__ import annotations

import datetime
import secrets
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gameshelf.core.record import replay
from gameshelf.server import daily
from tests.server.helpers import auth, new_table, secret_state, view


def _today() -> str:
    return datetime.datetime.now(datetime.UTC).date().isoformat()


def _name() -> str:
    return f"P{secrets.token_hex(4)}"


def _play(client: TestClient, table: str, token: str) -> None:
    """Play the table to its end, always the first legal move (chosen on a
    copy of the real game, which is quicker than asking for a view each time)."""
    state = secret_state(client, table)
    while not state.is_over:
        action = state.legal_actions()[0]
        r = client.post(f"/api/tables/{table}/moves", headers=auth(token),
                        json={"after": len(state.history), "action": action.to_json()})
        assert r.status_code == 200, r.text
        state.apply(action)
    assert view(client, table, token)["over"]


def _daily_table(client: TestClient, name: str | None, date: str, finish: bool = True) -> tuple[str, str]:
    seat: dict[str, Any] = {"kind": "human"} | ({"name": name} if name is not None else {})
    table, tokens = new_table(client, "dicey-farm", [seat], options={"daily": date})
    if finish:
        _play(client, table, tokens[0])
    return table, tokens[0]


def _submit(client: TestClient, date: str, table: str, token: str, **extra: Any) -> Any:
    return client.post(f"/api/daily/{date}/attempts", headers=auth(token), json={"table": table, **extra})


def _board(client: TestClient, date: str, name: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/daily/{date}/attempts", params={"name": name} if name else {})
    assert r.status_code == 200, r.text
    return r.json()


@pytest.fixture
def stub_par(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real solver takes seconds; the routes' rules are what is tested here."""
    monkeypatch.setattr(daily.PAR, "solve", lambda date: (123.0, []))


def test_the_puzzle_says_how_to_start_it(client: TestClient) -> None:
    today = _today()
    got = client.get(f"/api/daily/{today}").json()
    assert got["options"] == {"daily": today} and got["today"] is True
    r = client.post("/api/tables", json=got["table"])
    assert r.status_code == 201, r.text


def test_score_is_the_servers_replay_and_only_the_first_table_counts(client: TestClient) -> None:
    today, name = _today(), _name()
    first, token = _daily_table(client, name, today)
    second, token2 = _daily_table(client, name, today)
    # a score in the body is refused outright, and nothing is entered
    r = _submit(client, today, first, token, score=99999)
    assert r.status_code == 422
    assert all(e["name"] != name for e in _board(client, today)["entries"])
    # the second table, handed in first, is still practice: the first one opened counts
    r2 = _submit(client, today, second, token2)
    assert r2.status_code == 201 and r2.json()["counted"] is False
    r1 = _submit(client, today, first, token)
    assert r1.status_code == 201 and r1.json()["counted"] is True
    record = client.get(f"/api/tables/{first}/record").json()
    assert r1.json()["score"] == replay(record).scores()[0]
    mine = [e for e in _board(client, today)["entries"] if e["name"] == name]
    assert [e["score"] for e in mine] == [r1.json()["score"]]
    history = _board(client, today, name)["history"]
    assert {(h["table"], h["counted"]) for h in history} == {(first, True), (second, False)}


def test_refusals_change_nothing(client: TestClient) -> None:
    today, name = _today(), _name()
    running, token = _daily_table(client, name, today, finish=False)
    assert _submit(client, today, running, token).status_code == 409  # not over
    done, token2 = _daily_table(client, name, today)
    assert _submit(client, today, done, "x" * 30).status_code == 401
    assert _submit(client, today, done, token).status_code == 401  # another table's token
    yesterday = (datetime.date.fromisoformat(today) - datetime.timedelta(days=1)).isoformat()
    assert _submit(client, yesterday, done, token2).status_code == 422  # another date's puzzle
    for bad in ["2026-02-30", "2026-1-05", "1999-01-01", "2999-01-01", "today", "２０２６-01-01"]:
        assert client.get(f"/api/daily/{bad}/attempts").status_code in (404, 422), bad
        assert _submit(client, bad, done, token2).status_code in (404, 422), bad
    bad_body = client.post(f"/api/daily/{today}/attempts", headers=auth(token2), json={"table": 5})
    assert bad_body.status_code == 422
    assert client.get(f"/api/daily/{today}/attempts", params={"name": "x" * 41}).status_code == 422
    assert client.get(f"/api/daily/{today}/attempts", params={"name": "a\nb"}).status_code == 422
    assert _board(client, today, name)["history"] == []
    # the running table was the name's first: the finished one is practice, entered once
    r = _submit(client, today, done, token2)
    assert r.status_code == 201 and r.json()["counted"] is False
    assert _submit(client, today, done, token2).status_code == 409
    assert len(_board(client, today, name)["history"]) == 1


def test_a_table_without_a_name_cannot_be_entered(client: TestClient) -> None:
    today = _today()
    table, token = _daily_table(client, None, today)
    r = _submit(client, today, table, token)
    assert r.status_code == 422 and r.json()["detail"]["code"] == "daily-name"


def test_a_past_puzzle_is_practice(client: TestClient) -> None:
    day = (datetime.date.fromisoformat(_today()) - datetime.timedelta(days=3)).isoformat()
    name = _name()
    table, token = _daily_table(client, name, day)
    r = _submit(client, day, table, token)
    assert r.status_code == 201 and r.json()["counted"] is False


def test_par_after_the_attempt_and_its_line_after_the_day(client: TestClient, stub_par: None) -> None:
    today, name = _today(), _name()
    table, token = _daily_table(client, name, today)
    hidden = client.get(f"/api/daily/{today}/par", params={"table": table}, headers=auth(token))
    assert hidden.status_code == 403 and hidden.json()["detail"]["code"] == "daily-par-hidden"
    assert client.get(f"/api/daily/{today}/par").status_code == 403
    assert _submit(client, today, table, token).status_code == 201
    shown = client.get(f"/api/daily/{today}/par", params={"table": table}, headers=auth(token))
    assert shown.status_code == 200 and shown.json() == {"date": today, "score": 123, "line": None}
    past = client.get("/api/daily/2025-01-01/par")
    assert past.status_code == 200 and past.json()["line"] == []


def test_japanese_refusal(client: TestClient) -> None:
    r = client.get("/api/daily/2026-13-01/attempts?lang=ja")
    assert r.status_code == 422 and "日付" in r.json()["detail"]["message"]


def test_a_table_a_bot_finished_cannot_be_entered(client: TestClient) -> None:
    if client.app.state.server.settings.database_url.startswith("postgresql"):  # type: ignore[attr-defined]
        pytest.skip("the rule reads the table's result, the same on every database; a bot's game takes seconds")
    today, name = _today(), _name()
    table, token = _daily_table(client, name, today, finish=False)
    r = client.post(f"/api/tables/{table}/seats/0/leave", headers=auth(token), json={"bot": "easy"})
    assert r.status_code == 200, r.text
    for _ in range(600):
        if view(client, table, token)["over"]:
            break
        time.sleep(0.05)
    r = _submit(client, today, table, token)
    assert r.status_code == 422 and r.json()["detail"]["code"] == "daily-bot-played"
    assert _board(client, today, name)["history"] == []
