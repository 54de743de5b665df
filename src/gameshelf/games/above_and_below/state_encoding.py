"""Above and Below's tensor written straight from the state (see
``core.tensor.StateEncoder``): the same slots as ``encoding.write`` lays out
from the observation, which a test holds it equal to.

Incremental: the buffer is kept from one tensor to the next, and each part
is rewritten only when its source differs from the copy kept of it. The
villages (every villager, building, good and cave of every seat) are most
of the non-zero slots and a move changes one village or none, so each
seat's village is compared as a whole and, when it differs, field by field;
the score sheet (which ranks reputations across seats) is recomputed only
when a village changed; the table every seat sees alike (rows, decks,
slots, supply) is one part, the turn's bookkeeping (phase, seats, the offer)
another, and the task under way a third.

What is read follows ``redaction.observe``: deck orders only as sizes, the
cave deck's face-up top card, and of an encounter under way what
``task_view`` shows (thresholds and costs, never rewards)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from gameshelf.core.tensor import (
    StateEncoder,
    clear,
    count_value,
    number_value,
    put_one,
    relative_seat,
    scaled,
)
from gameshelf.games.above_and_below.components import GOODS
from gameshelf.games.above_and_below.encoding import COIN_CAP, OPTIONS, SEATS, _vocabs
from gameshelf.games.above_and_below.rules.explore import task_view
from gameshelf.games.above_and_below.rules.scoring import rank_bonuses, village_points

if TYPE_CHECKING:
    from gameshelf.core.protocol import Game, State
    from gameshelf.games.above_and_below.state import AboveAndBelowState
    from gameshelf.games.above_and_below.village import Village

_VILLAGE_FIELDS = ("coins", "reputation", "ready", "exhausted", "injured", "goods", "potions", "cider", "sale",
                   "track", "houses", "outposts", "caves", "card_goods", "passed", "income")
_SHEET = ("track", "buildings", "reputation", "cards", "total")


def _village_key(v: Village) -> tuple[Any, ...]:
    """Everything of a village its tensor part depends on (live containers:
    for comparing with a kept :func:`_village_copy`)."""
    return (v.coins, v.rep, v.ready, v.exhausted, v.injured, v.goods, v.potions, v.cider, v.sale, v.track,
            v.track_count, v.houses, v.outposts, v.caves, v.card_goods, v.passed)


def _village_copy(v: Village) -> tuple[Any, ...]:
    return (v.coins, v.rep, list(v.ready), list(v.exhausted), list(v.injured), list(v.goods), v.potions,
            v.cider, v.sale, list(v.track), list(v.track_count), list(v.houses), list(v.outposts),
            list(v.caves), dict(v.card_goods), v.passed)


#: the parts of the layout written by the turn's bookkeeping, the shared table and the task under way
_TURN = ("spectator", "seats", "round", "phase", "turn", "current", "start_player", "offer", "offer.seller",
         "offer.buyer", "offer.price", "flags.refreshed", "flags.sold")
#: the table in two parts that change apart: the building rows and decks (a purchase), and the
#: villager slots and the supply (hiring, harvests, trade)
_TABLE = ("house_row", "outpost_row", "star_row", "key_row", "decks.house", "decks.outpost", "decks.villager",
          "decks.cave", "cave_top")
_SUPPLY = ("slots", "slot_costs", "cider_on_board", "supply.goods", "supply.potion", "supply.cider", "specials")
_TASK = ("task.purpose", "task.villagers", "task.count", "task.cave", "task.paragraph", "task.dice", "task.lanterns",
         "task.option", "task.options.present", "task.options.threshold_low", "task.options.threshold_high",
         "task.options.cost", "task.options.bonus", "task.options.goto", "task.pushed", "task.rerolls", "task.bonus")
#: the village fields no score depends on (coins, passed): a change to only these keeps the village's points
_POINTLESS = frozenset({0, 14})
#: per entry of :func:`_village_key`, the village fields (indices into _VILLAGE_FIELDS) written from it
_FIELDS_OF_KEY = ((0,), (1,), (2,), (3,), (4,), (5,), (6,), (7,), (8,), (9, 15), (9, 15), (10, 15), (11, 15),
                  (12,), (13,), (14,))


class AboveAndBelowStateEncoder(StateEncoder):
    """Above and Below's tensor from an :class:`AboveAndBelowState`."""

    __slots__ = ("_at", "_ix", "_kept", "_n", "_points", "_ranks", "_reps", "_runs", "_sheet", "_sheet_at",
                 "_supply", "_supply_runs", "_table", "_table_runs", "_task_runs", "_tasked", "_turn", "_turn_runs",
                 "_village_runs")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self._at = self.slots
        v = _vocabs()
        self._n = {name: vocab.size for name, vocab in v.items()}
        self._ix = {name: vocab.index for name, vocab in v.items()}
        #: per relative seat, the copy of the village its slots were written from
        self._kept: list[tuple[Any, ...] | None] = [None] * SEATS
        #: per relative seat, its village's own points (``village_points``) and the sheet last written
        self._points: list[tuple[int, int, int, int] | None] = [None] * SEATS
        self._sheet: list[tuple[int, ...]] | None = None
        self._reps: list[int] = []
        self._ranks: list[int] = []
        self._sheet_at = tuple(self._at[f"scores.{key}"] for key in _SHEET)
        sizes = {"coins": 1, "reputation": 1, "ready": self._n["villagers"], "exhausted": self._n["villagers"],
                 "injured": self._n["villagers"], "goods": len(GOODS), "potions": 1, "cider": 1,
                 "sale": self._n["sale"], "track": len(GOODS), "houses": self._n["buildings"],
                 "outposts": self._n["buildings"], "caves": self._n["caves"], "card_goods": self._n["buildings"],
                 "passed": 1, "income": 1}
        #: per relative seat, per village field: its run (first, end, zeros)
        self._runs = [[(self._at[f] + k * sizes[f], self._at[f] + (k + 1) * sizes[f], self.zeros[:sizes[f]])
                       for f in _VILLAGE_FIELDS] for k in range(SEATS)]
        self._village_runs = [tuple(runs) for runs in self._runs]
        self._turn_runs, self._table_runs, self._task_runs = self.runs(*_TURN), self.runs(*_TABLE), self.runs(*_TASK)
        self._supply_runs = self.runs(*_SUPPLY)
        self._supply: tuple[Any, ...] | None = None
        self._turn: tuple[Any, ...] | None = None
        self._table: tuple[Any, ...] | None = None
        self._tasked = False  # whether the task part holds anything

    def _write_village(self, k: int, village: Village | None, comp: Any, key: tuple[Any, ...] = ()) -> None:
        """Bring relative seat ``k``'s village part up to date (``None``: no seat
        there): the fields whose source differs from the kept copy."""
        buf = self.buf
        before = self._kept[k]
        if village is None:
            clear(buf, self._village_runs[k])
            self._kept[k] = None
            self._points[k] = None
            return
        if before is None:
            fields: set[int] = set(range(len(_VILLAGE_FIELDS)))
        else:
            fields = set()
            for i, (new, old) in enumerate(zip(key or _village_key(village), before, strict=True)):
                if new != old:
                    fields.update(_FIELDS_OF_KEY[i])
        runs = self._runs[k]
        for f in fields:
            start, end, zeros = runs[f]
            buf[start:end] = zeros
            self._write_field(buf, f, start, village, comp)
        if before is None or fields - _POINTLESS:
            self._points[k] = village_points(comp, village)
        self._kept[k] = _village_copy(village)

    def _write_field(self, buf: Any, f: int, start: int, village: Village, comp: Any) -> None:
        """Village field ``f`` (of _VILLAGE_FIELDS) from its first slot ``start``."""
        ix = self._ix
        if f == 0:
            if village.coins:
                buf[start] = scaled(village.coins, 1.0 / COIN_CAP)
        elif f == 1:
            x = (village.rep + 5) * (1.0 / 15)
            if x > 0.0:
                buf[start] = x if x < 1.0 else 1.0
        elif f <= 4:
            _set(buf, start, ix["villagers"], (village.ready, village.exhausted, village.injured)[f - 2])
        elif f == 5:
            for i, count in enumerate(village.goods):
                if count:
                    buf[start + i] = count_value(count, 10)
        elif f == 6:
            if village.potions:
                buf[start] = scaled(village.potions, 0.1)
        elif f == 7:
            if village.cider:
                buf[start] = scaled(village.cider, 1.0 / 5)
        elif f == 8:
            put_one(buf, start, ix["sale"].get(village.sale))
        elif f == 9:
            for g in village.track:
                count = village.track_count[g]
                if count:
                    buf[start + g] = count_value(count, 5)
        elif f <= 12:
            _set(buf, start, ix["caves" if f == 12 else "buildings"],
                 (village.houses, village.outposts, village.caves)[f - 10])
        elif f == 13:
            index = ix["buildings"]
            for building, count in village.card_goods.items():
                place = index.get(building)
                if count and place is not None:
                    buf[start + place] = count_value(count, 3)
        elif f == 14:
            if village.passed:
                buf[start] = scaled(village.passed, 1.0)
        else:
            income = village.income(comp)
            if income:
                buf[start] = scaled(income, 1.0 / 12)

    def _write_sheets(self, s: AboveAndBelowState, order: list[int]) -> None:
        """The score sheet's fields (every seat's): each village's own points
        as kept by :meth:`_write_village`, the rank bonuses from every seat's
        reputation, as ``score_sheet`` adds them up."""
        buf, points = self.buf, self._points
        reps = [v.rep for v in s.villages]
        if reps != self._reps:  # ranking sorts and splits ties: only when a reputation moved
            self._reps, self._ranks = reps, rank_bonuses(s.comp, reps)
        ranks = self._ranks
        sheet = [(*points[k], ranks[p]) for k, p in enumerate(order)]  # type: ignore[misc]
        if sheet == self._sheet:
            return
        self._sheet = sheet
        for start in self._sheet_at:
            buf[start:start + SEATS] = self.zeros[:SEATS]
        track_at, buildings_at, reputation_at, cards_at, total_at = self._sheet_at
        for k, (track, buildings, reputation, cards, rank) in enumerate(sheet):
            reputation += rank
            for start, value in ((track_at, track), (buildings_at, buildings), (reputation_at, reputation),
                                 (cards_at, cards), (total_at, track + buildings + reputation + cards)):
                x = (value + 10) * (1.0 / 70)
                if x > 0.0:
                    buf[start + k] = x if x < 1.0 else 1.0

    def fill(self, state: State, seat: int | None) -> None:
        s: AboveAndBelowState = state  # type: ignore[assignment]
        comp = s.comp
        players = s.players
        first = seat or 0
        order = [(first + k) % players for k in range(players)][:SEATS]
        villages, kept = s.villages, self._kept
        changed = False
        for k in range(SEATS):
            village = villages[order[k]] if k < len(order) else None
            if village is None:
                if kept[k] is not None:
                    self._write_village(k, None, comp)
                    changed = True
            else:
                key = _village_key(village)
                if key != kept[k]:
                    self._write_village(k, village, comp, key)
                    changed = True
        if changed:
            self._write_sheets(s, order)
        turn = (seat, players, s.round, s.phase, s.turn, s.current_player, s.start_player, s.offer, s.refreshed,
                s.sold)
        if turn != self._turn:
            self._turn = turn
            self._write_turn(s, seat)
        table = (s.house_row, s.outpost_row, s.star_row, s.key_row, len(s.house_deck), len(s.outpost_deck),
                 len(s.villager_deck), len(s.cave_deck), s.cave_deck[0] if s.cave_deck else None)
        if table != self._table:
            self._table = (list(s.house_row), list(s.outpost_row), list(s.star_row), list(s.key_row), *table[4:])
            self._write_table(s)
        supply = (s.slots, s.cider_on_board, s.supply_goods, s.supply_potion, s.supply_cider, s.specials, comp)
        if supply != self._supply:
            self._supply = (list(s.slots), s.cider_on_board, list(s.supply_goods), s.supply_potion, s.supply_cider,
                            list(s.specials), comp)
            self._write_supply(s)
        if s.task is not None or self._tasked:  # an encounter's view changes at most steps: rewritten
            clear(self.buf, self._task_runs)
            self._tasked = s.task is not None
            if s.task is not None:
                self._task(self.buf, task_view(s) or {})

    def _write_turn(self, s: AboveAndBelowState, seat: int | None) -> None:
        """The viewer, the round, the phase, whose turn it is, the offer and the turn's flags."""
        buf, at, ix = self.buf, self._at, self._ix
        clear(buf, self._turn_runs)
        rel = functools.partial(relative_seat, viewer=seat or 0, players=s.players)
        self.write_viewer(seat, s.players, SEATS)
        if s.round:
            buf[at["round"]] = number_value(s.round, s.comp.tracks.rounds)
        put_one(buf, at["phase"], ix["phase"].get(s.phase))
        put_one(buf, at["turn"], rel(s.turn))
        put_one(buf, at["current"], rel(s.current_player))
        put_one(buf, at["start_player"], rel(s.start_player))
        if s.offer is not None:
            buf[at["offer"]] = 1.0
            seller, buyer, price = s.offer[0], s.offer[1], s.offer[2]
            put_one(buf, at["offer.seller"], rel(seller))
            put_one(buf, at["offer.buyer"], rel(buyer))
            if price:
                buf[at["offer.price"]] = number_value(price, 10)
        if s.refreshed:
            buf[at["flags.refreshed"]] = 1.0
        if s.sold:
            buf[at["flags.sold"]] = 1.0

    def _write_table(self, s: AboveAndBelowState) -> None:
        """The building rows, the decks' sizes and the cave deck's top card."""
        buf, at, ix = self.buf, self._at, self._ix
        clear(buf, self._table_runs)
        buildings = ix["buildings"]
        for row in ("house_row", "outpost_row", "star_row", "key_row"):
            _set(buf, at[row], buildings, getattr(s, row))
        for name in ("house", "outpost", "villager", "cave"):
            size = len(getattr(s, f"{name}_deck"))
            if size:
                buf[at[f"decks.{name}"]] = number_value(size, 30)
        if s.cave_deck:
            put_one(buf, at["cave_top"], ix["caves"].get(s.cave_deck[0]))

    def _write_supply(self, s: AboveAndBelowState) -> None:
        """The villager slots (and their costs) and the supply."""
        buf, at, ix, n = self.buf, self._at, self._ix, self._n
        clear(buf, self._supply_runs)
        villagers, count = ix["villagers"], n["villagers"]
        start = at["slots"]
        for base, villager in zip(range(start, start + 5 * count, count), s.slots, strict=False):
            i = villagers.get(villager)
            if i is not None:
                buf[base + i] = 1.0
        start = at["slot_costs"]
        for i, cost in zip(range(start, start + 5), s.comp.tracks.slot_costs, strict=False):
            if cost:
                buf[i] = scaled(cost, 1.0 / 6)
        if s.cider_on_board:
            buf[at["cider_on_board"]] = 1.0
        start = at["supply.goods"]
        for i, amount in enumerate(s.supply_goods):
            if amount:
                buf[start + i] = count_value(amount, 15)
        if s.supply_potion:
            buf[at["supply.potion"]] = number_value(s.supply_potion, 20)
        if s.supply_cider:
            buf[at["supply.cider"]] = number_value(s.supply_cider, 10)
        _set(buf, at["specials"], villagers, s.specials)

    def _task(self, buf: Any, task: dict[str, Any]) -> None:
        """The task under way, from the public view of it (``task_view``)."""
        at, ix = self._at, self._ix
        put_one(buf, at["task.purpose"], ix["purpose"].get(task.get("purpose")))
        _set(buf, at["task.villagers"], ix["villagers"], task.get("villagers") or ())
        _number(buf, at["task.count"], task.get("count"), 5)
        put_one(buf, at["task.cave"], ix["caves"].get(task.get("cave")))
        if task.get("paragraph") is not None:
            buf[at["task.paragraph"]] = 1.0
        start = at["task.dice"]
        for i, face in zip(range(start, start + 4), sorted(task.get("dice") or ()), strict=False):
            if face:
                buf[i] = scaled(face, 1.0 / 6)
        _number(buf, at["task.lanterns"], task.get("lanterns"), 12)
        put_one(buf, at["task.option"], ix["option"].get(task.get("option")))
        for k, option in enumerate(list(task.get("options") or ())[:OPTIONS]):
            if option:
                buf[at["task.options.present"] + k] = 1.0
            thresholds = option.get("thresholds") or [None]
            if thresholds[0]:
                buf[at["task.options.threshold_low"] + k] = scaled(thresholds[0], 0.1)
            if thresholds[-1]:
                buf[at["task.options.threshold_high"] + k] = scaled(thresholds[-1], 0.1)
            if option.get("cost"):
                buf[at["task.options.cost"] + k] = 1.0
            if option.get("bonuses"):
                buf[at["task.options.bonus"] + k] = 1.0
            goto = option.get("goto")
            if goto:
                buf[at["task.options.goto"] + k] = scaled(goto, 1.0)
        _set(buf, at["task.pushed"], ix["villagers"], task.get("pushed") or ())
        _number(buf, at["task.rerolls"], task.get("rerolls"), 3)
        _number(buf, at["task.bonus"], task.get("bonus"), 3)


def _number(buf: Any, slot: int, value: Any, high: float) -> None:
    if value:
        buf[slot] = number_value(value, high)


def _set(buf: Any, start: int, index: dict[Any, int], values: Any) -> None:
    for v in values:
        i = index.get(v)
        if i is not None:
            buf[start + i] = 1.0
