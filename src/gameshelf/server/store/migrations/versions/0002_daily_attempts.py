"""Dicey Farm Daily Mode: the submitted attempts behind the daily leaderboard.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gs_daily_attempts",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("gs_tables.id"), primary_key=True),
        sa.Column("date", sa.String(10), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("counted", sa.Boolean, nullable=False),
        sa.Column("submitted_at", sa.Float, nullable=False),
    )
    # the leaderboard reads one date's counted attempts, best first
    op.create_index("ix_gs_daily_board", "gs_daily_attempts", ["date", "counted", "score"])
    # a name's history
    op.create_index("ix_gs_daily_name", "gs_daily_attempts", ["name", "date"])
    # at most one counted attempt per name and date, whatever two workers do at once
    op.create_index("ux_gs_daily_counted", "gs_daily_attempts", ["date", "name"], unique=True,
                    sqlite_where=sa.text("counted"), postgresql_where=sa.text("counted"))


def downgrade() -> None:
    op.drop_index("ux_gs_daily_counted", "gs_daily_attempts")
    op.drop_index("ix_gs_daily_name", "gs_daily_attempts")
    op.drop_index("ix_gs_daily_board", "gs_daily_attempts")
    op.drop_table("gs_daily_attempts")
