"""Password hashing: argon2id with OWASP's parameters, and names folded.

Why these parameters: the OWASP Password Storage Cheat Sheet's first
argon2id configuration (19 MiB of memory, 2 iterations, 1 lane), enough to
make each guess costly while a login still takes a few tens of
milliseconds. :func:`verify_dummy` spends the same time on a name that has
no account, so a login's timing does not say whether the name exists.
"""

from __future__ import annotations

import functools
import secrets
import unicodedata

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from gameshelf.server.config import MAX_NAME

#: OWASP: argon2id, m=19456 KiB (19 MiB), t=2, p=1.
HASHER = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1, hash_len=32,
                        salt_len=16, type=Type.ID)
#: Shortest and longest password accepted (NIST SP 800-63B: at least 8, allow long ones).
MIN_PASSWORD, MAX_PASSWORD = 8, 256


def hash_password(password: str) -> str:
    return HASHER.hash(password)


def verify(stored: str, password: str) -> bool:
    """Whether ``password`` matches ``stored``; never raises on a bad hash."""
    try:
        return HASHER.verify(stored, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


@functools.cache
def _dummy() -> str:
    return HASHER.hash(secrets.token_urlsafe(16))


def verify_dummy(password: str) -> None:
    """Spend the time of one verification on nothing (a name with no account)."""
    verify(_dummy(), password)


def needs_rehash(stored: str) -> bool:
    try:
        return HASHER.check_needs_rehash(stored)
    except InvalidHashError:
        return True


def fold(name: str) -> str:
    """The key two names share when they would read as the same name
    ("Ann", "ANN", "Ａｎｎ"): NFKC, then casefolded."""
    return unicodedata.normalize("NFKC", name).casefold()


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be an account name (``None``: it can). A name is
    text shown everywhere: 1 to 40 characters, no control or format
    characters, no spaces at either end, and no "/" (it is part of a URL)."""
    if not 1 <= len(name) <= MAX_NAME or name != name.strip() or "/" in name:
        return "bad-name"
    if any(unicodedata.category(c)[0] in "CZ" and c != " " for c in name):
        return "bad-name"
    return None


def password_problem(password: str) -> str | None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        return "bad-password"
    return None
