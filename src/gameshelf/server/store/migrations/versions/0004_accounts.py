"""Accounts, sessions, login throttling and ratings.

Every existing table and game is kept: the tables of play only gain two
columns, ``gs_tables.rated`` (false for every existing table: they were all
casual) and ``gs_seats.account_id`` (NULL: every existing seat is a guest's,
held by its token as before).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gs_accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("disabled", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "gs_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("gs_accounts.id"), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_gs_sessions_account", "gs_sessions", ["account_id"])
    op.create_table(
        "gs_login_failures",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key_hash", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_gs_login_failures", "gs_login_failures", ["key_hash", "at"])
    op.create_table(
        "gs_ratings",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("subject", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "gs_rating_events",
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
    op.create_index("ix_gs_rating_events_subject", "gs_rating_events", ["subject", "game", "at"])
    # plain ALTER TABLE ADD COLUMN on SQLite and PostgreSQL alike: no copy of the tables
    op.add_column("gs_tables", sa.Column("rated", sa.Boolean, nullable=False,
                                         server_default=sa.false()))
    op.add_column("gs_seats", sa.Column("account_id", sa.Integer, nullable=True))
    op.create_index("ix_gs_seats_account", "gs_seats", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_gs_seats_account", "gs_seats")
    with op.batch_alter_table("gs_seats") as batch:
        batch.drop_column("account_id")
    with op.batch_alter_table("gs_tables") as batch:
        batch.drop_column("rated")
    op.drop_index("ix_gs_rating_events_subject", "gs_rating_events")
    op.drop_table("gs_rating_events")
    op.drop_table("gs_ratings")
    op.drop_index("ix_gs_login_failures", "gs_login_failures")
    op.drop_table("gs_login_failures")
    op.drop_index("ix_gs_sessions_account", "gs_sessions")
    op.drop_table("gs_sessions")
    op.drop_table("gs_accounts")
