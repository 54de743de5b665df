"""Fixed-shape numeric observations for learning agents.

Why a writer and not hand-built arrays: a game's encoder (its
``games/<game>/encoding.py``) walks one :meth:`State.observation` dict and
says, field by field, what goes where. The same walk both fills the vector
and, in describe mode, lists every slot with its meaning, so the documented
layout (``docs/research/index.md``) cannot drift from the code.

Every slot holds a float in ``[0, 1]``: counts are divided by a documented
cap and clipped, categories are one-hot, sets are many-hot. Seats are
listed relative to the viewer (the viewer first, then the following seats
in seat order) and padded to the game's most players, so one game has one
vector length whatever the player count; a spectator sees seats in absolute
order. Nothing here reads a state: an encoder gets only an observation, so a
tensor can never hold more than the seat may see.

numpy is imported here, never by ``import gameshelf``: the protocol imports
this module only when a tensor is asked for.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from array import array
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from gameshelf.core.interfaces import Encoding
    from gameshelf.core.protocol import Game, State


@dataclasses.dataclass(frozen=True, slots=True)
class Field:
    """A run of slots: its name, first slot, length and what it holds."""

    name: str
    start: int
    size: int
    meaning: str


class Vocab:
    """A fixed list of values, each with its slot in a one-hot or many-hot run.

    A value outside the list writes nothing (all zeros), so an encoder never
    fails on a value a rules change added; the tests catch such drift. The
    length and the description are kept, not recomputed: encoders ask for
    them on every tensor.
    """

    __slots__ = ("_described", "index", "items", "size")

    def __init__(self, items: Iterable[Hashable]) -> None:
        self.items = tuple(items)
        self.index = {v: i for i, v in enumerate(self.items)}
        self.size = len(self.items)
        self._described = ", ".join(str(v) for v in self.items)

    def __len__(self) -> int:
        return self.size

    def describe(self) -> str:
        return self._described


class TensorWriter:
    """Lays an observation out slot by slot; only non-zero slots cost work.

    Why a float32 ``array.array``: each non-zero slot is stored straight into
    the final buffer (rounded to float32 as numpy would), and the result is a
    numpy view of it, so no list of slots and values is converted at the end.
    ``capacity`` is the tensor's length when known; without it (the first
    tensor of a game, describe mode) the buffer starts large and the result
    is a copy of the part written.

    Why every method advances ``_pos`` itself and builds a field's
    description only in describe mode: an encoder makes 40 to 120 calls per
    tensor, and the per-call bookkeeping (a helper call, a growth check, a
    formatted default meaning) was most of the cost of a small tensor.
    Encoders pass constant meanings for the same reason.
    """

    __slots__ = ("_buf", "_pos", "fields")

    #: the buffer's length when the tensor's is not known yet.
    SCRATCH = 1 << 15

    def __init__(self, *, describe: bool = False, capacity: int = 0) -> None:
        self._pos = 0
        self._buf = array("f", bytes(4 * (capacity or self.SCRATCH)))
        self.fields: list[Field] | None = [] if describe else None

    @property
    def size(self) -> int:
        return self._pos

    def _field(self, name: str, size: int, meaning: str) -> None:
        """Record a field (describe mode); called before ``_pos`` moves on."""
        assert self.fields is not None
        self.fields.append(Field(name, self._pos, size, meaning))

    def _put(self, slot: int, value: Any, high: float, low: float) -> None:
        if value is None or value is False:
            return
        x = (float(value) - low) / (high - low)
        if x > 0.0:
            self._buf[slot] = 1.0 if x > 1.0 else x

    # -- single values -------------------------------------------------------------
    def number(self, name: str, value: Any, high: float, *, low: float = 0, meaning: str = "") -> None:
        """One slot: ``(value - low) / (high - low)`` clipped to [0, 1]."""
        if self.fields is not None:
            self._field(name, 1, meaning or _range(low, high))
        slot = self._pos
        self._pos = slot + 1
        if value is None or value is False:  # _put, inlined
            return
        x = (float(value) - low) / (high - low)
        if x > 0.0:
            self._buf[slot] = 1.0 if x > 1.0 else x

    def flag(self, name: str, value: Any, meaning: str = "") -> None:
        """One slot: 1 when ``value`` is true."""
        if self.fields is not None:
            self._field(name, 1, meaning or "1 if true")
        slot = self._pos
        self._pos = slot + 1
        if value:
            self._buf[slot] = 1.0

    def one_hot(self, name: str, value: Any, vocab: Vocab, meaning: str = "") -> None:
        """``len(vocab)`` slots, 1 at ``value``'s place (none if absent)."""
        if self.fields is not None:
            self._field(name, vocab.size, meaning or f"one-hot: {vocab._described}")
        start = self._pos
        self._pos = start + vocab.size
        i = vocab.index.get(value)
        if i is not None:
            self._buf[start + i] = 1.0

    def many_hot(
        self, name: str, values: Iterable[Any] | None, vocab: Vocab, meaning: str = "", *, high: float = 1
    ) -> None:
        """``len(vocab)`` slots: how many times each value occurs, / ``high``."""
        if self.fields is not None:
            self._field(name, vocab.size, meaning or f"count of each of: {vocab._described} (/{high:g})")
        start = self._pos
        self._pos = start + vocab.size
        if values:
            self._many(start, values, vocab, high)

    def _many(self, start: int, values: Iterable[Any], vocab: Vocab, high: float) -> None:
        index, buf = vocab.index, self._buf
        if high == 1:  # a set: every member is one slot at 1
            for v in values:
                i = index.get(v)
                if i is not None:
                    buf[start + i] = 1.0
            return
        counts: dict[int, int] = {}
        for v in values:
            i = index.get(v)
            if i is not None:
                counts[i] = counts.get(i, 0) + 1
        for i, n in counts.items():
            self._put(start + i, n, high, 0)

    # -- runs of values ------------------------------------------------------------
    def numbers(
        self, name: str, values: Sequence[Any], size: int, high: float, *, low: float = 0, meaning: str = ""
    ) -> None:
        """``size`` slots, one per value in order (extra values dropped, missing ones 0)."""
        if self.fields is not None:
            self._field(name, size, meaning or _range(low, high))
        start = self._pos
        self._pos = start + size
        buf, scale = self._buf, 1.0 / (high - low)
        if low == 0:  # the usual case: 0, None and False all write nothing
            for i, v in zip(range(start, start + size), values, strict=False):  # _put, inlined: the hottest loop
                if v:
                    x = v * scale
                    if x > 0.0:
                        buf[i] = x if x < 1.0 else 1.0
            return
        for i, v in zip(range(start, start + size), values, strict=False):
            if v is None or v is False:
                continue
            x = (v - low) * scale
            if x > 0.0:
                buf[i] = x if x < 1.0 else 1.0

    def counts(self, name: str, table: Mapping[str, Any] | None, keys: Vocab, high: float, meaning: str = "") -> None:
        """One slot per key of ``keys``: ``table[key] / high`` (absent keys 0)."""
        if self.fields is not None:
            self._field(name, keys.size, meaning or f"{keys._described}; each {_range(0, high)}")
        start = self._pos
        self._pos = start + keys.size
        if table:
            self._table(start, table, keys.index, high)

    def _table(self, start: int, table: Mapping[Any, Any], index: Mapping[Any, int], high: float) -> None:
        buf = self._buf
        for key, v in table.items():  # _put with low 0, inlined: tables are many and small
            if not v:  # most counts are 0 (None and False too), which write nothing
                continue
            i = index.get(key)
            if i is None:
                continue
            x = float(v) / high
            if x > 0.0:
                buf[start + i] = 1.0 if x > 1.0 else x

    def count_tables(
        self, name: str, tables: Sequence[Mapping[Any, Any] | None], size: int, keys: Vocab, high: float, meaning: str = ""
    ) -> None:
        """``size`` runs of ``len(keys)`` slots, one per table: ``table[key] / high``."""
        n = keys.size
        if self.fields is not None:
            self._field(name, size * n, meaning or f"{size} x {keys._described}; each {_range(0, high)}")
        start = self._pos
        self._pos = start + size * n
        index = keys.index
        for base, table in zip(range(start, start + size * n, n), tables, strict=False):
            if table:
                self._table(base, table, index, high)

    def one_hots(self, name: str, values: Sequence[Any], size: int, vocab: Vocab, meaning: str = "") -> None:
        """``size`` one-hot groups of ``len(vocab)`` slots, one group per value."""
        n = vocab.size
        if self.fields is not None:
            self._field(name, size * n, meaning or f"{size} x one-hot: {vocab._described}")
        start = self._pos
        end = self._pos = start + size * n
        buf = self._buf
        # values may be fewer than size; extra ones meet the end of the range
        for base, i in zip(range(start, end, n), map(vocab.index.get, values), strict=False):
            if i is not None:
                buf[base + i] = 1.0

    def many_hots(
        self,
        name: str,
        groups: Sequence[Iterable[Any] | None],
        size: int,
        vocab: Vocab,
        meaning: str = "",
        *,
        high: float = 1,
    ) -> None:
        """``size`` many-hot groups of ``len(vocab)`` slots, one per collection."""
        n = vocab.size
        if self.fields is not None:
            self._field(name, size * n, meaning or f"{size} x count of each of: {vocab._described} (/{high:g})")
        start = self._pos
        self._pos = start + size * n
        if high != 1:
            for base, values in zip(range(start, start + size * n, n), groups, strict=False):
                if values:
                    self._many(base, values, vocab, high)
            return
        index, buf = vocab.index, self._buf
        for base, values in zip(range(start, start + size * n, n), groups, strict=False):
            if values:  # _many's set case, inlined: a call per seat cost as much as its few members
                for v in values:
                    i = index.get(v)
                    if i is not None:
                        buf[base + i] = 1.0

    # -- fields an encoder fills itself ------------------------------------------------
    def reserve(self, name: str, size: int, meaning: str) -> int:
        """``size`` slots an encoder fills itself through :attr:`buf`; returns
        the first. For a run of fields that one pass over the observation
        fills at once (every machine of every camp), where a call per field
        would walk the data once per field. Fill them as the methods above
        would (one-hot 1.0, values scaled and clipped to [0, 1]: see
        :func:`scaled`), and only when the value is non-zero."""
        if self.fields is not None:
            self._field(name, size, meaning)
        start = self._pos
        self._pos = start + size
        return start

    @property
    def buf(self) -> array:  # type: ignore[type-arg]
        """The float32 buffer the tensor is written into (for :meth:`reserve`)."""
        return self._buf

    # -- the result ----------------------------------------------------------------------
    def array(self) -> np.ndarray:
        """The tensor: a writable float32 array over the buffer (the writer is
        done with it), or a copy of the part written when the buffer was
        bigger."""
        if len(self._buf) == self._pos:
            return np.frombuffer(self._buf, dtype=np.float32)
        return np.frombuffer(self._buf, dtype=np.float32, count=self._pos).copy()


