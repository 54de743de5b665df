"""Seeded, serialisable random streams that live inside a game state.

Why not the ``random`` module: a game's randomness must be part of its state
(cloned with it, saved with it, identical on every machine and Python
version), and one purpose's draws must never shift another's. A Daily Mode
puzzle's dice, for example, live on their own stream so that recruiting a
craftsman cannot change tomorrow's roll.

Each :class:`Stream` is a PCG32 generator (O'Neill 2014): 64-bit state, one
integer to copy, the same sequence everywhere. :class:`Rng` holds named
streams derived from one seed by hashing ``"<seed>/<name>"``, so streams are
independent and created on first use.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005


def derive_seed(*parts: object) -> int:
    """A 64-bit seed from any printable parts, identical on every machine."""
    text = "/".join(str(p) for p in parts).encode("utf-8")
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


class Stream:
    """One PCG32 stream: ``randint``, ``shuffle``, ``choice``, ``random``."""

    __slots__ = ("inc", "state")

    def __init__(self, seed: int, sequence: int = 0x5851F42D4C957F2D) -> None:
        self.inc = ((sequence << 1) | 1) & _MASK64
        self.state = 0
        self._next32()
        self.state = (self.state + seed) & _MASK64
        self._next32()

    @classmethod
    def from_state(cls, state: int, inc: int) -> Stream:
        obj = cls.__new__(cls)
        obj.state = state
        obj.inc = inc
        return obj

    def copy(self) -> Stream:
        return Stream.from_state(self.state, self.inc)

    def _next32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n == 1:
            return 0
        if n > 0xFFFFFFFF:
            high = self.below(n >> 32)
            return ((high << 32) | self._next32()) % n
        threshold = (0x100000000 - n) % n
        while True:  # _next32 inline: the hottest call of every random playout
            old = self.state
            self.state = (old * _MULT + self.inc) & _MASK64
            xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            rot = old >> 59
            r = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF
            if r >= threshold:
                return r % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``, both ends included."""
        return low + self.below(high - low + 1)

    def die(self, sides: int = 6) -> int:
        return 1 + self.below(sides)

    def random(self) -> float:
        return ((self._next32() << 21) ^ self._next32()) / float(1 << 53)

    def choice(self, seq: Sequence[T]) -> T:
        """``seq[below(len(seq))]``, the same draw, with the common case of
        :meth:`below` spelt out: every random playout and rollout picks its
        move here, once a step."""
        n = len(seq)
        if n <= 1 or n > 0xFFFFFFFF:
            return seq[self.below(n)]
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        r = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF
        if r < n:  # the rare draw below()'s threshold may reject (see shuffle)
            threshold = (0x100000000 - n) % n
            while r < threshold:
                r = self._next32()
        return seq[r % n]

    def shuffle(self, seq: MutableSequence[Any]) -> None:
        """Fisher-Yates in place: ``j = below(i + 1)`` for ``i`` from the top.

        Why it spells out :meth:`below` and :meth:`_next32` inline: searches
        re-deal hidden decks thousands of times a decision, and three method
        calls per card were a third of a Pay Dirt search. The numbers drawn
        are exactly those of the plain loop (a test pins them), so every
        recorded game replays unchanged.
        """
        state, inc = self.state, self.inc
        mult, mask = _MULT, _MASK64  # locals: read once per card each
        for i in range(len(seq) - 1, 0, -1):
            n = i + 1
            old = state
            state = (old * mult + inc) & mask
            xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            rot = old >> 59
            r = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF
            if r < n:
                # below()'s rejection test, only where it can reject: its
                # threshold (2**32 - n) % n is under n, so a draw of n or more
                # is always kept, and the common card skips the modulo and
                # the loop altogether.
                threshold = (0x100000000 - n) % n
                while r < threshold:
                    old = state
                    state = (old * mult + inc) & mask
                    xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
                    rot = old >> 59
                    r = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF
            j = r % n
            seq[i], seq[j] = seq[j], seq[i]
        self.state = state

    def shuffled(self, seq: Sequence[T]) -> list[T]:
        out = list(seq)
        self.shuffle(out)
        return out

    def to_json(self) -> list[int]:
        return [self.state, self.inc]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Stream) and (self.state, self.inc) == (other.state, other.inc)

    def __hash__(self) -> int:
        return hash((self.state, self.inc))

    def __getstate__(self) -> tuple[int, int]:
        return (self.state, self.inc)

    def __setstate__(self, value: tuple[int, int]) -> None:
        self.state, self.inc = value

    def __repr__(self) -> str:
        return f"Stream(state={self.state:#x})"


#: per stream name, the increment ``Stream(..., derive_seed("seq", name))``
#: works out: the half of a stream's derivation that its name alone fixes.
#: Games name a handful of streams; the bound only keeps odd callers from
#: growing it without end.
_INCREMENTS: dict[str, int] = {}
_INCREMENTS_LIMIT = 4096


def _named_stream(seed: int | str, name: str) -> Stream:
    """``Stream(derive_seed(seed, name), derive_seed("seq", name))``, the same
    state, at about half the cost (a fresh Rng's four streams 20.8 → 10.9 µs).

    Why: every new game (and every playout a search starts) opens each of
    its streams once, and two SHA-256 digests plus :class:`Stream`'s two
    warm-up steps were a few microseconds each. The name's half is looked
    up, and the warm-up is the arithmetic it comes to: from state 0 the
    first step leaves ``inc``, the seed is added, the second step is one
    multiply-add (a test pins it to the plain construction).
    """
    inc = _INCREMENTS.get(name)
    if inc is None:
        inc = ((derive_seed("seq", name) << 1) | 1) & _MASK64
        if len(_INCREMENTS) < _INCREMENTS_LIMIT:
            _INCREMENTS[name] = inc
    seeded = (inc + derive_seed(seed, name)) & _MASK64
    return Stream.from_state((seeded * _MULT + inc) & _MASK64, inc)


class Rng:
    """Named, independent streams derived from one seed.

    Example:
        >>> rng = Rng(42)
        >>> rng["dice"].die() == Rng(42)["dice"].die()
        True
    """

    __slots__ = ("seed", "streams")

    def __init__(self, seed: int | str) -> None:
        self.seed = seed
        self.streams: dict[str, Stream] = {}

    def __getitem__(self, name: str) -> Stream:
        stream = self.streams.get(name)
        if stream is None:
            stream = self.streams[name] = _named_stream(self.seed, name)
        return stream

    def copy(self) -> Rng:
        other = Rng.__new__(Rng)
        other.seed = self.seed
        other.streams = {k: s.copy() for k, s in self.streams.items()}
        return other

    def reseeded(self, seed: int | str) -> Rng:
        """Fresh streams for every purpose: what ``determinize`` uses so that a
        clone's future draws tell nothing about the real game's."""
        return Rng(derive_seed("determinize", seed))

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "streams": {k: s.to_json() for k, s in sorted(self.streams.items())}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rng:
        rng = cls(data["seed"])
        rng.streams = {k: Stream.from_state(v[0], v[1]) for k, v in data["streams"].items()}
        return rng

    def __eq__(self, other: object) -> bool:
        # (what comparing ``to_json()`` says, without building it: the undo
        # probe asks this after every person's move)
        return isinstance(other, Rng) and self.seed == other.seed and self.streams == other.streams

    def __getstate__(self) -> dict[str, Any]:
        return self.to_json()

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.seed = data["seed"]
        self.streams = {k: Stream.from_state(v[0], v[1]) for k, v in sorted(data["streams"].items())}
