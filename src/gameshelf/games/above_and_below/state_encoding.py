"""Above and Below's tensor written straight from the state (see
``core.tensor.StateEncoder``): the same slots as ``encoding.write`` lays out
from the observation, which a test holds it equal to.

Incremental where it is cheap: the villages (every villager, building,
good and cave of every seat) are most of the non-zero slots and a move
changes one village or none, so each seat's village part is kept in a base
tensor with a copy of the village it was written from, and the score sheet
(which ranks reputations across seats) is recomputed only when a village
changed. The rest is written afresh each time.

What is read follows ``redaction.observe``: deck orders only as sizes, the
cave deck's face-up top card, and of an encounter under way what
``task_view`` shows (thresholds and costs, never rewards).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from gameshelf.core.tensor import (
    StateEncoder,
    count_value,
    number_value,
    put_one,
    relative_seat,
    scaled,
)
from gameshelf.games.above_and_below.components import GOODS
from gameshelf.games.above_and_below.encoding import COIN_CAP, OPTIONS, SEATS, _vocabs
from gameshelf.games.above_and_below.rules.explore import task_view
from gameshelf.games.above_and_below.rules.scoring import score_sheet

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


class AboveAndBelowStateEncoder(StateEncoder):
    """Above and Below's tensor from an :class:`AboveAndBelowState`."""

    __slots__ = ("_at", "_base", "_ix", "_kept", "_n", "_runs", "_sheets")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self._at = self.slots
        v = _vocabs()
        self._n = {name: vocab.size for name, vocab in v.items()}
        self._ix = {name: vocab.index for name, vocab in v.items()}
        self._base = self.zeros[:]
        self._kept: list[tuple[Any, ...] | None] = [None] * SEATS
        self._sheets: tuple[Any, ...] | None = None
        sizes = {"coins": 1, "reputation": 1, "ready": self._n["villagers"], "exhausted": self._n["villagers"],
                 "injured": self._n["villagers"], "goods": len(GOODS), "potions": 1, "cider": 1,
                 "sale": self._n["sale"], "track": len(GOODS), "houses": self._n["buildings"],
                 "outposts": self._n["buildings"], "caves": self._n["caves"], "card_goods": self._n["buildings"],
                 "passed": 1, "income": 1}
        self._runs = [[(self._at[f] + k * sizes[f], sizes[f]) for f in _VILLAGE_FIELDS] for k in range(SEATS)]

    def _write_village(self, k: int, village: Village | None, comp: Any) -> None:
        """Rewrite relative seat ``k``'s village part of the base (``None``: no seat there)."""
        buf, at, ix, n = self._base, self._at, self._ix, self._n
        zeros = self.zeros
        for start, size in self._runs[k]:
            buf[start:start + size] = zeros[:size]
        if village is None:
            self._kept[k] = None
            return
        self._kept[k] = _village_copy(village)
        if village.coins:
            buf[at["coins"] + k] = scaled(village.coins, 1.0 / COIN_CAP)
        x = (village.rep + 5) * (1.0 / 15)
        if x > 0.0:
            buf[at["reputation"] + k] = x if x < 1.0 else 1.0
        villagers = n["villagers"]
        for zone in ("ready", "exhausted", "injured"):
            _set(buf, at[zone] + k * villagers, ix["villagers"], getattr(village, zone))
        start = at["goods"] + k * len(GOODS)
        for i, count in enumerate(village.goods):
            if count:
                buf[start + i] = count_value(count, 10)
        if village.potions:
            buf[at["potions"] + k] = scaled(village.potions, 0.1)
        if village.cider:
            buf[at["cider"] + k] = scaled(village.cider, 1.0 / 5)
        sale = ix["sale"].get(village.sale)
        if sale is not None:
            buf[at["sale"] + k * n["sale"] + sale] = 1.0
        start = at["track"] + k * len(GOODS)
        for g in village.track:
            count = village.track_count[g]
            if count:
                buf[start + g] = count_value(count, 5)
        buildings = n["buildings"]
        _set(buf, at["houses"] + k * buildings, ix["buildings"], village.houses)
        _set(buf, at["outposts"] + k * buildings, ix["buildings"], village.outposts)
        _set(buf, at["caves"] + k * n["caves"], ix["caves"], village.caves)
        start, index = at["card_goods"] + k * buildings, ix["buildings"]
        for building, count in village.card_goods.items():
            place = index.get(building)
            if count and place is not None:
                buf[start + place] = count_value(count, 3)
        if village.passed:
            buf[at["passed"] + k] = scaled(village.passed, 1.0)
        income = village.income(comp)
        if income:
            buf[at["income"] + k] = scaled(income, 1.0 / 12)

    def _write_sheets(self, s: AboveAndBelowState, order: list[int]) -> None:
        """The score sheet's fields into the base (every seat's: reputations rank across seats)."""
        buf, at = self._base, self._at
        sheets = score_sheet(s)
        for key in _SHEET:
            start = at[f"scores.{key}"]
            buf[start:start + SEATS] = self.zeros[:SEATS]
            for k, p in enumerate(order):
                value = sheets[p][key]
                if value is not None and value is not False:
                    x = (value + 10) * (1.0 / 70)
                    if x > 0.0:
                        buf[start + k] = x if x < 1.0 else 1.0

    def fill(self, state: State, seat: int | None) -> None:
        s: AboveAndBelowState = state  # type: ignore[assignment]
        at, ix, n = self._at, self._ix, self._n
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
            elif kept[k] is None or _village_key(village) != kept[k]:
                self._write_village(k, village, comp)
                changed = True
        if changed or self._sheets != (first, players, comp):
            self._write_sheets(s, order)
            self._sheets = (first, players, comp)
        buf = self.buf
        buf[:] = self._base

        rel = functools.partial(relative_seat, viewer=first, players=players)
        self.write_viewer(seat, players, SEATS)
        if s.round:
            buf[at["round"]] = number_value(s.round, comp.tracks.rounds)
        put_one(buf, at["phase"], ix["phase"].get(s.phase))
        put_one(buf, at["turn"], rel(s.turn))
        put_one(buf, at["current"], rel(s.current_player))
        put_one(buf, at["start_player"], rel(s.start_player))
        buildings = ix["buildings"]
        for row in ("house_row", "outpost_row", "star_row", "key_row"):
            _set(buf, at[row], buildings, getattr(s, row))
        for name in ("house", "outpost", "villager", "cave"):
            size = len(getattr(s, f"{name}_deck"))
            if size:
                buf[at[f"decks.{name}"]] = number_value(size, 30)
        if s.cave_deck:
            put_one(buf, at["cave_top"], ix["caves"].get(s.cave_deck[0]))
        villagers, count = ix["villagers"], n["villagers"]
        start = at["slots"]
        for base, villager in zip(range(start, start + 5 * count, count), s.slots, strict=False):
            i = villagers.get(villager)
            if i is not None:
                buf[base + i] = 1.0
        start = at["slot_costs"]
        for i, cost in zip(range(start, start + 5), comp.tracks.slot_costs, strict=False):
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
        if s.task is not None:
            self._task(buf, task_view(s) or {})
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
