"""Login throttling (issue 27): 10 failed logins in 15 minutes per name and
per address, then 429 with Retry-After; counters in Redis or the database;
and the answers do not say whether a name exists."""

from __future__ import annotations

import concurrent.futures
import secrets
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from gameshelf.server.app import create_app
from gameshelf.server.auth.throttle import LIMIT, NAME, SIGNUP, WINDOW, Rule, Throttle
from gameshelf.server.config import Settings
from gameshelf.server.store.db import make_engine, migrate
from tests.server.accounts_helpers import PASSWORD
from tests.server.conftest import REDIS_UP, REDIS_URL


def _tries() -> list[tuple[Rule, str]]:
    return Throttle.login_tries(secrets.token_hex(6),
                                f"10.{secrets.randbelow(255)}.0.{secrets.randbelow(255)}", None)


def _counts(throttle: Throttle) -> None:
    tries = _tries()
    now = 1_000_000.0
    for i in range(LIMIT):
        assert throttle.take(tries, now + i) == 0
    wait = throttle.take(tries, now + LIMIT + 1)
    assert 0 < wait <= WINDOW
    # another name from the same address shares only the address's count
    other = [(NAME, secrets.token_hex(6)), tries[1]]
    assert throttle.take(other, now + LIMIT + 1) > 0
    assert throttle.take([other[0]], now + LIMIT + 1) == 0  # (the refused try did not count it)
    # a login that succeeded gives its try back: one more is allowed
    throttle.give_back([tries[0]], now + LIMIT + 2)
    assert throttle.take([tries[0]], now + LIMIT + 2) == 0
    # the window ends: counting starts again
    assert throttle.take(tries, now + WINDOW + 0.5) == 0
    # sign-ups: 10 an hour per address
    signup = [(SIGNUP, secrets.token_hex(6))]
    assert all(throttle.take(signup, now) == 0 for _ in range(SIGNUP.limit))
    assert 0 < throttle.take(signup, now + 1) <= SIGNUP.window


def _forty_at_once(throttle: Throttle) -> int:
    """40 threads take a try on one name at once: how many were let on."""
    tries = _tries()
    barrier = threading.Barrier(40)

    def one() -> bool:
        barrier.wait()
        return throttle.take(tries) == 0

    with concurrent.futures.ThreadPoolExecutor(40) as pool:
        return sum(pool.map(lambda _: one(), range(40)))


def test_counters_in_the_database(database_url: str) -> None:
    engine = make_engine(database_url)
    migrate(engine)
    try:
        _counts(Throttle(engine))
        assert _forty_at_once(Throttle(engine)) == LIMIT
    finally:
        engine.dispose()


@pytest.mark.skipif(not REDIS_UP, reason="Redis at 127.0.0.1:6379 does not answer")
def test_counters_in_redis(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    migrate(engine)
    try:
        throttle = Throttle(engine, REDIS_URL)
        real = time.time()
        _redis_counts(throttle, real)
        assert _forty_at_once(throttle) == LIMIT
        # nothing went to the database
        from gameshelf.server.store.account_tables import login_counts
        from gameshelf.server.store.db import reading

        with reading(engine) as conn:
            assert conn.execute(login_counts.select()).first() is None
    finally:
        engine.dispose()


def _redis_counts(throttle: Throttle, now: float) -> None:
    """Redis keeps its own time (the keys expire by themselves): the same
    counts as :func:`_counts`, within one window."""
    tries = _tries()
    for _ in range(LIMIT):
        assert throttle.take(tries, now) == 0
    assert 0 < throttle.take(tries, now) <= WINDOW
    throttle.give_back([tries[0]], now)
    assert throttle.take([tries[0]], now) == 0


@pytest.fixture
def app_clients(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient]]:
    """A server of its own (its counters meet no other test's), seen from two addresses."""
    app = create_app(Settings(f"sqlite:///{tmp_path / 'throttle.sqlite3'}", analysis_budget=0))
    with TestClient(app, client=("10.0.0.1", 5000)) as first:
        yield first, TestClient(app, client=("10.0.0.2", 5000))


def _login(client: TestClient, name: str, password: str) -> tuple[int, dict[str, str], str]:
    client.cookies.clear()
    r = client.post("/api/auth/login", json={"name": name, "password": password})
    return r.status_code, dict(r.headers), r.json()["detail"]["message"] if r.status_code != 200 else ""


def test_ten_failures_per_name_then_429_whatever_the_address(
        app_clients: tuple[TestClient, TestClient]) -> None:
    first, second = app_clients
    assert first.post("/api/auth/register", json={"name": "Ann", "password": PASSWORD}).status_code == 201
    texts = set()
    for _ in range(LIMIT):
        status, _h, text = _login(first, "Ann", "wrong password")
        texts.add(text)
        assert status == 401
    status, headers, _ = _login(second, "ann", PASSWORD)  # another address, the right password
    assert status == 429 and 0 < int(headers["retry-after"]) <= WINDOW
    # a name with no account: the very same answers
    for _ in range(LIMIT):
        status, _h, text = _login(second, "nobody-here", "wrong password")
        texts.add(text)
    assert len(texts) == 1
    status, headers, _ = _login(first, "nobody-here", "wrong password")
    assert status == 429 and "retry-after" in headers


def test_ten_failures_per_address_then_429_for_every_name(
        app_clients: tuple[TestClient, TestClient]) -> None:
    first, second = app_clients
    assert second.post("/api/auth/register", json={"name": "Bo", "password": PASSWORD}).status_code == 201
    for i in range(LIMIT):
        assert _login(first, f"guess{i}", "wrong password")[0] == 401
    assert _login(first, "Bo", PASSWORD)[0] == 429
    assert _login(second, "Bo", PASSWORD)[0] == 200


def test_a_missing_name_costs_one_verification_like_a_real_one(
        monkeypatch: pytest.MonkeyPatch, app_clients: tuple[TestClient, TestClient]) -> None:
    """The timing says nothing: an unknown name is verified against a dummy
    hash, so both paths run argon2id exactly once (behaviour, not a clock)."""
    first, _ = app_clients
    assert first.post("/api/auth/register", json={"name": "Cy", "password": PASSWORD}).status_code == 201
    calls: list[str] = []
    real = PasswordHasher.verify

    def counting(self: PasswordHasher, stored: str, password: str) -> bool:
        calls.append(stored)
        return real(self, stored, password)

    monkeypatch.setattr(PasswordHasher, "verify", counting)
    _login(first, "Cy", "wrong password")
    _login(first, "Nobody", "wrong password")
    assert len(calls) == 2
    assert all(c.startswith("$argon2id$v=19$m=19456,t=2,p=1$") for c in calls)
