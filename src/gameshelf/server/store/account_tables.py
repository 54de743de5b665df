"""The tables of accounts, sessions, login throttling and ratings.

Why a module of their own: they are added by revision 0004 beside the
tables of play (``db.py``), which only gain two columns (``gs_tables.rated``
and ``gs_seats.account_id``); revision 0006 adds the atomic login counters,
the shared secrets and two columns of ``gs_accounts``. Nothing here holds a secret in clear: session
ids are stored as SHA-256 hashes, passwords as argon2id hashes, and no
e-mail address or other personal data is asked for at all.
"""

from __future__ import annotations

import sqlalchemy as sa

from gameshelf.server.config import MAX_NAME
from gameshelf.server.store.db import metadata

accounts = sa.Table(
    "gs_accounts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(MAX_NAME), nullable=False),
    # the name folded (NFKC, casefold): "Ann" and "ann" are one account
    sa.Column("name_key", sa.String(4 * MAX_NAME), nullable=False, unique=True),
    sa.Column("password_hash", sa.Text, nullable=False),
    sa.Column("disabled", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("created_at", sa.Float, nullable=False),
    # revision 0006: the hash is of the password's NFKC form (false: as typed, before 0006)
    sa.Column("password_nfkc", sa.Boolean, nullable=False, server_default=sa.false()),
    # revision 0006: the folded name's look-alike skeleton (passwords.skeleton); not unique
    sa.Column("name_skeleton", sa.String(4 * MAX_NAME), nullable=True, index=True),
)

sessions = sa.Table(
    "gs_sessions",
    metadata,
    sa.Column("id_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("gs_accounts.id"), nullable=False),
    # the double-submit CSRF token of this session (not a secret from its own browser)
    sa.Column("csrf", sa.String(64), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False),
)

login_counts = sa.Table(
    "gs_login_counts",
    metadata,
    # a throttle key ("name:<folded name>", "addr:<client address>", ...), hashed
    # (no address kept in clear); counted atomically (throttle.py)
    sa.Column("key_hash", sa.String(64), primary_key=True),
    sa.Column("count", sa.Integer, nullable=False),
    sa.Column("window_end", sa.Float, nullable=False, index=True),
)

secrets = sa.Table(
    "gs_secrets",
    metadata,
    # random keys every host shares (the device cookies' signing key), made on first use
    sa.Column("name", sa.String(32), primary_key=True),
    sa.Column("value", sa.String(128), nullable=False),
)

ratings = sa.Table(
    "gs_ratings",
    metadata,
    sa.Column("game", sa.String(64), primary_key=True),
    # "a:<account id>" or "bot:<level>"
    sa.Column("subject", sa.String(32), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("wins", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
)

rating_events = sa.Table(
    "gs_rating_events",
    metadata,
    # one row per seat of a rated game: the primary key is what makes an
    # update happen once, whatever a restarted or second worker does
    sa.Column("table_id", sa.String(24), sa.ForeignKey("gs_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("subject", sa.String(32), nullable=False),
    sa.Column("rank", sa.Integer, nullable=False),
    sa.Column("mu_before", sa.Float, nullable=False),
    sa.Column("sigma_before", sa.Float, nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)
