"""Fixtures for the server tests: every test that takes ``database_url``
(or ``client``) runs on SQLite and on PostgreSQL.

PostgreSQL (127.0.0.1:5432, trust auth, database ``test``) gets a fresh
schema per test session, dropped at the end. When it or Redis does not
answer, their tests are skipped, never faked on something else, and the test
command says so in one loud line (``tests/server/services.py``, also shown
in pytest's header when the header is shown).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gameshelf.server.app import create_app
from gameshelf.server.config import Settings
from tests.server.services import PG_DSN, REDIS_URL, pg_answers, redis_answers, warnings

PG_BASE = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
PG_UP = pg_answers()
REDIS_UP = redis_answers()
__all__ = ["PG_UP", "REDIS_UP", "REDIS_URL"]


def pytest_report_header(config: Any) -> list[str]:
    return warnings(PG_UP, REDIS_UP)


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A PostgreSQL URL whose search path is a schema of this session alone."""
    if not PG_UP:
        pytest.skip("PostgreSQL at 127.0.0.1:5432 does not answer")
    import psycopg

    schema = f"gs_test_{secrets.token_hex(6)}"
    with psycopg.connect(PG_DSN, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{PG_BASE}?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(PG_DSN, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """One database per backend and session (tables have random ids, so
    tests share it without meeting)."""
    if request.param == "sqlite":
        folder: Path = tmp_path_factory.mktemp("db")
        return f"sqlite:///{folder / 'server.sqlite3'}"
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture(scope="session")
def client(database_url: str) -> Iterator[TestClient]:
    # no background analysis here (issue 26): test_analysis_routes.py has apps of its own
    # that analyse; a finished game's analysis costs seconds of CPU the other tests need
    app = create_app(Settings(database_url, bot_workers=1, analysis_budget=0))
    with TestClient(app) as c:
        yield c
