"""Ratings and profiles (issue 27): OpenSkill moved once, in the
transaction that ends a rated game; a leaver counts last; bots rated per
level; leaderboard, profile and per-game statistics — on SQLite and
PostgreSQL."""

from __future__ import annotations

import random
import time

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlalchemy.exc import IntegrityError

from gameshelf.core.i18n import has
from gameshelf.core.registry import game_package, load_game, shipped_games
from gameshelf.server.app import Server
from gameshelf.server.features import ratings, statistics
from gameshelf.server.store.account_tables import rating_events
from gameshelf.server.store.account_tables import ratings as rating_rows
from gameshelf.server.store.db import reading, seats, tables, writing
from tests.server.accounts_helpers import csrf, play_out, register
from tests.shelf import multiplayer


def _server(client: TestClient) -> Server:
    return client.app.state.server  # type: ignore[attr-defined,no-any-return]


def test_ranks_put_leavers_and_timeouts_last() -> None:
    result = {"ranking": [[2], [0, 3], [1]], "marked": {"bot_played": [2], "timed_out": [1]}}
    assert ratings.ranks_of(result, 4) == [1, 2, 2, 1]
    assert ratings.ranks_of({"ranking": [[2], [0], [1, 3]], "marked": {"bot_played": [2]}}, 4) == [1, 2, 3, 2]
    assert ratings.ranks_of({"ranking": [[1], [0]]}, 2) == [2, 1]


def _events(client: TestClient, table: str) -> list[sa.Row]:  # type: ignore[type-arg]
    with reading(_server(client).service.engine) as conn:
        return list(conn.execute(sa.select(rating_events).where(rating_events.c.table_id == table)
                                 .order_by(rating_events.c.seat)))


def _rating(client: TestClient, game: str, subject: str) -> sa.Row | None:  # type: ignore[type-arg]
    with reading(_server(client).service.engine) as conn:
        return conn.execute(sa.select(rating_rows).where(rating_rows.c.game == game,
                                                         rating_rows.c.subject == subject)).first()


def test_a_rated_game_moves_ratings_once_and_shows_on_the_profile(client: TestClient) -> None:
    web, name, token = register(client)
    r = web.post("/api/tables", headers=csrf(token), json={
        "game": "filthy-rich", "players": 2, "rated": True,
        "seats": [{"kind": "human", "name": name}, {"kind": "bot", "level": "easy"}]})
    table = r.json()["id"]
    bot_before = _rating(client, "filthy-rich", "bot:easy")
    view = play_out(web, token, table)
    result = view["result"]
    assert [c["seat"] for c in result["ratings"]] == [0, 1]
    events = _events(client, table)
    assert [(e.seat, e.subject) for e in events] == [(0, events[0].subject), (1, "bot:easy")]
    assert events[0].subject.startswith("a:")
    winner_seat = ratings.ranks_of(result, 2).index(1)
    assert events[winner_seat].mu > events[winner_seat].mu_before  # the winner rises
    assert events[1 - winner_seat].mu < events[1 - winner_seat].mu_before
    mine = _rating(client, "filthy-rich", events[0].subject)
    assert mine is not None and mine.games == 1 and mine.mu == pytest.approx(events[0].mu)
    bot = _rating(client, "filthy-rich", "bot:easy")
    assert bot is not None and bot.games == (bot_before.games if bot_before else 0) + 1
    # the finished table cannot be ended again: a repeated last move is refused, nothing moves
    last = client.get(f"/api/tables/{table}/record").json()["actions"][-1]
    r = web.post(f"/api/tables/{table}/moves", headers=csrf(token),
                 json={"after": view["state"] - 1, "action": last})
    assert r.status_code in (403, 409)
    assert len(_events(client, table)) == 2
    assert _rating(client, "filthy-rich", events[0].subject).games == 1  # type: ignore[union-attr]
    # profile: rating with its history, the game, its statistics and a link to its replay
    profile = client.get(f"/api/players/{name}").json()
    assert profile["played"] == 1 and profile["won"] == (winner_seat == 0)
    assert profile["ratings"][0]["game"] == "filthy-rich"
    assert profile["ratings"][0]["history"][-1]["table"] == table
    game = profile["games"][0]
    assert game["played"] == 1 and {s["id"] for s in game["statistics"]} == {
        s.id for s in statistics.declared("filthy-rich")}
    assert profile["recent"][0]["replay"] == f"#/replay/{table}"
    # the leaderboard names the account and the bot level
    board = client.get("/api/ratings/filthy-rich").json()["entries"]
    assert any(e["name"] == name for e in board)
    assert any(e["kind"] == "bot" and e["level"] == "easy" for e in board)
    assert [e["rating"] for e in board] == sorted((e["rating"] for e in board), reverse=True)
    assert client.get("/api/ratings/no-such-game").status_code == 404