def scaled(value: Any, scale: float) -> float:
    """What :meth:`TensorWriter.numbers` stores for ``value`` with ``low`` 0
    and ``scale = 1.0 / high``: 0 for none or false, else ``value * scale``
    clipped to [0, 1] (the same float arithmetic, so the same float32)."""
    if value is None or value is False:
        return 0.0
    x = (value - 0) * scale
    return 0.0 if not x > 0.0 else x if x < 1.0 else 1.0


class Columns:
    """Several keys read from many rows at once (every seat's village, camp
    or score sheet): ``Columns("coins", "income").of(rows)["coins"]`` is
    each row's coins, in row order.

    Why: an encoder reads ten or more keys of every seat's part of the
    observation; one ``itemgetter`` per row and a ``zip`` do that in C,
    where a comprehension per key walked the rows once per key. A row that
    lacks a key gives ``None`` there, as ``row.get(key)`` would.
    """

    __slots__ = ("_pick", "keys")

    def __init__(self, *keys: str) -> None:
        if len(keys) < 2:
            raise ValueError("Columns reads two keys or more")
        self.keys = keys
        self._pick = itemgetter(*keys)

    def of(self, rows: Iterable[Mapping[str, Any]]) -> dict[str, tuple[Any, ...]]:
        try:
            table = list(map(self._pick, rows))
        except KeyError:  # a row without one of the keys: None there
            table = [tuple(row.get(k) for k in self.keys) for row in rows]
        if not table:
            return dict.fromkeys(self.keys, ())
        return dict(zip(self.keys, zip(*table, strict=True), strict=True))


