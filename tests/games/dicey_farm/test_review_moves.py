"""Dicey Farm's move lines as a newcomer reads them (review of 2026-11-25)."""

from __future__ import annotations

import pytest

from gameshelf.core.i18n import t
from gameshelf.games.dicey_farm import actions as A
from gameshelf.games.dicey_farm.texts import describe_move
from tests.games.dicey_farm.helpers import farm

LANGS = ("en", "ja")


@pytest.mark.parametrize("lang", LANGS)
def test_recruiting_with_a_die_as_big_as_the_display_keeps_them_all(lang: str) -> None:
    """A 6 against six craftsmen keeps every one at once (nobody is
    replaced); the move said "keep 6 craftsmen, replace the rest"."""
    s = farm(dice=[6])
    assert len(s.display) == 6
    s.apply(A.PickDie(6))
    line = describe_move(s.observation(0), A.Use("recruit"), lang)
    assert line.endswith(t("dicey_farm.view.use-recruit-all", lang, n=6)), line
    assert t("dicey_farm.view.use-recruit", lang, n=6) not in line
    before = list(s.display)
    s.apply(A.Use("recruit"))
    assert s.display == before and s.phase == "main"  # what the line promised


@pytest.mark.parametrize("lang", LANGS)
def test_recruiting_with_a_smaller_die_still_says_the_rest_are_replaced(lang: str) -> None:
    s = farm(dice=[3])
    s.apply(A.PickDie(3))
    line = describe_move(s.observation(0), A.Use("recruit"), lang)
    assert line.endswith(t("dicey_farm.view.use-recruit", lang, n=3)), line


def _buy_line(s: object, face: int, lang: str) -> str:
    return describe_move(s.observation(0), A.Use("buy_base"), lang)  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", LANGS)
def test_buying_an_animal_says_the_field_it_takes_and_what_it_gives(lang: str) -> None:
    """A merchant's animal said only "chicken +1": not that a new kind
    takes a field of its own, nor that each head gives its product at the
    harvest. Both are checked against what the engine does."""
    s = farm(dice=[3], goods={"food": 9})
    wares = s.observation(0)["wares"]["base"]
    face = next(f for f, (good, _) in enumerate(wares, 1) if good == "chicken")
    s.dice = [face]
    s.apply(A.PickDie(face))
    line = _buy_line(s, face, lang)
    field = t("dicey_farm.view.animal-field", lang)
    egg = t("dicey_farm.view.animal-product", lang, product=t("dicey_farm.good.egg", lang))
    assert field in line and egg in line, line
    empty = s.empty_fields()
    s.apply(A.Use("buy_base"))
    assert s.empty_fields() == empty - 1  # the field it said it takes
    eggs = s.goods["egg"]
    s.apply(A.EndRound())
    assert s.goods["egg"] == eggs + 1  # the egg it said each head gives


@pytest.mark.parametrize("lang", LANGS)
def test_buying_more_of_a_kind_already_kept_takes_no_field(lang: str) -> None:
    s = farm(dice=[3], goods={"sheep": 1}, fields=2)
    wares = s.observation(0)["wares"]["base"]
    face = next(f for f, (good, _) in enumerate(wares, 1) if good == "sheep")
    s.dice = [face]
    s.apply(A.PickDie(face))
    line = _buy_line(s, face, lang)
    assert t("dicey_farm.view.animal-field", lang) not in line, line
    wool = t("dicey_farm.view.animal-product", lang, product=t("dicey_farm.good.wool", lang))
    assert wool in line, line
    assert line.endswith(t("dicey_farm.view.gain", lang, what=t("dicey_farm.good.sheep", lang), n=1)), line
    empty = s.empty_fields()
    s.apply(A.Use("buy_base"))
    assert s.empty_fields() == empty


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seeds", (0, 2))
def test_sowing_with_the_sower_says_the_die_1_it_brings(lang: str, seeds: int) -> None:
    """With no seed, sowing is worth doing only for the sower's die 1
    (RULES.md D32), and the move line did not mention it."""
    s = farm(dice=[3], hired=("sower",), goods={"wheat_seed": seeds}, fields=3)
    s.apply(A.PickDie(3))
    line = describe_move(s.observation(0), A.Use("sow"), lang)
    assert t("dicey_farm.view.done-sower", lang) in line, line
    s.apply(A.Use("sow"))
    while s.phase == "sow":
        s.apply(A.Sow("wheat") if s.goods["wheat_seed"] else A.Done())
    assert 1 in s.dice  # the die it promised


@pytest.mark.parametrize("lang", LANGS)
def test_sowing_without_the_sower_promises_no_die_1(lang: str) -> None:
    s = farm(dice=[3], fields=3)
    s.apply(A.PickDie(3))
    line = describe_move(s.observation(0), A.Use("sow"), lang)
    assert t("dicey_farm.view.done-sower", lang) not in line, line


@pytest.mark.parametrize("lang", LANGS)
def test_ending_the_round_says_the_whisky_vp_and_the_shepherds_wool_beforehand(lang: str) -> None:
    """The round-end move listed the food, the rot and who leaves, but not
    the VP the whisky scores then nor the shepherd's wool; checked against
    applying it."""
    s = farm(dice=[], hired=("shepherd",), goods={"food": 9, "whisky": 3, "sheep": 5}, fields=2)
    line = describe_move(s.observation(0), A.EndRound(), lang)
    vp, wool = s.vp["whisky"], s.goods["wool"]
    s.apply(A.EndRound())
    # the next round's harvest (1 wool a sheep) comes with the same move
    gained_vp, shepherds_wool = s.vp["whisky"] - vp, s.goods["wool"] - wool - s.goods["sheep"]
    assert (gained_vp, shepherds_wool) == (3, 2)
    assert t("dicey_farm.view.end-whisky", lang, vp=gained_vp) in line, line
    assert t("dicey_farm.view.end-wool", lang, n=shepherds_wool) in line, line


def test_no_whisky_no_shepherd_no_such_words() -> None:
    s = farm(dice=[], goods={"food": 9, "sheep": 4}, fields=2)
    line = describe_move(s.observation(0), A.EndRound(), "en")
    assert "whisky" not in line and "shepherd" not in line, line
