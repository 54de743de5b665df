"""Filthy Rich's tensor written straight from the state (see
``core.tensor.StateEncoder``): the same slots as ``encoding.write`` lays out
from the observation, which a test holds it equal to.

Incremental where it is cheap: the book (36 pockets, a third of the
non-zero slots) changes only when a sign is placed, torched or bought, so
its part is kept in a base tensor with a copy of the book, the owners and
the seat order it was written from, and rewritten only when one of those
differs. So are the parts that change at under one tensor in ten of a
seat's (along random 3-player games): the luxuries and assets held, who is
still in and in which order the others went out, the luxuries for sale and
those removed (the luxury pool alone is twelve slots written at every
tensor before). The rest (money, hands, the discard pile, dice, the turn)
changes at most tensors and is written afresh each time.

What is read follows ``redaction.observe``: of the other hands only their
sizes, of the deck only its size; the viewer's own hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.core.tensor import StateEncoder, clear, number_value, put_one, scaled
from gameshelf.games.filthy_rich.cards import catalog
from gameshelf.games.filthy_rich.encoding import MONEY_CAP, PHASES, SEATS, TURNS_CAP, _vocabs
from gameshelf.games.filthy_rich.state import NOBODY

if TYPE_CHECKING:
    from gameshelf.core.protocol import Game, State
    from gameshelf.games.filthy_rich.state import FilthyRichState


class FilthyRichStateEncoder(StateEncoder):
    """Filthy Rich's tensor from a :class:`FilthyRichState`."""

    __slots__ = ("_at", "_base", "_book", "_held", "_held_runs", "_n", "_orders", "_phase")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self._at = self.slots
        self._n = {name: vocab.size for name, vocab in _vocabs().items()}
        self._phase = {phase: i for i, phase in enumerate(PHASES)}
        self._base = self.zeros[:]
        self._book: tuple[Any, ...] | None = None
        self._held: tuple[Any, ...] | None = None
        self._held_runs = self.runs("luxuries", "assets", "alive", "out", "luxury_pool", "luxuries_removed")
        #: per (first seat, players): the seats in the tensor's order, and each seat's place in it
        self._orders: dict[tuple[int, int], tuple[list[int], dict[Any, int]]] = {}

    def _order(self, first: int, players: int) -> tuple[list[int], dict[Any, int]]:
        """The seats from ``first`` (as ``seat_order``, cut at the tensor's
        seats) and, per seat, its place from ``first`` (``relative_seat`` as a
        table: a value that is not a seat has no place)."""
        found = self._orders.get((first, players))
        if found is None:
            order = [(first + k) % players for k in range(players)][:SEATS]
            places = {p: (p - first) % players for p in range(players)}  # relative_seat of every seat
            found = self._orders[(first, players)] = (order, places)
        return found

    def _write_held(self, s: FilthyRichState, order: list[int], places: dict[Any, int]) -> None:
        """The rarely changing parts into the base: the luxuries and assets
        held, who is in and who went out when, the luxury pool and the
        luxuries removed."""
        buf, at, n = self._base, self._at, self._n
        clear(buf, self._held_runs)
        n_cards, n_lux = n["cards"], n["luxuries"]
        for field, per_seat, size in (("luxuries", s.luxuries, n_lux), ("assets", s.assets, n_cards)):
            start = at[field]
            for k, p in enumerate(order):
                _set(buf, start + k * size, size, per_seat[p])
        alive, start = s.alive, at["alive"]
        for k, p in enumerate(order):
            if alive[p]:
                buf[start + k] = scaled(alive[p], 1.0)
        start = at["out"]
        for place, p in enumerate(s.out_order):
            at_seat = places.get(p)
            if at_seat is not None:
                buf[start + at_seat] = scaled(place + 1, 1.0 / SEATS)
        _set(buf, at["luxury_pool"], n_lux, s.lux_pool)
        _set(buf, at["luxuries_removed"], n_lux, s.lux_removed)
        self._held = ([list(x) for x in s.luxuries], [list(x) for x in s.assets], list(alive), list(s.out_order),
                      list(s.lux_pool), list(s.lux_removed), order)

    def _write_book(self, s: FilthyRichState, first: int) -> None:
        """The book's two fields into the base (as ``encoding.write`` lays them out)."""
        buf, at = self._base, self._at
        n_owner, n_sign = self._n["owner"], self._n["signs"]
        pockets = catalog().rules.pages * 9
        owner_at, sign_at = at["book.owner"], at["book.sign"]
        buf[owner_at:sign_at + pockets * n_sign] = self.zeros[:sign_at + pockets * n_sign - owner_at]
        owners, players = s.sign_owner, s.players
        k = 0
        for page in s.book[1:]:
            for sign in page:
                if k >= pockets:
                    break
                if sign < 0:
                    buf[owner_at + k * n_owner] = 1.0  # "empty"
                else:
                    if sign < n_sign:
                        buf[sign_at + k * n_sign + sign] = 1.0
                    owner = owners[sign] if sign < len(owners) else -1
                    if owner < 0:
                        buf[owner_at + k * n_owner + 1] = 1.0  # "unowned"
                    elif owner < players:
                        buf[owner_at + k * n_owner + 2 + (owner - first) % players] = 1.0
                k += 1
        self._book = ([list(page) for page in s.book[1:]], list(owners), first, players)

    def fill(self, state: State, seat: int | None) -> None:
        s: FilthyRichState = state  # type: ignore[assignment]
        at, n = self._at, self._n
        rules = catalog().rules
        players = s.players
        first = seat or 0
        order, places = self._order(first, players)
        kept = self._book
        if kept is None or (s.book[1:], s.sign_owner, first, players) != kept:
            self._write_book(s, first)
        held = self._held
        if held is None or (s.luxuries, s.assets, s.alive, s.out_order, s.lux_pool, s.lux_removed, order) != held:
            self._write_held(s, order, places)
        buf = self.buf
        buf[:] = self._base

        rel = places.get  # relative_seat for this viewer, as a table
        self.write_viewer(seat, players, SEATS)
        if 1 <= s.page <= rules.pages:
            buf[at["page"] + s.page - 1] = 1.0
        put_one(buf, at["phase"], self._phase.get(s.phase))
        put_one(buf, at["turn"], rel(s.turn))
        put_one(buf, at["current"], rel(s.current_player))
        _number(buf, at["turns"], s.turns, TURNS_CAP)
        _number(buf, at["actions_left"], s.actions_left, rules.actions_per_turn)
        if s.luxury_open:
            buf[at["luxury_open"]] = 1.0
        n_cards, n_lux = n["cards"], n["luxuries"]
        if s.pending != NOBODY and 0 <= s.pending < n_cards:
            buf[at["pending"] + s.pending] = 1.0
        money, hands = s.money, s.hands
        start = at["money"]
        for k, p in enumerate(order):
            if money[p]:
                buf[start + k] = scaled(money[p], 1.0 / MONEY_CAP)
        start = at["hand_sizes"]
        for k, p in enumerate(order):
            if hands[p]:
                buf[start + k] = scaled(len(hands[p]), 0.1)
        start, businesses = at["businesses"], s.businesses
        for k, p in enumerate(order):
            _set(buf, start + k * n_cards, n_cards, businesses[p])
        if seat is not None:
            _set(buf, at["hand"], n_cards, hands[seat])
        _set(buf, at["discard"], n_cards, s.discard)
        _number(buf, at["deck_size"], len(s.deck), n_cards)
        start, scale = at["dice"], 1.0 / rules.business_die_sides
        for i, face in zip(range(start, start + 4), s.dice, strict=False):
            if face:
                buf[i] = scaled(face, scale)
        _number(buf, at["page_die"], s.page_die, rules.page_die_sides)
        auction = s._auction_view()
        if auction:
            buf[at["auction"]] = 1.0
            lux = auction["luxury"]
            if isinstance(lux, int) and 0 <= lux < n_lux:
                buf[at["auction.luxury"] + lux] = 1.0
            _number(buf, at["auction.high"], auction["high"], MONEY_CAP)
            put_one(buf, at["auction.leader"], rel(auction["leader"]))
            put_one(buf, at["auction.bidder"], rel(auction["bidder"]))
            start = at["auction.queue"]
            for queued in auction["queue"]:  # the reference places these as seats: kept as it is
                at_seat = rel(queued)
                if at_seat is not None:
                    buf[start + at_seat] = 1.0
        if s.winner != NOBODY:
            put_one(buf, at["winner"], rel(s.winner))


def _number(buf: Any, slot: int, value: Any, high: float) -> None:
    if value:
        buf[slot] = number_value(value, high)


def _set(buf: Any, start: int, size: int, values: Any) -> None:
    for v in values:
        if 0 <= v < size:
            buf[start + v] = 1.0
