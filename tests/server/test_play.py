"""Play through the server: nothing hidden leaks, concurrent moves and
bots are stored exactly once, bots play on their own."""

from __future__ import annotations

import json
import random
import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gameshelf.core.narration import move_sentences, reports_move
from gameshelf.core.record import replay
from gameshelf.core.registry import load_game, shipped_games
from gameshelf.server.app import Server
from gameshelf.server.play.service import Service
from gameshelf.server.store.db import make_engine
from tests.server.helpers import auth, new_table, secret_state, secrets_of, text, view

GAMES = shipped_games()


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("game_id", GAMES)
def test_no_view_leaks_hidden_information(client: TestClient, game_id: str) -> None:
    """Every viewer of every state is sent exactly its own observation, its
    own legal moves only on its turn, and never the seed or a random
    stream's state."""
    game = load_game(game_id)
    players = min(3, game.max_players)
    table, tokens = new_table(client, game_id, [{"kind": "human"}] * players)
    rng = random.Random(game_id)
    for n in range(36):
        state = secret_state(client, table)
        hidden = secrets_of(state)
        for seat in [None, *range(players)]:
            v = view(client, table, tokens[seat] if seat is not None else None)
            body = text(v)
            assert not [s for s in hidden if s in body], (game_id, n, seat)
            assert v["state"] == n and v["seat"] == seat
            assert v["observation"] == plain(state.observation(seat))
            mine = seat is not None and seat == state.current_player
            assert [a["action"] for a in v["legal"]] == (
                [plain(a.to_json()) for a in state.legal_actions()] if mine else [])
            if mine:  # each offer says what it will really cost, as the terminal lists it
                assert [a["text"] for a in v["legal"]] == move_sentences(state, "en")
            for line in v["events"]:
                if line["kind"] == "move" and line["seat"] != seat:
                    assert line["text"] == told_move(state, line["n"], line["seat"], seat)
        if state.is_over:
            break
        mover = state.current_player
        assert mover is not None
        action = rng.choice(state.legal_actions())
        r = client.post(f"/api/tables/{table}/moves", json={"after": n, "action": action.to_json()},
                        headers=auth(tokens[mover]))
        assert r.status_code == 200, r.text


def told_move(state: Any, k: int, mover: int, viewer: int | None) -> str:
    """What another seat reads for move ``k``: the game's public sentence,
    or the move's first event when that already names its mover."""
    before = replay(state.record(), upto=k - 1)
    after = replay(state.record(), upto=k)
    seen = [e for e in after.events[len(before.events):] if e.visible(viewer)]
    if reports_move(seen, mover, state.players):
        return str(seen[0].text("en"))
    return str(state.game.describe_public(state.history[k - 1], mover, "en"))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_is_told_once(client: TestClient, game_id: str) -> None:
    """A bot's move reaches a watching person once: the line that tells the
    move is never followed by an event saying the same thing again."""
    game = load_game(game_id)
    players = min(3, game.max_players)
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * (players - 1)
    table, tokens = new_table(client, game_id, seats)
    rng = random.Random(7)
    lines: list[dict[str, Any]] = []
    for _ in range(12):
        v = view(client, table, tokens[0])
        lines = v["events"]
        if not v["legal"]:
            break
        choice = rng.choice(v["legal"])["action"]
        r = client.post(f"/api/tables/{table}/moves", json={"after": v["state"], "action": choice},
                        headers=auth(tokens[0]))
        assert r.status_code == 200, r.text
    state = secret_state(client, table)
    told = 0
    for line in lines:
        if line["kind"] != "move" or line["n"] == 0:
            continue
        k, mover = line["n"], line["seat"]
        before = replay(state.record(), upto=k - 1)
        after = replay(state.record(), upto=k)
        events = [e for e in after.events[len(before.events):] if e.visible(0)]
        seen = [e.text("en") for e in events]
        mine = [x["text"] for x in lines if x["n"] == k]
        if reports_move(events, mover, players):
            # the event that names the mover is the move's line, said once, not after a sentence
            assert mine == seen, (game_id, k)
            told += 1
        else:
            assert mine[1:] == seen, (game_id, k)
    assert told or game_id == "filthy-rich", "no move of this game was told by its own event"


