"""Fair rated play (issue 41, server/play/fair.py), on SQLite and PostgreSQL:
fresh accounts leaving at once move nobody's rating (aborted), leaving
after two moves loses at once, a rated table always has a clock and running
out of it loses (an opponent's claim or the server's own watch), one rated
table per pair (raced by two requests at once), provisional ratings damp
the points won from them."""

from __future__ import annotations

import concurrent.futures
import threading
import time
from collections import namedtuple
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from gameshelf.server.app import Server
from gameshelf.server.features import ratings
from gameshelf.server.play import fair
from gameshelf.server.store.account_tables import rating_events
from gameshelf.server.store.account_tables import ratings as rating_rows
from gameshelf.server.store.db import reading, tables, writing
from tests.server.accounts_helpers import Browser, csrf, register

GAME = "filthy-rich"


def _server(client: TestClient) -> Server:
    return client.app.state.server  # type: ignore[attr-defined,no-any-return]


def _rated(web: Browser, token: str, name: str, other: dict[str, Any],
           clock: dict[str, int] | None = None) -> str:
    body: dict[str, Any] = {"game": GAME, "players": 2, "rated": True,
                            "seats": [{"kind": "human", "name": name}, other]}
    if clock is not None:
        body["clock"] = clock
    r = web.post("/api/tables", headers=csrf(token), json=body)
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def _events(client: TestClient, table: str) -> list[Any]:
    with reading(_server(client).service.engine) as conn:
        return list(conn.execute(sa.select(rating_events).where(rating_events.c.table_id == table)
                                 .order_by(rating_events.c.seat)))


def _games(client: TestClient, subject: str) -> int:
    with reading(_server(client).service.engine) as conn:
        found = conn.execute(sa.select(rating_rows.c.games).where(
            rating_rows.c.game == GAME, rating_rows.c.subject == subject)).scalar_one_or_none()
    return int(found or 0)


def _play(people: list[tuple[Browser, str]], table: str, each: int, limit: float = 120) -> None:
    """The people (their sessions) move, first legal move each time, until
    each has made at least ``each`` moves of their own (bots play between;
    a turn may hold several decisions, so whoever is to move plays on)."""
    made = [0] * len(people)
    deadline = time.monotonic() + limit
    while min(made) < each:
        assert time.monotonic() < deadline, made
        moved = False
        for i, (web, token) in enumerate(people):
            if min(made) >= each:
                break
            v = web.get(f"/api/tables/{table}/view").json()
            assert not v["over"], v["result"]
            if v["legal"]:
                r = web.post(f"/api/tables/{table}/moves", headers=csrf(token),
                             json={"after": v["state"], "action": v["legal"][0]["action"]})
                assert r.status_code in (200, 409), r.text
                made[i] += r.status_code == 200
                moved = True
        if not moved:
            time.sleep(0.02)


def _account_subject(client: TestClient, name: str) -> str:
    from gameshelf.server.store.account_tables import accounts

    with reading(_server(client).service.engine) as conn:
        return f"a:{conn.execute(sa.select(accounts.c.id).where(accounts.c.name == name)).scalar_one()}"


def _turn_started_long_ago(client: TestClient, table: str) -> None:
    """The person to move has thought for a day (their clock ran out):
    the turn's start moved back, as time passing would."""
    with writing(_server(client).service.engine) as conn:
        conn.execute(tables.update().where(tables.c.id == table).values(
            turn_started=time.time() - 86400))


def _people(client: TestClient) -> tuple[Browser, str, str, Browser, str, str, str]:
    """Ann opens a rated table with an open seat and Bo takes it."""
    ann, ann_name, ann_csrf = register(client)
    bo, bo_name, bo_csrf = register(client)
    table = _rated(ann, ann_csrf, ann_name, {"kind": "open"}, {"bank": 600, "increment": 0})
    assert bo.post(f"/api/tables/{table}/seats/1/join", headers=csrf(bo_csrf), json={}).status_code == 200
    return ann, ann_csrf, ann_name, bo, bo_csrf, bo_name, table


def test_fresh_accounts_leaving_at_once_move_no_rating(client: TestClient) -> None:
    """The probe's farming: four fresh accounts join the farmer's rated
    tables and leave at once. Every game is aborted, nobody's rating moves,
    and none of it is on anyone's record."""
    farmer, farmer_name, farmer_csrf = register(client)
    subject = _account_subject(client, farmer_name)
    for _ in range(4):
        table = _rated(farmer, farmer_csrf, farmer_name, {"kind": "open"})
        fresh, _name, fresh_csrf = register(client)
        assert fresh.post(f"/api/tables/{table}/seats/1/join", headers=csrf(fresh_csrf),
                          json={}).status_code == 200
        r = fresh.post(f"/api/tables/{table}/seats/1/leave", headers=csrf(fresh_csrf), json={})
        assert r.status_code == 200 and r.json()["ended"] == "aborted", r.text
        info = client.get(f"/api/tables/{table}").json()
        assert info["status"] == "over" and info["result"]["ended"] == {
            "how": "aborted", "seat": 1, "by": "left"}
        assert "ratings" not in info["result"] and _events(client, table) == []
    assert _games(client, subject) == 0
    profile = client.get(f"/api/players/{farmer_name}").json()
    assert profile["played"] == 0 and profile["ratings"] == []


