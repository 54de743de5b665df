"""Dicey Farm's tensor written straight from the state (see
``core.tensor.StateEncoder``): the same slots as ``encoding.write`` lays out
from an observation, which a test holds it equal to.

Incremental where it is cheap: the parts that change only at a round's
start (the merchants' wares, the buildings, the hired and gone craftsmen,
the deck's length) are written once into a kept base tensor, rebuilt when
any of them differs from the kept copy; every tensor starts from that base
and writes the rest, whose sources (dicts the rules change in place) would
cost about as much to compare as to write. Everything read here is on the
table; of the deck only its length is read, as the observation shows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.core.tensor import StateEncoder, count_value, number_value
from gameshelf.games.dicey_farm.components import components
from gameshelf.games.dicey_farm.encoding import MAX_DICE, MERCHANT_CAP, STOCK_CAP, _vocabs

if TYPE_CHECKING:
    from gameshelf.core.protocol import Game, State
    from gameshelf.games.dicey_farm.state import DiceyFarmState


class DiceyFarmStateEncoder(StateEncoder):
    """Dicey Farm's tensor from a :class:`DiceyFarmState`."""

    __slots__ = ("_at", "_base", "_constants", "_food", "_ix", "_merchants", "_round_parts")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        v = _vocabs()
        self._ix = {name: vocab.index for name, vocab in v.items()}
        self._at = self.slots
        c = components()
        self._constants = (c.constants["rounds"], len(c.deck), c.constants["plough_limit"])
        self._food = {r: c.dice(r) + c.constants["food_extra"] for r in range(1, c.constants["rounds"] + 1)}
        self._merchants = tuple((str(m), self.slots[f"wares.{m}"]) for m in v["merchants"].items)
        self._round_parts: tuple[Any, ...] | None = None
        self._base = self.zeros[:]

    def _round_base(self, s: DiceyFarmState) -> None:
        """Write the parts that change only at a round's start into the base."""
        buf, at, ix = self.zeros[:], self._at, self._ix
        _set(buf, at["built"], ix["facilities"], s.built)
        _set(buf, at["hired"], ix["craftsmen"], s.hired)
        _number(buf, at["deck_size"], len(s.deck), self._constants[1])
        _set(buf, at["gone"], ix["craftsmen"], s.gone)
        wares, goods = s.wares, ix["goods"]
        for merchant, start in self._merchants:
            items = wares.get(merchant)
            if items:
                offered: dict[str, int] = {}
                for item in items:
                    good, qty = item[0], item[1]
                    if isinstance(qty, int) and isinstance(good, str):
                        offered[good] = offered.get(good, 0) + qty
                _counts(buf, start, goods, offered, MERCHANT_CAP)
        self._base = buf
        # copies of the sources: the tuples are immutable, the dict is copied
        self._round_parts = (s.built, s.hired, len(s.deck), s.gone, dict(wares))

    def fill(self, state: State, seat: int | None) -> None:
        s: DiceyFarmState = state  # type: ignore[assignment]
        buf, at, ix = self.buf, self._at, self._ix
        parts = self._round_parts
        if parts is None or (s.built, s.hired, len(s.deck), s.gone, s.wares) != parts:
            self._round_base(s)
        buf[:] = self._base
        rounds, _, plough_limit = self._constants
        _number(buf, at["round"], s.round, rounds)
        _one(buf, at["phase"], ix["phase"], s.phase)
        start = at["dice"]
        for i, face in zip(range(start, start + MAX_DICE), s.dice, strict=False):
            if face:
                x = face * (1.0 / 6)
                if x > 0.0:
                    buf[i] = x if x < 1.0 else 1.0
        _number(buf, at["held"], s.held, 6)
        _number(buf, at["left"], s.left, 12)
        _set(buf, at["kept"], ix["craftsmen"], s.kept)
        _counts(buf, at["goods"], ix["goods"], s.goods, STOCK_CAP)
        _number(buf, at["fields"], s.fields, 12)
        _number(buf, at["empty_fields"], s.empty_fields(), 12)
        _counts(buf, at["sown"], ix["crops"], s.sown, 6)
        _set(buf, at["display"], ix["craftsmen"], s.display)
        _set(buf, at["used"], ix["used"], s.used)
        _number(buf, at["plough_face"], s.plough_face, 6)
        _number(buf, at["ploughs"], s.ploughs, plough_limit)
        if s.recruited:
            buf[at["recruited"]] = 1.0
        _number(buf, at["food_need"], self._food[s.round], 10)
        _number(buf, at["beggars"], s.beggars, 30)
        _number(buf, at["score"], s.scores()[0], 150, -100)
        if s.final is not None:
            buf[at["over"]] = 1.0


def _number(buf: Any, slot: int, value: Any, high: float, low: float = 0) -> None:
    if value or low:  # with low 0, a zero writes nothing
        buf[slot] = number_value(value, high, low)


def _one(buf: Any, start: int, index: dict[Any, int], value: Any) -> None:
    i = index.get(value)
    if i is not None:
        buf[start + i] = 1.0


def _set(buf: Any, start: int, index: dict[Any, int], values: Any) -> None:
    for v in values:
        i = index.get(v)
        if i is not None:
            buf[start + i] = 1.0


def _counts(buf: Any, start: int, index: dict[Any, int], table: dict[Any, Any], high: float) -> None:
    for key, v in table.items():
        if v:
            i = index.get(key)
            if i is not None:
                buf[start + i] = count_value(v, high)
