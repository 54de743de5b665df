"""Tables, seats and the append-only move log.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gs_tables",
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
    )
    op.create_index("ix_gs_tables_status", "gs_tables", ["status"])
    op.create_table(
        "gs_seats",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("gs_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("level", sa.String(8), nullable=True),
        sa.Column("stand_in", sa.String(8), nullable=True),
        sa.Column("bank", sa.Float, nullable=True),
        sa.Column("timed_out", sa.Boolean, nullable=False),
    )
    op.create_table(
        "gs_moves",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("gs_tables.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("by_bot", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seq", name="pk_gs_moves"),
    )


def downgrade() -> None:
    op.drop_table("gs_moves")
    op.drop_table("gs_seats")
    op.drop_index("ix_gs_tables_status", "gs_tables")
    op.drop_table("gs_tables")