def test_leaving_before_two_moves_aborts_and_after_them_loses(client: TestClient) -> None:
    web, name, token = register(client)
    subject = _account_subject(client, name)
    table = _rated(web, token, name, {"kind": "bot", "level": "easy"})
    _play([(web, token)], table, 1)
    r = web.post(f"/api/tables/{table}/seats/0/leave", headers=csrf(token), json={"bot": "hard"})
    assert r.json()["ended"] == "aborted" and _events(client, table) == []
    assert _games(client, subject) == 0
    # a second table: two moves, then leaving is a loss, at once, and rated
    bot_games = _games(client, "bot:easy")
    table = _rated(web, token, name, {"kind": "bot", "level": "easy"})
    _play([(web, token)], table, 2)
    r = web.post(f"/api/tables/{table}/seats/0/leave", headers=csrf(token), json={})
    assert r.json()["ended"] == "forfeit"
    info = client.get(f"/api/tables/{table}").json()
    assert info["status"] == "over" and info["result"]["ranking"] == [[1], [0]]
    events = _events(client, table)
    assert [e.rank for e in events] == [2, 1]
    assert events[0].mu < events[0].mu_before and events[1].mu > events[1].mu_before
    assert _games(client, subject) == 1 and _games(client, "bot:easy") == bot_games + 1
    assert [c["seat"] for c in info["result"]["ratings"]] == [0, 1]
    profile = client.get(f"/api/players/{name}").json()
    assert profile["played"] == 1 and profile["won"] == 0 and profile["unfinished"] == 1
    assert profile["recent"][0]["left"] is True
    # the game is over: no coming back, no second leave
    assert web.post(f"/api/tables/{table}/seats/0/join", headers=csrf(token), json={}).status_code == 409
    assert web.post(f"/api/tables/{table}/seats/0/leave", headers=csrf(token), json={}).status_code == 409


def test_a_rated_table_always_has_a_clock(client: TestClient) -> None:
    web, name, token = register(client)
    table = _rated(web, token, name, {"kind": "bot", "level": "easy"})
    clock = client.get(f"/api/tables/{table}").json()["clock"]
    assert clock == fair.DEFAULT_CLOCK.model_dump()
    r = web.post("/api/tables", headers=csrf(token), json={
        "game": GAME, "players": 2, "rated": True, "clock": {"bank": 30 * 86400},
        "seats": [{"kind": "human", "name": name}, {"kind": "bot", "level": "easy"}]})
    assert r.status_code == 422 and r.json()["detail"]["code"] == "rated-clock"
    # a casual table may still have none
    r = web.post("/api/tables", headers=csrf(token), json={
        "game": GAME, "players": 2, "seats": [{"kind": "human"}, {"kind": "bot"}]})
    assert r.status_code == 201 and client.get(f"/api/tables/{r.json()['id']}").json()["clock"] is None


def test_a_claim_on_a_run_out_clock_ends_the_game_and_moves_both_ratings(client: TestClient) -> None:
    ann, ann_csrf, ann_name, bo, bo_csrf, bo_name, table = _people(client)
    _play([(ann, ann_csrf), (bo, bo_csrf)], table, 2)
    info = client.get(f"/api/tables/{table}").json()
    late = info["to_move"]
    claimer, claim_csrf = [(bo, bo_csrf), (ann, ann_csrf)][late]
    # too early: the clock has not run out
    assert claimer.post(f"/api/tables/{table}/seats/{late}/timeout", headers=csrf(claim_csrf),
                        json={}).status_code == 409
    _turn_started_long_ago(client, table)
    r = claimer.post(f"/api/tables/{table}/seats/{late}/timeout", headers=csrf(claim_csrf), json={})
    assert r.status_code == 200 and r.json() == {"seat": late, "stand_in": None, "ended": "forfeit"}
    info = client.get(f"/api/tables/{table}").json()
    assert info["status"] == "over" and info["result"]["ended"]["by"] == "timeout"
    assert late in info["result"]["marked"]["timed_out"]
    events = _events(client, table)
    assert events[late].rank == 2 and events[1 - late].rank == 1
    assert events[late].mu < events[late].mu_before
    assert events[1 - late].mu > events[1 - late].mu_before
    for name in (ann_name, bo_name):
        assert _games(client, _account_subject(client, name)) == 1


