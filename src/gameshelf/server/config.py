"""Server settings, read from arguments or the environment.

Why the environment as well: ``uvicorn --workers N`` starts each worker by
importing the app factory, so whatever ``gameshelf serve`` was told must
reach the workers through the environment.
"""

from __future__ import annotations

import dataclasses
import ipaddress
import os
from collections.abc import Iterable
from pathlib import Path

DATABASE_ENV = "GAMESHELF_DATABASE_URL"
REDIS_ENV = "GAMESHELF_REDIS_URL"
BOT_WORKERS_ENV = "GAMESHELF_BOT_WORKERS"
READ_TIMEOUT_ENV = "GAMESHELF_READ_TIMEOUT"
ANALYSIS_BUDGET_ENV = "GAMESHELF_ANALYSIS_BUDGET"
HINT_BUDGET_ENV = "GAMESHELF_HINT_BUDGET"
ANALYSIS_WORLDS_ENV = "GAMESHELF_ANALYSIS_WORLDS"
TRUSTED_PROXIES_ENV = "GAMESHELF_TRUSTED_PROXIES"

#: Seconds a client has to send a request's headers, and again its body
#: (:mod:`gameshelf.server.http.deadlines`).
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
    #: seconds of thought for one seat's analysis of a finished game, shared
    #: among its decisions (docs/hints.md); each decision plays at least two
    #: worlds. 0 turns background analysis off in this process: finished games
    #: wait as pending for a process that has it on (a host kept for moves, a
    #: benchmark of the move path, tests that do not read analyses)
    analysis_budget: float = 30.0
    #: worlds per estimate, fixed (``None``: as many as the budget allows, at
    #: least two); 1 makes a test's analysis quick and reproducible
    analysis_worlds: int | None = None
    #: seconds of thought for one hint (a person waits for it)
    hint_budget: float = 1.0
    #: tune the garbage collector for serving (:mod:`gameshelf.server.collector`):
    #: on in a served process (:meth:`from_env`), off in tests' apps
    tune_gc: bool = False
    #: addresses or networks of the proxies whose X-Forwarded-For and
    #: X-Forwarded-Proto are believed (:mod:`gameshelf.server.http.proxies`)
    trusted_proxies: tuple[str, ...] = ()

    @classmethod
    def from_env(cls) -> Settings:
        workers = os.environ.get(BOT_WORKERS_ENV, "").strip()
        return cls(
            database_url=os.environ.get(DATABASE_ENV) or default_database_url(),
            redis_url=os.environ.get(REDIS_ENV) or None,
            bot_workers=int(workers) if workers.isdigit() and int(workers) > 0 else 1,
            analysis_budget=_seconds(os.environ.get(ANALYSIS_BUDGET_ENV), 30.0, off=True),
            hint_budget=_seconds(os.environ.get(HINT_BUDGET_ENV), 1.0),
            analysis_worlds=_worlds(os.environ.get(ANALYSIS_WORLDS_ENV)),
            tune_gc=True,
            # a bad address stops the start with its name (a typo must not
            # silently trust nobody, or everybody)
            trusted_proxies=parse_proxies(split_proxies(os.environ.get(TRUSTED_PROXIES_ENV))),
        )


def _worlds(text: str | None) -> int | None:
    """Fixed worlds per estimate from the environment: digits, 1 to 64, else none."""
    text = (text or "").strip()
    return int(text) if text.isdigit() and 1 <= int(text) <= 64 else None


def _seconds(text: str | None, default: float, off: bool = False) -> float:
    """A budget from the environment: a number of seconds from 0.01 to 600
    (or exactly 0 where ``off`` allows it), else the default (a typo must not
    make every analysis take hours)."""
    try:
        value = float((text or "").strip())
    except ValueError:
        return default
    if off and value == 0:
        return 0.0
    return value if 0.01 <= value <= 600 else default


def parse_proxies(values: Iterable[str]) -> tuple[str, ...]:
    """Trusted proxies as given (addresses or networks, e.g. ``10.0.0.5``,
    ``10.0.0.0/24``, ``::1``), each checked; ``ValueError`` names a bad one."""
    out = []
    for value in values:
        text = value.strip()
        if not text:
            continue
        try:
            ipaddress.ip_network(text, strict=False)
        except ValueError:
            raise ValueError(f"not an IP address or network: {text!r}") from None
        out.append(text)
    return tuple(out)


def split_proxies(text: str | None) -> list[str]:
    """``GAMESHELF_TRUSTED_PROXIES``: addresses separated by commas or spaces."""
    return (text or "").replace(",", " ").split()