def test_the_update_cannot_run_twice(client: TestClient) -> None:
    """A second update of the same ended table (a restarted or second
    worker) breaks the events' primary key: its transaction is undone whole."""
    web, name, token = register(client)
    r = web.post("/api/tables", headers=csrf(token), json={
        "game": "filthy-rich", "players": 2, "rated": True,
        "seats": [{"kind": "human", "name": name}, {"kind": "bot", "level": "normal"}]})
    table = r.json()["id"]
    view = play_out(web, token, table)
    engine = _server(client).service.engine
    subject = _events(client, table)[0].subject
    before = _rating(client, "filthy-rich", subject)
    with reading(engine) as conn:
        row = conn.execute(sa.select(tables).where(tables.c.id == table)).one()
        seat_rows = list(conn.execute(sa.select(seats).where(seats.c.table_id == table)
                                      .order_by(seats.c.seat)))
    with pytest.raises(IntegrityError), writing(engine) as conn:
        ratings.on_game_end(conn, row, seat_rows, dict(view["result"]))
    assert _rating(client, "filthy-rich", subject) == before
    assert len(_events(client, table)) == 2


# (a leaver at a rated table: tests/server/test_fair_play.py, issue 41: aborted before
# their second move, else the game ends at once as their loss)


# -- statistics declared as data ----------------------------------------------------------


@pytest.mark.parametrize("game_id", shipped_games())
def test_each_game_declares_statistics_that_its_engine_writes(game_id: str) -> None:
    declared = statistics.declared(game_id)
    assert declared, f"{game_id} declares no statistics"
    package = game_package(load_game(game_id)).rpartition(".")[2]
    for stat in declared:
        for lang in ("en", "ja"):
            assert has(f"{package}.statistic.{stat.id}", lang), (stat.id, lang)
        for key in stat.events:  # a log key the engine really has (its text exists)
            assert has(key, "en"), key
    # computed from the log of a played game, the same as counting by hand
    game = load_game(game_id)
    state = game.new_game(game.min_players if game.min_players > 1 else 1, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    figures = statistics.FIGURES.of(f"test-{game_id}", state.record())
    stat = declared[0]
    by_hand = 0.0
    for e in state.events:
        if e.key in stat.events and (stat.seat is None or e.params.get(stat.seat) == 1) and all(
                e.params.get(k) == v for k, v in stat.where):
            by_hand += 1 if stat.sum is None else e.params[stat.sum]
    assert figures[0][stat.id] == by_hand


@pytest.mark.parametrize("game", multiplayer())
def test_two_people_and_a_bot_play_a_rated_game_of_each_multiplayer_game(
        client: TestClient, game: str) -> None:
    """Issue 27's "Done when": both people's ratings move and the game is
    on both profiles; their sessions act for their seats with no token."""
    ann, ann_name, ann_csrf = register(client)
    bo, bo_name, bo_csrf = register(client)
    r = ann.post("/api/tables", headers=csrf(ann_csrf), json={
        "game": game, "players": 3, "rated": True,
        "seats": [{"kind": "human", "name": ann_name}, {"kind": "open"}, {"kind": "bot", "level": "easy"}]})
    table = r.json()["id"]
    assert bo.post(f"/api/tables/{table}/seats/1/join", headers=csrf(bo_csrf), json={}).status_code == 200
    deadline = time.monotonic() + 300
    view: dict[str, object] = {}
    while not view.get("over"):
        assert time.monotonic() < deadline, "the game did not end"
        moved = False
        for web, token in [(ann, ann_csrf), (bo, bo_csrf)]:
            view = web.get(f"/api/tables/{table}/view").json()
            if view["over"]:
                break
            if view["legal"]:
                r = web.post(f"/api/tables/{table}/moves", headers=csrf(token),
                             json={"after": view["state"], "action": view["legal"][0]["action"]})
                assert r.status_code in (200, 409), r.text
                moved = True
        if not moved and not view.get("over"):
            time.sleep(0.02)
    events = _events(client, table)
    assert len(events) == 3 and events[2].subject == "bot:easy"
    assert all(e.mu != e.mu_before for e in events)
    for name in (ann_name, bo_name):
        profile = client.get(f"/api/players/{name}").json()
        assert [r["game"] for r in profile["ratings"]] == [game]
        assert profile["recent"][0]["table"] == table
