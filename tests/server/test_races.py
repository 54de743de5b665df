"""Races between two server workers on one PostgreSQL database: the same
request sent to both at the same instant, ten rounds per route. The
database decides (a locked row, a conditional update, the move log's unique
key), so exactly one of two rival requests wins and the table stays whole.

Why real processes: each worker has its own cache of seats and games, which
is what let two joins of one seat both succeed before (9 rounds in 10).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from tests.server.procs import launch, stop, wait_ready

ROUNDS = 10
Call = Callable[[httpx.Client], httpx.Response]


@pytest.fixture(scope="module")
def workers(pg_url: str) -> Iterator[list[httpx.Client]]:
    """Two ``gameshelf serve`` processes on one database, a client for each."""
    procs = [launch(pg_url), launch(pg_url)]
    clients: list[httpx.Client] = []
    try:
        for proc, base in procs:
            wait_ready(proc, base)
            clients.append(httpx.Client(base_url=base, timeout=30))
        yield clients
    finally:
        for c in clients:
            c.close()
        for proc, _ in procs:
            stop(proc)


def together(workers: list[httpx.Client], calls: list[Call]) -> list[httpx.Response]:
    """Each call sent through its own worker (the first to the first, …),
    all released at one barrier; the answers in the same order."""
    barrier = threading.Barrier(len(calls))
    out: list[Any] = [None] * len(calls)

    def go(i: int) -> None:
        client = workers[i % len(workers)]
        client.get("/api/games")  # a warm connection, so both requests leave at once
        barrier.wait()
        out[i] = calls[i](client)

    threads = [threading.Thread(target=go, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return out


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def post(url: str, body: dict[str, Any] | None = None, token: str | None = None) -> Call:
    """A POST to send later, through whichever worker :func:`together` picks."""
    headers = auth(token) if token else {}
    return lambda client: client.post(url, json=body or {}, headers=headers)


def table(client: httpx.Client, seats: list[dict[str, Any]], **extra: Any) -> tuple[str, dict[str, str]]:
    r = client.post("/api/tables", json={"game": "filthy-rich", "players": len(seats),
                                         "seats": seats, **extra})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["tokens"]


def codes(responses: list[httpx.Response]) -> list[int]:
    return sorted(r.status_code for r in responses)


def test_one_open_seat_is_given_once(workers: list[httpx.Client]) -> None:
    for _ in range(ROUNDS):
        tid, _tokens = table(workers[0], [{"kind": "human"}, {"kind": "open"}])
        answers = together(workers, [post(f"/api/tables/{tid}/seats/1/join")] * 2)
        assert codes(answers) == [200, 409], [r.text for r in answers]
        token = next(r.json()["token"] for r in answers if r.status_code == 200)
        for c in workers:  # the one token given out opens the seat on both workers
            assert c.get(f"/api/tables/{tid}/view", headers=auth(token)).json()["seat"] == 1
        assert workers[1].get(f"/api/tables/{tid}").json()["status"] == "running"


def test_the_last_two_joins_start_the_table(workers: list[httpx.Client]) -> None:
    for _ in range(ROUNDS):
        tid, _tokens = table(workers[0], [{"kind": "open"}, {"kind": "open"}])
        answers = together(workers, [post(f"/api/tables/{tid}/seats/{s}/join") for s in (0, 1)])
        assert codes(answers) == [200, 200], [r.text for r in answers]
        for c in workers:
            info = c.get(f"/api/tables/{tid}").json()
            assert info["status"] == "running" and all(s["taken"] for s in info["seats"])


def test_a_seat_is_left_once(workers: list[httpx.Client]) -> None:
    """Before the start, leaving opens the seat and forgets its token: the
    second of two leaves finds no such token."""
    for _ in range(ROUNDS):
        tid, tokens = table(workers[0], [{"kind": "human"}, {"kind": "open"}])
        answers = together(workers, [post(f"/api/tables/{tid}/seats/0/leave", {}, tokens["0"])] * 2)
        assert codes(answers) == [200, 401], [r.text for r in answers]
        assert workers[1].get(f"/api/tables/{tid}").json()["seats"][0]["kind"] == "open"


def undoable(client: httpx.Client, tid: str, tokens: dict[str, str]) -> dict[str, Any]:
    """Moves (the last listed) until the seat to move may take one back."""
    for _ in range(100):
        mover = client.get(f"/api/tables/{tid}").json()["to_move"]
        mine = client.get(f"/api/tables/{tid}/view", headers=auth(tokens[str(mover)])).json()
        if mine["can_undo"]:
            return mine
        r = client.post(f"/api/tables/{tid}/moves", headers=auth(tokens[str(mover)]),
                        json={"after": mine["state"], "action": mine["legal"][-1]["action"]})
        assert r.status_code == 200, r.text
    raise AssertionError("no move that may be taken back")


def test_a_move_is_taken_back_once(workers: list[httpx.Client]) -> None:
    for _ in range(ROUNDS):
        tid, tokens = table(workers[0], [{"kind": "human"}, {"kind": "human"}])
        mine = undoable(workers[0], tid, tokens)
        rival = post(f"/api/tables/{tid}/undo", {"after": mine["state"]}, tokens[str(mine["seat"])])
        answers = together(workers, [rival] * 2)
        assert codes(answers) == [200, 409], [r.text for r in answers]
        for c in workers:
            assert c.get(f"/api/tables/{tid}").json()["state"] == mine["state"] + 1


def test_a_timed_out_seat_is_claimed_once(workers: list[httpx.Client], pg_url: str) -> None:
    """Two other seats hand the seat whose clock ran out to a bot at once:
    one claim wins, the other finds a bot already there."""
    from gameshelf.server.store.db import tables

    engine = sa.create_engine(pg_url)
    try:
        for _ in range(ROUNDS):
            tid, tokens = table(workers[0], [{"kind": "human"}] * 3,
                                clock={"bank": 60, "increment": 0})
            late = workers[0].get(f"/api/tables/{tid}").json()["to_move"]
            others = [tokens[str(s)] for s in range(3) if s != late]
            with engine.begin() as conn:  # its turn began long ago
                conn.execute(sa.update(tables).where(tables.c.id == tid).values(turn_started=0.0))
            answers = together(workers, [post(f"/api/tables/{tid}/seats/{late}/timeout",
                                              {"bot": None}, tok) for tok in others])
            assert codes(answers) == [200, 409], [r.text for r in answers]
            seat = workers[1].get(f"/api/tables/{tid}").json()["seats"][late]
            assert seat["timed_out"] and seat["stand_in"] == "easy"
    finally:
        engine.dispose()
