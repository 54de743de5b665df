"""Group commit: writes that queue up share one transaction, a refused write
is undone alone, and nobody is answered before the commit."""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from gameshelf.server.store.commits import GroupCommitter
from gameshelf.server.store.db import make_engine, migrate


@pytest.fixture
def scratch(database_url: str) -> Iterator[tuple[Engine, str]]:
    """An engine and a one-column table of this test alone."""
    engine = make_engine(database_url)
    migrate(engine)
    name = f"gs_scratch_{secrets.token_hex(4)}"
    with engine.begin() as conn:
        conn.exec_driver_sql(f"CREATE TABLE {name} (k INTEGER PRIMARY KEY)")
    try:
        yield engine, name
    finally:
        with engine.begin() as conn:
            conn.exec_driver_sql(f"DROP TABLE {name}")
        engine.dispose()


def _insert(name: str, k: int) -> Any:
    def work(conn: Connection) -> int:
        conn.exec_driver_sql(f"INSERT INTO {name} (k) VALUES ({k})")
        return k
    return work


def _stored(engine: Engine, name: str) -> list[int]:
    with engine.connect() as conn:
        return sorted(r[0] for r in conn.exec_driver_sql(f"SELECT k FROM {name}"))


def test_queued_writes_share_a_commit_and_a_refusal_stays_alone(
        scratch: tuple[Engine, str]) -> None:
    engine, name = scratch
    committer = GroupCommitter(engine)
    entered, release = threading.Event(), threading.Event()
    answers: dict[int, Any] = {}

    def blocker(conn: Connection) -> int:
        entered.set()
        release.wait(30)
        conn.exec_driver_sql(f"INSERT INTO {name} (k) VALUES (0)")
        return 0

    def call(key: int, work: Any) -> None:
        try:
            answers[key] = committer.run(work)
        except Exception as exc:
            answers[key] = exc

    threads = [threading.Thread(target=call, args=(0, blocker))]
    threads[0].start()
    assert entered.wait(30)  # the writer is inside the first transaction
    # five writes queue behind it, one of them a duplicate key
    for key, k in [(1, 1), (2, 2), (3, 1), (4, 3), (5, 4)]:
        threads.append(threading.Thread(target=call, args=(key, _insert(name, k))))
        threads[-1].start()
    deadline = time.monotonic() + 30
    while committer._queue.qsize() < 5 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not answers  # nobody is answered before their transaction commits
    release.set()
    for t in threads:
        t.join(30)
    committer.close()
    assert answers[0] == 0 and answers[1] == 1 and answers[2] == 2
    assert answers[4] == 3 and answers[5] == 4
    assert isinstance(answers[3], IntegrityError)
    assert _stored(engine, name) == [0, 1, 2, 3, 4]
    assert (committer.batches, committer.writes) == (2, 6)  # the refused one counted too


def test_a_failed_commit_fails_every_write_of_its_batch(scratch: tuple[Engine, str]) -> None:
    engine, name = scratch
    committer = GroupCommitter(engine)

    def poison(conn: Connection) -> None:
        # a savepoint cannot undo this: the whole transaction is lost
        conn.exec_driver_sql(f"INSERT INTO {name} (k) VALUES (7)")
        conn.get_transaction().rollback()  # type: ignore[union-attr]

    with pytest.raises(Exception):  # noqa: B017 - any error, as long as it reaches the caller
        committer.run(poison)
    assert committer.run(_insert(name, 8)) == 8
    committer.close()
    assert _stored(engine, name) == [8]


def test_a_write_posted_first_goes_ahead_of_the_queued_ones(scratch: tuple[Engine, str]) -> None:
    """A new table's write (``first``) joins the next transaction before
    every move already waiting (at saturation it waited behind them all)."""
    engine, name = scratch
    committer = GroupCommitter(engine)
    entered, release = threading.Event(), threading.Event()
    order: list[int] = []
    done = threading.Event()

    def blocker(conn: Connection) -> None:
        entered.set()
        release.wait(30)

    def noting(k: int) -> Any:
        def work(conn: Connection) -> int:
            order.append(k)
            return int(_insert(name, k)(conn))
        return work

    def finished(ok: bool, value: Any) -> None:
        if value == 99:
            done.set()

    committer.post(blocker, lambda ok, value: None)
    assert entered.wait(30)
    for k in range(1, 6):
        committer.post(noting(k), finished)
    committer.post(noting(99), finished, first=True)
    release.set()
    assert done.wait(30)
    committer.close()
    assert order == [99, 1, 2, 3, 4, 5]
    assert _stored(engine, name) == [1, 2, 3, 4, 5, 99]


def test_refusals_in_a_row_each_undo_only_themselves(scratch: tuple[Engine, str]) -> None:
    """Writes that go through are not released one by one, and a refused
    one is rolled back to the savepoint where it started: two refusals in a
    row, between writes that went through, take nothing else with them."""
    engine, name = scratch
    committer = GroupCommitter(engine)
    entered, release = threading.Event(), threading.Event()
    outcomes: dict[int, bool] = {}
    finished = threading.Event()

    def blocker(conn: Connection) -> None:
        entered.set()
        release.wait(30)

    def note(key: int) -> Any:
        def finish(ok: bool, _value: Any) -> None:
            outcomes[key] = ok
            if len(outcomes) == 6:
                finished.set()
        return finish

    committer.post(blocker, lambda ok, value: None)
    assert entered.wait(30)
    for key, k in enumerate([1, 2, 1, 2, 3, 1]):
        committer.post(_insert(name, k), note(key))
    release.set()
    assert finished.wait(30)
    committer.close()
    assert outcomes == {0: True, 1: True, 2: False, 3: False, 4: True, 5: False}
    assert _stored(engine, name) == [1, 2, 3]
