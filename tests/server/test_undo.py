"""Undo through the server, on SQLite and PostgreSQL: Board Game Arena's
policy (a person takes back their own latest moves, never across another
player's move, a die roll, a shuffle or anything newly revealed), stored as
append-only log entries that every seat sees, exactly once, and replayed by
any worker to the same game."""

from __future__ import annotations

import json
import random
import threading
import time
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from gameshelf.core.protocol import State
from gameshelf.core.record import replay
from gameshelf.core.registry import load_game, shipped_games
from gameshelf.core.undo import Probe
from gameshelf.server.errors import ApiError
from gameshelf.server.play.service import Service
from gameshelf.server.store.db import make_engine, migrate, moves
from gameshelf.server.wire.tables import Move, Undo
from tests.server.helpers import auth, new_table, secret_state, view

GAMES = shipped_games()


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def move(client: TestClient, table: str, token: str, after: int, action: dict[str, Any]) -> None:
    r = client.post(f"/api/tables/{table}/moves", json={"after": after, "action": action},
                    headers=auth(token))
    assert r.status_code == 200, r.text


def undo(client: TestClient, table: str, token: str | None, body: Any) -> Any:
    return client.post(f"/api/tables/{table}/undo", json=body,
                       headers=auth(token) if token else {})


def play_until_undoable(client: TestClient, table: str, tokens: dict[int, str],
                        seed: int = 3, limit: int = 200) -> dict[str, Any]:
    """Random moves until the seat to move may take one back; its view then."""
    rng = random.Random(seed)
    for _ in range(limit):
        v = view(client, table)
        assert not v["over"]
        mine = view(client, table, tokens[v["to_move"]])
        if mine["can_undo"]:
            return mine
        move(client, table, tokens[v["to_move"]], v["state"], rng.choice(mine["legal"])["action"])
    raise AssertionError("no move that may be taken back")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_server_follows_the_policy_move_by_move(client: TestClient, game_id: str) -> None:
    """A whole game of people who often take back: after every entry the
    server offers undo exactly when the core's Probe says the seat's latest
    move taught it nothing, a take-back returns that seat to the very
    position before its move (its observation and the secret state), and
    the record of the finished game replays to the final state."""
    game = load_game(game_id)
    players = min(2, game.max_players) if game.min_players <= 2 else game.min_players
    table, tokens = new_table(client, game_id, [{"kind": "human"}] * players)
    rng = random.Random(game_id)
    kept: list[State] = []  # the positions the policy lets the seat to move go back to
    carried: list[State] | None = None  # the worlds the server's next probe plays on
    undone = 0
    for n in range(400):
        state = secret_state(client, table)
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        mine = view(client, table, tokens[seat])
        assert mine["state"] == n and mine["can_undo"] == bool(kept), (game_id, n)
        for other in set(range(players)) - {seat}:
            assert not view(client, table, tokens[other])["can_undo"]
        if kept and rng.random() < 0.4:
            r = undo(client, table, tokens[seat], {"after": n})
            assert r.status_code == 200, r.text
            back = kept.pop()
            after = secret_state(client, table)
            assert after.snapshot() == back.snapshot()
            assert view(client, table, tokens[seat])["observation"] == plain(back.observation(seat))
            undone += 1
            carried = None
            continue
        action = game.action_from_json(rng.choice(mine["legal"])["action"])
        probe = Probe(state, seat, carried if kept else None)
        move(client, table, tokens[seat], n, action.to_json())
        state.apply(action, seat)
        if probe.reversible(state, action):
            kept.append(probe.position)
            carried = probe.after
        else:
            kept.clear()
            carried = None
    assert undone, "the game offered nothing to take back"
    final = view(client, table)
    if final["over"]:
        record = client.get(f"/api/tables/{table}/record").json()
        assert replay(record).scores() == final["result"]["scores"]


def test_every_seat_sees_the_take_back(client: TestClient) -> None:
    table, tokens = new_table(client, "filthy-rich")
    mine = play_until_undoable(client, table, tokens)
    seat, n = mine["seat"], mine["state"]
    last = [e for e in mine["events"] if e["kind"] == "move"][-1]
    r = undo(client, table, tokens[seat], {"after": n})
    assert r.status_code == 200 and r.json() == {"state": n + 1, "undone": last["n"]}
    for viewer in (tokens[0], tokens[1], None):
        v = view(client, table, viewer)
        assert v["state"] == n + 1 and v["to_move"] == seat
        line = v["events"][-1]
        assert line["kind"] == "undo" and line["seat"] == seat and line["undoes"] == last["n"]
        assert line["text"].startswith("Took back: ")
    ja = view(client, table, tokens[1 - seat], "ja")["events"][-1]
    assert ja["kind"] == "undo" and ja["text"].startswith("取り消し：")
    # the move taken back stays in the log, as it was
    assert next(e for e in view(client, table, tokens[seat])["events"] if e["n"] == last["n"]) == last


