"""Fair rated play and accounts that hold behind a proxy (issue 41).

- ``gs_login_counts`` replaces ``gs_login_failures``: one row per throttle
  key with its count and the end of its window, counted with a single
  ``INSERT … ON CONFLICT DO UPDATE … RETURNING`` (atomic on SQLite and
  PostgreSQL), so N concurrent tries can never all read "under the limit"
  before any of them writes. The old rows were 15-minute counters: dropping
  them forgets at most 15 minutes of failures.
- ``gs_accounts.password_nfkc``: whether the stored hash is of the NFKC form
  of the password. Every existing hash was made from the password as typed
  (false): such an account logs in with the password in the form it was
  typed at sign-up, and that login stores the NFKC form's hash instead
  (true), after which any Unicode form of it works.
- ``gs_accounts.name_skeleton``: the Unicode TR39-style skeleton of the
  folded name (``passwords.skeleton``), filled here for every existing
  account, so a new name that looks like one of them is refused. Not
  unique: existing look-alikes keep their accounts.
- ``gs_secrets``: the server's random secrets shared by every host (the
  key that signs device cookies), made on first use.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from gameshelf.server.auth.passwords import skeleton

    op.create_table(
        "gs_login_counts",
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column("count", sa.Integer, nullable=False),
        sa.Column("window_end", sa.Float, nullable=False),
    )
    op.create_index("ix_gs_login_counts_window_end", "gs_login_counts", ["window_end"])
    op.drop_table("gs_login_failures")
    op.create_table(
        "gs_secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )
    op.add_column("gs_accounts", sa.Column("password_nfkc", sa.Boolean, nullable=False,
                                           server_default=sa.false()))
    op.add_column("gs_accounts", sa.Column("name_skeleton", sa.String(160), nullable=True))
    conn = op.get_bind()
    accounts = sa.table("gs_accounts", sa.column("id", sa.Integer), sa.column("name_key", sa.String),
                        sa.column("name_skeleton", sa.String))
    for row in list(conn.execute(sa.select(accounts.c.id, accounts.c.name_key))):
        conn.execute(accounts.update().where(accounts.c.id == row.id)
                     .values(name_skeleton=skeleton(row.name_key)))
    op.create_index("ix_gs_accounts_name_skeleton", "gs_accounts", ["name_skeleton"])


def downgrade() -> None:
    op.drop_index("ix_gs_accounts_name_skeleton", "gs_accounts")
    with op.batch_alter_table("gs_accounts") as batch:
        batch.drop_column("name_skeleton")
        batch.drop_column("password_nfkc")
    op.drop_table("gs_secrets")
    op.drop_index("ix_gs_login_counts_window_end", "gs_login_counts")
    op.drop_table("gs_login_counts")
    op.create_table(
        "gs_login_failures",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key_hash", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
