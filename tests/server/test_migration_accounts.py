"""Revision 0004 (accounts) upgrades a database of revision 0003 in place:
every table, seat, move and daily attempt is kept, and a game in progress
goes on with its seat tokens (SQLite and PostgreSQL)."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from gameshelf.core.registry import load_game
from gameshelf.server import wire
from gameshelf.server.auth.tokens import new_token, token_hash
from gameshelf.server.play.catalogue import check_options
from gameshelf.server.play.service import Service
from gameshelf.server.store.db import make_engine, migrate
from tests.server.conftest import PG_BASE, PG_UP
from tests.server.services import PG_DSN


def _upgrade(engine: sa.Engine, revision: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(resources.files("gameshelf.server.store") / "migrations"))
    with engine.connect() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, revision)
        conn.commit()


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database with nothing in it yet."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'old.sqlite3'}"
        return
    if not PG_UP:
        pytest.skip("PostgreSQL at 127.0.0.1:5432 does not answer")
    import psycopg

    schema = f"gs_mig_{secrets.token_hex(6)}"
    with psycopg.connect(PG_DSN, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{PG_BASE}?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(PG_DSN, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


def test_upgrade_from_0003_keeps_every_table_and_game(empty_url: str) -> None:
    engine = make_engine(empty_url)
    _upgrade(engine, "0003")
    # a game in progress and a finished daily attempt, written as revision 0003 wrote them
    game = load_game("filthy-rich")
    options = check_options(game, {})
    state = game.new_game(2, seed=99, options=options)
    played = []
    for _ in range(3):
        action = state.legal_actions()[0]
        played.append((state.current_player, action))
        state.apply(action)
    tokens = [new_token(), new_token()]
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO gs_tables (id, game, players, options, seed, status, moves, clock, "
            "turn_started, result, created_at, updated_at) VALUES ('old1', 'filthy-rich', 2, "
            ":options, 99, 'running', 3, NULL, 1.0, NULL, 1.0, 1.0)"), {"options": json.dumps(options)})
        for seat in (0, 1):
            conn.execute(sa.text(
                "INSERT INTO gs_seats (table_id, seat, kind, name, token_hash, level, stand_in, bank, "
                "timed_out) VALUES ('old1', :seat, 'human', :name, :hash, NULL, NULL, NULL, false)"),
                {"seat": seat, "name": f"Old {seat}", "hash": token_hash(tokens[seat])})
        for seq, (seat, action) in enumerate(played, start=1):
            conn.execute(sa.text(
                "INSERT INTO gs_moves (table_id, seq, seat, action, by_bot, created_at, undoes) "
                "VALUES ('old1', :seq, :seat, :action, false, 1.0, NULL)"),
                {"seq": seq, "seat": seat, "action": json.dumps(action.to_json())})
        conn.execute(sa.text(
            "INSERT INTO gs_daily_attempts (table_id, date, name, score, counted, submitted_at) "
            "VALUES ('old1', '2025-01-01', 'Old 0', 12, true, 1.0)"))
    migrate(engine)  # what a new server does on start: up to the newest revision
    inspector = sa.inspect(engine)
    names = set(inspector.get_table_names())
    assert {"gs_tables", "gs_seats", "gs_moves", "gs_daily_attempts", "gs_accounts", "gs_sessions",
            "gs_login_counts", "gs_ratings", "gs_rating_events"} <= names
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM gs_moves")).scalar_one() == 3
        assert conn.execute(sa.text("SELECT count(*) FROM gs_daily_attempts")).scalar_one() == 1
        assert conn.execute(sa.text("SELECT rated FROM gs_tables")).scalar_one() in (False, 0)
        assert conn.execute(sa.text("SELECT count(*) FROM gs_seats WHERE account_id IS NULL")
                            ).scalar_one() == 2
    service = Service(engine)
    try:
        info = service.table_info("old1")
        assert info["state"] == 3 and info["rated"] is False
        assert [s["name"] for s in info["seats"]] == ["Old 0", "Old 1"]
        mover = info["to_move"]
        view = service.view("old1", tokens[mover], "en")
        assert view["seat"] == mover and view["legal"]
        done = service.submit("old1", tokens[mover], wire.Move(after=3, action=view["legal"][0]["action"]))
        assert done.state == 4
    finally:
        service.close()


def test_upgrade_from_0005_keeps_accounts_and_their_passwords(empty_url: str) -> None:
    """Revision 0006 (issue 41): an account made before it keeps its
    password as typed (its hash is of the raw form, ``password_nfkc`` false)
    and gets its name's skeleton, so a look-alike of it is refused; the old
    failure counters go."""
    import unicodedata

    from gameshelf.server.auth.passwords import HASHER
    from gameshelf.server.auth.throttle import Throttle
    from gameshelf.server.errors import ApiError
    from gameshelf.server.features.accounts import Accounts

    engine = make_engine(empty_url)
    _upgrade(engine, "0005")
    typed = unicodedata.normalize("NFD", "Ünïcødé pässwörd")
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO gs_accounts (name, name_key, password_hash, disabled, created_at) "
            "VALUES ('Paypal', 'paypal', :h, false, 1.0)"), {"h": HASHER.hash(typed)})
        conn.execute(sa.text("INSERT INTO gs_login_failures (key_hash, at) VALUES ('k', 1.0)"))
    migrate(engine)
    names = set(sa.inspect(engine).get_table_names())
    assert "gs_login_failures" not in names and {"gs_login_counts", "gs_secrets"} <= names
    with engine.connect() as conn:
        row = conn.execute(sa.text("SELECT name_skeleton, password_nfkc FROM gs_accounts")).one()
    assert row.name_skeleton == "paypa1" and row.password_nfkc in (False, 0)
    service = Service(engine)
    try:
        accounts = Accounts(service, Throttle(engine))
        with pytest.raises(ApiError) as refused:
            accounts.register("P\u0430ypal", "a new password", "192.0.2.1")  # Cyrillic а
        assert refused.value.code == "name-confusable"
        session, me, device = accounts.login("paypal", typed, "192.0.2.2")
        assert me["account"]["name"] == "Paypal" and session and device
        composed = unicodedata.normalize("NFC", typed)
        assert accounts.login("paypal", composed, "192.0.2.3")[1]["account"]["name"] == "Paypal"
    finally:
        service.close()
