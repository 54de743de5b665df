"""Schemathesis fuzzes the account routes as a logged-in browser sends them
(its session cookie and CSRF token on every request), beyond the anonymous
fuzzing of every route in test_hostile.py: no generated request makes the
server fail, and no answer carries a password, a hash or a session id."""

from __future__ import annotations

import tempfile
from pathlib import Path

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings

from gameshelf.server.app import create_app
from gameshelf.server.config import Settings

PASSWORD = "fuzzing password 1"
_folder = Path(tempfile.mkdtemp(prefix="gameshelf-fuzz-accounts-"))
fuzz_app = create_app(Settings(f"sqlite:///{_folder / 'fuzz.sqlite3'}", analysis_budget=0))
schema = schemathesis.openapi.from_asgi("/openapi.json", fuzz_app).include(
    path_regex=r"^/api/(auth|me|players|ratings)")
_session: dict[str, str] = {}


def _login() -> dict[str, str]:
    """A fresh session (a fuzzed logout or password change may end the last one)."""
    with TestClient(fuzz_app) as web:
        r = web.post("/api/auth/register", json={"name": "Fuzzer", "password": PASSWORD})
        if r.status_code == 409:
            r = web.post("/api/auth/login", json={"name": "Fuzzer", "password": PASSWORD})
        if r.status_code != 200 and r.status_code != 201:
            return {}
        cookie = r.cookies.get("gs_session") or ""
        return {"Cookie": f"gs_session={cookie}", "X-CSRF-Token": r.json()["csrf"],
                "session": cookie}


@schema.parametrize()
@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_fuzz_the_account_routes_logged_in(case: schemathesis.Case) -> None:
    if not _session or case.path.startswith("/api/auth/logout"):
        _session.clear()
        _session.update(_login())
    headers = {k: v for k, v in _session.items() if k != "session"}
    response = case.call(headers={**(case.headers or {}), **headers})
    assert response.status_code < 500, (case.method, case.path, response.text[:300])
    text = response.text
    assert "$argon2" not in text and PASSWORD not in text
    if _session.get("session"):
        assert _session["session"] not in text
    if response.status_code == 401 and case.path == "/api/me":
        _session.clear()  # (a fuzzed password change ended it; log in again next time)
