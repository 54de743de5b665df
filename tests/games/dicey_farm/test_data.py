"""The rule data: complete, and a broken entry fails loudly with its place named."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from gameshelf.games.dicey_farm import components as comp
from gameshelf.games.dicey_farm.components import DataError, components


def test_the_data_is_complete() -> None:
    """31 craftsmen, 5 merchants, 5 facilities; every merchant sells six items in round 1."""
    c = components()
    assert len(c.deck) == 31 and len(c.recipes) == 15
    assert set(c.merchants) == {"base", "peddler", "livestock_dealer", "gardener", "grocer"}
    assert [len(c.merchant_items("base", r)) for r in (1, 2, 3)] == [6, 6, 7]
    assert len(c.merchant_items("peddler", 1)) == 8
    assert c.constants["dice_per_round"] == [2, 2, 3, 3, 3, 4, 4, 4]
    assert c.perishable == {"food", "fish", "vegetable", "flower", "meat", "egg", "milk"}
    assert c.smoked == {"fish", "meat"}


def broken(monkeypatch: pytest.MonkeyPatch, name: str, change: Any) -> str:
    real = comp._read

    def fake(file: str) -> dict[str, Any]:
        data = copy.deepcopy(real(file))
        if file == name:
            change(data)
        return data

    monkeypatch.setattr(comp, "_read", fake)
    comp.components.cache_clear()
    try:
        with pytest.raises(DataError) as err:
            comp.components()
    finally:
        monkeypatch.setattr(comp, "_read", real)
        comp.components.cache_clear()
    return str(err.value)


def test_unknown_good_in_a_recipe(monkeypatch: pytest.MonkeyPatch) -> None:
    def change(d: dict[str, Any]) -> None:
        d["craftsman"][16]["recipes"][0]["inputs"] = {"cheese": 1}

    assert "craftsmen.toml [cheesemaker.cheese]" in broken(monkeypatch, "craftsmen.toml", change)


def test_missing_craftsman(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "31 craftsmen" in broken(monkeypatch, "craftsmen.toml", lambda d: d["craftsman"].pop())


def test_short_merchant(monkeypatch: pytest.MonkeyPatch) -> None:
    def change(d: dict[str, Any]) -> None:
        d["merchants"]["grocer"]["items"].pop()

    assert "[grocer]" in broken(monkeypatch, "merchants.toml", change)


def test_wrong_dice_table(monkeypatch: pytest.MonkeyPatch) -> None:
    def change(d: dict[str, Any]) -> None:
        d["dice_per_round"] = [2, 2, 3]

    assert "dice_per_round" in broken(monkeypatch, "constants.toml", change)
