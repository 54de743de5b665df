"""Server settings, read from arguments or the environment.

Why the environment as well: ``uvicorn --workers N`` starts each worker by
importing the app factory, so whatever ``gameshelf serve`` was told must
reach the workers through the environment.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

DATABASE_ENV = "GAMESHELF_DATABASE_URL"
REDIS_ENV = "GAMESHELF_REDIS_URL"
BOT_WORKERS_ENV = "GAMESHELF_BOT_WORKERS"
READ_TIMEOUT_ENV = "GAMESHELF_READ_TIMEOUT"

#: Seconds a client has to send a request's headers, and again its body
#: (:mod:`gameshelf.server.deadlines`).
DEFAULT_READ_TIMEOUT = 10.0
#: Largest request body the server reads, in bytes (a move is a few hundred).
MAX_BODY = 64 * 1024
#: Deepest JSON nesting accepted in a body or a websocket message.
MAX_JSON_DEPTH = 32
#: Largest websocket message accepted, in bytes.
MAX_WS_MESSAGE = 8 * 1024
#: Longest display name, in characters.
MAX_NAME = 40
#: Items (moves with their events) a view carries, and the most a
#: reconnecting websocket is sent before it gets a full resync instead.
RECENT_ITEMS = 30


def default_database_url() -> str:
    """A SQLite file in the user's data folder: nothing else to install."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("gameshelf", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'server.sqlite3'}"


@dataclasses.dataclass(frozen=True)
class Settings:
    """What one server process needs to know."""

    database_url: str
    redis_url: str | None = None
    bot_workers: int = 1

    @classmethod
    def from_env(cls) -> Settings:
        workers = os.environ.get(BOT_WORKERS_ENV, "").strip()
        return cls(
            database_url=os.environ.get(DATABASE_ENV) or default_database_url(),
            redis_url=os.environ.get(REDIS_ENV) or None,
            bot_workers=int(workers) if workers.isdigit() and int(workers) > 0 else 1,
        )
