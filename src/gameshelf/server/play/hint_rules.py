"""Where hints may be asked for: the one rule, shared by opening a table
and by every hint request.

Why a module of its own: the rule is checked twice (a table cannot be
opened with hints where they are never allowed, and a hint request
re-checks the stored table, so a table made before the rule or by hand in
the database is refused too) and must read the same both times.

- never at a **rated** table: a rating says how a person plays alone;
- never at a **daily puzzle** (Dicey Farm's ``daily`` option): whether a
  daily table is the counted try is known only when it is entered (the
  earliest table of that name and date, see :mod:`.daily`), so no daily
  table may have hints, practice ones included;
- otherwise only where the table was opened with ``hints: true``.
"""

from __future__ import annotations

from typing import Any

from gameshelf.server.errors import ApiError


def hints_refusal(rated: bool, options: dict[str, Any]) -> str | None:
    """The code that forbids hints at such a table, ``None`` if allowed."""
    if rated:
        return "hints-rated"
    if options.get("daily") is not None:
        return "hints-daily"
    return None


def hints_allowed(rated: bool, options: dict[str, Any], wanted: bool) -> None:
    """Opening a table: ``hints: true`` is refused (422) where hints never are."""
    code = hints_refusal(rated, options) if wanted else None
    if code is not None:
        raise ApiError(422, code)
