"""The statements of every move, sent straight to the database driver.

Why: a move reads its table's row, stores the move and updates the row.
Through SQLAlchemy's execution layer each of those statements cost about
0.06-0.13 ms of CPU (building the execution context, events, result
wrapping), more than SQLite or PostgreSQL took to run it; through the
driver, about 0.02 ms. The statements are still written with SQLAlchemy
(``db.py``'s tables) and compiled once per database dialect, so their SQL
and parameter style are the dialect's own; they run on the connection of
the transaction the caller is in, and a driver error is raised as the
SQLAlchemy error it would have been (``IntegrityError`` for a duplicate
move, ``OperationalError`` for a deadlock), so the callers' handling is
unchanged.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Dialect

from gameshelf.server.store.db import execute, moves, tables


class TableRow(NamedTuple):
    """A row of ``gs_tables``: its columns as attributes, like SQLAlchemy's row."""

    id: str
    game: str
    players: int
    options: str
    seed: int
    status: str
    moves: int
    clock: str | None
    turn_started: float | None
    result: str | None
    created_at: float
    updated_at: float
    rated: bool
    hints: bool

    @property
    def _mapping(self) -> dict[str, Any]:
        return dict(self._asdict())


if TableRow._fields != tuple(c.name for c in tables.columns):  # db.py and this must agree
    raise RuntimeError("driver.TableRow does not list gs_tables' columns in order")

_MOVE_COLUMNS = [c.name for c in moves.columns]
_AFTER_COLUMNS = ["moves", "updated_at", "turn_started", "status", "result"]


class Statements:
    """The move's statements compiled for one dialect."""

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        by_id = tables.c.id == sa.bindparam("b_id")
        self._table = self._compile(sa.select(tables).where(by_id))
        self._table_locked = self._compile(sa.select(tables).where(by_id).with_for_update())
        self._insert_move = self._compile(
            moves.insert().values({c: sa.bindparam(f"p_{c}") for c in _MOVE_COLUMNS}))
        after = tables.update().where(by_id).values(
            {c: sa.bindparam(f"p_{c}") for c in _AFTER_COLUMNS})
        self._after_move = self._compile(after)
        #: PostgreSQL: the move and the row's update in one statement (a
        #: data-modifying ``WITH``), one round trip to the server instead of
        #: two; SQLite has no such statement (and no round trip to save)
        self._move_and_after = self._compile(after.add_cte(
            moves.insert().values({c: sa.bindparam(f"p_{c}") for c in _MOVE_COLUMNS})
            .cte("gs_move"))) if dialect.name == "postgresql" else None

    def _compile(self, statement: Any) -> tuple[str, tuple[str, ...] | None]:
        compiled = statement.compile(dialect=self.dialect)
        order = tuple(compiled.positiontup) if self.dialect.positional else None
        return compiled.string, order

    def _run(self, conn: Connection, statement: tuple[str, tuple[str, ...] | None],
             params: dict[str, Any]) -> Any:
        sql, order = statement
        values: Any = tuple(params[name] for name in order) if order is not None else params
        return execute(conn, sql, values)

    def table(self, conn: Connection, table_id: str, lock: bool) -> TableRow | None:
        """The table's row (locked until the transaction ends, with ``lock``)."""
        found = self._run(conn, self._table_locked if lock else self._table,
                          {"b_id": table_id}).fetchone()
        if found is None:
            return None
        row = TableRow(*found)
        # (SQLite keeps a boolean as 0/1)
        return row._replace(rated=bool(row.rated), hints=bool(row.hints))

    def insert_move(self, conn: Connection, values: dict[str, Any]) -> None:
        self._run(conn, self._insert_move, {f"p_{c}": values[c] for c in _MOVE_COLUMNS})

    def after_move(self, conn: Connection, table_id: str, changes: dict[str, Any]) -> None:
        self._run(conn, self._after_move,
                  {"b_id": table_id, **{f"p_{c}": changes[c] for c in _AFTER_COLUMNS}})

    def move_and_after(self, conn: Connection, values: dict[str, Any], table_id: str,
                       changes: dict[str, Any]) -> None:
        """:meth:`insert_move` and :meth:`after_move`, in one statement where
        the database has one (a duplicate move is the same ``IntegrityError``)."""
        if self._move_and_after is None:
            self.insert_move(conn, values)
            self.after_move(conn, table_id, changes)
            return
        self._run(conn, self._move_and_after,
                  {"b_id": table_id, **{f"p_{c}": values[c] for c in _MOVE_COLUMNS},
                   **{f"p_{c}": changes[c] for c in _AFTER_COLUMNS}})
