"""Which tables the lobby lists: the open ones and those played lately.

Why: a visitor saw thirteen tables marked "in play" that nobody had touched
for days, and could not tell a live game from an abandoned one. A table
leaves the list (never the database: its invite links and its seats'
tokens still open it) once nothing has happened at it for a while. An
open table waits longer than a running one, since a friend may take a day
to follow an invite link.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from gameshelf.server.store.db import tables

#: a running table with no move (or seat change) for this long is abandoned
RUNNING_IDLE_S = 2 * 3600
#: an open table nobody joined for this long is abandoned
OPEN_IDLE_S = 24 * 3600


def listed(now: float, open_status: str, running_status: str) -> Any:
    """The SQL condition of a table the lobby shows at time ``now``."""
    return sa.or_(
        sa.and_(tables.c.status == open_status, tables.c.updated_at >= now - OPEN_IDLE_S),
        sa.and_(tables.c.status == running_status, tables.c.updated_at >= now - RUNNING_IDLE_S),
    )
