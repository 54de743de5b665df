"""The database: the tables of play (accounts add theirs in ``account_tables``), the engine, and migrations applied on start.

Why SQLAlchemy Core rather than the ORM: every access is a handful of short
statements in one transaction, and the append-only move log is plain rows.
The schema itself is created by the Alembic revisions in ``migrations/``
(shipped inside the package), never by ``metadata.create_all``, so a
database made by an old version is upgraded in place.
"""

from __future__ import annotations

import contextlib
import fcntl
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError

from gameshelf.server.config import MAX_NAME

metadata = sa.MetaData()

tables = sa.Table(
    "gs_tables",
    metadata,
    sa.Column("id", sa.String(24), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("moves", sa.Integer, nullable=False),
    sa.Column("clock", sa.Text, nullable=True),
    sa.Column("turn_started", sa.Float, nullable=True),
    sa.Column("result", sa.Text, nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    # accounts (server/features/accounts.py): a rated table's result moves OpenSkill ratings
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
    # analysis and hints (issue 26): a casual table may let its people ask for hints
    sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false()),
)

seats = sa.Table(
    "gs_seats",
    metadata,
    sa.Column("table_id", sa.String(24), sa.ForeignKey("gs_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("name", sa.String(MAX_NAME), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("level", sa.String(8), nullable=True),
    sa.Column("stand_in", sa.String(8), nullable=True),
    sa.Column("bank", sa.Float, nullable=True),
    sa.Column("timed_out", sa.Boolean, nullable=False),
    # accounts (server/features/accounts.py): the account this seat belongs to (NULL: a guest's)
    sa.Column("account_id", sa.Integer, nullable=True),
    # hints (server/features/hints.py): how many hints this seat asked for
    sa.Column("hints", sa.Integer, nullable=False, server_default=sa.text("0")),
)

moves = sa.Table(
    "gs_moves",
    metadata,
    sa.Column("table_id", sa.String(24), sa.ForeignKey("gs_tables.id"), nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("by_bot", sa.Boolean, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    # a take-back: the seq of the move it takes back (NULL for a move)
    sa.Column("undoes", sa.Integer, nullable=True),
    sa.PrimaryKeyConstraint("table_id", "seq", name="pk_gs_moves"),
)


analyses = sa.Table(
    "gs_analyses",
    metadata,
    sa.Column("table_id", sa.String(24), sa.ForeignKey("gs_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    # pending -> ready (data: the Analysis's JSON) or failed
    sa.Column("status", sa.String(8), nullable=False),
    sa.Column("data", sa.Text, nullable=True),
    # when a worker took the job (another worker takes it again after a while)
    sa.Column("claimed_at", sa.Float, nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
)


#: Dicey Farm Daily Mode's entered attempts (:mod:`gameshelf.server.features.daily`)
attempts = sa.Table(
    "gs_daily_attempts",
    metadata,
    sa.Column("table_id", sa.String(24), sa.ForeignKey("gs_tables.id"), primary_key=True),
    sa.Column("date", sa.String(10), nullable=False),
    sa.Column("name", sa.String(MAX_NAME), nullable=False),
    sa.Column("score", sa.Float, nullable=False),
    sa.Column("counted", sa.Boolean, nullable=False),
    sa.Column("submitted_at", sa.Float, nullable=False),
)


def make_engine(url: str) -> Engine:
    """An engine tuned for durability: SQLite in WAL mode with full syncs,
    writes taking the write lock at BEGIN so that two processes never
    deadlock on an upgrade from a read lock."""
    if url.startswith("sqlite"):
        engine = sa.create_engine(
            url, connect_args={"check_same_thread": False, "timeout": 30}, pool_size=8
        )

        @sa.event.listens_for(engine, "connect")
        def _connect(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.isolation_level = None  # we issue BEGIN ourselves
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.close()

        @sa.event.listens_for(engine, "begin")
        def _begin(conn: Connection) -> None:
            write = conn.get_execution_options().get("gs_write", False)
            # straight to the driver: through SQLAlchemy's execution layer
            # this one statement cost as much CPU as a move's own three
            # (``statements.py``), and every transaction, read or write, runs it
            execute(conn, "BEGIN IMMEDIATE" if write else "BEGIN")

        return engine
    # no pre-ping: it cost a round trip per transaction; recycling covers idle drops
    return sa.create_engine(url, pool_size=10, max_overflow=20, pool_recycle=1800)


def execute(conn: Connection, sql: str, params: Any = None) -> Any:
    """``sql`` on the driver's connection under ``conn`` (in its transaction);
    a driver error is raised as SQLAlchemy's."""
    driver: Any = conn.connection.driver_connection
    dbapi: Any = conn.dialect.loaded_dbapi
    try:
        return driver.execute(sql) if params is None else driver.execute(sql, params)
    except dbapi.Error as exc:
        raise DBAPIError.instance(sql, params, exc, dbapi.Error, dialect=conn.dialect) from exc


@contextlib.contextmanager
def writing(engine: Engine) -> Iterator[Connection]:
    """A write transaction (committed on leaving, rolled back on error)."""
    with engine.connect() as conn:
        conn.execution_options(gs_write=True)
        with conn.begin():
            yield conn


@contextlib.contextmanager
def reading(engine: Engine) -> Iterator[Connection]:
    with engine.connect() as conn, conn.begin():
        yield conn


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision, once even when several
    workers start together (a PostgreSQL advisory lock, or a lock file next
    to the SQLite database)."""
    from alembic import command
    from alembic.config import Config

    script_location = str(resources.files("gameshelf.server.store") / "migrations")
    config = Config()
    config.set_main_option("script_location", script_location)
    with _migration_lock(engine), engine.connect() as conn:
        if engine.dialect.name == "postgresql":
            conn.exec_driver_sql("SELECT pg_advisory_lock(7140518)")
        try:
            config.attributes["connection"] = conn
            command.upgrade(config, "head")
            conn.commit()
        finally:
            if engine.dialect.name == "postgresql":
                conn.exec_driver_sql("SELECT pg_advisory_unlock(7140518)")
                conn.commit()


@contextlib.contextmanager
def _migration_lock(engine: Engine) -> Iterator[None]:
    database = engine.url.database if engine.dialect.name == "sqlite" else None
    if not database or database == ":memory:":
        yield
        return
    with open(Path(database).with_suffix(".migrate-lock"), "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
