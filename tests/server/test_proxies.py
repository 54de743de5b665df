"""Behind a proxy (issue 41): with ``--trusted-proxy`` the client is the
right-most untrusted address of X-Forwarded-For and ``X-Forwarded-Proto:
https`` makes cookies Secure; from any other peer those headers mean
nothing. Throttles count each client behind the balancer on its own.
(Through a real nginx: tests/server/test_scale_out.py.)"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from gameshelf.server.app import create_app
from gameshelf.server.auth.throttle import LIMIT
from gameshelf.server.config import TRUSTED_PROXIES_ENV, Settings, parse_proxies, split_proxies
from tests.server.accounts_helpers import PASSWORD, fresh_name, from_address

BALANCER = "192.0.2.10"


@pytest.fixture
def balanced(tmp_path: Path) -> Iterator[TestClient]:
    """A server that trusts the balancer's network; the test client is the balancer."""
    settings = Settings(f"sqlite:///{tmp_path / 'p.sqlite3'}", analysis_budget=0,
                        trusted_proxies=("192.0.2.0/28",))
    with TestClient(create_app(settings), client=(BALANCER, 40000)) as client:
        yield client


def _login(client: TestClient, name: str, password: str, forwarded: str,
           proto: str = "http") -> tuple[int, str]:
    client.cookies.clear()
    r = client.post("/api/auth/login", json={"name": name, "password": password},
                    headers={"X-Forwarded-For": forwarded, "X-Forwarded-Proto": proto})
    client.cookies.clear()
    return r.status_code, "; ".join(r.headers.get_list("set-cookie"))


def test_each_client_behind_the_balancer_is_throttled_on_its_own(balanced: TestClient) -> None:
    name = fresh_name()
    assert balanced.post("/api/auth/register", json={"name": name, "password": PASSWORD},
                         headers={"X-Forwarded-For": "198.51.100.1"}).status_code == 201
    # one client guesses many names: it is throttled (a spoofed left part changes nothing) ...
    for i in range(LIMIT):
        assert _login(balanced, f"nobody{i}", "wrong password", f"10.1.1.{i}, 203.0.113.5")[0] == 401
    assert _login(balanced, name, PASSWORD, "203.0.113.5")[0] == 429
    assert _login(balanced, name, PASSWORD, "1.1.1.1, 203.0.113.5")[0] == 429
    # ... and another client behind the same balancer is not
    assert _login(balanced, name, PASSWORD, "203.0.113.6")[0] == 200
    # a second trusted hop is skipped: the client is the address it saw
    assert _login(balanced, name, PASSWORD, "203.0.113.5, 192.0.2.11")[0] == 429


def test_forwarded_https_makes_the_cookies_secure(balanced: TestClient) -> None:
    name = fresh_name()
    r = balanced.post("/api/auth/register", json={"name": name, "password": PASSWORD},
                      headers={"X-Forwarded-For": "198.51.100.2", "X-Forwarded-Proto": "https"})
    cookies = r.headers.get_list("set-cookie")
    assert r.status_code == 201 and len(cookies) == 2
    assert all("secure" in c.lower() for c in cookies)
    status, plain = _login(balanced, name, PASSWORD, "198.51.100.2", proto="http")
    assert status == 200 and "secure" not in plain.lower()


def test_an_untrusted_peer_cannot_choose_its_address_or_scheme(balanced: TestClient) -> None:
    direct = from_address(balanced, "203.0.113.99")  # not the balancer: its headers are ignored
    name = fresh_name()
    assert direct.post("/api/auth/register", json={"name": name, "password": PASSWORD}).status_code == 201
    for i in range(LIMIT):
        assert _login(direct, f"nobody{i}", "wrong password", f"10.2.2.{i}")[0] == 401
    status, _cookies = _login(direct, name, PASSWORD, "10.3.3.3", proto="https")
    assert status == 429  # every spoofed address was the peer's own
    # and no Secure from a header it wrote (a fresh client of the same peer, another name)
    other = fresh_name()
    r = from_address(balanced, "203.0.113.98").post(
        "/api/auth/register", json={"name": other, "password": PASSWORD},
        headers={"X-Forwarded-Proto": "https"})
    assert r.status_code == 201 and "secure" not in r.headers["set-cookie"].lower()


def test_trusted_proxies_are_checked() -> None:
    assert parse_proxies(split_proxies("10.0.0.5, 10.1.0.0/16 ::1")) == ("10.0.0.5", "10.1.0.0/16", "::1")
    with pytest.raises(ValueError, match=r"nginx\.internal"):
        parse_proxies(["nginx.internal"])
    import typer

    from gameshelf.server.cli import serve

    with pytest.raises(typer.BadParameter, match=r"10\.0\.0\.300"):
        serve(trusted_proxy=["10.0.0.300"])  # refused before anything is served


def test_settings_read_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(TRUSTED_PROXIES_ENV, "10.0.0.5,10.0.0.6")
    assert Settings.from_env().trusted_proxies == ("10.0.0.5", "10.0.0.6")
    monkeypatch.setenv(TRUSTED_PROXIES_ENV, "10.0.0.5 oops")
    with pytest.raises(ValueError, match="oops"):
        Settings.from_env()
