"""Login throttling: 10 failed logins in 15 minutes, per name and per
address, and the next try is answered 429 with ``Retry-After``.

Why both keys: per name stops guessing one person's password from many
addresses; per address stops one machine trying many names. Why the check
comes before the password is looked at: a throttled try costs nothing and
says nothing. The counters live in Redis when the server has one (shared by
every worker, expiring by themselves), else in the database; a Redis that
stops answering falls back to the database rather than letting guesses
through. Keys are hashed, so neither names nor addresses are kept in clear.
"""

from __future__ import annotations

import hashlib
import logging
import math
import secrets
import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from gameshelf.server.account_tables import login_failures
from gameshelf.server.db import reading, writing

log = logging.getLogger("gameshelf.server")

LIMIT = 10
WINDOW = 15 * 60.0


def _key(kind: str, value: str) -> str:
    return hashlib.sha256(f"{kind}:{value}".encode()).hexdigest()


class Throttle:
    """Failed-login counters for the keys of one try."""

    def __init__(self, engine: Engine, redis_url: str | None = None) -> None:
        self.engine = engine
        self.redis: Any = None
        if redis_url:
            import redis

            self.redis = redis.Redis.from_url(redis_url, socket_timeout=2)

    @staticmethod
    def keys(folded_name: str, address: str) -> list[str]:
        return [_key("name", folded_name), _key("addr", address)]

    def wait(self, keys: list[str], now: float | None = None) -> int:
        """Seconds until a try with these keys is allowed (0: now)."""
        now = time.time() if now is None else now
        oldest: list[float] = []
        if self.redis is not None:
            try:
                for key in keys:
                    name = f"gameshelf:fail:{key}"
                    self.redis.zremrangebyscore(name, 0, now - WINDOW)
                    times = [float(t) for _m, t in self.redis.zrange(name, 0, -1, withscores=True)]
                    if len(times) >= LIMIT:
                        oldest.append(sorted(times)[-LIMIT])
                return _seconds(oldest, now)
            except Exception as exc:
                log.warning("redis throttle unavailable (%s); using the database", exc)
        with reading(self.engine) as conn:
            for key in keys:
                times = [r.at for r in conn.execute(
                    sa.select(login_failures.c.at).where(login_failures.c.key_hash == key,
                                                         login_failures.c.at > now - WINDOW)
                    .order_by(login_failures.c.at.desc()).limit(LIMIT))]
                if len(times) >= LIMIT:
                    oldest.append(times[-1])
        return _seconds(oldest, now)

    def failed(self, keys: list[str], now: float | None = None) -> None:
        now = time.time() if now is None else now
        if self.redis is not None:
            try:
                pipe = self.redis.pipeline()
                for key in keys:
                    name = f"gameshelf:fail:{key}"
                    pipe.zadd(name, {f"{now}:{secrets.token_hex(4)}": now})
                    pipe.expire(name, int(WINDOW) + 1)
                pipe.execute()
                return
            except Exception as exc:
                log.warning("redis throttle unavailable (%s); using the database", exc)
        with writing(self.engine) as conn:
            conn.execute(login_failures.insert(), [{"key_hash": k, "at": now} for k in keys])
            conn.execute(login_failures.delete().where(login_failures.c.at < now - WINDOW))


def _seconds(oldest: list[float], now: float) -> int:
    """Until the earliest of the counted failures leaves the window."""
    if not oldest:
        return 0
    return max(1, math.ceil(max(oldest) + WINDOW - now))
