"""Dicey Farm Daily Mode on the server (server/features/daily.py): the leaderboard
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
from gameshelf.server.features import daily
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
    """The server enters a named daily table itself when its last move is
    stored: no client has to come back to hand it in."""
    today, name = _today(), _name()
    first, token = _daily_table(client, name, today, finish=False)
    second, token2 = _daily_table(client, name, today, finish=False)
    # a score in the body is refused outright, and nothing is entered
    r = _submit(client, today, first, token, score=99999)
    assert r.status_code == 422
    # the second table, finished first, is still practice: the first one opened counts
    _play(client, second, token2)
    assert [(h["table"], h["counted"]) for h in _board(client, today, name)["history"]] == [(second, False)]
    assert all(e["name"] != name for e in _board(client, today)["entries"])
    _play(client, first, token)
    record = client.get(f"/api/tables/{first}/record").json()
    score = replay(record).scores()[0]
    mine = [e for e in _board(client, today)["entries"] if e["name"] == name]
    assert [e["score"] for e in mine] == [score]
    history = _board(client, today, name)["history"]
    assert {(h["table"], h["counted"]) for h in history} == {(first, True), (second, False)}
    # handing it in again changes nothing
    r1 = _submit(client, today, first, token)
    assert r1.status_code == 409 and r1.json()["detail"]["code"] == "daily-submitted"
    assert _board(client, today, name)["history"] == history


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
    # the running table was the name's first: the finished one was entered
    # as practice when it ended, once
    history = _board(client, today, name)["history"]
    assert [(h["table"], h["counted"]) for h in history] == [(done, False)]
    assert _submit(client, today, done, token2).status_code == 409
    assert _board(client, today, name)["history"] == history


def test_a_table_without_a_name_cannot_be_entered(client: TestClient) -> None:
    today = _today()
    table, token = _daily_table(client, None, today)
    r = _submit(client, today, table, token)
    assert r.status_code == 422 and r.json()["detail"]["code"] == "daily-name"


def test_a_past_puzzle_is_practice(client: TestClient) -> None:
    day = (datetime.date.fromisoformat(_today()) - datetime.timedelta(days=3)).isoformat()
    name = _name()
    table, _token = _daily_table(client, name, day)
    history = _board(client, _today(), name)["history"]
    assert [(h["table"], h["date"], h["counted"]) for h in history] == [(table, day, False)]


def test_par_after_the_attempt_and_its_line_after_the_day(client: TestClient, stub_par: None) -> None:
    today, name = _today(), _name()
    table, token = _daily_table(client, name, today, finish=False)
    hidden = client.get(f"/api/daily/{today}/par", params={"table": table}, headers=auth(token))
    assert hidden.status_code == 403 and hidden.json()["detail"]["code"] == "daily-par-hidden"
    assert client.get(f"/api/daily/{today}/par").status_code == 403
    _play(client, table, token)  # entered as it ends
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


def test_a_try_with_take_backs_scores_the_moves_that_stand(client: TestClient) -> None:
    """Take-backs stay in the move log only: the entered score is the replay
    of the moves left standing, the same as the table's own result."""
    today, name = _today(), _name()
    table, token = _daily_table(client, name, today, finish=False)
    undone = 0
    for _ in range(1000):
        v = view(client, table, token)
        if v["over"]:
            break
        if v["can_undo"] and undone < 40 and v["state"] % 3 == 0:
            r = client.post(f"/api/tables/{table}/undo", headers=auth(token), json={"after": v["state"]})
            undone += 1
        else:
            r = client.post(f"/api/tables/{table}/moves", headers=auth(token),
                            json={"after": v["state"], "action": v["legal"][0]["action"]})
        assert r.status_code == 200, r.text
    assert undone and v["over"]
    record = client.get(f"/api/tables/{table}/record").json()
    entered = _board(client, today, name)["history"]
    assert [(h["table"], h["counted"]) for h in entered] == [(table, True)]
    assert entered[0]["score"] == replay(record).scores()[0] == v["result"]["scores"][0]
    assert v["state"] == len(record["actions"]) + 2 * undone  # each take-back: its move and itself