def test_the_servers_watch_ends_a_stalled_game_nobody_claims(client: TestClient) -> None:
    """The loser stops playing and the opponent does nothing: the server's
    own watch (every few seconds) ends it, both ratings moved."""
    ann, ann_csrf, _a, bo, bo_csrf, _b, table = _people(client)
    _play([(ann, ann_csrf), (bo, bo_csrf)], table, 2)
    late = client.get(f"/api/tables/{table}").json()["to_move"]
    _turn_started_long_ago(client, table)
    deadline = time.monotonic() + 4 * fair.WATCH_EVERY + 10
    while client.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the watch did not end the game"
        time.sleep(0.25)
    result = client.get(f"/api/tables/{table}").json()["result"]
    assert result["ended"] == {"how": "forfeit", "seat": late, "by": "timeout"}
    events = _events(client, table)
    assert events[late].mu < events[late].mu_before and events[1 - late].mu > events[1 - late].mu_before


def test_running_out_of_time_before_two_moves_aborts(client: TestClient) -> None:
    table = _people(client)[-1]
    late = client.get(f"/api/tables/{table}").json()["to_move"]
    _turn_started_long_ago(client, table)
    assert _server(client).service.expire(table) is True
    assert _server(client).service.expire(table) is False  # once
    result = client.get(f"/api/tables/{table}").json()["result"]
    assert result["ended"] == {"how": "aborted", "seat": late, "by": "timeout"}
    assert _events(client, table) == []


@pytest.mark.parametrize("attempt", range(3))
def test_two_rated_tables_of_one_pair_cannot_run_at_once(client: TestClient, attempt: int) -> None:
    """Bo takes the open seats of two of Ann's rated tables at the same
    moment: one join wins, the other is refused (the pair's lock, or
    SQLite's one writer), and a third table is refused while one runs."""
    ann, ann_name, ann_csrf = register(client)
    bo, _bo_name, bo_csrf = register(client)
    first, second = (_rated(ann, ann_csrf, ann_name, {"kind": "open"}) for _ in range(2))
    barrier = threading.Barrier(2)
    seats = [Browser(client, bo.session) for _ in range(2)]

    def join(i: int, table: str) -> int:
        barrier.wait()
        return int(seats[i].post(f"/api/tables/{table}/seats/1/join", headers=csrf(bo_csrf),
                                 json={}).status_code)

    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        statuses = sorted(pool.map(join, [0, 1], [first, second]))
    assert statuses == [200, 409], statuses
    third = _rated(ann, ann_csrf, ann_name, {"kind": "open"})
    r = bo.post(f"/api/tables/{third}/seats/1/join", headers=csrf(bo_csrf), json={})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "rated-pair-busy"
    assert ann_name in r.json()["detail"]["message"]
    # another account may take it; bots never count as a pair
    carl, _c, carl_csrf = register(client)
    assert carl.post(f"/api/tables/{third}/seats/1/join", headers=csrf(carl_csrf),
                     json={}).status_code == 200
    _rated(ann, ann_csrf, ann_name, {"kind": "bot", "level": "easy"})
    _rated(ann, ann_csrf, ann_name, {"kind": "bot", "level": "easy"})


Before = namedtuple("Before", "mu sigma games")


def test_points_won_from_a_provisional_opponent_are_damped() -> None:
    fresh, seasoned = Before(25.0, 8.333, 0), Before(25.0, 8.333, ratings.PROVISIONAL_GAMES)
    assert ratings.provisional(fresh.games) and not ratings.provisional(seasoned.games)
    mu, sigma = 29.0, 7.5
    assert ratings._damped(fresh, mu, sigma, beat_provisional=False) == (mu, sigma)
    damped_mu, damped_sigma = ratings._damped(fresh, mu, sigma, beat_provisional=True)
    assert damped_mu == pytest.approx(27.0) and damped_sigma == pytest.approx(7.9165)
    assert ratings._damped(fresh, 21.0, 7.5, beat_provisional=True) == (21.0, 7.5)  # a loss: whole


def test_profiles_and_leaderboards_say_provisional(client: TestClient) -> None:
    web, name, token = register(client)
    table = _rated(web, token, name, {"kind": "bot", "level": "normal"})
    _play([(web, token)], table, 2)
    web.post(f"/api/tables/{table}/seats/0/leave", headers=csrf(token), json={})
    profile = client.get(f"/api/players/{name}").json()
    assert profile["ratings"][0]["provisional"] is True
    board = client.get(f"/api/ratings/{GAME}").json()["entries"]
    assert next(e for e in board if e["name"] == name)["provisional"] is True
