"""Load and validate the card data (``data/*.toml``) into fast lookup tables.

Why tables of tuples: the rules ask "what kind of card is 17, what does it
cost, which sign is it" in every playout step, so the catalog is flattened
once at import into tuples indexed by card id. A malformed data file fails
here, at load, with a message that names the file, the card and the field.

Ids: deck cards are numbered 0..N-1 in file order (businesses, then assets,
then actions, each repeated ``copies`` times); signs are numbered by business
type (copies of one business share one sign); luxuries by file order.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

from gameshelf.core.datafile import parse_toml, read_game_data
from gameshelf.games.filthy_rich.book import Cells, Placement, parse_shape, placements

BUSINESS, ASSET, ACTION = 0, 1, 2
ASSET_EFFECTS = ("loan", "racket", "tax_shelter", "tax_income", "hit_bonus")
ACTION_EFFECTS = ("audit", "draw", "gain", "arson", "collect", "page")


class DataError(ValueError):
    """A data file that does not describe a valid deck."""


@dataclasses.dataclass(frozen=True, slots=True)
class Business:
    key: str
    cost: int
    tax: int
    hit: int
    cells: Cells
    places: tuple[Placement, ...]
    on_tax: int
    designed: bool | tuple[str, ...]
    pocket_sets: frozenset[tuple[int, ...]] = frozenset()
    #: per placement, its pockets as a bit mask (bit k = pocket k), for fast fitting
    masks: tuple[int, ...] = ()

    @property
    def size(self) -> int:
        return len(self.cells)


@dataclasses.dataclass(frozen=True, slots=True)
class Asset:
    key: str
    cost: int
    tax: int
    effect: str
    amount: int
    designed: bool | tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class ActionCard:
    key: str
    cost: int
    effect: str
    amount: int
    designed: bool | tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Luxury:
    key: str
    cost: int
    tax: int
    designed: bool | tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Rules:
    start_money: int
    hand_size: int
    actions_per_turn: int
    discard_income: int
    cover_fee: int
    sell_per_sign_card: int
    luxuries_to_win: int
    pages: int
    page_die_sides: int
    business_die_sides: int
    bid_raises: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Catalog:
    """Everything printed on the cards, indexed for the rules."""

    rules: Rules
    signs: tuple[Business, ...]  # one per business type = one per sign
    assets: tuple[Asset, ...]
    actions: tuple[ActionCard, ...]
    luxuries: tuple[Luxury, ...]
    #: per deck card id: (BUSINESS|ASSET|ACTION, index into signs/assets/actions)
    card_kind: tuple[int, ...]
    card_ref: tuple[int, ...]

    @property
    def deck_size(self) -> int:
        return len(self.card_kind)

    def card_key(self, card: int) -> str:
        """The i18n name key suffix of a deck card."""
        kind, ref = self.card_kind[card], self.card_ref[card]
        table: tuple[Any, ...] = (self.signs, self.assets, self.actions)[kind]
        key: str = table[ref].key
        return key

    def card_cost(self, card: int) -> int:
        kind, ref = self.card_kind[card], self.card_ref[card]
        table: tuple[Any, ...] = (self.signs, self.assets, self.actions)[kind]
        cost: int = table[ref].cost
        return cost

    def cards_of_kind(self, kind: int) -> tuple[int, ...]:
        return tuple(c for c, k in enumerate(self.card_kind) if k == kind)

    def __reduce_ex__(self, protocol: Any) -> Any:
        """The packaged deck pickles (and deep-copies) as a reference to
        :func:`catalog`: every state shares it, read-only, so a pickled
        state carries no copy of the cards and a loaded one shares them
        again. Another catalog (a test's) pickles by value."""
        if self is catalog():
            return (catalog, ())
        return object.__reduce_ex__(self, protocol)


# -- validation helpers -------------------------------------------------------------------
def _field(where: str, entry: dict[str, Any], name: str, kind: type, default: Any = ...) -> Any:
    if name not in entry:
        if default is ...:
            raise DataError(f"{where}: missing field {name!r}")
        return default
    value = entry[name]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise DataError(f"{where}: {name} must be a whole number, not {value!r}")
    if kind is not int and not isinstance(value, kind):
        raise DataError(f"{where}: {name} must be {kind.__name__}, not {value!r}")
    if kind is int and value < 0:
        raise DataError(f"{where}: {name} cannot be negative ({value})")
    return value


def _designed(where: str, entry: dict[str, Any], fields: set[str]) -> bool | tuple[str, ...]:
    value = entry.get("designed", False)
    if isinstance(value, bool):
        return value
    if isinstance(value, list) and all(isinstance(v, str) and v in fields for v in value):
        return tuple(value)
    raise DataError(f"{where}: designed must be true/false or a list of field names of {sorted(fields)}")


def _check_keys(where: str, entry: dict[str, Any], allowed: set[str]) -> None:
    extra = set(entry) - allowed
    if extra:
        raise DataError(f"{where}: unknown field(s) {sorted(extra)}")


def _read(name: str, text: str | None) -> dict[str, Any]:
    if text is None:
        return read_game_data("gameshelf.games.filthy_rich", name, DataError)
    return parse_toml(text, name, DataError)


def _parse_rules(data: dict[str, Any]) -> Rules:
    ints = [f.name for f in dataclasses.fields(Rules) if f.name != "bid_raises"]
    _check_keys("rules.toml", data, {*ints, "bid_raises"})
    values = {name: _field("rules.toml", data, name, int) for name in ints}
    raises = data.get("bid_raises")
    if not (isinstance(raises, list) and raises and all(isinstance(r, int) and r >= 0 for r in raises)):
        raise DataError("rules.toml: bid_raises must be a list of whole numbers >= 0")
    if len(set(raises)) != len(raises) or sorted(raises) != raises:
        raise DataError("rules.toml: bid_raises must be distinct and ascending")
    return Rules(**values, bid_raises=tuple(raises))


def _parse_deck(data: dict[str, Any]) -> tuple[Any, ...]:
    _check_keys("deck.toml", data, {"business", "asset", "action"})
    signs: list[Business] = []
    assets: list[Asset] = []
    actions: list[ActionCard] = []
    kinds: list[int] = []
    refs: list[int] = []
    keys: set[str] = set()

    def copies_of(where: str, entry: dict[str, Any]) -> int:
        n: int = _field(where, entry, "copies", int, 1)
        if n < 1:
            raise DataError(f"{where}: copies must be at least 1")
        return n

    def key_of(where: str, entry: dict[str, Any]) -> str:
        key: str = _field(where, entry, "key", str)
        if not key.isidentifier() or key in keys:
            raise DataError(f"{where}: key {key!r} must be a unique identifier")
        keys.add(key)
        return key

    for i, e in enumerate(data.get("business", [])):
        where = f"deck.toml business #{i + 1} ({e.get('key', '?')})"
        fields = {"key", "cost", "tax", "hit", "sign", "copies", "on_tax", "designed"}
        _check_keys(where, e, fields)
        rows = e.get("sign")
        if not (isinstance(rows, list) and rows and all(isinstance(r, str) for r in rows)):
            raise DataError(f"{where}: sign must be a list of rows like [\"##\", \"#.\"]")
        try:
            cells = parse_shape(rows)
        except ValueError as exc:
            raise DataError(f"{where}: {exc}") from None
        places = placements(cells)
        b = Business(
            key_of(where, e), _field(where, e, "cost", int), _field(where, e, "tax", int),
            _field(where, e, "hit", int), cells, places,
            _field(where, e, "on_tax", int, 0), _designed(where, e, fields),
            frozenset(p for _, p in places),
            tuple(sum(1 << k for k in p) for _, p in places),
        )
        for _ in range(copies_of(where, e)):
            kinds.append(BUSINESS)
            refs.append(len(signs))
        signs.append(b)

    for i, e in enumerate(data.get("asset", [])):
        where = f"deck.toml asset #{i + 1} ({e.get('key', '?')})"
        fields = {"key", "cost", "tax", "effect", "amount", "copies", "designed"}
        _check_keys(where, e, fields)
        a = Asset(
            key_of(where, e), _field(where, e, "cost", int), _field(where, e, "tax", int),
            _field(where, e, "effect", str), _field(where, e, "amount", int, 0),
            _designed(where, e, fields),
        )
        if a.effect not in ASSET_EFFECTS:
            raise DataError(f"{where}: effect must be one of {', '.join(ASSET_EFFECTS)}")
        for _ in range(copies_of(where, e)):
            kinds.append(ASSET)
            refs.append(len(assets))
        assets.append(a)

    for i, e in enumerate(data.get("action", [])):
        where = f"deck.toml action #{i + 1} ({e.get('key', '?')})"
        fields = {"key", "cost", "effect", "amount", "copies", "designed"}
        _check_keys(where, e, fields)
        c = ActionCard(
            key_of(where, e), _field(where, e, "cost", int, 0), _field(where, e, "effect", str),
            _field(where, e, "amount", int, 0), _designed(where, e, fields),
        )
        if c.effect not in ACTION_EFFECTS:
            raise DataError(f"{where}: effect must be one of {', '.join(ACTION_EFFECTS)}")
        for _ in range(copies_of(where, e)):
            kinds.append(ACTION)
            refs.append(len(actions))
        actions.append(c)
    if not signs:
        raise DataError("deck.toml: the deck needs at least one business")
    return tuple(signs), tuple(assets), tuple(actions), tuple(kinds), tuple(refs)


def _parse_luxuries(data: dict[str, Any], rules: Rules) -> tuple[Luxury, ...]:
    _check_keys("luxuries.toml", data, {"luxury"})
    out = []
    keys: set[str] = set()
    for i, e in enumerate(data.get("luxury", [])):
        where = f"luxuries.toml luxury #{i + 1} ({e.get('key', '?')})"
        fields = {"key", "cost", "tax", "designed"}
        _check_keys(where, e, fields)
        lux = Luxury(
            _field(where, e, "key", str), _field(where, e, "cost", int),
            _field(where, e, "tax", int), _designed(where, e, fields),
        )
        if lux.key in keys or lux.cost < 1:
            raise DataError(f"{where}: keys must be unique and costs at least $1")
        keys.add(lux.key)
        out.append(lux)
    # Five players holding two each must still leave one to buy (RULES.md C15).
    if len(out) <= (rules.luxuries_to_win - 1) * 5:
        raise DataError("luxuries.toml: there must be more than 10 luxuries")
    return tuple(out)


def load_catalog(
    deck: str | None = None, luxuries: str | None = None, rules: str | None = None
) -> Catalog:
    """Build a catalog from TOML texts (the packaged files by default).

    Raises:
        DataError: with the file, the card and the field at fault.
    """
    rule_set = _parse_rules(_read("rules.toml", rules))
    signs, assets, actions, kinds, refs = _parse_deck(_read("deck.toml", deck))
    lux = _parse_luxuries(_read("luxuries.toml", luxuries), rule_set)
    return Catalog(rule_set, signs, assets, actions, lux, kinds, refs)


@cache
def catalog() -> Catalog:
    """The packaged deck, loaded once."""
    return load_catalog()
