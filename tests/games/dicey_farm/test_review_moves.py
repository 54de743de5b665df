"""Dicey Farm's move lines as a newcomer reads them (review of 2026-11-25)."""

from __future__ import annotations

import pytest

from gameshelf.core.i18n import t
from gameshelf.games.dicey_farm import actions as A
from gameshelf.games.dicey_farm.view import describe_move
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
