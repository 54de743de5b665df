"""Fixtures for the server tests: every test that takes ``backend`` runs on
SQLite and on PostgreSQL.

PostgreSQL (127.0.0.1:5432, trust auth, database ``test``) gets a fresh
schema per test session, dropped at the end; when it does not answer, its
tests are skipped and the test run says so in one loud header line, never
faked on another database.
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

PG_BASE = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
REDIS_URL = "redis://127.0.0.1:6379/0"


def _pg_answers() -> bool:
    try:
        import psycopg

        with psycopg.connect("host=127.0.0.1 port=5432 dbname=test user=postgres",
                             connect_timeout=2):
            return True
    except Exception:
        return False


def _redis_answers() -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(REDIS_URL, socket_timeout=2).ping())
    except Exception:
        return False


PG_UP = _pg_answers()
REDIS_UP = _redis_answers()


def pytest_report_header(config: Any) -> list[str]:
    lines = []
    if not PG_UP:
        lines.append("!!! PostgreSQL at 127.0.0.1:5432 does not answer: server tests on "
                     "PostgreSQL are SKIPPED !!!")
    if not REDIS_UP:
        lines.append("!!! Redis at 127.0.0.1:6379 does not answer: the two-worker Redis "
                     "test is SKIPPED !!!")
    return lines


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A PostgreSQL URL whose search path is a schema of this session alone."""
    if not PG_UP:
        pytest.skip("PostgreSQL at 127.0.0.1:5432 does not answer")
    import psycopg

    schema = f"gs_test_{secrets.token_hex(6)}"
    with psycopg.connect("host=127.0.0.1 port=5432 dbname=test user=postgres",
                         autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{PG_BASE}?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect("host=127.0.0.1 port=5432 dbname=test user=postgres",
                             autocommit=True) as conn:
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
    app = create_app(Settings(database_url, bot_workers=1))
    with TestClient(app) as c:
        yield c
