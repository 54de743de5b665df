"""The designed card data: published counts, known icons, names in both languages,
and a clear error for a bad card."""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest

from gameshelf.core.i18n import catalog
from gameshelf.games.above_and_below import encounters
from gameshelf.games.above_and_below.components import (
    COUNTS,
    GOODS,
    SPECIALS,
    DataError,
    _building,
    _villager,
    load_components,
)


def _raw(name: str) -> dict:  # type: ignore[type-arg]
    path = resources.files("gameshelf.games.above_and_below") / "data" / name
    return tomllib.loads(path.read_text(encoding="utf-8"))


def test_published_counts() -> None:
    """12 starting, 18 trainable, 6 special villagers; 4+25+6+9+24 buildings (components §1)."""
    comp = load_components()
    assert len(comp.villagers) == 36
    assert {k: len(v) for k, v in comp.by_category.items()} == COUNTS
    specials = [v.special for v in comp.villagers if v.group == "special"]
    assert sorted(specials) == sorted(["liquid_woman", "grogo", "cave_cat", "cave_cat", "metal_man", "metal_man"])


def test_vocabulary_matches_the_book_contract() -> None:
    assert encounters.GOODS == GOODS
    assert encounters.SPECIAL_VILLAGERS == SPECIALS


def test_designed_files_say_so() -> None:
    """Every designed value is marked (RULES.md lists the decisions)."""
    assert _raw("villagers.toml")["designed"] is True
    assert _raw("buildings.toml")["designed"] is True
    tracks = _raw("tracks.toml")
    assert all(tracks[k]["designed"] for k in ("villager_slots", "progress", "reputation"))


def test_progress_track_matches_the_rulebook_example() -> None:
    """「左から3番目のスロット…それぞれ2VP」「3種類の商品を配置している場合は、収入は4ではなく6」"""
    tracks = load_components().tracks
    assert tracks.progress_vp[:3] == (1, 1, 2)
    assert tracks.base_income == 4 and tracks.progress_income[2] == 6
    assert tracks.reputation_vp[0] == -2


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_card_and_villager_has_a_name(lang: str) -> None:
    names = catalog(lang)
    comp = load_components()
    for v in comp.villagers:
        assert names.get(f"above_and_below.villager.{v.id}"), v.id
    for card in comp.buildings:
        assert names.get(f"above_and_below.card.{card}"), card


def test_bad_cards_fail_with_a_sentence() -> None:
    with pytest.raises(DataError, match=r"h99.*goods_on_buy"):
        _building("house", {"id": "h99", "cost": 3, "vp": 0, "goods_on_buy": "gold"})
    with pytest.raises(DataError, match="unknown fields"):
        _building("house", {"id": "h98", "cost": 3, "vp": 0, "bedz": 1})
    with pytest.raises(DataError, match="lantern"):
        _villager({"id": 99, "type": "x", "group": "trainable", "lantern": [3]})
    with pytest.raises(DataError, match="special"):
        _villager({"id": 98, "type": "x", "group": "special", "special": "dragon"})
