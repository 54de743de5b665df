"""The card and board data of Above and Below, loaded and checked once.

Why a loader with checks: the published card lists are unknown, so every set
is designed in ``data/*.toml`` and an owner of the box may type in the real
cards. A typo there must fail at load with a sentence naming the card, not
deep inside a game.
"""

from __future__ import annotations

import dataclasses
import sys
from functools import cache
from typing import Any

from gameshelf.core.datafile import read_game_data

#: goods from easiest to hardest (the components file, rulebook p14).
GOODS: tuple[str, ...] = ("mushroom", "fish", "fruit", "rope", "pot", "paper", "ore", "amethyst")
#: what a for-sale space can hold: a good, cider or a potion.
SALE_ITEMS: tuple[str, ...] = (*GOODS, "cider", "potion")
SPECIALS: tuple[str, ...] = ("liquid_woman", "grogo", "cave_cat", "metal_man")
CATEGORIES: tuple[str, ...] = ("starting", "house", "star", "key", "outpost")
GOOD_INDEX: dict[str, int] = {g: i for i, g in enumerate(GOODS)}


class DataError(ValueError):
    """A data file that cannot be used, with a sentence saying where and why."""


@dataclasses.dataclass(frozen=True, slots=True)
class Villager:
    id: int
    type: str
    group: str
    lantern: tuple[int, ...] = ()
    hammer: int = 0
    quill: int = 0
    reputation: int = 0
    special: str | None = None

    def lanterns(self, die: int) -> int:
        """Lanterns for one die (B9): icon "2" gives 2 on 4+, icon "1" gives 1 on 1+."""
        if 2 in self.lantern and die >= 4:
            return 2
        return 1 if 1 in self.lantern else 0


@dataclasses.dataclass(frozen=True, slots=True)
class Building:
    id: str
    category: str
    cost: int
    vp: int
    beds: int = 0
    train_to_ready: bool = False
    coin_on_build: bool = False
    rerolls: int = 0
    coin_on_explore: bool = False
    cider_as_coin: bool = False
    potion_as_coin: bool = False
    reputation: int = 0
    vp_per_villager: int = 0
    goods_on_buy: str | None = None
    goods_refill: str | None = None
    income_per_ore_amethyst: bool = False
    potion_on_buy: int = 0
    potion_per_round: int = 0
    income: int = 0
    vp_per_good_items: tuple[str, ...] = ()
    vp_per_good: int = 0
    vp_per_house: int = 0
    vp_per_empty_cave: int = 0

    @property
    def is_house(self) -> bool:
        return self.category != "outpost"


@dataclasses.dataclass(frozen=True, slots=True)
class Tracks:
    coins: int
    rounds: int
    base_income: int
    row_size: int
    key_houses_used: int
    refresh_cost: int
    min_offer: int
    max_offer: int
    seat_coins: dict[int, tuple[int, ...]]
    supply_goods: tuple[int, ...]
    supply_potion: int
    supply_cider: int
    slot_costs: tuple[int, ...]
    progress_vp: tuple[int, ...]
    progress_income: tuple[int, ...]
    reputation_vp: tuple[int, ...]
    reputation_start: int
    rank_bonus: tuple[int, ...]
    rank_bonus_two: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Components:
    villagers: tuple[Villager, ...]
    buildings: dict[str, Building]
    by_category: dict[str, tuple[str, ...]]
    tracks: Tracks


def _read(name: str) -> dict[str, Any]:
    return read_game_data("gameshelf.games.above_and_below", name, DataError)


def _villager(raw: dict[str, Any]) -> Villager:
    where = f"villagers.toml, villager {raw.get('id')!r}"
    allowed = {f.name for f in dataclasses.fields(Villager)}
    if set(raw) - allowed:
        raise DataError(f"{where}: unknown fields {sorted(set(raw) - allowed)}")
    lantern = tuple(raw.get("lantern", ()))
    if any(x not in (1, 2) for x in lantern):
        raise DataError(f"{where}: lantern icons are 1 or 2, not {lantern}")
    if raw.get("group") not in ("starting", "trainable", "special"):
        raise DataError(f"{where}: group must be starting, trainable or special")
    if raw.get("special") not in (None, *SPECIALS):
        raise DataError(f"{where}: unknown special villager {raw.get('special')!r}")
    for icon in ("hammer", "quill"):
        if raw.get(icon, 0) not in (0, 1, 2):
            raise DataError(f"{where}: {icon} is 0, 1 or 2 (2 = the '+' icon)")
    return Villager(
        id=raw["id"], type=raw["type"], group=raw["group"],
        lantern=lantern, hammer=raw.get("hammer", 0), quill=raw.get("quill", 0),
        reputation=raw.get("reputation", 0), special=raw.get("special"),
    )


