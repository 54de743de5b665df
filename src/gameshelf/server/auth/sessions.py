"""Server-side sessions: a random id in a cookie, its hash in the database.

Why on the server: a session must work across workers and survive a
restart, and logging out (or an admin disabling the account) must end it
everywhere at once. The cookie is HttpOnly (no script reads it), SameSite=Lax
(no cross-site POST carries it) and Secure when the request came over HTTPS.

CSRF: each session has a second random value, the CSRF token, that the
page learns from ``/api/me`` (or the login answer) and sends back in the
``X-CSRF-Token`` header of every state-changing request the cookie
authenticates. Another site can make a browser send the cookie but can
neither read the token nor set that header without a CORS preflight this
server never grants. A request with a foreign ``Origin`` is refused too.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import secrets
import time
from typing import Any
from urllib.parse import urlsplit

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from gameshelf.server.errors import ApiError
from gameshelf.server.store.account_tables import accounts, sessions
from gameshelf.server.store.db import reading, writing

COOKIE = "gs_session"
CSRF_HEADER = "X-CSRF-Token"
#: How long a session lasts from its login, in seconds (30 days).
LIFETIME = 30 * 86400


class AccountKey(str):
    """A credential that is no seat token: "the account ``account_id``,
    through its session". The service's seat check takes it where it takes
    a token and finds the seat bound to that account. A subclass of ``str``
    so that it travels where a token does; a token from a request is a plain
    ``str`` and can never be one."""

    account_id: int
    name: str

    def __new__(cls, account_id: int, name: str) -> AccountKey:
        key = super().__new__(cls, f"account:{account_id}")
        key.account_id = account_id
        key.name = name  # the seat's name when it takes one without another
        return key


@dataclasses.dataclass(frozen=True)
class Session:
    account_id: int
    name: str
    csrf: str
    id_hash: str


def _hash(session_id: str) -> str:
    return hashlib.sha256(session_id.encode("utf-8")).hexdigest()


def open_session(conn: Connection, account_id: int) -> tuple[str, str]:
    """A new session of ``account_id``: (the cookie's value, the CSRF token)."""
    session_id = secrets.token_urlsafe(32)
    csrf = secrets.token_urlsafe(24)
    now = time.time()
    conn.execute(sessions.insert().values(id_hash=_hash(session_id), account_id=account_id,
                                          csrf=csrf, created_at=now, expires_at=now + LIFETIME))
    # a login is a good moment to forget this account's expired sessions
    conn.execute(sessions.delete().where(sessions.c.account_id == account_id,
                                         sessions.c.expires_at < now))
    return session_id, csrf


def find(engine: Engine, cookie: str | None) -> Session | None:
    """The live session of a cookie's value (``None``: none, expired, or its
    account disabled)."""
    if not cookie or len(cookie) > 128 or not cookie.isascii():
        return None
    with reading(engine) as conn:
        row = conn.execute(
            sa.select(sessions.c.account_id, sessions.c.csrf, sessions.c.id_hash,
                      sessions.c.expires_at, accounts.c.name, accounts.c.disabled)
            .select_from(sessions.join(accounts, accounts.c.id == sessions.c.account_id))
            .where(sessions.c.id_hash == _hash(cookie))
        ).first()
    if row is None or row.disabled or row.expires_at < time.time():
        return None
    return Session(row.account_id, row.name, row.csrf, row.id_hash)


def close(engine: Engine, session: Session) -> None:
    with writing(engine) as conn:
        conn.execute(sessions.delete().where(sessions.c.id_hash == session.id_hash))


def close_all(conn: Connection, account_id: int, keep: str | None = None) -> None:
    """End every session of the account (but ``keep``, a session's id hash)."""
    query = sessions.delete().where(sessions.c.account_id == account_id)
    if keep is not None:
        query = query.where(sessions.c.id_hash != keep)
    conn.execute(query)


def check_csrf(session: Session, headers: Any, host: str | None) -> None:
    """Refuse a state-changing request the cookie authenticates unless it
    carries the session's CSRF token and, if it says where it comes from,
    comes from this site."""
    origin = headers.get("origin")
    if origin is not None and host is not None and urlsplit(origin).netloc != host:
        raise ApiError(403, "csrf")
    sent = headers.get(CSRF_HEADER.lower()) or ""
    if not hmac.compare_digest(sent.encode("utf-8", "replace"), session.csrf.encode("utf-8")):
        raise ApiError(403, "csrf")


def cookie_args(secure: bool) -> dict[str, Any]:
    return {"key": COOKIE, "httponly": True, "samesite": "lax", "secure": secure, "path": "/"}
