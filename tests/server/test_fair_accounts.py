"""Accounts that hold under attack (issue 41): concurrent wrong passwords
reach the hash at most 10 times, the owner's device gets in during an
attack, sign-ups are limited per address and queue at the argon2 gate,
passwords are compared in NFKC, blank passwords and look-alike names are
refused, and the OpenAPI schema states the real limits. On SQLite and
PostgreSQL; the race once more with two server processes."""

from __future__ import annotations

import concurrent.futures
import secrets
import threading
import time
import unicodedata
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from gameshelf.server.app import create_app
from gameshelf.server.auth import passwords
from gameshelf.server.auth.throttle import LIMIT, SIGNUP, WINDOW
from gameshelf.server.config import Settings
from gameshelf.server.store.account_tables import accounts, login_counts
from gameshelf.server.store.db import reading, writing
from tests.server.accounts_helpers import PASSWORD, fresh_name, from_address, random_address
from tests.server.procs import start_server, stop


@pytest.fixture
def app(database_url: str) -> Iterator[TestClient]:
    """A server of its own on the session's database (names and addresses
    are random, so its counters meet no other test's)."""
    with TestClient(create_app(Settings(database_url, analysis_budget=0))) as client:
        yield client


def _address() -> str:
    return random_address()


_as = from_address


def _post(client: TestClient, path: str, body: dict[str, Any],
          device: str | None = None) -> httpx.Response:
    client.cookies.clear()
    headers = {"Cookie": f"gs_device={device}"} if device else {}
    r = client.post(path, json=body, headers=headers)
    client.cookies.clear()
    return r


def _device_of(r: httpx.Response) -> str | None:
    for line in r.headers.get_list("set-cookie"):
        if line.startswith("gs_device="):
            return line.split(";")[0].partition("=")[2].strip('"')
    return None


def _register(client: TestClient, name: str, password: str = PASSWORD) -> httpx.Response:
    return _post(_as(client, _address()), "/api/auth/register", {"name": name, "password": password})