def _range(low: float, high: float) -> str:
    return f"{low:g} to {high:g}, scaled to 0-1 and clipped"


def seat_order(viewer: int | None, players: int) -> list[int]:
    """Absolute seats in the order a tensor lists them: the viewer first."""
    first = viewer or 0
    return [(first + k) % players for k in range(players)]


def seat_picker(order: Sequence[int]) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """A function taking a per-seat list to its entries in ``order`` (see
    :func:`seat_order`), as a tuple: one ``itemgetter`` call in C, where a
    comprehension per list cost a loop in Python."""
    if len(order) == 1:
        only = order[0]
        return lambda values: (values[only],)
    return itemgetter(*order)


def relative_seat(seat: Any, viewer: int | None, players: int) -> int | None:
    """Where ``seat`` sits from the viewer (0 = the viewer); ``None`` stays ``None``."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        return None
    return (seat - (viewer or 0)) % players


_encoders: dict[str, Encoding] = {}


def encoder_for(game: Game) -> Encoding:
    """``game``'s declared :class:`Encoding` (asked once per game id).

    Raises:
        LookupError: the game declares no encoding.
    """
    found = _encoders.get(game.id)
    if found is None:
        declared = game.encoding()
        if declared is None:
            raise LookupError(f"{game.id} declares no observation encoding")
        found = _encoders[game.id] = declared
    return found


def has_encoder(game: Game) -> bool:
    """Whether ``game`` declares an :class:`Encoding` (the adapters register
    only such games)."""
    return game.id in _encoders or game.encoding() is not None


_sizes: dict[str, int] = {}


def encode(game: Any, obs: Mapping[str, Any]) -> np.ndarray:
    """``obs`` as the game's flat float32 vector (fixed length per game)."""
    w = TensorWriter(capacity=_sizes.get(game.id, 0))
    encoder_for(game).write(obs, w)
    expected = _sizes.setdefault(game.id, w.size)
    if w.size != expected:
        raise AssertionError(f"{game.id}: the encoder wrote {w.size} slots, not its fixed {expected}")
    return w.array()


