"""Load and validate the rule data in ``data/*.toml`` once, into fast lookups.

Why a loader with its own checks: the data files are meant to be edited by
people (an owner of the original can correct a value), so a typo must fail
at import with a sentence naming the file and the entry, never deep inside a
game as a ``KeyError``.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

from gameshelf.core.datafile import read_game_data


class DataError(ValueError):
    """A data file is malformed; the message names the file and the entry."""


@dataclasses.dataclass(frozen=True, slots=True)
class Recipe:
    """One craftsman conversion: ``inputs`` -> ``outputs`` goods and ``vp``."""

    id: str
    craftsman: str
    inputs: tuple[tuple[str, int], ...]
    outputs: tuple[tuple[str, int], ...]
    vp: int


@dataclasses.dataclass(frozen=True, slots=True)
class Craftsman:
    id: str
    kind: str
    params: dict[str, Any]
    recipes: tuple[Recipe, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Item:
    """One merchant slot: ``qty`` of ``good``, sold from round ``from_round``."""

    good: str
    qty: int
    from_round: int


@dataclasses.dataclass(frozen=True, slots=True)
class Components:
    """Every fact of the game as immutable, pre-indexed data."""

    constants: dict[str, Any]
    resources: tuple[str, ...]
    perishable: frozenset[str]
    smoked: frozenset[str]
    ingredients: tuple[str, ...]
    market: dict[str, tuple[int, int]]
    crops: dict[str, tuple[str, int, int]]
    livestock: dict[str, tuple[str, int]]
    craftsmen: dict[str, Craftsman]
    deck: tuple[str, ...]
    recipes: dict[str, Recipe]
    merchants: dict[str, tuple[str, tuple[Item, ...]]]
    facilities: dict[str, dict[str, Any]]
    ranks: tuple[tuple[int, str], ...]

    def dice(self, round_no: int) -> int:
        return int(self.constants["dice_per_round"][round_no - 1])

    def merchant_items(self, merchant: str, round_no: int) -> tuple[Item, ...]:
        """The list a merchant sells in ``round_no``, before shuffling."""
        return tuple(i for i in self.merchants[merchant][1] if i.from_round <= round_no)

    def rank_index(self, score: float) -> int:
        """Position in ``ranks`` of the highest rank whose ``min`` is reached."""
        index = 0
        for k, (low, _) in enumerate(self.ranks):
            if score >= low:
                index = k
        return index

    def rank_key(self, score: float) -> str:
        return self.ranks[self.rank_index(score)][1]


def _read(name: str) -> dict[str, Any]:
    return read_game_data("gameshelf.games.dicey_farm", name, DataError)


def _need(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise DataError(f"{where}: {what}")


def _int_table(table: Any, where: str, goods: set[str]) -> tuple[tuple[str, int], ...]:
    _need(isinstance(table, dict), where, "expected a table of good = count")
    for good, n in table.items():
        _need(good in goods, where, f"unknown good {good!r}")
        _need(isinstance(n, int) and n > 0, where, f"{good} needs a positive count")
    return tuple(sorted(table.items()))


def _load_constants() -> tuple[dict[str, Any], dict[str, Any]]:
    data = _read("constants.toml")
    where = "data/constants.toml"
    for key in ("rounds", "dice_per_round", "start_food", "start_fields", "display_size",
                "display_removed", "beggar_penalty", "tourism_cap", "fishing", "ship_bonus",
                "horse_shipments", "plough_limit", "build_face", "whisky_vp", "gem_vp",
                "cook_food", "ingredient_food", "food_extra", "resources", "market", "crops",
                "livestock", "ranks"):
        _need(key in data, where, f"missing {key!r}")
    _need(len(data["dice_per_round"]) == data["rounds"], where, "dice_per_round needs one entry per round")
    _need(len(data["fishing"]) == 6, where, "fishing needs one entry per die face")
    return data, data["resources"]


def _load_craftsmen(goods: set[str]) -> tuple[dict[str, Craftsman], dict[str, Recipe]]:
    where = "data/craftsmen.toml"
    craftsmen: dict[str, Craftsman] = {}
    recipes: dict[str, Recipe] = {}
    for entry in _read("craftsmen.toml").get("craftsman", []):
        cid = entry.get("id")
        _need(isinstance(cid, str) and cid not in craftsmen, where, f"bad or repeated id {cid!r}")
        kind = entry.get("kind")
        _need(kind in {"passive", "merchant", "shipping", "dice", "scoring"}, f"{where} [{cid}]", f"bad kind {kind!r}")
        own: list[Recipe] = []
        for raw in entry.get("recipes", []):
            rid = raw.get("id")
            at = f"{where} [{cid}.{rid}]"
            _need(isinstance(rid, str) and rid not in recipes, at, "bad or repeated recipe id")
            recipe = Recipe(
                rid, cid, _int_table(raw.get("inputs", {}), at, goods),
                _int_table(raw.get("outputs", {}), at, goods), int(raw.get("vp", 0)),
            )
            _need(bool(recipe.inputs) and (recipe.vp > 0 or bool(recipe.outputs)), at, "a recipe needs inputs and a result")
            recipes[rid] = recipe
            own.append(recipe)
        _need((kind == "shipping") == bool(own), f"{where} [{cid}]", "shipping craftsmen (only) have recipes")
        params = {k: v for k, v in entry.items() if k not in {"id", "kind", "recipes"}}
        craftsmen[cid] = Craftsman(cid, kind, params, tuple(own))
    _need(len(craftsmen) == 31, where, f"expected the 31 craftsmen, found {len(craftsmen)}")
    return craftsmen, recipes


def _load_merchants(goods: set[str], craftsmen: dict[str, Craftsman]) -> dict[str, tuple[str, tuple[Item, ...]]]:
    where = "data/merchants.toml"
    out: dict[str, tuple[str, tuple[Item, ...]]] = {}
    for mid, entry in _read("merchants.toml").get("merchants", {}).items():
        at = f"{where} [{mid}]"
        owner = entry.get("craftsman", "")
        _need(owner == "" or (owner in craftsmen and craftsmen[owner].kind == "merchant"),
              at, f"{owner!r} is not a merchant craftsman")
        items = []
        for raw in entry.get("items", []):
            _need(raw.get("good") in goods, at, f"unknown good {raw.get('good')!r}")
            _need(isinstance(raw.get("qty"), int) and raw["qty"] > 0, at, "qty must be positive")
            items.append(Item(raw["good"], raw["qty"], int(raw.get("from_round", 1))))
        _need(len([i for i in items if i.from_round == 1]) >= 6, at, "a merchant needs six items in round 1")
        out[mid] = (owner, tuple(items))
    _need("base" in out, where, "the base merchant is missing")
    return out


@cache
def components() -> Components:
    """The validated rule data (loaded once per process)."""
    consts, res = _load_constants()
    goods = set(res)
    where = "data/constants.toml"
    market = {}
    for good, spec in consts["market"].items():
        _need(good in goods, where, f"market: unknown good {good!r}")
        market[good] = (int(spec["qty"]), int(spec["vp"]))
    crops = {}
    for crop, spec in consts["crops"].items():
        _need(crop in goods and spec["seed"] in goods, where, f"crops: bad entry {crop!r}")
        crops[crop] = (spec["seed"], int(spec["yield"]), int(spec["seed_back"]))
    livestock = {}
    for animal, spec in consts["livestock"].items():
        _need(animal in goods and (spec["product"] == "" or spec["product"] in goods), where, f"livestock: bad {animal!r}")
        livestock[animal] = (spec["product"], int(spec["meat"]))
    craftsmen, recipes = _load_craftsmen(goods)
    merchants = _load_merchants(goods, craftsmen)
    facilities = _read("facilities.toml").get("facilities", {})
    _need(set(facilities) == {"bread_oven", "slaughterhouse", "compost_shed", "smokehouse", "stable"},
          "data/facilities.toml", "expected the five 1.02 facilities")
    ranks = tuple(sorted((int(r["min"]), str(r["key"])) for r in consts["ranks"]))
    return Components(
        constants={k: v for k, v in consts.items() if not isinstance(v, dict) and k != "ranks"},
        resources=tuple(res),
        perishable=frozenset(g for g, s in res.items() if s.get("perishable")),
        smoked=frozenset(g for g, s in res.items() if s.get("smoked")),
        ingredients=tuple(g for g, s in res.items() if s.get("ingredient")),
        market=market,
        crops=crops,
        livestock=livestock,
        craftsmen=craftsmen,
        deck=tuple(craftsmen),
        recipes=recipes,
        merchants=merchants,
        facilities=facilities,
        ranks=ranks,
    )
