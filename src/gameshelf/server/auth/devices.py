"""Device cookies (OWASP's defence against lock-outs by online guessing).

Why: throttling a name after 10 wrong passwords stops guessing, but it
also locked the name's owner out for 15 minutes, whoever did the guessing.
A successful login now leaves a signed cookie, ``gs_device``, that says
"this browser has logged in as this name before". A login that carries a
valid one for the name is counted against that device alone
(``throttle.DEVICE``), never against the name or the address, so the owner
gets in while somebody elsewhere is being refused.

The cookie holds up to :data:`KEEP` entries (a shared browser may log in as
a few names), each ``nonce.signature`` with the signature an HMAC-SHA256 of
the folded name and the nonce under a key every host shares
(``gs_secrets``, made on first use). It names no account in clear and
cannot be made for another name without the key.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import threading
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from gameshelf.server.store.account_tables import secrets as secret_rows
from gameshelf.server.store.db import reading, writing

COOKIE = "gs_device"
#: a year: the device stays known as long as people keep a browser
LIFETIME = 365 * 86400
#: entries one cookie keeps (the most recent logins)
KEEP = 4
_ENTRY = re.compile(r"^[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$")
_SECRET = "device-key"


class Devices:
    """Makes and checks device cookies with the shared key."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._key: bytes | None = None
        self._guard = threading.Lock()

    def _signing_key(self) -> bytes:
        """The key every host shares: made once (the first host's insert
        wins, the others read it)."""
        with self._guard:
            if self._key is None:
                with writing(self.engine) as conn:
                    if conn.dialect.name == "postgresql":
                        from sqlalchemy.dialects.postgresql import insert
                    else:
                        from sqlalchemy.dialects.sqlite import insert  # type: ignore[assignment]
                    conn.execute(insert(secret_rows).values(name=_SECRET, value=secrets.token_hex(32))
                                 .on_conflict_do_nothing())
                with reading(self.engine) as conn:
                    value = conn.execute(sa.select(secret_rows.c.value)
                                         .where(secret_rows.c.name == _SECRET)).scalar_one()
                self._key = bytes.fromhex(value)
            return self._key

    def _sign(self, folded_name: str, nonce: str) -> str:
        mac = hmac.new(self._signing_key(), f"{folded_name}\x00{nonce}".encode(), hashlib.sha256)
        return base64.urlsafe_b64encode(mac.digest()).decode().rstrip("=")

    @staticmethod
    def _entries(cookie: str | None) -> list[str]:
        """The well-formed entries of a cookie's value (anything else is ignored)."""
        if not cookie or len(cookie) > 80 * KEEP or not cookie.isascii():
            return []
        return [e for e in cookie.split("~") if _ENTRY.match(e)][:KEEP]

    def known(self, cookie: str | None, folded_name: str) -> str | None:
        """The nonce of the cookie's entry for ``folded_name`` when its
        signature holds (``None``: this device is not known for the name)."""
        for entry in self._entries(cookie):
            nonce, _, signature = entry.partition(".")
            if hmac.compare_digest(signature, self._sign(folded_name, nonce)):
                return nonce
        return None

    def remember(self, cookie: str | None, folded_name: str) -> str:
        """The cookie's new value after a login as ``folded_name``: a fresh
        entry for the name first, then the others it held (at most :data:`KEEP`)."""
        others = [e for e in self._entries(cookie)
                  if not hmac.compare_digest(e.partition(".")[2],
                                             self._sign(folded_name, e.partition(".")[0]))]
        nonce = secrets.token_urlsafe(12)
        return "~".join([f"{nonce}.{self._sign(folded_name, nonce)}", *others][:KEEP])


def cookie_args(secure: bool) -> dict[str, Any]:
    """Sent only to the login routes; HttpOnly and SameSite like the session's."""
    return {"key": COOKIE, "httponly": True, "samesite": "lax", "secure": secure,
            "path": "/api/auth", "max_age": LIFETIME}
