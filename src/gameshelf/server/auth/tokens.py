"""Seat tokens: random, stored only as a hash, compared in constant time."""

from __future__ import annotations

import functools
import hashlib
import hmac
import secrets


def new_token() -> str:
    """A fresh seat token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


@functools.lru_cache(maxsize=4096)
def token_hash(token: str) -> str:
    """The token's SHA-256, as stored. Kept for the tokens used last: every
    socket's view of every move asks which seat its token opens (bounded,
    so tokens sent by anyone cannot grow it)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def matches(token: str, stored: str | None) -> bool:
    """Whether ``token`` hashes to ``stored``, in time independent of where
    they differ."""
    return same_hash(token_hash(token), stored)


def same_hash(hashed: str, stored: str | None) -> bool:
    """:func:`matches` for a token already hashed: a caller that compares
    one token with every seat of a table hashes it once, not once a seat."""
    if stored is None:
        return False
    return hmac.compare_digest(hashed, stored)