def test_refusals_change_nothing(client: TestClient) -> None:
    """Wrong seat, a spectator, nothing to take back, a stale or repeated
    request, a malformed body, an unknown table: each gets its own clear
    error and the table stays exactly as it was."""
    table, tokens = new_table(client, "filthy-rich")
    first = view(client, table)
    mover = first["to_move"]
    r = undo(client, table, tokens[mover], {"after": 0})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "no-undo"
    assert "take back" in r.json()["detail"]["message"]
    mine = play_until_undoable(client, table, tokens)
    seat, n = mine["seat"], mine["state"]

    def snapshot() -> Any:
        info = client.get(f"/api/tables/{table}").json()
        info.pop("updated_at")
        return [info, secret_state(client, table).snapshot(),
                [view(client, table, t) for t in tokens.values()]]

    before = snapshot()
    cases: list[tuple[str | None, Any, int, str]] = [
        (tokens[1 - seat], {"after": n}, 403, "not-your-turn"),
        (None, {"after": n}, 401, "bad-token"),
        ("not-a-token", {"after": n}, 401, "bad-token"),
        (tokens[seat], {"after": n - 1}, 409, "stale"),
        (tokens[seat], {"after": n + 1}, 409, "stale"),
    ]
    for token, body, status, code in cases:
        r = undo(client, table, token, body)
        assert r.status_code == status and r.json()["detail"]["code"] == code, (body, r.text)
    for body in [{}, {"after": str(n)}, {"after": n, "extra": 1}, {"after": -1}, {"after": True},
                 [n], {"after": float(n)}]:
        r = undo(client, table, tokens[seat], body)
        assert r.status_code == 422, (body, r.text)
    r = client.post(f"/api/tables/{table}/undo", content=b"{not json", headers=auth(tokens[seat]))
    assert r.status_code == 422
    assert undo(client, "no-such-table", tokens[seat], {"after": n}).status_code == 404
    assert snapshot() == before
    # exactly once: the same request again is stale, and changes nothing more
    assert undo(client, table, tokens[seat], {"after": n}).status_code == 200
    after = snapshot()
    r = undo(client, table, tokens[seat], {"after": n})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "stale"
    assert snapshot() == after


def test_never_across_a_bot_or_another_players_move(client: TestClient) -> None:
    """A person against a bot: once the bot has moved, nothing before its
    move can be taken back, and the bot's moves never can."""
    table, tokens = new_table(client, "filthy-rich",
                              [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}])
    deadline = time.monotonic() + 60
    checked = 0
    while time.monotonic() < deadline and checked < 3:
        v = view(client, table, tokens[0])
        if v["over"]:
            break
        if not v["legal"]:
            time.sleep(0.05)
            continue
        lines = v["events"]
        own_since_bot = [e for e in lines if e["kind"] == "move"]
        if own_since_bot and own_since_bot[-1]["seat"] == 1:
            # the bot moved last: the person's turn starts behind a barrier
            assert not v["can_undo"]
            r = undo(client, table, tokens[0], {"after": v["state"]})
            assert r.status_code == 409 and r.json()["detail"]["code"] == "no-undo"
            checked += 1
        move(client, table, tokens[0], v["state"], v["legal"][0]["action"])
    assert checked


def test_a_take_back_is_charged_on_the_clock_without_increment(client: TestClient) -> None:
    table, tokens = new_table(client, "filthy-rich", clock={"bank": 600, "increment": 30})
    mine = play_until_undoable(client, table, tokens)
    seat = mine["seat"]
    bank = client.get(f"/api/tables/{table}").json()["seats"][seat]["bank"]
    assert undo(client, table, tokens[seat], {"after": mine["state"]}).status_code == 200
    info = client.get(f"/api/tables/{table}").json()
    assert info["seats"][seat]["bank"] <= bank  # no increment for a take-back
    assert view(client, table)["clocks"][seat]["running"]


