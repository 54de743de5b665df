"""Helpers of the account tests: a logged-in browser, and a game played out."""

from __future__ import annotations

import secrets
import time
from typing import Any

from fastapi.testclient import TestClient

PASSWORD = "correct horse battery"


def fresh_name(prefix: str = "p") -> str:
    return f"{prefix}{secrets.token_hex(5)}"


def from_address(client: TestClient, address: str) -> TestClient:
    """The same running app, seen from ``address``: it shares the entered
    client's event loop (``portal``), so the work a request leaves running
    (a bot's turn, a socket's update) goes on after it; a client of its own
    would run each request on a loop that ends with it."""
    other = TestClient(client.app, client=(address, 50000))
    other.portal = client.portal
    return other


def random_address() -> str:
    """A client address no other test uses (198.18.0.0/15: set aside for tests)."""
    return f"198.{18 + secrets.randbelow(2)}.{secrets.randbelow(256)}.{1 + secrets.randbelow(254)}"


class Browser:
    """One browser on the shared test client: its own session cookie, sent
    by hand, so several people can be logged in at once on one server (and
    the client's jar never carries one person's cookie to another's call)."""

    def __init__(self, client: TestClient, session: str | None = None) -> None:
        # each browser is a person of their own, at an address of their own:
        # sign-ups and failed logins are counted per address (issue 41)
        self.client = from_address(client, random_address())
        self.session = session

    def request(self, method: str, url: str, headers: dict[str, str] | None = None,
                **kwargs: Any) -> Any:
        headers = dict(headers or {})
        if self.session is not None:
            headers["Cookie"] = f"gs_session={self.session}"
        self.client.cookies.clear()
        try:
            r = self.client.request(method, url, headers=headers, **kwargs)
        finally:
            self.client.cookies.clear()
        cookie = r.headers.get("set-cookie", "")
        if cookie.startswith("gs_session="):
            value = cookie.split(";")[0].partition("=")[2].strip('"')
            self.session = value or None
        return r

    def get(self, url: str, **kwargs: Any) -> Any:
        return self.request("GET", url, **kwargs)

    def post(self, url: str, **kwargs: Any) -> Any:
        return self.request("POST", url, **kwargs)


def register(client: TestClient, name: str | None = None) -> tuple[Browser, str, str]:
    """A new browser with a new account logged in: (browser, name, CSRF token)."""
    web = Browser(client)
    name = name or fresh_name()
    r = web.post("/api/auth/register", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return web, name, r.json()["csrf"]


def login(client: TestClient, name: str, password: str = PASSWORD) -> tuple[Browser, str]:
    web = Browser(client)
    r = web.post("/api/auth/login", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    return web, r.json()["csrf"]


def csrf(token: str) -> dict[str, str]:
    return {"X-CSRF-Token": token}


def play_out(web: Browser, token: str, table: str, limit: float = 240) -> dict[str, Any]:
    """Play the session's seat (its first legal move each time) until the
    game ends; bots play the others."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        v = web.get(f"/api/tables/{table}/view").json()
        if v["over"]:
            return v
        if v["legal"]:
            r = web.post(f"/api/tables/{table}/moves", headers=csrf(token),
                         json={"after": v["state"], "action": v["legal"][0]["action"]})
            assert r.status_code in (200, 409), r.text
        else:
            time.sleep(0.02)
    raise AssertionError("the game did not end")