def _race(submit: Any, count: int = 2) -> list[Any]:
    barrier = threading.Barrier(count)
    results: list[Any] = [None] * count

    def run(i: int) -> None:
        barrier.wait()
        results[i] = submit(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return results


def test_concurrent_submissions_apply_once(client: TestClient, database_url: str) -> None:
    """Two workers (two services on one database) get the same move at the
    same moment, state after state: exactly one is stored each time."""
    from gameshelf.server.errors import ApiError
    from gameshelf.server.wire.tables import Move

    table, tokens = new_table(client, "hidden-high", [{"kind": "human"}, {"kind": "human"}])
    services = [Service(make_engine(database_url)) for _ in range(2)]
    for n in range(8):
        state = secret_state(client, table)
        mover = state.current_player
        assert mover is not None
        move = Move(after=n, action=state.legal_actions()[-1].to_json())

        def submit(i: int, mover: int = mover, move: Move = move) -> int:
            try:
                services[i].submit(table, tokens[mover], move)
                return 200
            except ApiError as exc:
                return exc.status

        assert sorted(_race(submit)) == [200, 409]
        assert view(client, table)["state"] == n + 1
    for s in services:
        s.engine.dispose()


def test_two_workers_never_both_move_a_bot(client: TestClient, database_url: str) -> None:
    table, _ = new_table(client, "hidden-high", [{"kind": "bot", "level": "easy"}] * 2)
    server: Server = client.app.state.server  # type: ignore[attr-defined]
    services = [Service(make_engine(database_url)) for _ in range(2)]
    # the app's own driver may play too: whoever stores first wins
    for _ in range(5):
        jobs = [s.bot_job(table) for s in services]
        if jobs[0] is None or jobs[1] is None or jobs[0].after != jobs[1].after:
            continue
        state = secret_state(client, table)
        choices = [a.to_json() for a in state.legal_actions()]
        outcomes = _race(lambda i, jobs=jobs, choices=choices: services[i].submit_bot(
            jobs[i], choices[i % len(choices)]))
        assert outcomes.count(True) <= 1
    assert server is not None
    for s in services:
        s.engine.dispose()


def test_bots_play_on_the_server(client: TestClient) -> None:
    """A person against a bot: after the person's move the bot answers
    without anyone asking."""
    table, tokens = new_table(client, "filthy-rich",
                              [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}])
    deadline = time.monotonic() + 30
    bot_moved = False
    while not bot_moved and time.monotonic() < deadline:
        v = view(client, table, tokens[0])
        bot_moved = any(line["kind"] == "move" and line["seat"] == 1 for line in v["events"])
        if v["legal"]:
            r = client.post(f"/api/tables/{table}/moves",
                            json={"after": v["state"], "action": v["legal"][0]["action"]},
                            headers=auth(tokens[0]))
            assert r.status_code in (200, 409), r.text
        else:
            time.sleep(0.05)
    assert bot_moved


def test_leave_lets_a_bot_play_and_the_token_comes_back(client: TestClient) -> None:
    table, tokens = new_table(client, "filthy-rich")
    mover = view(client, table)["to_move"]
    r = client.post(f"/api/tables/{table}/seats/{mover}/leave", json={"bot": "easy"},
                    headers=auth(tokens[mover]))
    assert r.status_code == 200
    deadline = time.monotonic() + 30
    while view(client, table)["to_move"] == mover and time.monotonic() < deadline:
        time.sleep(0.05)
    assert view(client, table)["state"] >= 1  # the stand-in moved
    r = client.post(f"/api/tables/{table}/seats/{mover}/join", headers=auth(tokens[mover]))
    assert r.status_code == 200
    assert client.get(f"/api/tables/{table}").json()["seats"][mover]["stand_in"] is None


def test_clocks_run_and_a_timeout_lets_a_bot_finish(client: TestClient, database_url: str) -> None:
    """A seat whose bank is spent may be handed to a bot by another seat;
    the result says so."""
    import sqlalchemy as sa

    from gameshelf.server.store.db import seats, tables

    table, tokens = new_table(client, "filthy-rich", [{"kind": "human"}, {"kind": "human"}],
                              clock={"bank": 60, "increment": 5, "cap": 62})
    v = view(client, table, tokens[0])
    assert [c["remaining"] for c in v["clocks"]][1] == 60
    mover = v["to_move"]
    other = 1 - mover
    r = client.post(f"/api/tables/{table}/seats/{mover}/timeout", headers=auth(tokens[other]))
    assert r.status_code == 409  # time is left
    legal = view(client, table, tokens[mover])["legal"]
    client.post(f"/api/tables/{table}/moves", json={"after": 0, "action": legal[0]["action"]},
                headers=auth(tokens[mover]))
    bank = client.get(f"/api/tables/{table}").json()["seats"][mover]["bank"]
    assert 60 < bank <= 62  # increment added, capped
    other = view(client, table)["to_move"]  # the seat whose time will run out
    claimer = 1 - other
    server: Server = client.app.state.server  # type: ignore[attr-defined]
    with server.service.engine.begin() as conn:  # the other seat's turn began long ago
        conn.execute(sa.update(tables).where(tables.c.id == table).values(turn_started=0.0))
    assert view(client, table)["clocks"][other]["remaining"] <= 0
    assert client.post(f"/api/tables/{table}/seats/{other}/timeout",
                       headers=auth(tokens[other])).status_code == 403  # not for oneself
    r = client.post(f"/api/tables/{table}/seats/{other}/timeout", headers=auth(tokens[claimer]))
    assert r.status_code == 200 and r.json()["stand_in"] == "easy"
    deadline = time.monotonic() + 30
    while view(client, table)["to_move"] == other and time.monotonic() < deadline:
        time.sleep(0.05)
    with server.service.engine.begin() as conn:
        assert conn.execute(sa.select(seats.c.timed_out).where(
            seats.c.table_id == table, seats.c.seat == other)).scalar_one()
    assert view(client, table)["state"] >= 2
    assert view(client, table, tokens[other])["legal"] == []  # the bot has the seat now


def test_a_game_finished_by_bots_is_marked(client: TestClient) -> None:
    """A person leaves at once; bots play the game to its end, and the
    result and the record say that a bot played the person's seat."""
    table, tokens = new_table(client, "filthy-rich",
                              [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}])
    r = client.post(f"/api/tables/{table}/seats/0/leave", headers=auth(tokens[0]))
    assert r.status_code == 200 and r.json()["stand_in"] == "easy"
    deadline = time.monotonic() + 60
    while not view(client, table)["over"] and time.monotonic() < deadline:
        time.sleep(0.1)
    v = view(client, table, tokens[0])
    assert v["over"] and v["result"]["marked"] == {"bot_played": [0], "timed_out": [], "hinted": []}
    record = client.get(f"/api/tables/{table}/record").json()
    assert record["meta"]["seats"][0]["stand_in"] == "easy" and record["result"]["ranking"]
    assert client.post(f"/api/tables/{table}/seats/0/join", headers=auth(tokens[0])).status_code == 409
