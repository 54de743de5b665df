"""Password hashing: argon2id with OWASP's parameters, and names folded.

Why these parameters: the OWASP Password Storage Cheat Sheet's first
argon2id configuration (19 MiB of memory, 2 iterations, 1 lane), enough to
make each guess costly while a login still takes a few tens of
milliseconds. :func:`verify_dummy` spends the same time on a name that has
no account, so a login's timing does not say whether the name exists.

Why every argon2 call goes through :data:`GATE`: each one holds 19 MiB for
tens of milliseconds, so a burst of sign-ups or logins hashing at once grew
the process by the burst's size (60 sign-ups: +135 MB, never given back).
A small semaphore makes a burst queue instead: memory is bounded by
:data:`HASH_SLOTS` × 19 MiB, whatever arrives.

Why passwords are normalised (NFKC) before hashing and verifying: the same
password typed on two keyboards may arrive composed (NFC) or decomposed
(NFD), or in full-width forms; each is one password to its owner.
"""

from __future__ import annotations

import functools
import secrets
import threading
import unicodedata
from collections.abc import Callable
from typing import TypeVar

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from gameshelf.server.config import MAX_NAME

T = TypeVar("T")

#: OWASP: argon2id, m=19456 KiB (19 MiB), t=2, p=1.
HASHER = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1, hash_len=32,
                        salt_len=16, type=Type.ID)
#: Shortest and longest password accepted (NIST SP 800-63B: at least 8, allow long ones).
MIN_PASSWORD, MAX_PASSWORD = 8, 256
#: argon2 computations at once in one process (each holds 19 MiB while it runs).
HASH_SLOTS = 2


class Gate:
    """A semaphore that also counts who is inside and who waits, so a test
    can see a burst queue (``peak_waiting``) without measuring time."""

    def __init__(self, slots: int) -> None:
        self.slots = slots
        self._sem = threading.BoundedSemaphore(slots)
        self._count = threading.Lock()
        self.inside = self.waiting = self.peak_inside = self.peak_waiting = 0

    def run(self, work: Callable[[], T]) -> T:
        with self._count:
            self.waiting += 1
            self.peak_waiting = max(self.peak_waiting, self.waiting)
        with self._sem:
            with self._count:
                self.waiting -= 1
                self.inside += 1
                self.peak_inside = max(self.peak_inside, self.inside)
            try:
                return work()
            finally:
                with self._count:
                    self.inside -= 1


GATE = Gate(HASH_SLOTS)


def normalised(password: str) -> str:
    """The form a password is hashed and verified in: NFKC (one password
    for its owner, however a keyboard composes it)."""
    return unicodedata.normalize("NFKC", password)


def hash_password(password: str) -> str:
    """The argon2id hash of the password's NFKC form."""
    return GATE.run(lambda: HASHER.hash(normalised(password)))


def verify(stored: str, password: str, nfkc: bool = True) -> bool:
    """Whether ``password`` matches ``stored``; never raises on a bad hash.
    ``nfkc``: the hash is of the NFKC form (every hash since revision 0006);
    else of the password as typed (an older account's, until its next login)."""
    typed = normalised(password) if nfkc else password

    def check() -> bool:
        try:
            return HASHER.verify(stored, typed)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    return GATE.run(check)


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
    """Why ``password`` cannot be a new password (``None``: it can): 8 to
    256 characters in its NFKC form, and not spaces alone (eight spaces were
    accepted before issue 41)."""
    form = normalised(password)
    if not MIN_PASSWORD <= len(form) <= MAX_PASSWORD:
        return "bad-password"
    if not form.strip():
        return "bad-password-blank"
    return None


@functools.cache
def _look_alikes() -> dict[str, list[dict[str, str]]]:
    from confusable_homoglyphs import utils

    data: dict[str, list[dict[str, str]]] = utils.load("confusables.json")
    return data


def _prototype(char: str) -> str:
    """One character that stands for every character confusable with
    ``char`` (the least code point of its group of look-alikes)."""
    return min([char, *(h["c"] for h in _look_alikes().get(char, ()))])


def skeleton(folded: str) -> str:
    """A TR39-style skeleton of a folded name: decomposed, each character
    replaced by its look-alike group's prototype (Unicode's confusables
    data, from ``confusable-homoglyphs``), again until nothing changes. Two
    names with one skeleton read alike ("ann" and Cyrillic "аnn")."""
    text = unicodedata.normalize("NFD", folded)
    for _ in range(4):
        mapped = unicodedata.normalize("NFD", "".join(_prototype(c) for c in text))
        if mapped == text:
            break
        text = mapped
    return text
