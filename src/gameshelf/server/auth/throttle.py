"""Throttling of logins and sign-ups: each try is counted *before* the
password is looked at, atomically, and a try over a key's limit is answered
429 with ``Retry-After`` at no cost.

Keys (:data:`NAME`, :data:`ADDRESS`, :data:`DEVICE`, :data:`SIGNUP`): per
name stops guessing one person's password from many addresses; per address
stops one machine trying many names; a device that the owner logged in from
before (its signed cookie, ``devices.py``) is counted on its own instead, so
someone else's guessing never locks the owner out (OWASP's device cookies);
sign-ups are counted per address (each costs a hash and a row).

Why atomic: the counters used to be read, then the password checked, then a
failure written, so 40 concurrent wrong passwords all read "under the
limit" and 17 reached the hash. Now a try takes its number first (a Redis
``INCR`` with an expiry, or one ``INSERT … ON CONFLICT DO UPDATE …
RETURNING`` in the database: a row lock) and only the first ``limit`` numbers
of a window go on; a login that succeeds gives its number back, so the
counts are failures plus tries in flight. The window is fixed from its
first try: guessing on does not lengthen a lock-out.

The counters live in Redis when the server has one (shared by every worker,
expiring by themselves), else in the database; a Redis that stops answering
falls back to the database rather than letting guesses through. Keys are
hashed, so neither names nor addresses are kept in clear.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import math
import secrets
import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from gameshelf.server.store.account_tables import login_counts
from gameshelf.server.store.db import writing

log = logging.getLogger("gameshelf.server")


@dataclasses.dataclass(frozen=True)
class Rule:
    """At most ``limit`` tries per key in a window of ``window`` seconds."""

    kind: str
    limit: int
    window: float


NAME = Rule("name", 10, 15 * 60.0)
ADDRESS = Rule("addr", 10, 15 * 60.0)
DEVICE = Rule("device", 10, 15 * 60.0)
SIGNUP = Rule("signup", 10, 3600.0)
#: the login rules' figures, as documented (10 failed logins in 15 minutes)
LIMIT, WINDOW = NAME.limit, NAME.window

#: one try against every key of it (INCR, and the window's expiry when it
#: is the first), atomically: a try over any limit takes its counts back
#: before another try can see them. ARGV: each key's window (ms), then limit.
_TAKE = """
local out, over = {}, false
for i, key in ipairs(KEYS) do
  local n = redis.call('INCR', key)
  local left = redis.call('PTTL', key)
  if left < 0 then
    redis.call('PEXPIRE', key, ARGV[i])
    left = tonumber(ARGV[i])
  end
  if n > tonumber(ARGV[#KEYS + i]) then over = true end
  out[#out + 1] = n
  out[#out + 1] = left
end
if over then
  for _, key in ipairs(KEYS) do redis.call('DECR', key) end
end
return out
"""
#: a try given back, only while its window lasts (a DECR after the expiry
#: would make a key with no expiry)
_GIVE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return 0
"""

Try = tuple[Rule, str]


def key_hash(rule: Rule, value: str) -> str:
    """The stored (hashed) key of a value under a rule: no address kept in clear."""
    return hashlib.sha256(f"{rule.kind}:{value}".encode()).hexdigest()


class Throttle:
    """Counters of tries, per key, in Redis or the database."""

    def __init__(self, engine: Engine, redis_url: str | None = None) -> None:
        self.engine = engine
        self.redis: Any = None
        if redis_url:
            import redis

            self.redis = redis.Redis.from_url(redis_url, socket_timeout=2)
            self._take_script = self.redis.register_script(_TAKE)
            self._give_script = self.redis.register_script(_GIVE)

    @staticmethod
    def login_tries(folded_name: str, address: str, device: str | None) -> list[Try]:
        """The keys a login counts against: its device's own when it holds
        a valid device cookie for the name, else the name's and the address's."""
        if device is not None:
            return [(DEVICE, device)]
        return [(NAME, folded_name), (ADDRESS, address)]

    def take(self, tries: list[Try], now: float | None = None) -> int:
        """Count one try against each key; the seconds to wait when any is
        over its limit (the try then goes no further and is counted
        nowhere), else 0."""
        now = time.time() if now is None else now
        keys = sorted((key_hash(rule, value), rule) for rule, value in tries)  # one order: no deadlock
        taken, counted_back = self._take(keys, now)
        over = [left for (_k, rule), (count, left) in zip(keys, taken, strict=True)
                if count > rule.limit]
        if not over:
            return 0
        if not counted_back:
            self._give([k for k, _rule in keys], now)
        return max(1, math.ceil(max(over)))

    def give_back(self, tries: list[Try], now: float | None = None) -> None:
        """A try that succeeded (a login) is no failure: its count goes."""
        self._give([key_hash(rule, value) for rule, value in tries], time.time() if now is None else now)

    # -- storage ------------------------------------------------------------------------
    def _take(self, keys: list[tuple[str, Rule]],
              now: float) -> tuple[list[tuple[int, float]], bool]:
        """(count, seconds left in the window) of each key after this try,
        and whether a try over a limit was taken back already (Redis's
        script does it in the same step)."""
        if self.redis is not None:
            try:
                got = self._take_script(keys=[f"gameshelf:try:{key}" for key, _r in keys],
                                        args=[*(int(r.window * 1000) for _k, r in keys),
                                              *(r.limit for _k, r in keys)])
                return [(int(got[2 * i]), int(got[2 * i + 1]) / 1000) for i in range(len(keys))], True
            except Exception as exc:
                log.warning("redis throttle unavailable (%s); using the database", exc)
        with writing(self.engine) as conn:
            out = [_take_row(conn, key, rule, now) for key, rule in keys]
            if secrets.randbelow(32) == 0:  # now and then, forget the windows that are over
                conn.execute(login_counts.delete().where(login_counts.c.window_end < now))
        return out, False

    def _give(self, keys: list[str], now: float) -> None:
        if not keys:
            return
        if self.redis is not None:
            try:
                for key in keys:
                    self._give_script(keys=[f"gameshelf:try:{key}"])
                return
            except Exception as exc:
                log.warning("redis throttle unavailable (%s); using the database", exc)
        with writing(self.engine) as conn:
            for key in sorted(keys):  # one row at a time, in one order: no deadlock between two
                conn.execute(login_counts.update()
                             .where(login_counts.c.key_hash == key, login_counts.c.window_end > now,
                                    login_counts.c.count > 0)
                             .values(count=login_counts.c.count - 1))


def _take_row(conn: Connection, key: str, rule: Rule, now: float) -> tuple[int, float]:
    """One try counted in the database by a single upsert (the row's lock
    makes concurrent tries take consecutive numbers); a window that is over
    starts again at 1."""
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert  # type: ignore[assignment]
    fresh = login_counts.c.window_end <= now
    statement = insert(login_counts).values(key_hash=key, count=1, window_end=now + rule.window)
    counted = statement.on_conflict_do_update(
        index_elements=[login_counts.c.key_hash],
        set_={"count": sa.case((fresh, 1), else_=login_counts.c.count + 1),
              "window_end": sa.case((fresh, now + rule.window), else_=login_counts.c.window_end)},
    ).returning(login_counts.c.count, login_counts.c.window_end)
    count, window_end = conn.execute(counted).one()
    return int(count), float(window_end) - now