def _building(category: str, raw: dict[str, Any]) -> Building:
    where = f"buildings.toml, {category} {raw.get('id')!r}"
    fields = dict(raw)
    good_rule = fields.pop("vp_per_good", None)
    allowed = {f.name for f in dataclasses.fields(Building)} - {"category", "vp_per_good_items"}
    if set(fields) - allowed:
        raise DataError(f"{where}: unknown fields {sorted(set(fields) - allowed)}")
    if not isinstance(fields.get("cost"), int) or not isinstance(fields.get("vp"), int):
        raise DataError(f"{where}: cost and vp must be whole numbers")
    for good in ("goods_on_buy", "goods_refill"):
        if fields.get(good) not in (None, *GOODS):
            raise DataError(f"{where}: {good} must be one of {', '.join(GOODS)}")
    items: tuple[str, ...] = ()
    per = 0
    if good_rule is not None:
        items = tuple(good_rule.get("items", ()))
        per = good_rule.get("vp", 0)
        if not items or any(i not in SALE_ITEMS for i in items) or per <= 0:
            raise DataError(f"{where}: vp_per_good needs known items and a positive vp")
    fields = {k: sys.intern(v) if isinstance(v, str) else v for k, v in fields.items()}
    return Building(category=category, vp_per_good_items=items, vp_per_good=per, **fields)


def _tracks(raw: dict[str, Any]) -> Tracks:
    setup, supply = raw["setup"], raw["supply"]
    progress, rep = raw["progress"], raw["reputation"]
    if len(progress["vp"]) != len(GOODS) or len(progress["income"]) != len(GOODS):
        raise DataError("tracks.toml: the progress track needs one slot per goods type")
    if sorted(progress["income"]) != list(progress["income"]):
        raise DataError("tracks.toml: progress income must not fall from left to right")
    if not 0 <= rep["start"] < len(rep["vp"]):
        raise DataError("tracks.toml: the reputation start must be a position of the track")
    if set(supply["goods"]) != set(GOODS):
        raise DataError("tracks.toml: the supply must list every goods type")
    return Tracks(
        coins=setup["coins"], rounds=setup["rounds"], base_income=setup["base_income"],
        row_size=setup["row_size"], key_houses_used=setup["key_houses_used"],
        refresh_cost=setup["refresh_cost"], min_offer=setup["min_offer"], max_offer=setup["max_offer"],
        seat_coins={int(k): tuple(v) for k, v in setup["seat_coins"].items()},
        supply_goods=tuple(supply["goods"][g] for g in GOODS),
        supply_potion=supply["potion"], supply_cider=supply["cider"],
        slot_costs=tuple(raw["villager_slots"]["costs"]),
        progress_vp=tuple(progress["vp"]), progress_income=tuple(progress["income"]),
        reputation_vp=tuple(rep["vp"]), reputation_start=rep["start"],
        rank_bonus=tuple(rep["rank_bonus"]), rank_bonus_two=tuple(rep["rank_bonus_two_players"]),
    )


#: the published counts each set must have.
COUNTS = {"starting": 4, "house": 25, "star": 6, "key": 9, "outpost": 24}
VILLAGER_COUNTS = {"starting": 12, "trainable": 18, "special": 6}


@cache
def load_components() -> Components:
    """Every villager, building and track value; raises :class:`DataError`."""
    try:
        villagers = tuple(_villager(v) for v in _read("villagers.toml")["villager"])
        raw_buildings = _read("buildings.toml")
        tracks = _tracks(_read("tracks.toml"))
    except KeyError as exc:
        raise DataError(f"a data file lacks the entry {exc}") from None
    if [v.id for v in villagers] != list(range(len(villagers))):
        raise DataError("villagers.toml: ids must be 0, 1, 2, ... in file order")
    for group, n in VILLAGER_COUNTS.items():
        if sum(v.group == group for v in villagers) != n:
            raise DataError(f"villagers.toml: there must be {n} {group} villagers")
    starting_types = {v.type for v in villagers if v.group == "starting"}
    if len(starting_types) != 3 or sum(
        1 for t in starting_types if not any(v.hammer for v in villagers if v.type == t)
    ) != 2:
        raise DataError("villagers.toml: three starting types, exactly two without a hammer")
    buildings: dict[str, Building] = {}
    by_category: dict[str, tuple[str, ...]] = {}
    for category, n in COUNTS.items():
        cards = [_building(category, raw) for raw in raw_buildings.get(category, ())]
        if len(cards) != n:
            raise DataError(f"buildings.toml: there must be {n} {category} cards, not {len(cards)}")
        for card in cards:
            if card.id in buildings:
                raise DataError(f"buildings.toml: the id {card.id} is used twice")
            buildings[card.id] = card
        by_category[category] = tuple(c.id for c in cards)
    return Components(villagers, buildings, by_category, tracks)