def layout(game: Any) -> list[Field]:
    """Every field of ``game``'s tensor, in order (for the docs and tests)."""
    state = game.new_game(game.min_players, seed=0)
    w = TensorWriter(describe=True)
    encoder_for(game).write(state.observation(0), w)
    assert w.fields is not None
    return w.fields


def tensor_size(game: Any) -> int:
    """The fixed length of ``game``'s tensor."""
    if game.id not in _sizes:
        state = game.new_game(game.min_players, seed=0)
        encode(game, state.observation(0))
    return _sizes[game.id]


class StateEncoder(ABC):
    """A game's tensor written straight from a state into one kept buffer.

    Why beside the observation encoder: building a seat's observation (dicts
    and lists copied out of the state) and then walking it field by field
    cost three to ten times a move, which capped every adapter far below
    the engine's speed. A state encoder reads the state directly and writes
    the same slots (offsets taken from :func:`layout`, so the layout has one
    source), reusing one float32 buffer; a game may rewrite only the parts
    whose source changed since its last tensor (compared by value, so any
    sequence of states and seats is encoded correctly).

    The observation encoder stays the reference: a test checks that both
    write the same tensor, bit for bit, on thousands of random states for
    every seat and the spectator, which is also what keeps a state encoder
    from showing a seat more than its observation holds. Not thread-safe:
    one instance per thread (the adapters keep one per seat).
    """

    __slots__ = ("_view", "buf", "fields", "game", "size", "slots", "zeros")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.fields = {f.name: f for f in layout(game)}
        self.slots = {name: f.start for name, f in self.fields.items()}
        self.size = tensor_size(game)
        self.buf = array("f", bytes(4 * self.size))
        self.zeros = array("f", bytes(4 * self.size))
        #: a numpy view of :attr:`buf`, made once (the buffer never changes length)
        self._view = np.frombuffer(self.buf, np.float32)

    @abstractmethod
    def fill(self, state: State, seat: int | None) -> None:
        """Write ``seat``'s tensor of ``state`` into :attr:`buf`."""

    def __call__(self, state: State, seat: int | None) -> np.ndarray:
        """``seat``'s tensor of ``state``: a new array the caller may keep."""
        self.fill(state, seat)
        return self._view.copy()

    def runs(self, *names: str) -> Runs:
        """The slots of the fields ``names`` as runs to clear with
        :func:`clear`: adjacent fields merged into one run, each run with
        its own zeros (made once: a slice of zeros per clear was a new
        array each time)."""
        spans = sorted((self.fields[n].start, self.fields[n].start + self.fields[n].size) for n in names)
        merged: list[list[int]] = []
        for start, stop in spans:
            if merged and merged[-1][1] == start:
                merged[-1][1] = stop
            else:
                merged.append([start, stop])
        return tuple((start, stop, self.zeros[:stop - start]) for start, stop in merged)

    def write_viewer(self, seat: int | None, players: int, seats: int) -> None:
        """The two parts every game's tensor opens with: whether a spectator
        looks, and the number of players (one-hot up to ``seats``)."""
        if seat is None:
            self.buf[self.slots["spectator"]] = 1.0
        if 1 <= players <= seats:
            self.buf[self.slots["seats"] + players - 1] = 1.0



