"""Pay Dirt's tensor written straight from the state (see
``core.tensor.StateEncoder``): the same slots as ``encoding.write`` lays out
from the redacted observation, which a test holds it equal to.

Incremental: the buffer is kept from one tensor to the next and each part
is rewritten only when its source differs from the copy kept of it. The
camps are three quarters of the slots (every machine, claim and gear slot
of every seat) and most moves change one part of one camp or nothing
there, so each seat's dirt on its machines, its kit (equipment, gear and
their durability), their wear, its claims and its crew are parts of their
own (a labour move changes the first and the third); so
are the board every seat sees alike (displays, deck sizes, discard piles),
in four parts that change apart, each seat's purse (cash and workers), the
turn's fields in two parts (what changes at a round's start: the viewer,
the round, the temperature, the head; and the phase, the seat to move, the
auction under way) and the rest (pile sizes, labour flags, the draft).

What is read follows ``redaction.observe``: a face-down tile only by its
kind, decks only by their sizes, the draft hand only for its holder, a kept
hardship only for its keeper (every other seat sees that one is kept).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from gameshelf.core.tensor import (
    StateEncoder,
    clear,
    layout,
    number_value,
    put_one,
    relative_seat,
    scaled,
)
from gameshelf.games.pay_dirt.board import EMPTY, Camp
from gameshelf.games.pay_dirt.components import KIND_CODES, MACHINES, ROWS, components
from gameshelf.games.pay_dirt.encoding import SEATS, SPACES, TILES, _vocabs

if TYPE_CHECKING:
    from gameshelf.core.protocol import Game, State
    from gameshelf.games.pay_dirt.state import PayDirtState

_SIXTH = 1.0 / 6  # wear and durability, as TensorWriter.numbers scales them
_AUCTION_PHASES = ("auction", "bidding", "acquire")
_MACHINE_SLOTS = ("camp.machine.wear", "camp.machine.busy", "camp.machine.repaired")
_GEAR_SLOTS = ("camp.gear.wear", "camp.gear.used", "camp.gear.repaired")
_PURSE_SCALES = (1.0 / 40, 1.0 / 60, 0.1, 0.1, 0.1)  # money, gold, workers, unused, idle (encoding.write's caps)


#: the parts of a camp kept apart (each with its own copy): a move that
#: pays or places workers leaves them all as they were, a labour move
#: changes the dirt on the machines and their wear, rarely the machines or
#: gear themselves, and those are most of a camp's slots.
_PARTS = ("spaces", "kit", "use", "claims", "crew")


def _part_copy(camp: Camp, part: int) -> tuple[Any, ...]:
    """What one part of a camp's slots depends on, every list copied, so later
    moves leave it as it was (``fill`` compares it with the camp's live
    lists; the wear's part holds the gear too, as an empty gear slot shows
    no wear)."""
    if part == 0:
        return ([list(r) for r in camp.rows],)
    if part == 1:
        return (list(camp.equip), list(camp.gear))
    if part == 2:
        return (list(camp.wear), list(camp.busy), list(camp.repaired), list(camp.gear))
    if part == 3:
        return (list(camp.claims), [list(t) for t in camp.claim_tiles])
    return (list(camp.personnel), list(camp.ongoing))


#: the board every seat sees alike, in parts that change apart (an auction
#: changes the display, a draft the hardship piles, a wash the revealed
#: tiles): per part, its fields.
_BOARD = (
    ("auction.equipment", "auction.personnel", "auction.claims", "auction.deck_sizes"),
    ("gear.display", "gear.deck_size", "gear.discard"),
    ("tiles.revealed",),
    ("hardships.deck_size", "hardships.discard"),
)


def _board_key(s: PayDirtState, part: int) -> tuple[Any, ...]:
    """What one board part depends on (live lists, against a kept :func:`_board_copy`)."""
    if part == 0:
        return (s.display, tuple(map(len, s.decks)))
    if part == 1:
        return (s.gear_display, len(s.gear_deck), s.gear_discard)
    if part == 2:
        return (s.tile_discard, s.tile_gold)
    return (len(s.hardship_deck), s.hardship_discard)


def _board_copy(s: PayDirtState, part: int) -> tuple[Any, ...]:
    if part == 0:
        return ([list(row) for row in s.display], tuple(map(len, s.decks)))
    if part == 1:
        return (list(s.gear_display), len(s.gear_deck), list(s.gear_discard))
    if part == 2:
        return ([list(pile) for pile in s.tile_discard], list(s.tile_gold))
    return (len(s.hardship_deck), list(s.hardship_discard))


#: the fields written by the turn's two parts (the viewer and the round; the phase, the auction under way) and by
#: the rest (the piles' sizes, the labour flags, the draft, the sweeps): each rewritten when its source changed
_STABLE = ("spectator", "seats", "round", "temperature", "final_round", "head")
_TURN = ("phase", "current", "auction.no_bid",
         "auction.auctioneer", "auction.events_done", "auction.lot.row", "auction.lot.slot", "auction.high_bid",
         "auction.high_bidder", "auction.active", "auction.won", "pending.kind", "pending.player", "pending.item",
         "pending.left")
_REST = ("tiles.draw_sizes", "labor.buying", "labor.ended", "hardships.draft_order", "hardships.holder",
         "hardships.hand_size", "hardships.hand", "hardships.kept", "hardships.kept.own", "swept")


class PayDirtStateEncoder(StateEncoder):
    """Pay Dirt's tensor from a :class:`PayDirtState`."""

    __slots__ = ("_at", "_board", "_board_runs", "_kept", "_kind", "_live", "_n", "_phase", "_purse", "_purses",
                 "_rest", "_rest_runs", "_runs", "_stable", "_stable_runs", "_turn", "_turn_lists", "_turn_runs",
                 "_use_at", "_zeros")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        comp = components()
        v = _vocabs()
        self._n = {name: vocab.size for name, vocab in v.items()}
        self._at = self.slots
        self._kind = list(comp.tile_kind)  # tile id -> its kind, which is its slot (KIND_CODES order)
        #: what each relative seat's purse, the turn's fields and the rest were last written from
        self._purses: list[tuple[int, int, int, int, int] | None] = [None] * SEATS
        self._live = 0  # how many relative seats hold a camp (the rest are emptied)
        self._stable: tuple[Any, ...] | None = None
        self._stable_runs = self.runs(*_STABLE)
        self._turn: tuple[Any, ...] | None = None
        self._turn_lists: tuple[list[bool], list[bool]] = ([], [])
        self._turn_runs = self.runs(*_TURN)
        self._rest: tuple[Any, ...] | None = None
        self._rest_runs = self.runs(*_REST)
        #: per relative seat, per part: the copy its slots in the base were written from
        self._kept: list[list[tuple[Any, ...] | None]] = [[None] * len(_PARTS) for _ in range(SEATS)]
        self._runs = [self._camp_runs(k) for k in range(SEATS)]
        #: per relative seat, per machine then gear slot: its wear, busy (used) and repaired slots
        self._use_at = [[tuple(self._at[name] + k * len(MACHINES) + m for name in _MACHINE_SLOTS)
                         for m in range(len(MACHINES))]
                        + [tuple(self._at[name] + k * 2 + g for name in _GEAR_SLOTS) for g in range(2)]
                        for k in range(SEATS)]
        self._purse = [tuple(self._at[f"camp.{key}"] + k for key in ("money", "gold", "workers", "unused", "idle"))
                       for k in range(SEATS)]
        self._phase = v["phase"].index
        self._board: list[tuple[Any, ...] | None] = [None] * len(_BOARD)
        fields = {f.name: (f.start, f.size) for f in layout(game)}
        self._board_runs = [[fields[name] for name in names] for names in _BOARD]
        #: zeros of every run's length, made once (a slice of zeros per run was a new array each time)
        self._zeros = {size: self.zeros[:size] for runs in (*self._board_runs, *(r for k in self._runs for r in k))
                       for _, size in runs}

    def _camp_runs(self, k: int) -> list[list[tuple[int, int]]]:
        """Per part, the (first slot, length) runs of relative seat ``k``'s camp."""
        at, n = self._at, self._n
        claims = components().rules.max_claims
        per_machine = len(MACHINES)
        spaces = [
            (at["camp.machine.spaces"] + k * per_machine * SPACES * n["kind"], per_machine * SPACES * n["kind"]),
        ]
        kit = [
            (at["camp.machine.equipment"] + k * per_machine * n["equipment"], per_machine * n["equipment"]),
            (at["camp.machine.durability"] + k * per_machine, per_machine),
            (at["camp.gear.id"] + k * 2 * n["gear"], 2 * n["gear"]),
            (at["camp.gear.durability"] + k * 2, 2),
        ]
        use = [
            *((at[f"camp.machine.{key}"] + k * per_machine, per_machine) for key in ("wear", "busy", "repaired")),
            *((at[f"camp.gear.{key}"] + k * 2, 2) for key in ("wear", "used", "repaired")),
        ]
        held = [
            (at["camp.claim.id"] + k * claims * n["claims"], claims * n["claims"]),
            (at["camp.claim.tiles"] + k * claims * TILES * n["kind"], claims * TILES * n["kind"]),
            (at["camp.claim.ordered"] + k * claims, claims),
        ]
        crew = [
            (at["camp.personnel"] + k * n["personnel"], n["personnel"]),
            (at["camp.ongoing"] + k * n["hardships"], n["hardships"]),
        ]
        return [spaces, kit, use, held, crew]

    def _write_part(self, k: int, part: int, camp: Camp | None) -> None:
        """Rewrite one part of relative seat ``k``'s camp in the base (``None``: no seat there)."""
        if part == 2 and camp is not None:
            self._write_use(k, camp)
            return
        buf, zeros = self.buf, self._zeros
        for start, size in self._runs[k][part]:
            buf[start:start + size] = zeros[size]
        if camp is None:
            self._kept[k][part] = None
            return
        self._kept[k][part] = _part_copy(camp, part)
        if part == 0:
            self._spaces(buf, k, camp)
        elif part == 1:
            self._kit(buf, k, camp)
        elif part == 3:
            self._claims(buf, k, camp)
        else:
            at, n = self._at, self._n
            _set(buf, at["camp.personnel"] + k * n["personnel"], n["personnel"], camp.personnel)
            _set(buf, at["camp.ongoing"] + k * n["hardships"], n["hardships"], camp.ongoing)

    def _spaces(self, buf: Any, k: int, camp: Camp) -> None:
        """The dirt on relative seat ``k``'s machines, by kind."""
        at, kind, n_kind = self._at, self._kind, self._n["kind"]
        for m in range(len(MACHINES)):
            base = at["camp.machine.spaces"] + (k * len(MACHINES) + m) * SPACES * n_kind
            for place, t in zip(range(base, base + SPACES * n_kind, n_kind), camp.rows[m], strict=False):
                if t != EMPTY:
                    buf[place + kind[t]] = 1.0

    def _kit(self, buf: Any, k: int, camp: Camp) -> None:
        """Relative seat ``k``'s equipment and gear, and their durability."""
        at, n, comp = self._at, self._n, components()
        n_eq, n_gear = n["equipment"], n["gear"]
        for m in range(len(MACHINES)):
            slot = k * len(MACHINES) + m
            e = camp.equip[m]
            if 0 <= e < n_eq:
                buf[at["camp.machine.equipment"] + slot * n_eq + e] = 1.0
            x = camp.durability(comp, m)
            if x:
                buf[at["camp.machine.durability"] + slot] = scaled(x, _SIXTH)
        for g in range(2):
            gear = camp.gear[g]
            if gear == EMPTY:
                continue
            slot = k * 2 + g
            if 0 <= gear < n_gear:
                buf[at["camp.gear.id"] + slot * n_gear + gear] = 1.0
            x = camp.durability(comp, 3 + g)
            if x:
                buf[at["camp.gear.durability"] + slot] = scaled(x, _SIXTH)

    def _write_use(self, k: int, camp: Camp) -> None:
        """:meth:`_write_part` for the wear's part (the camp part a labour move
        changes most): its fifteen slots each written with its value or 0,
        which costs less than clearing its six runs and writing the rest."""
        self._kept[k][2] = _part_copy(camp, 2)
        buf = self.buf
        wear, busy, repaired, gear = camp.wear, camp.busy, camp.repaired, camp.gear
        for target, (w, b, r) in enumerate(self._use_at[k]):
            if target >= len(MACHINES) and gear[target - len(MACHINES)] == EMPTY:  # no gear: no wear shown
                buf[w] = buf[b] = buf[r] = 0.0
                continue
            x = wear[target]
            buf[w] = scaled(x, _SIXTH) if x else 0.0
            buf[b] = 1.0 if busy[target] else 0.0
            buf[r] = 1.0 if repaired[target] else 0.0

    def _claims(self, buf: Any, k: int, camp: Camp) -> None:
        at, n, kind, comp = self._at, self._n, self._kind, components()
        n_kind, claims, n_claims = n["kind"], comp.rules.max_claims, n["claims"]
        for c, (claim, tiles) in enumerate(zip(camp.claims[:claims], camp.claim_tiles, strict=False)):
            slot = k * claims + c
            if 0 <= claim < n_claims:
                buf[at["camp.claim.id"] + slot * n_claims + claim] = 1.0
            base = at["camp.claim.tiles"] + slot * TILES * n_kind
            for place, t in zip(range(base, base + TILES * n_kind, n_kind), tiles, strict=False):
                buf[place + kind[t]] = 1.0
            if comp.claims[claim].ordered:
                buf[at["camp.claim.ordered"] + slot] = 1.0

    def _write_board(self, s: PayDirtState, part: int) -> None:
        """One part of the board every seat sees alike (:data:`_BOARD`) into the base."""
        buf, at, n, zeros = self.buf, self._at, self._n, self._zeros
        for start, size in self._board_runs[part]:
            buf[start:start + size] = zeros[size]
        self._board[part] = _board_copy(s, part)
        if part == 0:
            size = components().rules.display_size
            for r, name in enumerate(("equipment", "personnel", "claims")):
                if r < len(s.display):
                    start, count = at[f"auction.{name}"], n[name]
                    for base, x in zip(range(start, start + size * count, count), s.display[r], strict=False):
                        if 0 <= x < count:
                            buf[base + x] = 1.0
            _lengths(buf, at["auction.deck_sizes"], s.decks, len(ROWS), 20)
        elif part == 1:
            start, count = at["gear.display"], n["gear"]
            for base, g in zip(range(start, start + components().rules.gear_display * count, count),
                               s.gear_display, strict=False):
                if 0 <= g < count:
                    buf[base + g] = 1.0
            _number(buf, at["gear.deck_size"], len(s.gear_deck), count)
            _set(buf, at["gear.discard"], count, s.gear_discard)
        elif part == 2:  # of the tiles only their kinds, and the gold of those worked (revealed)
            start, count, gold = at["tiles.revealed"], n["gold"], s.tile_gold
            for base, pile in zip(range(start, start + len(KIND_CODES) * count, count), s.tile_discard,
                                  strict=False):
                counts: dict[int, int] = {}
                for t in pile:
                    value = gold[t]
                    counts[value] = counts.get(value, 0) + 1
                for value, c in counts.items():
                    if 0 <= value < count:
                        buf[base + value] = number_value(c, 9)
        else:
            count = n["hardships"]
            _number(buf, at["hardships.deck_size"], len(s.hardship_deck), count)
            _set(buf, at["hardships.discard"], count, s.hardship_discard)

    def fill(self, state: State, seat: int | None) -> None:
        s: PayDirtState = state  # type: ignore[assignment]
        players = s.players
        first = seat or 0
        order = [(first + k) % players for k in range(players)]
        camps, kept = s.camps, self._kept
        live = min(players, SEATS)
        if live != self._live:  # a new player count: the seats beyond it emptied, once
            for k in range(live, SEATS):
                for part, copy in enumerate(kept[k]):
                    if copy is not None:
                        self._write_part(k, part, None)
                if self._purses[k] is not None:
                    self._write_purse(k, None)
            self._live = live
        # each part of each live camp against its copy (inlined: 15 comparisons a tensor, a call each cost more)
        write, purses = self._write_part, self._purses
        for k in range(live):
            camp = camps[order[k]]
            held = kept[k]
            c = held[0]
            if c is None or c[0] != camp.rows:
                write(k, 0, camp)
            c = held[1]
            if c is None or c[0] != camp.equip or c[1] != camp.gear:
                write(k, 1, camp)
            c = held[2]
            if c is None or c[0] != camp.wear or c[1] != camp.busy or c[2] != camp.repaired or c[3] != camp.gear:
                write(k, 2, camp)
            c = held[3]
            if c is None or c[0] != camp.claims or c[1] != camp.claim_tiles:
                write(k, 3, camp)
            c = held[4]
            if c is None or c[0] != camp.personnel or c[1] != camp.ongoing:
                write(k, 4, camp)
            purse = (camp.money, camp.gold, camp.workers, camp.unused, camp.idle)
            if purse != purses[k]:
                self._write_purse(k, purse)
        for part, copy in enumerate(self._board):
            if copy is None or _board_key(s, part) != copy:
                self._write_board(s, part)
        # the turn's fields in two parts: what changes at a round's start, and the rest
        stable = (seat, players, s.round, s.temperature, s.final_round, s.head)
        if stable != self._stable:
            self._stable = stable
            self._write_stable(s, seat)
        turn = (seat, players, s.phase, s.current_player, s.no_bid, s.auctioneer, s.events_done, s.lot, s.high_bid,
                s.high_bidder, s.pending, s.pending_player, s.pending_item, s.pending_left)
        if turn != self._turn or s.active != self._turn_lists[0] or s.won != self._turn_lists[1]:
            self._turn, self._turn_lists = turn, (list(s.active), list(s.won))
            self._write_turn(s, seat, order)
        phase = s.phase
        laboring, drafting = phase == "gear" or phase == "work", phase == "draft"
        rest = (seat, players, laboring, drafting, s.draft_pos, tuple(map(len, s.tile_draw)),
                laboring and [w > 0 for w in s.gear_workers], laboring and s.ended, s.draft_order, s.draft_hand,
                s.kept, s.swept)
        if rest != self._rest:
            self._rest = (*rest[:6], laboring and rest[6], laboring and list(s.ended), list(s.draft_order),
                          list(s.draft_hand), list(s.kept), list(s.swept))
            self._write_rest(s, seat, order)

    def _write_purse(self, k: int, purse: tuple[int, int, int, int, int] | None) -> None:
        """Relative seat ``k``'s money, gold and workers (unused, idle); ``None``: no seat there."""
        buf = self.buf
        before = self._purses[k] or (None,) * 5
        self._purses[k] = purse
        for slot, x, old, scale in zip(self._purse[k], purse or (0,) * 5, before, _PURSE_SCALES, strict=True):
            if x != old:  # a move changes one or two of the five
                buf[slot] = scaled(x, scale)  # 0 for none

    def _write_stable(self, s: PayDirtState, seat: int | None) -> None:
        """The viewer, the round, the temperature and the head of the table."""
        buf, at = self.buf, self._at
        clear(buf, self._stable_runs)
        self.write_viewer(seat, s.players, SEATS)
        _number(buf, at["round"], s.round, 12)
        _number(buf, at["temperature"], s.temperature, 20, -5)
        if s.final_round:
            buf[at["final_round"]] = 1.0
        put_one(buf, at["head"], relative_seat(s.head, seat or 0, s.players))

    def _write_turn(self, s: PayDirtState, seat: int | None, order: list[int]) -> None:
        """The phase, whose turn it is and the auction under way."""
        buf, at, n = self.buf, self._at, self._n
        clear(buf, self._turn_runs)
        players = s.players
        rel = functools.partial(relative_seat, viewer=seat or 0, players=players)
        put_one(buf, at["phase"], self._phase.get(s.phase))
        put_one(buf, at["current"], rel(s.current_player))
        phase = s.phase
        if s.no_bid is not None and 0 <= s.no_bid < len(ROWS):
            buf[at["auction.no_bid"] + s.no_bid] = 1.0
        if phase in _AUCTION_PHASES:
            put_one(buf, at["auction.auctioneer"], rel(s.auctioneer))
        _number(buf, at["auction.events_done"], s.events_done, 6)
        if phase == "bidding":
            size = components().rules.display_size
            lot = s.lot or (None, None)
            if lot[0] is not None and 0 <= lot[0] < len(ROWS):
                buf[at["auction.lot.row"] + lot[0]] = 1.0
            if lot[1] is not None and 0 <= lot[1] < size:
                buf[at["auction.lot.slot"] + lot[1]] = 1.0
            _number(buf, at["auction.high_bid"], s.high_bid, components().rules.bid_cap)
            put_one(buf, at["auction.high_bidder"], rel(s.high_bidder))
            _flags(buf, at["auction.active"], s.active, order)
        _flags(buf, at["auction.won"], s.won, order)
        if phase == "acquire":
            put_one(buf, at["pending.kind"], {"equipment": 0, "scrap-wear": 1}.get(s.pending))
            put_one(buf, at["pending.player"], rel(s.pending_player))
            item = s.pending_item
            if item is not None and 0 <= item < n["equipment"]:
                buf[at["pending.item"] + item] = 1.0
            _number(buf, at["pending.left"], s.pending_left, 5)

    def _write_rest(self, s: PayDirtState, seat: int | None, order: list[int]) -> None:
        """The tile piles' sizes, the labour phase's flags, the hardship draft and the sweeps."""
        buf, at, n = self.buf, self._at, self._n
        clear(buf, self._rest_runs)
        players = s.players
        rel = functools.partial(relative_seat, viewer=seat or 0, players=players)
        phase = s.phase
        _lengths(buf, at["tiles.draw_sizes"], s.tile_draw, len(KIND_CODES), 25)
        if phase in ("gear", "work"):
            _flags(buf, at["labor.buying"], [w > 0 for w in s.gear_workers], order)
            _flags(buf, at["labor.ended"], s.ended, order)
        count = n["hardships"]
        if phase == "draft":
            start = at["hardships.draft_order"]
            for k, who in enumerate(s.draft_order):
                place = rel(who)
                if place is not None:
                    buf[start + place] = scaled(k + 1, 1.0 / SEATS)
            holder = s.draft_order[s.draft_pos]
            put_one(buf, at["hardships.holder"], rel(holder))
            _number(buf, at["hardships.hand_size"], len(s.draft_hand), 5)
            if holder == seat:
                _set(buf, at["hardships.hand"], count, s.draft_hand)
        start = at["hardships.kept"]
        for k in range(min(players, SEATS)):
            if s.kept[order[k]] != EMPTY:
                buf[start + k] = 1.0
        own = s.kept[order[0]] if seat is not None else EMPTY
        if own != EMPTY and 0 <= own < count:
            buf[at["hardships.kept.own"] + own] = 1.0
        start = at["swept"]
        for k in range(min(players, SEATS)):
            x = s.swept[order[k]] + 1
            if x:
                buf[start + k] = scaled(x, 0.25)


def _number(buf: Any, slot: int, value: Any, high: float, low: float = 0) -> None:
    if value or (low and value is not None and value is not False):
        buf[slot] = number_value(value, high, low)


def _set(buf: Any, start: int, size: int, values: Any) -> None:
    for v in values:
        if 0 <= v < size:
            buf[start + v] = 1.0


def _lengths(buf: Any, start: int, piles: Any, size: int, high: float) -> None:
    """A run of pile sizes, as ``TensorWriter.numbers`` scales them."""
    scale = 1.0 / high
    for i, pile in zip(range(start, start + size), piles, strict=False):
        if pile:
            buf[i] = scaled(len(pile), scale)


def _flags(buf: Any, start: int, values: Any, order: list[int]) -> None:
    """Per relative seat, 1 where ``values`` (per absolute seat) is true."""
    for k, seat in enumerate(order[:SEATS]):
        if values[seat]:
            buf[start + k] = 1.0
