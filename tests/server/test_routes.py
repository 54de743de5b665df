"""Every route, on SQLite and PostgreSQL: what it answers, and that every
refusal changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from gameshelf.core.registry import shipped_games
from tests.server.helpers import auth, new_table, view


def snapshot(client: TestClient, table: str, tokens: dict[int, str]) -> list[Any]:
    info = client.get(f"/api/tables/{table}").json()
    info.pop("updated_at")
    return [info] + [view(client, table, t)["observation"] for t in tokens.values()]


def test_games_in_both_languages(client: TestClient) -> None:
    en = {g["id"]: g for g in client.get("/api/games").json()}
    ja = {g["id"]: g for g in client.get("/api/games?lang=ja").json()}
    assert set(shipped_games()) <= set(en)
    assert en["filthy-rich"]["name"] != ja["filthy-rich"]["name"]
    assert en["filthy-rich"]["options"]["single_tax"]["choices"] == [False, True]
    assert en["pay-dirt"]["min_players"] <= en["pay-dirt"]["max_players"]
    assert en["dicey-farm"]["default_players"] == 1 and en["pay-dirt"]["default_players"] == 2
    assert client.get("/api/games?lang=fr").status_code == 422


def test_create_list_get(client: TestClient) -> None:
    table, tokens = new_table(client)
    assert set(tokens) == {0, 1} and all(len(t) >= 22 for t in tokens.values())
    info = client.get(f"/api/tables/{table}").json()
    assert info["status"] == "running" and info["state"] == 0
    assert [s["name"] for s in info["seats"]] == ["Ann", "Bo"]
    assert "seed" not in info and "token" not in str(info) and tokens[0] not in str(info)
    assert table in [t["id"] for t in client.get("/api/tables").json()]
    assert client.get("/api/tables/nosuchtable").status_code == 404
    assert client.get("/api/tables/bad!id").status_code == 422


@pytest.mark.parametrize("body", [
    {"game": "filthy-rich", "players": True, "seats": []},
    {"game": "filthy-rich", "players": 2.0, "seats": [{"kind": "bot"}, {"kind": "bot"}]},
    {"game": "filthy-rich", "players": "2", "seats": [{"kind": "bot"}, {"kind": "bot"}]},
    {"game": "filthy-rich", "players": 2, "seats": [{"kind": "bot"}, {"kind": "bot"}], "x": 1},
    {"game": "filthy-rich", "players": 2, "seats": [{"kind": "bot", "level": "godlike"}, {"kind": "bot"}]},
    {"game": "filthy-rich", "players": 2, "seats": [{"kind": "human", "name": "x" * 41}, {"kind": "bot"}]},
    {"game": "filthy-rich", "players": 2, "seats": [{"kind": "human", "name": 7}, {"kind": "bot"}]},
    {"game": "filthy-rich", "players": 3, "seats": [{"kind": "bot"}, {"kind": "bot"}]},
    {"game": "filthy-rich", "players": 9, "seats": [{"kind": "bot"}] * 9},
    {"game": "filthy-rich", "players": 2, "seats": [{"kind": "bot"}] * 2, "options": {"single_tax": 1}},
    {"game": "filthy-rich", "players": 2, "seats": [{"kind": "bot"}] * 2, "options": {"nope": True}},
    {"game": "no-such-game", "players": 2, "seats": [{"kind": "bot"}] * 2},
    {"game": "filthy-rich", "players": 2, "seats": [{"kind": "bot"}] * 2, "clock": {"bank": 5}},
    [],
    "text",
])
def test_bad_tables_are_refused(client: TestClient, body: Any) -> None:
    before = len(client.get("/api/tables").json())
    r = client.post("/api/tables", json=body)
    assert r.status_code in (404, 422), r.text
    assert "detail" in r.json()
    assert len(client.get("/api/tables").json()) == before


def test_view_seat_and_spectator(client: TestClient) -> None:
    table, tokens = new_table(client)
    mover = view(client, table)["to_move"]
    seat_view = view(client, table, tokens[mover])
    other = view(client, table, tokens[1 - mover])
    spectator = view(client, table)
    assert seat_view["seat"] == mover and seat_view["legal"]
    assert all(set(a) == {"action", "text", "parts"} for a in seat_view["legal"])
    assert other["legal"] == [] and spectator["legal"] == [] and spectator["seat"] is None
    assert "hand" in seat_view["observation"]
    assert spectator["observation"].get("hand") in (None, [])
    ja = view(client, table, tokens[mover], lang="ja")
    assert ja["legal"][0]["text"] != seat_view["legal"][0]["text"]
    assert client.get(f"/api/tables/{table}/view", headers=auth("x" * 30)).status_code == 401
    assert client.get(f"/api/tables/{table}/view", headers={"Authorization": "Basic abc"}).status_code == 401


def test_moves_and_their_refusals_change_nothing(client: TestClient) -> None:
    table, tokens = new_table(client)
    v = view(client, table)
    mover = v["to_move"]
    legal = view(client, table, tokens[mover])["legal"]
    before = snapshot(client, table, tokens)
    url = f"/api/tables/{table}/moves"
    refusals = [
        (tokens[1 - mover], {"after": 0, "action": legal[0]["action"]}, 403),  # another seat
        (None, {"after": 0, "action": legal[0]["action"]}, 401),
        ("forged-token-forged-token", {"after": 0, "action": legal[0]["action"]}, 401),
        (tokens[mover], {"after": 1, "action": legal[0]["action"]}, 409),
        (tokens[mover], {"after": True, "action": legal[0]["action"]}, 422),
        (tokens[mover], {"after": 0.0, "action": legal[0]["action"]}, 422),
        (tokens[mover], {"after": 0, "action": {"type": "no-such-move"}}, 422),
        (tokens[mover], {"after": 0, "action": [1, 2]}, 422),
        (tokens[mover], {"after": 0, "action": legal[0]["action"], "x": 1}, 422),
        (tokens[mover], {"after": 0}, 422),
    ]
    for token, body, status in refusals:
        r = client.post(url, json=body, headers=auth(token) if token else {})
        assert r.status_code == status, (body, r.text)
        assert r.json()["detail"]
        assert snapshot(client, table, tokens) == before
    r = client.post(url, json={"after": 0, "action": legal[0]["action"]}, headers=auth(tokens[mover]))
    assert r.status_code == 200 and r.json()["state"] == 1
    after_one = snapshot(client, table, tokens)
    r = client.post(url, json={"after": 0, "action": legal[0]["action"]}, headers=auth(tokens[mover]))
    assert r.status_code == 409 and r.json()["detail"]["code"] == "stale"  # the duplicate
    assert snapshot(client, table, tokens) == after_one
    lines = view(client, table, tokens[1 - mover])["events"]
    assert any(line["kind"] == "move" and line["seat"] == mover for line in lines)


def test_illegal_move_is_422(client: TestClient) -> None:
    table, tokens = new_table(client)
    mover = view(client, table)["to_move"]
    legal = [a["action"] for a in view(client, table, tokens[mover])["legal"]]
    other_view = view(client, table, tokens[1 - mover])
    hand_elsewhere = other_view["observation"]["hand"]
    guess = next(({"type": "sign", "card": c, "pocket": 0} for c in hand_elsewhere), None)
    before = snapshot(client, table, tokens)
    for action in [guess, {"type": "buy", "luxury": 999}, {"type": "buy", "luxury": True}]:
        if action is None or action in legal:
            continue
        r = client.post(f"/api/tables/{table}/moves", json={"after": 0, "action": action},
                        headers=auth(tokens[mover]))
        assert r.status_code == 422, r.text
    assert snapshot(client, table, tokens) == before


def test_open_seats_join_and_leave(client: TestClient) -> None:
    table, tokens = new_table(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "open"}])
    assert client.get(f"/api/tables/{table}").json()["status"] == "open"
    r = client.post(f"/api/tables/{table}/seats/0/join", json={"name": "Zed"})
    assert r.status_code == 409  # taken: only its own token comes back to it
    r = client.post(f"/api/tables/{table}/seats/1/join", json={"name": "<b>Cy</b>"})
    assert r.status_code == 200
    cy = r.json()["token"]
    info = client.get(f"/api/tables/{table}").json()
    assert info["status"] == "running" and info["seats"][1]["name"] == "<b>Cy</b>"
    assert client.post(f"/api/tables/{table}/seats/1/join", json={"name": "Dee"}).status_code == 409
    assert client.post(f"/api/tables/{table}/seats/5/join", json={}).status_code == 404
    assert client.post(f"/api/tables/{table}/seats/1/leave", headers=auth(tokens[0])).status_code == 403
    r = client.post(f"/api/tables/{table}/seats/1/leave", json={"bot": None}, headers=auth(cy))
    assert r.status_code == 200 and r.json()["stand_in"] is None
    r = client.post(f"/api/tables/{table}/seats/1/join", headers=auth(cy))
    assert r.status_code == 200 and r.json()["token"] == cy
    assert client.post(f"/api/tables/{table}/seats/1/join", json={"name": 3}).status_code == 422


def test_record_only_after_the_end(client: TestClient) -> None:
    table, tokens = new_table(client, game="hidden-high", seats=[{"kind": "human"}, {"kind": "human"}])
    r = client.get(f"/api/tables/{table}/record")
    assert r.status_code == 409 and str(r.json()).count("seed") == 0
    n = 0
    while True:
        v = view(client, table)
        if v["over"]:
            break
        legal = view(client, table, tokens[v["to_move"]])["legal"]
        r = client.post(f"/api/tables/{table}/moves", json={"after": n, "action": legal[0]["action"]},
                        headers=auth(tokens[v["to_move"]]))
        assert r.status_code == 200, r.text
        n += 1
    record = client.get(f"/api/tables/{table}/record").json()
    assert len(record["actions"]) == n and "seed" in record and record["result"]
    assert view(client, table)["result"]["ranking"]
    frame = client.get(f"/api/tables/{table}/replay/{n}").json()
    assert frame["total"] == n and frame["move"]["text"]
    assert client.get(f"/api/tables/{table}/replay/{n + 1}").status_code == 404
    assert client.post(f"/api/tables/{table}/moves", json={"after": n, "action": {"type": "draw"}},
                       headers=auth(tokens[0])).status_code == 409
    assert table not in [t["id"] for t in client.get("/api/tables").json()]


def test_serve_is_a_gameshelf_command() -> None:
    from typer.testing import CliRunner

    from gameshelf.cli import _register_plugins, app

    _register_plugins()
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--redis", "--workers"):
        assert option in result.output


def test_tokens_are_stored_only_as_hashes(client: TestClient) -> None:
    import hashlib

    import sqlalchemy as sa

    from gameshelf.server.store.db import seats

    table, tokens = new_table(client)
    engine = client.app.state.server.service.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        rows = list(conn.execute(sa.select(seats).where(seats.c.table_id == table)))
    dump = repr(rows)
    for seat, token in tokens.items():
        assert len(token) >= 32  # 192 bits in URL-safe base64
        assert token not in dump
        assert rows[seat].token_hash == hashlib.sha256(token.encode()).hexdigest()


def test_the_client_data_is_served_live_from_the_catalogues(client: TestClient) -> None:
    """The browser reads its strings and component facts from ``/data``; they
    come from the live locale files, so an edited locale is never served stale."""
    from gameshelf.web.export import files

    reply = client.get("/data/i18n.ja.json")
    assert reply.status_code == 200
    assert reply.content == files()["i18n.ja.json"].encode("utf-8")
    assert client.get("/data/no-such-file.json").status_code == 404