#: runs of slots (first, end, zeros of that length), from :meth:`StateEncoder.runs`.
Runs = tuple[tuple[int, int, "array[float]"], ...]


def clear(buf: Any, runs: Runs) -> None:
    """Zero the slots of ``runs`` in ``buf`` (a part about to be rewritten)."""
    for start, stop, zeros in runs:
        buf[start:stop] = zeros


def put_one(buf: Any, start: int, i: int | None) -> None:
    """Set slot ``start + i`` of a one-hot part, or leave the part empty
    where there is nothing (``i`` None): what the state encoders write most."""
    if i is not None:
        buf[start + i] = 1.0


def number_value(value: Any, high: float, low: float = 0) -> float:
    """What :meth:`TensorWriter.number` stores for ``value`` (same arithmetic)."""
    if value is None or value is False:
        return 0.0
    x = (float(value) - low) / (high - low)
    return 0.0 if not x > 0.0 else 1.0 if x > 1.0 else x


def count_value(value: Any, high: float) -> float:
    """What :meth:`TensorWriter.counts` stores for a table's ``value``."""
    if not value:
        return 0.0
    x = float(value) / high
    return 0.0 if not x > 0.0 else 1.0 if x > 1.0 else x


_MISSING: Any = object()
_state_encoders: dict[tuple[str, int | None], StateEncoder | None] = {}


def encode_state(state: State, player: int | None) -> np.ndarray:
    """``player``'s tensor of ``state``: through the game's state encoder
    (one kept per game and seat) when it declares one, else through its
    observation (:func:`encode`, the reference)."""
    key = (state.game.id, player)
    found = _state_encoders.get(key, _MISSING)
    if found is _MISSING:
        found = _state_encoders[key] = encoder_for(state.game).state_encoder(state.game)
    if found is None:
        return encode_reference(state, player)
    tensor: np.ndarray = found(state, player)
    return tensor


def encode_reference(state: State, player: int | None) -> np.ndarray:
    """``player``'s tensor of ``state`` through its observation (the log set
    aside: no tensor holds it, and copying it was most of the cost)."""
    events, state.events = state.events, []
    try:
        seen = state.observation(player)
    finally:
        state.events = events
    return encode(state.game, seen)
