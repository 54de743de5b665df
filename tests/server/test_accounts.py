"""Accounts (issue 27): sign-up, sessions, CSRF, seats that follow a
person, claims, privacy, and the rated tables' rules — on SQLite and
PostgreSQL (``client`` runs each test on both)."""

from __future__ import annotations

import hashlib
import json
import logging

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from gameshelf.server.app import Server
from gameshelf.server.store.account_tables import accounts, sessions
from gameshelf.server.store.db import reading
from tests.server.accounts_helpers import PASSWORD, Browser, csrf, fresh_name, login, register
from tests.server.helpers import auth, new_table


def _server(client: TestClient) -> Server:
    return client.app.state.server  # type: ignore[attr-defined,no-any-return]


def test_register_login_logout_and_the_cookie(client: TestClient) -> None:
    web, name, token = register(client)
    r = web.get("/api/me")
    assert r.status_code == 200 and r.json()["account"]["name"] == name
    # the cookie: HttpOnly, SameSite=Lax, not Secure over plain http
    other = Browser(client)
    r = other.post("/api/auth/login", json={"name": name.upper(), "password": PASSWORD})
    assert r.status_code == 200  # names are one account whatever their case
    cookie = r.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie and "secure" not in cookie
    # the database keeps the session's hash, never the id itself
    with reading(_server(client).service.engine) as conn:
        stored = [row.id_hash for row in conn.execute(sa.select(sessions.c.id_hash))]
    assert other.session not in stored
    assert hashlib.sha256(str(other.session).encode()).hexdigest() in stored
    # logging out ends this session only, and needs the CSRF token
    assert web.post("/api/auth/logout").status_code == 403
    assert web.post("/api/auth/logout", headers=csrf(token)).status_code == 200
    assert web.get("/api/me").status_code == 401
    assert other.get("/api/me").status_code == 200


def test_register_refuses_taken_and_bad_names(client: TestClient) -> None:
    _web, name, _ = register(client)
    web = Browser(client)
    assert web.post("/api/auth/register", json={"name": name.swapcase(), "password": PASSWORD}
                    ).json()["detail"]["code"] == "name-taken"
    for bad in [" x", "x ", "a/b", "tab\there", "\u202eevil"]:
        r = web.post("/api/auth/register", json={"name": bad, "password": PASSWORD})
        assert r.status_code == 422 and r.json()["detail"]["code"] == "bad-name", bad
    r = web.post("/api/auth/register", json={"name": fresh_name(), "password": "short"})
    assert r.status_code == 422  # the schema's own limit (8 to 256), as /openapi.json states it
    r = web.post("/api/auth/register", json={"name": fresh_name(), "password": "\ufb03" * 86})
    assert r.json()["detail"]["code"] == "bad-password"  # 86 characters, 258 in NFKC
    for body in [{"name": fresh_name(), "password": 12345678}, {"name": fresh_name()},
                 {"name": fresh_name(), "password": PASSWORD, "email": "x@y"}]:
        assert web.post("/api/auth/register", json=body).status_code == 422
    assert web.session is None


def test_change_password_ends_the_other_sessions(client: TestClient) -> None:
    web, name, token = register(client)
    other, _ = login(client, name)
    new = "another long password"
    assert web.post("/api/auth/password", json={"old": "wrong password", "new": new},
                    headers=csrf(token)).status_code == 403
    assert web.post("/api/auth/password", json={"old": PASSWORD, "new": new}).status_code == 403
    assert web.post("/api/auth/password", json={"old": PASSWORD, "new": new},
                    headers=csrf(token)).status_code == 200
    assert web.get("/api/me").status_code == 200
    assert other.get("/api/me").status_code == 401
    assert Browser(client).post("/api/auth/login", json={"name": name, "password": PASSWORD}
                                ).status_code == 401
    login(client, name, new)


