"""Pay Dirt's tensor written straight from the state (see
``core.tensor.StateEncoder``): the same slots as ``encoding.write`` lays out
from the redacted observation, which a test holds it equal to.

Incremental where it is cheap: the camps are three quarters of the work
(every machine, claim and gear slot of every seat) and most moves change
one camp or none, so each seat's part of the camp fields is kept in a base
tensor with a copy of the camp it was written from, and rewritten only when
the camp differs from that copy. The rest (the auction, the draft, the
decks) is written afresh each time.

What is read follows ``redaction.observe``: a face-down tile only by its
kind, decks only by their sizes, the draft hand only for its holder, a kept
hardship only for its keeper (every other seat sees that one is kept).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.core.tensor import StateEncoder, number_value, scaled
from gameshelf.games.pay_dirt.board import EMPTY, Camp
from gameshelf.games.pay_dirt.components import KIND_CODES, MACHINES, ROWS, components
from gameshelf.games.pay_dirt.encoding import SEATS, SPACES, TILES, _vocabs

if TYPE_CHECKING:
    from gameshelf.core.protocol import Game, State
    from gameshelf.games.pay_dirt.state import PayDirtState

_SIXTH = 1.0 / 6  # wear and durability, as TensorWriter.numbers scales them
_AUCTION_PHASES = ("auction", "bidding", "acquire")


def _camp_key(camp: Camp) -> tuple[Any, ...]:
    """Everything of a camp its tensor part depends on (live lists: for
    comparing with a kept :func:`_camp_copy`)."""
    return (camp.money, camp.gold, camp.workers, camp.unused, camp.idle, camp.rows, camp.wear, camp.equip,
            camp.claims, camp.claim_tiles, camp.gear, camp.personnel, camp.ongoing, camp.busy, camp.repaired)


def _camp_copy(camp: Camp) -> tuple[Any, ...]:
    """:func:`_camp_key` with every list copied, so later moves leave it as it was."""
    return (camp.money, camp.gold, camp.workers, camp.unused, camp.idle, [list(r) for r in camp.rows],
            list(camp.wear), list(camp.equip), list(camp.claims), [list(t) for t in camp.claim_tiles],
            list(camp.gear), list(camp.personnel), list(camp.ongoing), list(camp.busy), list(camp.repaired))


class PayDirtStateEncoder(StateEncoder):
    """Pay Dirt's tensor from a :class:`PayDirtState`."""

    __slots__ = ("_at", "_base", "_kept", "_kind", "_n", "_phase", "_revealed", "_runs")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        comp = components()
        v = _vocabs()
        self._n = {name: vocab.size for name, vocab in v.items()}
        self._at = self.slots
        self._kind = [KIND_CODES.index(KIND_CODES[k]) for k in comp.tile_kind]  # tile id -> kind slot
        self._base = self.zeros[:]
        self._kept: list[tuple[Any, ...] | None] = [None] * SEATS
        self._runs = [self._camp_runs(k) for k in range(SEATS)]
        self._revealed: tuple[list[list[int]], list[int], list[tuple[int, float]]] | None = None
        self._phase = v["phase"].index

    def _camp_runs(self, k: int) -> list[tuple[int, int]]:
        """The (first slot, length) runs of relative seat ``k``'s camp part."""
        at, n = self._at, self._n
        claims = components().rules.max_claims
        per_machine = len(MACHINES)
        runs = [(at[f"camp.{key}"] + k, 1) for key in ("money", "gold", "workers", "unused", "idle")]
        runs += [
            (at["camp.machine.equipment"] + k * per_machine * n["equipment"], per_machine * n["equipment"]),
            (at["camp.machine.spaces"] + k * per_machine * SPACES * n["kind"], per_machine * SPACES * n["kind"]),
            *((at[f"camp.machine.{key}"] + k * per_machine, per_machine)
              for key in ("wear", "durability", "busy", "repaired")),
            (at["camp.claim.id"] + k * claims * n["claims"], claims * n["claims"]),
            (at["camp.claim.tiles"] + k * claims * TILES * n["kind"], claims * TILES * n["kind"]),
            (at["camp.claim.ordered"] + k * claims, claims),
            (at["camp.gear.id"] + k * 2 * n["gear"], 2 * n["gear"]),
            *((at[f"camp.gear.{key}"] + k * 2, 2) for key in ("wear", "durability", "used", "repaired")),
            (at["camp.personnel"] + k * n["personnel"], n["personnel"]),
            (at["camp.ongoing"] + k * n["hardships"], n["hardships"]),
        ]
        return runs

    def _write_camp(self, k: int, camp: Camp | None) -> None:
        """Rewrite relative seat ``k``'s camp part of the base (``None``: no seat there)."""
        buf, at, n, kind = self._base, self._at, self._n, self._kind
        zeros = self.zeros
        for start, size in self._runs[k]:
            buf[start:start + size] = zeros[:size]
        if camp is None:
            self._kept[k] = None
            return
        self._kept[k] = _camp_copy(camp)
        comp = components()
        for key, cap in (("money", 40), ("gold", 60), ("workers", 10), ("unused", 10), ("idle", 10)):
            x = getattr(camp, key)
            if x:
                buf[at[f"camp.{key}"] + k] = scaled(x, 1.0 / cap)
        n_eq, n_kind = n["equipment"], n["kind"]
        for m in range(len(MACHINES)):
            slot = k * len(MACHINES) + m
            e = camp.equip[m]
            if 0 <= e < n_eq:
                buf[at["camp.machine.equipment"] + slot * n_eq + e] = 1.0
            base = at["camp.machine.spaces"] + slot * SPACES * n_kind
            for place, t in zip(range(base, base + SPACES * n_kind, n_kind), camp.rows[m], strict=False):
                if t != EMPTY:
                    buf[place + kind[t]] = 1.0
            self._wear(buf, "camp.machine", slot, camp, m, comp)
        claims = comp.rules.max_claims
        n_claims = n["claims"]
        for c, (claim, tiles) in enumerate(zip(camp.claims[:claims], camp.claim_tiles, strict=False)):
            slot = k * claims + c
            if 0 <= claim < n_claims:
                buf[at["camp.claim.id"] + slot * n_claims + claim] = 1.0
            base = at["camp.claim.tiles"] + slot * TILES * n_kind
            for place, t in zip(range(base, base + TILES * n_kind, n_kind), tiles, strict=False):
                buf[place + kind[t]] = 1.0
            if comp.claims[claim].ordered:
                buf[at["camp.claim.ordered"] + slot] = 1.0
        n_gear = n["gear"]
        for g in range(2):
            gear = camp.gear[g]
            if gear == EMPTY:
                continue
            slot = k * 2 + g
            if 0 <= gear < n_gear:
                buf[at["camp.gear.id"] + slot * n_gear + gear] = 1.0
            self._wear(buf, "camp.gear", slot, camp, 3 + g, comp)
        _set(buf, at["camp.personnel"] + k * n["personnel"], n["personnel"], camp.personnel)
        _set(buf, at["camp.ongoing"] + k * n["hardships"], n["hardships"], camp.ongoing)

    def _reveal(self, s: PayDirtState) -> tuple[list[list[int]], list[int], list[tuple[int, float]]]:
        """The slots of ``tiles.revealed`` (gold counts per kind), kept with
        copies of the discard piles and of the tiles' gold they come from
        (a pile grows only when a tile is worked)."""
        start, count, gold = self._at["tiles.revealed"], self._n["gold"], s.tile_gold
        writes: list[tuple[int, float]] = []
        for base, pile in zip(range(start, start + len(KIND_CODES) * count, count), s.tile_discard, strict=False):
            counts: dict[int, int] = {}
            for t in pile:
                value = gold[t]
                counts[value] = counts.get(value, 0) + 1
            writes += [(base + value, number_value(c, 9)) for value, c in counts.items() if 0 <= value < count]
        return [list(pile) for pile in s.tile_discard], list(gold), writes

    def _wear(self, buf: Any, part: str, slot: int, camp: Camp, target: int, comp: Any) -> None:
        """Wear, durability, busy (``used`` for gear) and repaired of one machine or gear slot."""
        at = self._at
        x = camp.wear[target]
        if x:
            buf[at[f"{part}.wear"] + slot] = scaled(x, _SIXTH)
        x = camp.durability(comp, target)
        if x:
            buf[at[f"{part}.durability"] + slot] = scaled(x, _SIXTH)
        if camp.busy[target]:
            buf[at[f"{part}.busy" if target < 3 else f"{part}.used"] + slot] = 1.0
        if camp.repaired[target]:
            buf[at[f"{part}.repaired"] + slot] = 1.0

    def fill(self, state: State, seat: int | None) -> None:
        s: PayDirtState = state  # type: ignore[assignment]
        at, n = self._at, self._n
        players = s.players
        first = seat or 0
        order = [(first + k) % players for k in range(players)]
        camps, kept = s.camps, self._kept
        for k in range(SEATS):
            camp = camps[order[k]] if k < players else None
            if camp is None:
                if kept[k] is not None:
                    self._write_camp(k, None)
            elif kept[k] is None or _camp_key(camp) != kept[k]:
                self._write_camp(k, camp)
        buf = self.buf
        buf[:] = self._base

        def rel(who: int | None) -> int | None:
            if who is None or not 0 <= who < players:
                return None
            return (who - first) % players

        if seat is None:
            buf[at["spectator"]] = 1.0
        if 1 <= players <= SEATS:
            buf[at["seats"] + players - 1] = 1.0
        _number(buf, at["round"], s.round, 12)
        _number(buf, at["temperature"], s.temperature, 20, -5)
        if s.final_round:
            buf[at["final_round"]] = 1.0
        _one(buf, at["phase"], self._phase.get(s.phase))
        _one(buf, at["head"], rel(s.head))
        _one(buf, at["current"], rel(s.current_player))
        phase = s.phase
        bidding = phase == "bidding"
        # the auction
        size = components().rules.display_size
        for r, name in enumerate(("equipment", "personnel", "claims")):
            if r < len(s.display):
                start, count = at[f"auction.{name}"], n[name]
                for base, x in zip(range(start, start + size * count, count), s.display[r], strict=False):
                    if 0 <= x < count:
                        buf[base + x] = 1.0
        _lengths(buf, at["auction.deck_sizes"], s.decks, len(ROWS), 20)
        if s.no_bid is not None and 0 <= s.no_bid < len(ROWS):
            buf[at["auction.no_bid"] + s.no_bid] = 1.0
        if phase in _AUCTION_PHASES:
            _one(buf, at["auction.auctioneer"], rel(s.auctioneer))
        _number(buf, at["auction.events_done"], s.events_done, 6)
        if bidding:
            lot = s.lot or (None, None)
            if lot[0] is not None and 0 <= lot[0] < len(ROWS):
                buf[at["auction.lot.row"] + lot[0]] = 1.0
            if lot[1] is not None and 0 <= lot[1] < size:
                buf[at["auction.lot.slot"] + lot[1]] = 1.0
            _number(buf, at["auction.high_bid"], s.high_bid, components().rules.bid_cap)
            _one(buf, at["auction.high_bidder"], rel(s.high_bidder))
            _flags(buf, at["auction.active"], s.active, order)
        _flags(buf, at["auction.won"], s.won, order)
        if phase == "acquire":
            _one(buf, at["pending.kind"], {"equipment": 0, "scrap-wear": 1}.get(s.pending))
            _one(buf, at["pending.player"], rel(s.pending_player))
            item = s.pending_item
            if item is not None and 0 <= item < n["equipment"]:
                buf[at["pending.item"] + item] = 1.0
            _number(buf, at["pending.left"], s.pending_left, 5)
        # gear and labour
        start, count = at["gear.display"], n["gear"]
        for base, g in zip(range(start, start + components().rules.gear_display * count, count),
                           s.gear_display, strict=False):
            if 0 <= g < count:
                buf[base + g] = 1.0
        _number(buf, at["gear.deck_size"], len(s.gear_deck), count)
        _set(buf, at["gear.discard"], count, s.gear_discard)
        if phase in ("gear", "work"):
            _flags(buf, at["labor.buying"], [w > 0 for w in s.gear_workers], order)
            _flags(buf, at["labor.ended"], s.ended, order)
        # tiles: only their kinds and the gold of revealed ones
        _lengths(buf, at["tiles.draw_sizes"], s.tile_draw, len(KIND_CODES), 25)
        revealed = self._revealed
        if revealed is None or s.tile_discard != revealed[0] or s.tile_gold != revealed[1]:
            revealed = self._revealed = self._reveal(s)
        for slot, value in revealed[2]:
            buf[slot] = value
        # hardships
        count = n["hardships"]
        _number(buf, at["hardships.deck_size"], len(s.hardship_deck), count)
        _set(buf, at["hardships.discard"], count, s.hardship_discard)
        drafting = phase == "draft"
        if drafting:
            start = at["hardships.draft_order"]
            for k, who in enumerate(s.draft_order):
                place = rel(who)
                if place is not None:
                    buf[start + place] = scaled(k + 1, 1.0 / SEATS)
            holder = s.draft_order[s.draft_pos]
            _one(buf, at["hardships.holder"], rel(holder))
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


def _one(buf: Any, start: int, i: int | None) -> None:
    if i is not None:
        buf[start + i] = 1.0


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