def test_another_worker_rebuilds_the_same_game(client: TestClient, database_url: str) -> None:
    """A worker that never saw the table replays its log, take-backs
    included, to the same views, the same undo offer, and the same state;
    raced take-backs from two workers are stored exactly once."""
    table, tokens = new_table(client, "filthy-rich")
    rng = random.Random(11)
    for _ in range(3):
        mine = play_until_undoable(client, table, tokens, seed=rng.randrange(1000))
        assert undo(client, table, tokens[mine["seat"]], {"after": mine["state"]}).status_code == 200
        # the seat plays on until the other seat moves: these take-backs now
        # lie behind a barrier, where a rebuild has no probe for them
        while (v := view(client, table, tokens[mine["seat"]]))["legal"]:
            move(client, table, tokens[mine["seat"]], v["state"], v["legal"][-1]["action"])
        v = view(client, table)
        move(client, table, tokens[v["to_move"]], v["state"],
             view(client, table, tokens[v["to_move"]])["legal"][0]["action"])
    mine = play_until_undoable(client, table, tokens, seed=5)
    fresh = Service(make_engine(database_url))
    try:
        for seat, token in [*tokens.items(), (None, None)]:
            theirs = fresh.view(table, token, "en")
            ours = view(client, table, token)
            for key in ("state", "observation", "legal", "can_undo", "events", "to_move"):
                assert plain(theirs[key]) == ours[key], (seat, key)
        other = Service(make_engine(database_url))
        outcomes: list[int] = []
        barrier = threading.Barrier(2)

        def race(service: Service) -> None:
            barrier.wait()
            try:
                service.undo(table, tokens[mine["seat"]], Undo(after=mine["state"]))
                outcomes.append(200)
            except ApiError as exc:
                outcomes.append(exc.status)

        threads = [threading.Thread(target=race, args=(s,)) for s in (fresh, other)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert sorted(outcomes) == [200, 409]
        assert view(client, table)["state"] == mine["state"] + 1
        with fresh.engine.connect() as conn:
            stored = conn.execute(sa.select(sa.func.count()).select_from(moves).where(
                moves.c.table_id == table, moves.c.undoes.is_not(None))).scalar_one()
        assert stored == 4
        # and the worker that was not asked plays on from the state it reads
        v = view(client, table, tokens[mine["seat"]])
        fresh.submit(table, tokens[mine["seat"]], Move(after=v["state"], action=v["legal"][0]["action"]))
        assert view(client, table)["state"] == v["state"] + 1
        other.engine.dispose()
    finally:
        fresh.engine.dispose()


def test_undo_over_the_socket_reaches_every_viewer(client: TestClient) -> None:
    table, tokens = new_table(client, "filthy-rich")
    mine = play_until_undoable(client, table, tokens)
    seat, n = mine["seat"], mine["state"]
    with client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[seat]}") as ws, \
            client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[1 - seat]}") as other:
        assert ws.receive_json()["view"]["can_undo"]
        assert not other.receive_json()["view"]["can_undo"]
        ws.send_json({"type": "undo", "after": n + 3})
        assert ws.receive_json()["code"] == "stale"
        ws.send_json({"type": "undo", "after": "x"})
        assert ws.receive_json()["code"] == "malformed"
        other.send_json({"type": "undo", "after": n})
        assert other.receive_json()["code"] == "not-your-turn"
        ws.send_json({"type": "undo", "after": n})
        replies = [ws.receive_json(), ws.receive_json()]
        assert {r["type"] for r in replies} == {"ack", "update"}
        update = other.receive_json()
        assert update["type"] == "update" and update["n"] == n + 1
        assert [e["kind"] for e in update["view"]["events"]] == ["undo"]


def test_a_database_of_revision_0002_is_upgraded(tmp_path: Any) -> None:
    """A server started on an old database adds the column; the moves
    stored before read as moves."""
    from importlib import resources

    from alembic import command
    from alembic.config import Config

    engine = make_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    config = Config()
    config.set_main_option("script_location", str(resources.files("gameshelf.server.store") / "migrations"))
    with engine.connect() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0002")
        conn.commit()
        conn.exec_driver_sql(
            "INSERT INTO gs_tables VALUES ('t1','dicey-farm',1,'{}',5,'running',1,NULL,NULL,NULL,0,0)")
        conn.exec_driver_sql(
            "INSERT INTO gs_seats VALUES ('t1',0,'human','Ann',NULL,NULL,NULL,NULL,0)")
        state = load_game("dicey-farm").new_game(1, 5, {})
        action = json.dumps(state.legal_actions()[0].to_json())
        conn.exec_driver_sql("INSERT INTO gs_moves VALUES ('t1',1,0,?,0,0)", (action,))
        conn.commit()
    migrate(engine)
    service = Service(engine)
    try:
        v = service.view("t1", None, "en")
        assert v["state"] == 1 and next(e["kind"] for e in v["events"] if e["n"] == 1) == "move"
    finally:
        service.close()
