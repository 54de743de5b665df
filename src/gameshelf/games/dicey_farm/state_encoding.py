"""Dicey Farm's tensor written straight from the state (see
``core.tensor.StateEncoder``): the same slots as ``encoding.write`` lays out
from an observation, which a test holds it equal to.

Incremental: the buffer is kept from one tensor to the next and a part is
rewritten only when its source differs from the copy kept of it. The parts
that change only at a round's start (the merchants' wares, the buildings,
the hired and gone craftsmen, the deck's length) are one part; each of the
containers the rules change in place (dice, kept craftsmen, goods, sown
fields, display, used powers) is its own part, compared with a copy; the
single-slot numbers are compared as one tuple and only those that differ
are written. A move changes two or three of these, so a tensor costs the
comparisons and those writes, not the whole layout. Everything read here
is on the table; of the deck only its length is read, as the observation
shows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.core.tensor import StateEncoder, clear, count_value, number_value
from gameshelf.games.dicey_farm.components import components
from gameshelf.games.dicey_farm.encoding import MAX_DICE, MERCHANT_CAP, STOCK_CAP, _vocabs

if TYPE_CHECKING:
    from gameshelf.core.protocol import Game, State
    from gameshelf.games.dicey_farm.state import DiceyFarmState

#: the single-slot numbers (and flags) of the layout.
_NUMBERS = ("round", "held", "left", "fields", "empty_fields", "plough_face", "ploughs", "recruited", "food_need",
            "beggars", "score", "over")
#: the parts held in containers the rules change in place, in the order ``fill`` reads them.
_CONTAINERS = ("dice", "kept", "goods", "sown", "display", "used")


class DiceyFarmStateEncoder(StateEncoder):
    """Dicey Farm's tensor from a :class:`DiceyFarmState`."""

    __slots__ = ("_at", "_constants", "_containers", "_food", "_ix", "_kept", "_merchants", "_numbers",
                 "_numbers_rare", "_phase", "_rare_key", "_round_parts", "_round_runs", "_scales_rare", "_writers")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        v = _vocabs()
        self._ix = {name: vocab.index for name, vocab in v.items()}
        self._at = self.slots
        c = components()
        rounds, plough_limit = c.constants["rounds"], c.constants["plough_limit"]
        self._constants = (rounds, len(c.deck), plough_limit)
        self._food = {r: c.dice(r) + c.constants["food_extra"] for r in range(1, rounds + 1)}
        self._merchants = tuple((str(m), self.slots[f"wares.{m}"]) for m in v["merchants"].items)
        self._round_parts: tuple[Any, ...] | None = None
        self._round_runs = self.runs("built", "hired", "deck_size", "gone", *(f"wares.{m}" for m in v["merchants"].items))
        #: (high, low) of each number of _NUMBERS, as encoding.write scales it (a flag: 1, 0)
        scales = dict(zip(_NUMBERS, ((rounds, 0), (6, 0), (12, 0), (12, 0), (12, 0), (6, 0), (plough_limit, 0),
                                     (1, 0), (10, 0), (30, 0), (150, -100), (1, 0)), strict=True))
        self._numbers = (self._at["held"], self._at["left"])
        #: the numbers that change at few moves, compared as one tuple (food_need follows the round)
        rare = ("round", "fields", "empty_fields", "plough_face", "ploughs", "recruited", "beggars", "score", "over")
        self._numbers_rare = tuple(self._at[name] for name in rare)
        self._scales_rare = tuple(scales[name] for name in rare)
        #: what each of those slots was written from (None: not written yet)
        self._kept: tuple[Any, ...] = (None,) * len(rare)
        self._rare_key: tuple[Any, ...] | None = None  # what they were last checked against
        self._phase: tuple[Any, int | None] = (None, None)  # the phase written, and its slot
        ix, at = self._ix, self._at
        self._writers = (
            (self.runs("dice"), self._dice),
            (self.runs("kept"), lambda buf, kept: _set(buf, at["kept"], ix["craftsmen"], kept)),
            (self.runs("goods"), lambda buf, goods: _counts(buf, at["goods"], ix["goods"], goods, STOCK_CAP)),
            (self.runs("sown"), lambda buf, sown: _counts(buf, at["sown"], ix["crops"], sown, 6)),
            (self.runs("display"), lambda buf, shown: _set(buf, at["display"], ix["craftsmen"], shown)),
            (self.runs("used"), lambda buf, used: _set(buf, at["used"], ix["used"], used)),
        )
        #: per container part, the copy its slots were written from
        self._containers: list[Any] = [None] * len(_CONTAINERS)

    def _round_base(self, s: DiceyFarmState) -> None:
        """Rewrite the parts that change only at a round's start."""
        buf, at, ix = self.buf, self._at, self._ix
        clear(buf, self._round_runs)
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
        self.buf[at["food_need"]] = number_value(self._food[s.round], 10)
        # copies of the sources: the tuples are immutable, the dict is copied
        self._round_parts = (s.built, s.hired, len(s.deck), s.gone, dict(wares), s.round)

    def _dice(self, buf: Any, dice: list[int]) -> None:
        start = self._at["dice"]
        for i, face in zip(range(start, start + MAX_DICE), dice, strict=False):
            if face:
                x = face * (1.0 / 6)
                if x > 0.0:
                    buf[i] = x if x < 1.0 else 1.0

    def fill(self, state: State, seat: int | None) -> None:
        s: DiceyFarmState = state  # type: ignore[assignment]
        buf = self.buf
        parts = self._round_parts
        moved = False  # whether a source of the empty fields or the score changed
        if parts is None or (s.built, s.hired, len(s.deck), s.gone, s.wares, s.round) != parts:
            self._round_base(s)
            moved = True
        phase = s.phase
        if phase != self._phase[0]:
            old = self._phase[1]
            if old is not None:
                buf[old] = 0.0
            i = self._ix["phase"].get(phase)
            new = None if i is None else self._at["phase"] + i
            if new is not None:
                buf[new] = 1.0
            self._phase = (phase, new)
        kept = self._containers
        sources: list[Any] = [s.dice, s.kept, s.goods, s.sown, s.display, s.used]
        if sources != kept:
            for k, (source, before) in enumerate(zip(sources, kept, strict=True)):
                if source != before:
                    runs, write = self._writers[k]
                    clear(buf, runs)
                    write(buf, source)
                    kept[k] = source.copy()
                    moved = moved or k in (2, 3)  # goods and sown fill fields
        held, left = s.held, s.left  # these two change at most moves: written every time
        buf[self._numbers[0]] = number_value(held, 6) if held else 0.0
        buf[self._numbers[1]] = number_value(left, 12) if left else 0.0
        # the rest change at few moves: asked for the derived ones (empty fields, score) only then
        key = (s.fields, s.plough_face, s.ploughs, s.recruited, s.beggars, s.final is None, s.vp)
        if moved or key != self._rare_key:
            self._rare_key = (*key[:-1], s.vp.copy())
            self._rare(s)

    def _rare(self, s: DiceyFarmState) -> None:
        """Rewrite those of the rarely changing numbers that differ from what was written."""
        values = (s.round, s.fields, s.empty_fields(), s.plough_face, s.ploughs, s.recruited, s.beggars,
                  s.scores()[0], s.final is not None)
        last = self._kept
        if values != last:
            buf = self.buf
            for value, before, slot, (high, low) in zip(values, last, self._numbers_rare, self._scales_rare,
                                                        strict=True):
                if value != before or type(value) is not type(before):
                    buf[slot] = number_value(value, high, low)
            self._kept = values


def _number(buf: Any, slot: int, value: Any, high: float, low: float = 0) -> None:
    if value or low:  # with low 0, a zero writes nothing
        buf[slot] = number_value(value, high, low)


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