def test_forty_concurrent_wrong_passwords_reach_the_hash_at_most_ten_times(
        app: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    name = fresh_name()
    assert _register(app, name).status_code == 201
    checks: list[str] = []
    real = PasswordHasher.verify

    def counting(self: PasswordHasher, stored: str, password: str) -> bool:
        checks.append(stored)
        return real(self, stored, password)

    monkeypatch.setattr(PasswordHasher, "verify", counting)
    attacker = _as(app, _address())
    barrier = threading.Barrier(40)

    def guess(i: int) -> int:
        barrier.wait()
        return attacker.post("/api/auth/login", json={"name": name, "password": f"wrong guess {i}"}
                             ).status_code

    with concurrent.futures.ThreadPoolExecutor(40) as pool:
        statuses = list(pool.map(guess, range(40)))
    assert len(checks) <= LIMIT, len(checks)
    assert statuses.count(401) == len(checks) and statuses.count(429) == 40 - len(checks)
    assert len(checks) == LIMIT  # (and no fewer: a refused try is counted nowhere)


def test_the_owners_device_gets_in_while_the_name_is_being_guessed(app: TestClient) -> None:
    name = fresh_name()
    r = _register(app, name)
    device = _device_of(r)
    assert r.status_code == 201 and device
    assert "httponly" in r.headers["set-cookie"].lower()
    # someone elsewhere guesses: after 10 the name is throttled for every device without the cookie
    attacker = _as(app, _address())
    for i in range(LIMIT):
        assert _post(attacker, "/api/auth/login", {"name": name, "password": f"wrong guess {i}"}).status_code == 401
    refused = _post(attacker, "/api/auth/login", {"name": name, "password": PASSWORD})
    assert refused.status_code == 429 and 0 < int(refused.headers["retry-after"]) <= WINDOW
    owner = _as(app, _address())
    r = _post(owner, "/api/auth/login", {"name": name, "password": PASSWORD})
    assert r.status_code == 429 and "retry-after" in r.headers  # a new device: throttled too
    # the owner's device, with the right password: in, and its cookie renewed
    r = _post(owner, "/api/auth/login", {"name": name.upper(), "password": PASSWORD}, device=device)
    assert r.status_code == 200, r.text
    renewed = _device_of(r)
    assert renewed and renewed != device
    # a device cookie of another name, or a forged one, is no key to this one
    other = fresh_name()
    other_device = _device_of(_register(app, other))
    assert _post(owner, "/api/auth/login", {"name": name, "password": PASSWORD},
                 device=other_device).status_code == 429
    forged = device.split(".")[0] + "." + "A" * 43
    assert _post(owner, "/api/auth/login", {"name": name, "password": PASSWORD},
                 device=forged).status_code == 429
    # the cookie keeps both names: each logs in with it
    both = _device_of(_post(owner, "/api/auth/login", {"name": other, "password": PASSWORD},
                            device=renewed))
    assert both and both.count("~") == 1
    assert _post(owner, "/api/auth/login", {"name": name, "password": PASSWORD},
                 device=both).status_code == 200
    # a stolen device cookie gets 10 tries of its own, no more
    for i in range(LIMIT):
        assert _post(attacker, "/api/auth/login", {"name": name, "password": f"again and {i}"},
                     device=both).status_code == 401
    assert _post(attacker, "/api/auth/login", {"name": name, "password": PASSWORD},
                 device=both).status_code == 429


def test_a_sign_up_burst_is_limited_per_address_and_queues_at_the_hash(
        app: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """30 sign-ups at once from one address: 10 accounts, 20 answered 429
    with Retry-After; the argon2 work never runs more than HASH_SLOTS at a
    time (the others wait at the gate: memory is bounded by the gate, not
    by the burst)."""
    gate = passwords.Gate(passwords.HASH_SLOTS)
    monkeypatch.setattr(passwords, "GATE", gate)
    real = PasswordHasher.hash

    def slow(self: PasswordHasher, password: str, **kw: Any) -> str:
        time.sleep(0.05)  # long enough for the burst to meet at the gate
        return real(self, password, **kw)

    monkeypatch.setattr(PasswordHasher, "hash", slow)
    me = _as(app, _address())
    prefix = fresh_name("burst")
    barrier = threading.Barrier(30)

    def sign_up(i: int) -> httpx.Response:
        barrier.wait()
        return me.post("/api/auth/register", json={"name": f"{prefix}-{i}", "password": PASSWORD})

    with concurrent.futures.ThreadPoolExecutor(30) as pool:
        answers = list(pool.map(sign_up, range(30)))
    statuses = [r.status_code for r in answers]
    assert statuses.count(201) == SIGNUP.limit and statuses.count(429) == 30 - SIGNUP.limit
    refused = next(r for r in answers if r.status_code == 429)
    assert refused.json()["detail"]["code"] == "signup-throttled"
    assert 0 < int(refused.headers["retry-after"]) <= SIGNUP.window
    with reading(app.app.state.server.service.engine) as conn:  # type: ignore[attr-defined]
        made = conn.execute(sa.select(sa.func.count()).select_from(accounts)
                            .where(accounts.c.name.like(f"{prefix}-%"))).scalar_one()
    assert made == SIGNUP.limit
    assert gate.peak_inside == passwords.HASH_SLOTS  # never more at once ...
    assert gate.peak_waiting > passwords.HASH_SLOTS  # ... while the others queued
    assert gate.inside == gate.waiting == 0
    # another address still signs up
    assert _register(app, fresh_name()).status_code == 201


def test_passwords_are_compared_in_nfkc(app: TestClient) -> None:
    name = fresh_name()
    composed = unicodedata.normalize("NFC", "Ünïcødé pässwörd")
    decomposed = unicodedata.normalize("NFD", composed)
    assert composed != decomposed
    assert _register(app, name, composed).status_code == 201
    assert _post(_as(app, _address()), "/api/auth/login",
                 {"name": name, "password": decomposed}).status_code == 200
    full_width = "ｐａｓｓｗｏｒｄ１２"  # NFKC: "password12"
    other = fresh_name()
    assert _register(app, other, full_width).status_code == 201
    assert _post(_as(app, _address()), "/api/auth/login",
                 {"name": other, "password": "password12"}).status_code == 200


def test_an_account_from_before_nfkc_logs_in_as_typed_and_is_rehashed(app: TestClient) -> None:
    """A hash stored before revision 0006 is of the password as typed (here
    NFD): that form logs in, the hash is replaced by the NFKC form's, and
    then every form logs in."""
    name = fresh_name()
    assert _register(app, name).status_code == 201
    decomposed = unicodedata.normalize("NFD", "Ünïcødé pässwörd")
    engine = app.app.state.server.service.engine  # type: ignore[attr-defined]
    with writing(engine) as conn:
        conn.execute(accounts.update().where(accounts.c.name == name).values(
            password_hash=passwords.HASHER.hash(decomposed), password_nfkc=False))
    composed = unicodedata.normalize("NFC", decomposed)
    assert _post(_as(app, _address()), "/api/auth/login",
                 {"name": name, "password": composed}).status_code == 401  # not what was stored
    assert _post(_as(app, _address()), "/api/auth/login",
                 {"name": name, "password": decomposed}).status_code == 200
    with reading(engine) as conn:
        assert conn.execute(sa.select(accounts.c.password_nfkc).where(accounts.c.name == name)
                            ).scalar_one() is True
    assert _post(_as(app, _address()), "/api/auth/login",
                 {"name": name, "password": composed}).status_code == 200


@pytest.mark.parametrize("blank", [" " * 8, "\u3000" * 8, " \u00a0 \u2003    "])
def test_a_password_of_spaces_alone_is_refused(app: TestClient, blank: str) -> None:
    r = _register(app, fresh_name(), blank)
    assert r.status_code == 422 and r.json()["detail"]["code"] == "bad-password-blank"


def test_a_look_alike_of_an_existing_name_is_refused(app: TestClient) -> None:
    base = f"Paypal{secrets.token_hex(3)}"
    assert _register(app, base).status_code == 201
    cyrillic = base.replace("a", "\u0430", 1)  # CYRILLIC SMALL LETTER A
    assert cyrillic != base
    for alike in (cyrillic, base.replace("l", "1"), base.upper()):
        r = _register(app, alike)
        assert r.status_code == 409, alike
        assert r.json()["detail"]["code"] == ("name-taken" if alike == base.upper() else "name-confusable")
        message = _post(_as(app, _address()), "/api/auth/register?lang=ja",
                        {"name": alike, "password": PASSWORD}).json()["detail"]["message"]
        assert message and message.isascii() is False
    assert _register(app, fresh_name()).status_code == 201


def test_the_schema_states_the_real_limits(app: TestClient) -> None:
    schema = app.get("/openapi.json").json()
    credentials = schema["components"]["schemas"]["Credentials"]["properties"]["password"]
    assert credentials["minLength"] == passwords.MIN_PASSWORD == 8
    assert credentials["maxLength"] == passwords.MAX_PASSWORD
    date = next(p for p in schema["paths"]["/api/daily/{date}"]["get"]["parameters"]
                if p["name"] == "date")
    import re

    pattern = re.compile(date["schema"]["pattern"])
    assert not pattern.match("0000-00-00") and not pattern.match("2026-13-01")
    assert pattern.match("2026-02-28")
    assert app.get("/api/daily/0000-00-00").status_code == 422
    assert _register(app, fresh_name(), "short").status_code == 422


def test_forty_wrong_passwords_at_two_server_processes(database_url: str) -> None:
    """The race with two worker processes on one database: whichever
    worker answers, at most 10 tries are checked (401); the rest are 429."""
    proc, base = start_server(database_url, extra=["--workers", "2"])
    try:
        name = fresh_name()
        with httpx.Client(base_url=base, timeout=60) as http:
            assert http.post("/api/auth/register", json={"name": name, "password": PASSWORD}
                             ).status_code == 201
        barrier = threading.Barrier(40)

        def guess(i: int) -> int:
            with httpx.Client(base_url=base, timeout=60) as http:
                barrier.wait()
                return http.post("/api/auth/login", json={"name": name, "password": f"not it, {i}"}
                                 ).status_code

        with concurrent.futures.ThreadPoolExecutor(40) as pool:
            statuses = list(pool.map(guess, range(40)))
        assert statuses.count(401) == LIMIT and statuses.count(429) == 40 - LIMIT, statuses
    finally:
        stop(proc)
        engine = sa.create_engine(database_url)
        with engine.begin() as conn:  # the address 127.0.0.1 is every later server test's too
            conn.execute(login_counts.delete())
        engine.dispose()
