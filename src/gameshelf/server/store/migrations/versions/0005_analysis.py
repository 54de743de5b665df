"""Analysis and hints (issue 26).

- ``gs_analyses``: one row per finished table and human seat, the seat's
  post-game analysis as the bot workers computed it. The row is written as
  ``pending`` in the very transaction that stores the game's last move, so
  a server killed before the analysis ran finds it again on start;
  ``claimed_at`` lets one worker of several take it.
- ``gs_tables.hints``: the table was created with hints on (casual tables
  only); ``gs_seats.hints`` counts the hints a seat asked for, so the
  lobby, the table and the result can say that hints were used.

Every existing table keeps hints off and every seat a count of 0; finished
tables of before have no analysis row (one is made when somebody asks).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gs_analyses",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("gs_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("data", sa.Text, nullable=True),
        sa.Column("claimed_at", sa.Float, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_gs_analyses_status", "gs_analyses", ["status"])
    # plain ALTER TABLE ADD COLUMN with a default on SQLite and PostgreSQL alike
    op.add_column("gs_tables", sa.Column("hints", sa.Boolean, nullable=False,
                                         server_default=sa.false()))
    op.add_column("gs_seats", sa.Column("hints", sa.Integer, nullable=False,
                                        server_default=sa.text("0")))


def downgrade() -> None:
    with op.batch_alter_table("gs_seats") as batch:
        batch.drop_column("hints")
    with op.batch_alter_table("gs_tables") as batch:
        batch.drop_column("hints")
    op.drop_index("ix_gs_analyses_status", "gs_analyses")
    op.drop_table("gs_analyses")
