"""Dicey Farm's compact terminal board as a newcomer reads it (review of
2026-11-25): a wrapped list breaks between its items, never inside one."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from gameshelf.core.i18n import t
from gameshelf.games.dicey_farm.terminal_view import render
from tests.games.dicey_farm.helpers import farm

GOODS = {"food": 5, "fish": 3, "wheat": 4, "vegetable": 2, "flower": 1, "meat": 2, "egg": 3, "milk": 2, "wool": 5,
         "wheat_seed": 2, "vegetable_seed": 3, "flower_seed": 1, "whisky": 2, "gem": 1}


def _lines(lang: str, width: int) -> list[str]:
    s = farm(dice=[1, 3], goods=GOODS, hired=("peddler", "livestock_dealer", "gardener", "grocer"))
    console = Console(width=width, record=True, color_system=None)
    console.print(render(s.observation(0), lang))
    return [line.replace("\u00a0", " ") for line in console.export_text().splitlines()]


@pytest.mark.parametrize("lang", ("en", "ja"))
@pytest.mark.parametrize("width", (80, 100))
def test_stock_and_merchant_items_stay_whole_when_the_line_wraps(lang: str, width: int) -> None:
    lines = _lines(lang, width)
    for good, n in GOODS.items():  # "wheat seed 2" once read "wheat" / "seed 2"
        item = f"{t(f'dicey_farm.good.{good}', lang)} {n}"
        assert any(re.search(rf"(^|\s|▲){re.escape(item)}(\s|$)", line) for line in lines), (item, lines)
    wares = [line for line in lines if "×" in line]
    for name in ("wheat_seed", "vegetable_seed", "flower_seed"):  # the gardener's "⚄wheat seed×3" too
        word = t(f"dicey_farm.good.{name}", lang)
        assert not any(line.rstrip().endswith(word.split()[0]) and " " in word for line in wares), wares


@pytest.mark.parametrize("lang", ("en", "ja"))
def test_names_stay_whole_when_the_line_wraps(lang: str) -> None:
    """Craftsmen and merchants' wares, at every width from a narrow pane up."""
    s = farm(dice=[1, 3], goods=GOODS, hired=("peddler", "livestock_dealer", "gardener", "grocer"))
    obs = s.observation(0)
    names = [t(f"dicey_farm.craftsman.{c}.name", lang) for c in obs["hired"] + obs["display"]]
    for width in range(30, 101, 5):
        lines = _lines(lang, width)
        for name in names:
            assert any(name in line for line in lines), (width, name, lines)


@pytest.mark.parametrize("lang", ("en", "ja"))
def test_with_every_die_spent_the_board_does_not_ask_for_a_die(lang: str) -> None:
    s = farm(dice=[], goods={"fish": 1})
    console = Console(width=100, record=True, color_system=None)
    console.print(render(s.observation(0), lang))
    text = console.export_text()
    assert t("dicey_farm.view.step-no-dice", lang) in text, text
    assert t("dicey_farm.phase.main", lang) not in text, text
    # ... and what it offers instead is what is legal: free actions and the round's end
    kinds = {type(a).__name__ for a in s.legal_actions()}
    assert kinds <= {"ToFood", "Cook", "Modify", "EndRound"}, kinds