def test_csrf_guards_every_cookie_authenticated_change(client: TestClient) -> None:
    web, _name, token = register(client)
    body = {"game": "filthy-rich", "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}]}
    assert web.post("/api/tables", json=body).json()["detail"]["code"] == "csrf"
    assert web.post("/api/tables", json=body, headers={"X-CSRF-Token": "x" * 32}).status_code == 403
    foreign = {**csrf(token), "Origin": "https://evil.example"}
    assert web.post("/api/tables", json=body, headers=foreign).status_code == 403
    r = web.post("/api/tables", json=body, headers={**csrf(token), "Origin": "http://testserver"})
    assert r.status_code == 201
    table = r.json()["id"]
    v = web.get(f"/api/tables/{table}/view").json()  # a read needs no CSRF token
    assert v["seat"] == 0 and v["legal"]
    move = {"after": v["state"], "action": v["legal"][0]["action"]}
    for bad in [{}, {"X-CSRF-Token": ""}, foreign]:
        assert web.post(f"/api/tables/{table}/moves", json=move, headers=bad).status_code == 403
    assert web.get(f"/api/tables/{table}/view").json()["state"] == 0
    assert web.post(f"/api/tables/{table}/moves", json=move, headers=csrf(token)).status_code == 200
    # login and sign-up from another site are refused (login CSRF)
    r = Browser(client).post("/api/auth/register", json={"name": fresh_name(), "password": PASSWORD},
                             headers={"Origin": "https://evil.example"})
    assert r.status_code == 403


def test_a_session_acts_for_its_own_seat_from_any_device_and_the_token_still_works(
        client: TestClient) -> None:
    ann, ann_name, ann_csrf = register(client)
    bo, _bo_name, bo_csrf = register(client)
    r = ann.post("/api/tables", headers=csrf(ann_csrf), json={
        "game": "filthy-rich", "players": 2, "seats": [{"kind": "human", "name": ann_name},
                                                       {"kind": "open"}]})
    table, ann_token = r.json()["id"], r.json()["tokens"]["0"]
    r = bo.post(f"/api/tables/{table}/seats/1/join", headers=csrf(bo_csrf), json={})
    assert r.status_code == 200 and r.json()["seat"] == 1
    bo_token = r.json()["token"]
    # Ann on a second device: no token, only her session
    phone, phone_csrf = login(client, ann_name)
    v = phone.get(f"/api/tables/{table}/view").json()
    assert v["seat"] == 0
    mover = v["to_move"]
    mover_web, mover_csrf, other_web, other_csrf = (
        (phone, phone_csrf, bo, bo_csrf) if mover == 0 else (bo, bo_csrf, phone, phone_csrf))
    legal = mover_web.get(f"/api/tables/{table}/view").json()["legal"]
    move = {"after": 0, "action": legal[0]["action"]}
    # the other session cannot act for the mover's seat, nor leave it, nor take it
    r = other_web.post(f"/api/tables/{table}/moves", json=move, headers=csrf(other_csrf))
    assert r.status_code == 403
    assert other_web.post(f"/api/tables/{table}/seats/{mover}/leave", headers=csrf(other_csrf),
                          json={"bot": "easy"}).status_code == 403
    assert other_web.post(f"/api/tables/{table}/seats/{mover}/join", headers=csrf(other_csrf),
                          json={}).status_code in (403, 409)
    assert other_web.get(f"/api/tables/{table}/view").json()["legal"] == []
    # a guest (no cookie, no token) cannot either
    assert client.post(f"/api/tables/{table}/moves", json=move).status_code == 401
    assert mover_web.post(f"/api/tables/{table}/moves", json=move,
                          headers=csrf(mover_csrf)).status_code == 200
    # the seat tokens still work, with no session at all
    tokens = {0: ann_token, 1: bo_token}
    now = client.get(f"/api/tables/{table}").json()["to_move"]
    v = client.get(f"/api/tables/{table}/view", headers=auth(tokens[now])).json()
    assert v["legal"] and v["seat"] == now, v
    r = client.post(f"/api/tables/{table}/moves", headers=auth(tokens[now]),
                    json={"after": v["state"], "action": v["legal"][0]["action"]})
    assert r.status_code == 200
    # the "your turn" list, on a third browser
    third, _ = login(client, ann_name)
    mine = [t for t in third.get("/api/me").json()["tables"] if t["table"] == table]
    assert len(mine) == 1 and mine[0]["seat"] == 0
    to_move = client.get(f"/api/tables/{table}").json()["to_move"]
    assert mine[0]["to_move"] == to_move and mine[0]["your_turn"] == (to_move == 0)
    assert mine[0]["since"] is not None


def test_claiming_guest_seats(client: TestClient) -> None:
    table, tokens = new_table(client)  # two guest seats, made without an account
    web, name, token = register(client)
    r = web.post("/api/me/claim", headers=csrf(token), json={"seats": [
        {"table": table, "seat": 0, "token": tokens[0]},
        {"table": table, "seat": 1, "token": tokens[1]},
        {"table": table, "seat": 1, "token": "not-the-token"}]})
    assert r.status_code == 200
    assert [s["status"] for s in r.json()["seats"]] == ["claimed", "already-seated", "bad-token"]
    assert web.post("/api/me/claim", json={"seats": [{"table": table, "seat": 0, "token": tokens[0]}]}
                    ).status_code == 403  # no CSRF token
    other, _, other_csrf = register(client)
    r = other.post("/api/me/claim", headers=csrf(other_csrf),
                   json={"seats": [{"table": table, "seat": 0, "token": tokens[0]}]})
    assert r.json()["seats"][0]["status"] == "taken"
    assert web.get(f"/api/tables/{table}/view").json()["seat"] == 0
    assert [t["table"] for t in web.get("/api/me").json()["tables"]] == [table]
    assert other.get(f"/api/tables/{table}/view").json()["seat"] is None
    # an invite link opened while logged in claims its seat too
    table2, tokens2 = new_table(client)
    r = other.post(f"/api/tables/{table2}/seats/1/join", headers={**auth(tokens2[1]),
                                                                   **csrf(other_csrf)}, json={})
    assert r.status_code == 200
    assert other.get(f"/api/tables/{table2}/view").json()["seat"] == 1
    assert name  # (the claimer's name is not needed further)


def test_profile_shows_nothing_private_and_names_are_text(client: TestClient) -> None:
    name = f"<img src=x onerror=alert(1)>{fresh_name()[:8]}"
    web, name, token = register(client, name)
    r = web.post("/api/tables", headers=csrf(token), json={
        "game": "filthy-rich", "players": 2,
        "seats": [{"kind": "human", "name": name}, {"kind": "human", "name": "guest"}]})
    table, table_tokens = r.json()["id"], list(r.json()["tokens"].values())
    r = client.get(f"/api/players/{name}")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    profile = r.json()
    assert profile["name"] == name
    text = json.dumps(profile)
    with reading(_server(client).service.engine) as conn:
        row = conn.execute(sa.select(accounts).where(accounts.c.name == name)).one()
    for secret in [*table_tokens, token, str(web.session), row.password_hash, PASSWORD]:
        assert secret not in text
    assert "account_id" not in text and "token" not in text and "csrf" not in text
    assert client.get(f"/api/players/{fresh_name()}").status_code == 404
    # a table's public information says nothing of accounts either
    info = client.get(f"/api/tables/{table}")
    assert "account" not in info.text


def test_passwords_never_reach_a_log(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    secret = "a very secret password 42"
    web = Browser(client)
    name = fresh_name()
    web.post("/api/auth/register", json={"name": name, "password": secret})
    Browser(client).post("/api/auth/login", json={"name": name, "password": secret + "!"})
    Browser(client).post("/api/auth/login", json={"name": fresh_name(), "password": secret})
    Browser(client).post("/api/auth/login", json={"name": name, "password": secret})
    Browser(client).post("/api/auth/register", json={"name": name, "password": secret})
    Browser(client).post("/api/auth/register", json={"name": "x", "password": 7})
    assert secret not in caplog.text
    assert "secret password" not in caplog.text


def test_rated_tables_seat_only_accounts_and_bots_and_allow_no_take_back(client: TestClient) -> None:
    body = {"game": "filthy-rich", "players": 3, "rated": True,
            "seats": [{"kind": "human"}, {"kind": "open"}, {"kind": "bot", "level": "hard"}]}
    assert client.post("/api/tables", json=body).json()["detail"]["code"] == "login-required"
    web, _name, token = register(client)
    two_people = {**body, "seats": [{"kind": "human"}, {"kind": "human"},
                                    {"kind": "bot", "level": "hard"}]}
    assert web.post("/api/tables", json=two_people, headers=csrf(token)).status_code == 422
    solo = {"game": "dicey-farm", "players": 1, "rated": True, "seats": [{"kind": "human"}]}
    assert web.post("/api/tables", json=solo, headers=csrf(token)).json()["detail"]["code"] == "rated-seats"
    assert web.post("/api/tables", json={**body, "rated": 1}, headers=csrf(token)).status_code == 422
    r = web.post("/api/tables", json=body, headers=csrf(token))
    assert r.status_code == 201
    table = r.json()["id"]
    assert client.get(f"/api/tables/{table}").json()["rated"] is True
    # a guest cannot take the open seat; a logged-in person can
    assert client.post(f"/api/tables/{table}/seats/1/join", json={}).json()["detail"]["code"] == "login-required"
    assert web.post(f"/api/tables/{table}/seats/1/join", json={}, headers=csrf(token)).status_code == 403
    bo, _, bo_csrf = register(client)
    assert bo.post(f"/api/tables/{table}/seats/1/join", json={}, headers=csrf(bo_csrf)).status_code == 200
    # no take-backs: a person's move is never offered back, and asking is refused
    for _ in range(40):
        for who, who_csrf in [(web, token), (bo, bo_csrf)]:
            v = who.get(f"/api/tables/{table}/view").json()
            assert v["can_undo"] is False
            if v["legal"]:
                r = who.post(f"/api/tables/{table}/moves", headers=csrf(who_csrf),
                             json={"after": v["state"], "action": v["legal"][0]["action"]})
                if r.status_code == 200:
                    r = who.post(f"/api/tables/{table}/undo", headers=csrf(who_csrf),
                                 json={"after": r.json()["state"]})
                    assert r.status_code in (403, 409)
                    assert r.json()["detail"]["code"] in ("no-undo", "not-your-turn", "stale")
                    return
    pytest.fail("nobody could move")


def test_a_websocket_acts_with_its_session_when_opened_by_this_site(client: TestClient) -> None:
    web, name, token = register(client)
    r = web.post("/api/tables", headers=csrf(token), json={
        "game": "filthy-rich", "players": 2, "seats": [{"kind": "human", "name": name},
                                                       {"kind": "human", "name": "guest"}]})
    table = r.json()["id"]
    cookie = {"Cookie": f"gs_session={web.session}"}

    def first_view(headers: dict[str, str]) -> dict[str, object]:
        client.cookies.clear()
        with client.websocket_connect(f"/api/tables/{table}/ws", headers=headers) as ws:
            ws.send_json({"type": "hello"})  # what the table page sends with no token
            while True:
                message = ws.receive_json()
                if message["type"] in ("sync", "update"):
                    return message["view"]  # type: ignore[no-any-return]

    assert first_view({**cookie, "Origin": "http://testserver"})["seat"] == 0
    # opened by another site, or with no Origin: a spectator's socket
    assert first_view({**cookie, "Origin": "https://evil.example"})["seat"] is None
    assert first_view(cookie)["seat"] is None


def test_gameshelf_admin_lists_resets_and_disables(client: TestClient, database_url: str) -> None:
    from typer.testing import CliRunner

    from gameshelf.server.admin import admin

    web, name, _ = register(client)
    runner = CliRunner()
    listed = runner.invoke(admin, ["list", "--db", database_url])
    assert listed.exit_code == 0 and name in listed.output
    reset = runner.invoke(admin, ["reset-password", name, "--db", database_url])
    assert reset.exit_code == 0
    new = reset.output.strip().rsplit(" ", 1)[-1]
    assert web.get("/api/me").status_code == 401  # its sessions ended
    login(client, name, new)
    assert runner.invoke(admin, ["disable", name, "--db", database_url]).exit_code == 0
    assert Browser(client).post("/api/auth/login", json={"name": name, "password": new}).status_code == 401
    assert client.get(f"/api/players/{name}").status_code == 404
    assert runner.invoke(admin, ["disable", name, "--enable", "--db", database_url]).exit_code == 0
    login(client, name, new)
    assert runner.invoke(admin, ["disable", fresh_name(), "--db", database_url]).exit_code == 1
