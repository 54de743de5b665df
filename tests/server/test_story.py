"""The view's status-bar fields and the replay's whole log and chart (issue 25)."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from gameshelf.core.registry import load_game, shipped_games
from gameshelf.server.play import story
from tests.server.helpers import auth, new_table, view


def test_view_says_the_decision_in_the_viewers_language(client: TestClient) -> None:
    table, tokens = new_table(client, game="pay-dirt",
                              seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}])
    spectator = view(client, table)
    mover = spectator["to_move"]
    mine = view(client, table, tokens[mover], lang="ja")
    other = view(client, table, tokens[1 - mover])
    assert mine["decision"]["key"] == other["decision"]["key"] == "pay_dirt.decision.auction"
    assert "競り" in mine["decision"]["text"] and "auction" in other["decision"]["text"]
    # the reasons are the mover's alone; a seat that waits and a spectator get none
    assert isinstance(mine["unavailable"], list)
    assert other["unavailable"] == [] and spectator["unavailable"] == []


def test_replay_log_holds_every_step_up_to_k(client: TestClient) -> None:
    table, tokens = new_table(client, game="hidden-high",
                              seats=[{"kind": "human"}, {"kind": "human"}])
    n = 0
    while not (v := view(client, table))["over"]:
        legal = view(client, table, tokens[v["to_move"]])["legal"]
        r = client.post(f"/api/tables/{table}/moves", json={"after": n, "action": legal[0]["action"]},
                        headers=auth(tokens[v["to_move"]]))
        assert r.status_code == 200, r.text
        n += 1
    assert v["decision"] is None
    frames = [client.get(f"/api/tables/{table}/replay/{k}").json() for k in range(n + 1)]
    for k, frame in enumerate(frames):
        expected = [line for f in frames[1:k + 1] for line in [f["move"]["text"], *f["events"]]]
        told = [line["text"] for line in frame["log"] if line["n"] > 0]
        assert told == expected, k
        assert all(line["n"] <= k for line in frame["log"])
        assert len(frame["series"]) == n + 1 and all(len(row) == 2 for row in frame["series"])
    assert frames[-1]["series"][-1] == v["result"]["scores"]


def test_lobby_lists_live_tables_only(client: TestClient) -> None:
    """A just-created table is listed with whose turn it is; one left alone
    past the idle limit leaves the list but still opens."""
    import time

    import sqlalchemy as sa

    from gameshelf.server.play import lobby
    from gameshelf.server.store.db import tables

    fresh, _ = new_table(client)
    stale, _ = new_table(client)
    waiting, _ = new_table(client, seats=[{"kind": "human"}, {"kind": "open"}])
    engine = client.app.state.server.service.engine  # type: ignore[attr-defined]
    with engine.begin() as conn:
        long_ago = time.time() - lobby.RUNNING_IDLE_S - 60
        conn.execute(sa.update(tables).where(tables.c.id.in_([stale, waiting])).values(updated_at=long_ago))
    listed = {t["id"]: t for t in client.get("/api/tables").json()}
    assert fresh in listed and listed[fresh]["to_move"] == 0 and listed[fresh]["created_at"]
    assert stale not in listed
    # an open table waits longer for its guests
    assert waiting in listed and listed[waiting]["status"] == "open"
    assert client.get(f"/api/tables/{stale}").status_code == 200


@pytest.mark.parametrize("game_id", shipped_games())
def test_why_not_texts_are_the_engines_own(game_id: str) -> None:
    """``unavailable`` renders each text once, seats marked, and takes its
    plain text from the parts: the very words of ``Unavailable.to_json``,
    in both languages, at random points of random games."""
    game = load_game(game_id)
    seen = 0
    for seed in range(3):
        players = max(game.min_players, min(game.max_players, 2 + seed % 2))
        state = game.new_game(players, seed, {})
        rng = random.Random(seed)
        for _ in range(200):
            if state.is_over:
                break
            for lang in ("en", "ja"):
                expected = [u.to_json(lang) for u in state.unavailable_moves()]
                got = story.unavailable_field(state, lang)
                assert [{k: u[k] for k in expected[0]} for u in got] == expected if expected else not got
                seen += len(expected)
            state.apply(rng.choice(state.legal_actions()))
    assert seen
