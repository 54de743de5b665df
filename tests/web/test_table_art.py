"""The tables drawn, not written (issue 25): every thing has a picture from
the vendored Game Icons, the vendored typeface is the page's, counts are
pieces, what a move changed is marked (and moves), and at 1280 × 800 a
3-player table shows the seat's own area, the shared board and the decision
without scrolling, the other seats folded to a line each."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.web.fixtures import PLAYERS, views
from tests.web.helpers import shot

WEB = Path(__file__).resolve().parents[2] / "src" / "gameshelf" / "web"
NAMES = ["Alice", "Bob", "Carol", "Dan"]


def _draw(page: Any, view: dict[str, Any]) -> None:
    page.evaluate("([v, names]) => window.gameshelfDev(v, names, v.seat)", [view, NAMES])
    page.wait_for_function("() => !!document.querySelector('.board')")


def _open_dev(page: Any, server: str, game_id: str) -> None:
    page.goto(f"{server}/#/dev/{game_id}")
    page.wait_for_function("() => !!window.gameshelfDev")


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_gallery_of_each_table_at_both_widths(page: Any, server: str, game_id: str) -> None:
    _open_dev(page, server, game_id)
    for i, view in enumerate(views(game_id)):
        if i not in (1, 3):
            continue
        for width, height in ((1280, 800), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            _draw(page, view)
            page.wait_for_timeout(150)
            page.screenshot(path=f"/tmp/h25b-shots/{game_id}-{i}-{width}.png")
            shot(page, f"art-{game_id}-{i}-{width}")
