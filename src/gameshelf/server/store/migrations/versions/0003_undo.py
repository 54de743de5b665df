"""Undo: a log entry may take back the latest move still standing.

The move log stays append-only: a take-back is a new row whose ``undoes``
names the ``seq`` of the move it takes back (``NULL`` for a move). Tables
made before this revision have no take-backs, so their rows read as before.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a nullable column without a default: a plain ALTER TABLE on SQLite and
    # PostgreSQL alike, no copy of the log
    op.add_column("gs_moves", sa.Column("undoes", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("gs_moves") as batch:
        batch.drop_column("undoes")
