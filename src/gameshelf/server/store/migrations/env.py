"""Alembic environment: runs on the connection :func:`gameshelf.server.store.db.migrate`
hands over (the server never reads an alembic.ini)."""

from __future__ import annotations

from alembic import context

from gameshelf.server.store.db import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only `alembic` run by hand lands here
    raise RuntimeError("run migrations through gameshelf.server.store.db.migrate")
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
