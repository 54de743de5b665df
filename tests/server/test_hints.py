"""A hint at a casual table opened with hints on: the top three moves of
the hard bot for the asking seat, each legal and said in the request's
language with its estimate; counted once per state on the seat, shown in
every view and the lobby, and marked on the result (server/features/hints.py)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from gameshelf.server.app import create_app
from gameshelf.server.config import Settings
from gameshelf.server.wire.analysis import HintReply
from tests.server.helpers import auth, new_table, secret_state, view


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder: Path = tmp_path_factory.mktemp("hints")
    app = create_app(Settings(f"sqlite:///{folder / 'h.sqlite3'}", bot_workers=1,
                              analysis_budget=0.02, analysis_worlds=1, hint_budget=0.2))
    with TestClient(app) as c:
        yield c


def test_a_hint_names_three_legal_moves_and_is_counted_once_per_state(quick: TestClient) -> None:
    table, tokens = new_table(quick, "pay-dirt", hints=True)
    v = view(quick, table, tokens[0])
    mover, state = v["to_move"], v["state"]
    legal = [json.dumps(m["action"], sort_keys=True) for m in view(quick, table, tokens[mover])["legal"]]
    r = quick.post(f"/api/tables/{table}/hint", headers=auth(tokens[mover]), json={"after": state})
    assert r.status_code == 200, r.text
    got = r.json()
    HintReply.model_validate(got)
    assert got["state"] == state and got["seat"] == mover and got["hints_used"] == 1
    assert 1 <= len(got["moves"]) <= 3 and len(got["moves"]) == min(3, len(legal))
    assert all(json.dumps(m["action"], sort_keys=True) in legal for m in got["moves"])
    assert all(m["win"] is None or 0 <= m["win"] <= 1 for m in got["moves"])
    # asked again at the same state: the same answer, not counted again; in Japanese words
    again = quick.post(f"/api/tables/{table}/hint?lang=ja", headers=auth(tokens[mover]), json={"after": state})
    assert again.status_code == 200
    assert [m["action"] for m in again.json()["moves"]] == [m["action"] for m in got["moves"]]
    assert again.json()["hints_used"] == 1
    assert [m["text"] for m in again.json()["moves"]] != [m["text"] for m in got["moves"]]
    # shown: every viewer's view, the lobby's list and the table's public info
    for token in (tokens[0], tokens[1], None):
        seats = view(quick, table, token)["table"]["seats"]
        assert [s["hints"] for s in seats] == [1 if s["seat"] == mover else 0 for s in seats]
    listed = [t for t in quick.get("/api/tables").json() if t["id"] == table]
    assert listed and listed[0]["hints"] is True and listed[0]["seats"][mover]["hints"] == 1
    # the hinted seat is marked on the result once the game is over
    state_ = secret_state(quick, table)
    rng = random.Random(5)
    n = state
    while not state_.is_over:
        seat = state_.current_player
        assert seat is not None
        action = rng.choice(state_.legal_actions())
        r = quick.post(f"/api/tables/{table}/moves", headers=auth(tokens[seat]),
                       json={"after": n, "action": action.to_json()})
        assert r.status_code == 200, r.text
        state_.apply(action)
        n += 1
    result = view(quick, table, tokens[0])["result"]
    assert result["marked"]["hinted"] == [mover]
    r = quick.post(f"/api/tables/{table}/hint", headers=auth(tokens[mover]), json={"after": n})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "game-over"
