"""A finished table's analysis (server/features/analyses.py): queued in the
transaction that ends the game, computed by the bot workers in the
background, stored, and read back per seat in either language; bad
requests are refused with a clear 4xx and change nothing."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from gameshelf.server.app import create_app
from gameshelf.server.config import Settings
from gameshelf.server.store.db import analyses
from gameshelf.server.wire.analysis import AnalysisReply
from tests.server.helpers import auth, new_table, secret_state

#: The longest a test waits for the background analysis (it takes seconds).
PATIENCE_S = 240.0


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """A server whose analyses play one world per estimate."""
    folder: Path = tmp_path_factory.mktemp("analysis")
    app = create_app(Settings(f"sqlite:///{folder / 'a.sqlite3'}", bot_workers=1,
                              analysis_budget=0.02, analysis_worlds=1, hint_budget=0.2))
    with TestClient(app) as c:
        yield c


def play_out(client: TestClient, table: str, tokens: dict[int, str], seed: int = 3) -> None:
    """Random legal moves for every person until the game ends."""
    state = secret_state(client, table)
    rng = random.Random(seed)
    n = len(state.history)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = rng.choice(state.legal_actions())
        r = client.post(f"/api/tables/{table}/moves", headers=auth(tokens[seat]),
                        json={"after": n, "action": action.to_json()})
        assert r.status_code == 200, r.text
        state.apply(action)
        n += 1


def wait_ready(client: TestClient, table: str, seat: int, lang: str = "en") -> dict[str, Any]:
    deadline = time.monotonic() + PATIENCE_S
    while True:
        r = client.get(f"/api/tables/{table}/analysis", params={"seat": seat, "lang": lang})
        assert r.status_code == 200, r.text
        got = r.json()
        AnalysisReply.model_validate(got)  # the declared reply, field by field
        if got["status"] != "pending":
            return dict(got)
        assert time.monotonic() < deadline, "the analysis never came"
        time.sleep(0.2)


def _rows(client: TestClient, table: str) -> list[Any]:
    engine = client.app.state.server.service.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        return list(conn.execute(sa.select(analyses).where(analyses.c.table_id == table)
                                 .order_by(analyses.c.seat)))


def test_refusals_are_clear_and_change_nothing(client: TestClient) -> None:
    table, _tokens = new_table(client, seats=[{"kind": "human", "name": "Ann"},
                                             {"kind": "bot", "level": "easy"}])
    # a running game has no analysis yet
    r = client.get(f"/api/tables/{table}/analysis", params={"seat": 0})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "not-over"
    for bad in ("1.0", "true", "-1", "01", " 1", "x", "", "100"):
        r = client.get(f"/api/tables/{table}/analysis", params={"seat": bad})
        assert r.status_code == 422, (bad, r.text)
    r = client.get(f"/api/tables/{table}/analysis")
    assert r.status_code == 422
    r = client.get(f"/api/tables/{table}/analysis", params={"seat": 7})
    assert r.status_code == 404 and r.json()["detail"]["code"] == "unknown-seat"
    r = client.get("/api/tables/nosuchtable/analysis", params={"seat": 0})
    assert r.status_code == 404 and r.json()["detail"]["code"] == "unknown-table"
    r = client.get("/api/tables/bad%20id/analysis", params={"seat": 0})
    assert r.status_code in (404, 422)
    assert _rows(client, table) == []


def test_a_finished_game_is_analysed_in_the_background_and_kept(quick: TestClient) -> None:
    table, tokens = new_table(quick)  # two people
    play_out(quick, table, tokens)
    rows = _rows(quick, table)
    assert [r.seat for r in rows] == [0, 1]  # queued with the game's end, one per person
    got = wait_ready(quick, table, 0)
    assert got["status"] == "ready", got
    analysis = got["analysis"]
    total = len(quick.get(f"/api/tables/{table}/record").json()["actions"])
    assert analysis["total"] == total and len(analysis["series"]) == total + 1
    decisions = analysis["decisions"]
    record = quick.get(f"/api/tables/{table}/record").json()
    assert decisions and all(record["actions"][d["k"]] == d["made"]["action"] for d in decisions)
    assert all(d["loss"] >= 0 and d["best"]["estimate"]["score"] >= d["made"]["estimate"]["score"] - 1e-9
               for d in decisions)
    mistakes = analysis["mistakes"]
    # listed by mark (the worst first), then by loss; no decision that lost nothing
    rank = {"??": 0, "?": 1, "?!": 2, None: 3}
    keys = [(rank[m["mark"]], -m["loss"]) for m in mistakes]
    assert keys == sorted(keys)
    assert all(m["better"] and m["reason"] and m["made"] != m["better"] for m in mistakes)
    # kept: the row is ready and the same analysis reads in Japanese, in Japanese words
    assert {r.seat: r.status for r in _rows(quick, table)}[0] == "ready"
    ja = wait_ready(quick, table, 0, "ja")["analysis"]
    assert [d["k"] for d in ja["decisions"]] == [d["k"] for d in decisions]
    assert ja["measure"] != analysis["measure"]
    # a stored analysis that no longer reads (an older version's) is made again, not a 500
    engine = quick.app.state.server.service.engine  # type: ignore[attr-defined]
    with engine.begin() as conn:
        conn.execute(analyses.update().where(analyses.c.table_id == table, analyses.c.seat == 0)
                     .values(data='{"version": 0}'))
    r = quick.get(f"/api/tables/{table}/analysis", params={"seat": 0})
    assert r.status_code == 200 and r.json()["status"] == "pending"
    assert wait_ready(quick, table, 0)["analysis"]["total"] == total


def test_a_pending_analysis_lost_in_a_restart_is_done_after_it(quick: TestClient,
                                                               tmp_path: Path) -> None:
    """The rows are the queue: a server started on a database with a
    pending row (its process died before the analysis ran, or it was a
    process with analysis off) computes it."""
    url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    first = create_app(Settings(url, bot_workers=1, analysis_budget=0))  # analysis off
    with TestClient(first) as c:
        table, tokens = new_table(c)
        play_out(c, table, tokens)
        time.sleep(0.5)  # (a process with analysis on would have claimed it by now)
        assert {r.status for r in _rows(c, table)} == {"pending"}
    again = create_app(Settings(url, bot_workers=1, analysis_budget=0.02, analysis_worlds=1))
    with TestClient(again) as c:
        assert wait_ready(c, table, 0)["status"] == "ready"  # (the first queued)


@pytest.mark.parametrize(("text", "budget"), [("0", 0.0), ("0.5", 0.5), ("", 30.0), ("-1", 30.0),
                                              ("nan", 30.0), ("1e9", 30.0), ("soon", 30.0)])
def test_the_analysis_budget_from_the_environment(monkeypatch: pytest.MonkeyPatch, text: str,
                                                  budget: float) -> None:
    """0 turns a process's background analysis off; a typo falls back to
    the default rather than an hour-long or negative budget."""
    monkeypatch.setenv("GAMESHELF_ANALYSIS_BUDGET", text)
    assert Settings.from_env().analysis_budget == budget
