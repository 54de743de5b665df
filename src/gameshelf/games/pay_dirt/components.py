"""The boxed components, loaded from ``data/*.toml`` and validated once.

Why a loader with checks: the card lists are designed stand-ins until an
owner of the box enters the real ones (format in RULES.md), so a typo in a
data file must fail loudly at import with the file and entry named, never as
a wrong rule deep inside a game.

Every component gets a small integer index (its position in its file): the
state stores only those integers, which keeps copies cheap.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

from gameshelf.core.datafile import read_game_data

MACHINES = ("excavator", "loader", "wash_plant")
KINDS = ("barren", "promising", "rich")
KIND_CODES = ("B", "P", "R")
ROWS = ("equipment", "personnel", "claims")


def dollars(amount: int) -> int:
    """Money is kept in thousands (the printed $1,000 notes); what players
    read, log events and error messages carry it in dollars, so the
    catalogues write ``${amount:,}`` and $0 never reads "$0,000"."""
    return amount * 1000
GEAR_SLOTS = ("claim", "camp")
#: repair/scrap targets: the three machines, then the two gear slots.
TARGETS = (*MACHINES, "claim_gear", "camp_gear")

PERSONNEL_ABILITIES = frozenset(
    {"none", "cancel", "repair_bonus", "income_bonus", "sell_bonus", "gear_discount", "wash_bonus"}
)
GEAR_EFFECTS = frozenset({"dig", "move", "repair", "sell"})
HARDSHIP_EFFECTS = frozenset(
    {
        "none", "wear", "idle_workers", "lose_money", "lose_gold", "dig_wear",
        "fewer_workers", "income_penalty", "sell_penalty", "gear_penalty",
    }
)
HARDSHIP_TAGS = frozenset({"weather", "health", "crew", "money", "machine"})


class DataError(ValueError):
    """A data file breaks its format; the message names the file and entry."""


@dataclasses.dataclass(frozen=True, slots=True)
class Equipment:
    id: str
    maker: str
    model: str
    machine: int
    spaces: int
    tools: int
    min_bid: int
    fragile: bool


@dataclasses.dataclass(frozen=True, slots=True)
class Personnel:
    id: str
    name: str
    min_bid: int
    workers: int
    ability: str
    amount: int
    tags: tuple[str, ...]
    kind: int  # wash_bonus: the pay-dirt kind it rewards, else -1


@dataclasses.dataclass(frozen=True, slots=True)
class Claim:
    id: str
    name: str
    min_bid: int
    tiles: tuple[int, ...]  # pay-dirt kinds, tile 1 first
    ordered: bool
    greenhorn: bool


@dataclasses.dataclass(frozen=True, slots=True)
class Gear:
    id: str
    slot: int
    price: int
    durability: int
    effect: str
    amount: int
    machines: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Hardship:
    id: str
    ongoing: bool
    temperature: int
    tag: str
    effect: str
    amount: int
    machine: int  # -1: none, 3: all machines


@dataclasses.dataclass(frozen=True, slots=True)
class Constants:
    start_temperature: int
    start_money: int
    start_workers: int
    income: int
    sell_price: int
    sell_per_worker: int
    repair_amount: int
    display_size: int
    gear_display: int
    max_claims: int
    bid_cap: int
    base_spaces: tuple[int, ...]
    base_durability: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Components:
    rules: Constants
    equipment: tuple[Equipment, ...]
    personnel: tuple[Personnel, ...]
    claims: tuple[Claim, ...]  # the 18 auction claims, then the 5 greenhorn claims
    gear: tuple[Gear, ...]
    hardships: tuple[Hardship, ...]
    tile_kind: tuple[int, ...]  # tile id -> kind
    tile_values: tuple[tuple[int, ...], ...]  # kind -> the gold values of its tiles
    kind_mean: tuple[float, ...]
    #: kind -> its tile ids, ascending (worked out once: every setup deals them)
    kind_tiles: tuple[tuple[int, ...], ...]
    #: machine -> its durability under each equipment tile, indexed by the
    #: equipment's index, with the printed board machine's last, so that
    #: ``machine_tools[m][camp.equip[m]]`` reads it for ``EMPTY`` (-1) too.
    #: Why: the labour menus ask it for every machine after every move.
    machine_tools: tuple[tuple[int, ...], ...]
    #: a gear tile's durability by index, 0 last (``EMPTY``, an empty slot)
    gear_durability: tuple[int, ...]
    #: a gear tile's printed price by index
    gear_prices: tuple[int, ...]
    #: per auction row (equipment, personnel, claims), each lot's printed
    #: minimum bid and its data id, by index (the auction reads them at every
    #: decision)
    min_bids: tuple[tuple[int, ...], ...]
    lot_ids: tuple[tuple[str, ...], ...]
    #: per hardship effect, each hardship card's amount if it has that effect
    #: (else 0), by index; per personnel ability, the same for each card.
    #: Why: an ongoing hardship or a hire changes a price, a wage or a
    #: crew's size in every menu after it, summed card by card.
    hardship_amounts: dict[str, tuple[int, ...]]
    ability_amounts: dict[str, tuple[int, ...]]

    @property
    def auction_claims(self) -> range:
        return range(len(self.claims) - 5)

    @property
    def greenhorn_claims(self) -> range:
        return range(len(self.claims) - 5, len(self.claims))


def _load(name: str) -> dict[str, Any]:
    return read_game_data("gameshelf.games.pay_dirt", f"{name}.toml", DataError)


class _Entry:
    """Typed field access that names the file and entry on every error."""

    def __init__(self, file: str, index: int, raw: dict[str, Any]) -> None:
        self.where = f"data/{file}.toml entry {index + 1} ({raw.get('id', '?')})"
        self.raw = raw

    def get(self, key: str, typ: type, default: Any = dataclasses.MISSING) -> Any:
        if key not in self.raw:
            if default is dataclasses.MISSING:
                raise DataError(f"{self.where}: missing field {key!r}")
            return default
        value = self.raw[key]
        if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
            raise DataError(f"{self.where}: {key!r} must be {typ.__name__}, not {value!r}")
        return value

    def positive(self, key: str, low: int = 1, default: Any = dataclasses.MISSING) -> int:
        value: int = self.get(key, int, default)
        if value < low:
            raise DataError(f"{self.where}: {key!r} must be at least {low}, not {value}")
        return value

    def choice(self, key: str, options: tuple[str, ...] | frozenset[str], default: Any = dataclasses.MISSING) -> str:
        value: str = self.get(key, str, default)
        if value not in options:
            raise DataError(f"{self.where}: {key!r} must be one of {sorted(options)}, not {value!r}")
        return value

    def fail(self, message: str) -> DataError:
        return DataError(f"{self.where}: {message}")


def _entries(data: dict[str, Any], file: str, table: str, count: int | None) -> list[_Entry]:
    raw = data.get(table)
    if not isinstance(raw, list):
        raise DataError(f"data/{file}.toml: needs [[{table}]] entries")
    if count is not None and len(raw) != count:
        raise DataError(f"data/{file}.toml: needs exactly {count} [[{table}]] entries, has {len(raw)}")
    entries = [_Entry(file, i, r) for i, r in enumerate(raw)]
    ids = [e.get("id", str) for e in entries]
    if len(set(ids)) != len(ids):
        raise DataError(f"data/{file}.toml: two [[{table}]] entries share an id")
    return entries


def _constants() -> Constants:
    raw = _load("rules")
    e = _Entry("rules", 0, raw)
    machines = raw.get("machines", {})
    names = machines.get("names")
    if tuple(names or ()) != MACHINES:
        raise DataError(f"data/rules.toml: [machines] names must be {list(MACHINES)}")
    spaces = tuple(machines.get("spaces", ()))
    durability = tuple(machines.get("durability", ()))
    if len(spaces) != 3 or len(durability) != 3 or min(spaces + durability) < 2:
        raise DataError("data/rules.toml: [machines] needs 3 spaces and 3 durabilities, each >= 2")
    return Constants(
        start_temperature=e.positive("start_temperature"),
        start_money=e.positive("start_money", 0),
        start_workers=e.positive("start_workers"),
        income=e.positive("income", 0),
        sell_price=e.positive("sell_price"),
        sell_per_worker=e.positive("sell_per_worker"),
        repair_amount=e.positive("repair_amount"),
        display_size=e.positive("display_size"),
        gear_display=e.positive("gear_display"),
        max_claims=e.positive("max_claims"),
        bid_cap=e.positive("bid_cap", 10),
        base_spaces=spaces,
        base_durability=durability,
    )


def _equipment() -> tuple[Equipment, ...]:
    out = []
    for e in _entries(_load("equipment"), "equipment", "equipment", 18):
        out.append(
            Equipment(
                id=e.get("id", str),
                maker=e.get("maker", str),
                model=e.get("model", str),
                machine=MACHINES.index(e.choice("machine", MACHINES)),
                spaces=e.positive("spaces", 2),
                tools=e.positive("tools"),
                min_bid=e.positive("min_bid"),
                fragile=e.get("fragile", bool, False),
            )
        )
    return tuple(out)


def _personnel() -> tuple[Personnel, ...]:
    out = []
    for e in _entries(_load("personnel"), "personnel", "personnel", 18):
        ability = e.choice("ability", PERSONNEL_ABILITIES)
        tags = tuple(e.get("tags", list, []))
        if ability == "cancel" and (not tags or not set(tags) <= HARDSHIP_TAGS):
            raise e.fail(f"a cancel ability needs tags from {sorted(HARDSHIP_TAGS)}")
        kind = KINDS.index(e.choice("kind", KINDS)) if ability == "wash_bonus" else -1
        needs_amount = ability not in ("none", "cancel")
        out.append(
            Personnel(
                id=e.get("id", str),
                name=e.get("name", str),
                min_bid=e.positive("min_bid"),
                workers=e.positive("workers", 0),
                ability=ability,
                amount=e.positive("amount") if needs_amount else 0,
                tags=tags,
                kind=kind,
            )
        )
    return tuple(out)


def _claims() -> tuple[Claim, ...]:
    data = _load("claims")
    out = []
    for table, count, greenhorn in (("claim", 18, False), ("greenhorn", 5, True)):
        for e in _entries(data, "claims", table, count):
            tiles = e.get("tiles", list)
            if not tiles or any(t not in KINDS for t in tiles):
                raise e.fail(f"tiles must be a non-empty list of {list(KINDS)}")
            out.append(
                Claim(
                    id=e.get("id", str),
                    name=e.get("name", str),
                    min_bid=0 if greenhorn else e.positive("min_bid"),
                    tiles=tuple(KINDS.index(t) for t in tiles),
                    ordered=e.get("ordered", bool, False),
                    greenhorn=greenhorn,
                )
            )
    return tuple(out)


def _gear() -> tuple[Gear, ...]:
    out = []
    for e in _entries(_load("gear"), "gear", "gear", 14):
        effect = e.choice("effect", GEAR_EFFECTS)
        machines = e.get("machines", list, [])
        if effect == "move" and (not machines or any(m not in MACHINES for m in machines)):
            raise e.fail(f"a move gear needs machines from {list(MACHINES)}")
        out.append(
            Gear(
                id=e.get("id", str),
                slot=GEAR_SLOTS.index(e.choice("slot", GEAR_SLOTS)),
                price=e.positive("price"),
                durability=e.positive("durability"),
                effect=effect,
                amount=e.positive("amount") if effect in ("repair", "sell") else 1,
                machines=tuple(MACHINES.index(m) for m in machines),
            )
        )
    return tuple(out)


def _hardships() -> tuple[Hardship, ...]:
    out = []
    for e in _entries(_load("hardships"), "hardships", "hardship", 30):
        effect = e.choice("effect", HARDSHIP_EFFECTS)
        machine = -1
        if effect == "wear":
            name = e.choice("machine", (*MACHINES, "all"))
            machine = 3 if name == "all" else MACHINES.index(name)
        out.append(
            Hardship(
                id=e.get("id", str),
                ongoing=e.choice("kind", ("instant", "ongoing")) == "ongoing",
                temperature=e.positive("temperature", 0),
                tag=e.choice("tag", HARDSHIP_TAGS),
                effect=effect,
                amount=e.positive("amount", 0),
                machine=machine,
            )
        )
    return tuple(out)


def _tiles() -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    entries = _entries(_load("tiles"), "tiles", "kind", 3)
    kinds: list[int] = []
    values: list[tuple[int, ...]] = []
    for index, e in enumerate(entries):
        if e.get("id", str) != KINDS[index] or e.get("code", str) != KIND_CODES[index]:
            raise e.fail(f"kinds must be listed as {list(KINDS)} with codes {list(KIND_CODES)}")
        gold: list[int] = []
        for pair in e.get("values", list):
            if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, int) for x in pair)):
                raise e.fail("values must be [[gold, count], ...]")
            if pair[0] < 0 or pair[1] < 1:
                raise e.fail("gold must be >= 0 and count >= 1")
            gold.extend([pair[0]] * pair[1])
        kinds.extend([index] * len(gold))
        values.append(tuple(gold))
    if len(kinds) != 63:
        raise DataError(f"data/tiles.toml: the box holds 63 pay-dirt tiles, the file {len(kinds)}")
    return tuple(kinds), tuple(values)


@cache
def components() -> Components:
    """Every component, loaded and checked once per process."""
    tile_kind, tile_values = _tiles()
    rules, equipment, personnel, claims, gear = _constants(), _equipment(), _personnel(), _claims(), _gear()
    hardships = _hardships()
    lots: tuple[tuple[Equipment | Personnel | Claim, ...], ...] = (equipment, personnel, claims)
    return Components(
        rules=rules,
        equipment=equipment,
        personnel=personnel,
        claims=claims,
        gear=gear,
        hardships=hardships,
        tile_kind=tile_kind,
        tile_values=tile_values,
        kind_mean=tuple(sum(v) / len(v) for v in tile_values),
        kind_tiles=tuple(tuple(t for t, k in enumerate(tile_kind) if k == kind) for kind in range(len(KINDS))),
        machine_tools=tuple((*(e.tools for e in equipment), rules.base_durability[m]) for m in range(len(MACHINES))),
        gear_durability=(*(g.durability for g in gear), 0),
        gear_prices=tuple(g.price for g in gear),
        min_bids=tuple(tuple(lot.min_bid for lot in row) for row in lots),
        lot_ids=tuple(tuple(lot.id for lot in row) for row in lots),
        hardship_amounts={e: tuple(h.amount if h.effect == e else 0 for h in hardships) for e in sorted(HARDSHIP_EFFECTS)},
        ability_amounts={a: tuple(c.amount if c.ability == a else 0 for c in personnel)
                         for a in sorted(PERSONNEL_ABILITIES)},
    )
