"""Every game's table view drawn from real observations, at phone and
desktop width: no script error, legal spots on the board play exactly a
legal move, and nothing is clickable when the seat has no move."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.fixtures import PLAYERS, views
from tests.web.helpers import shot

NAMES = ["Alice", "Bob", "Carol", "Dan"]


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_table_view_draws_and_offers_only_legal_moves(page: Any, server: str, game_id: str) -> None:
    page.goto(f"{server}/#/dev/{game_id}")
    page.wait_for_function("() => !!window.gameshelfDev")
    for i, view in enumerate(views(game_id)):
        page.evaluate("([v, names]) => window.gameshelfDev(v, names, v.seat)", [view, NAMES])
        assert page.locator(".board").count() == 1
        assert page.locator(".board-error").count() == 0
        spots = page.locator(".board .legal:visible")
        assert page.locator(".move-btn").count() == len(view["legal"])
        if not view["legal"]:
            assert spots.count() == 0
            continue
        legal = [json.dumps(e["action"], sort_keys=True) for e in view["legal"]]
        for k in range(min(spots.count(), 3)):
            page.evaluate("() => { window.gameshelfPlayed = []; }")
            spots.nth(k).click()
            if page.locator(".chooser-item").count():
                page.locator(".chooser-item").first.click()
            played = page.evaluate("() => window.gameshelfPlayed")
            assert len(played) == 1 and json.dumps(played[0], sort_keys=True) in legal
        # the keyboard reaches the same moves: focus a spot, press Enter
        if spots.count():
            page.evaluate("() => { window.gameshelfPlayed = []; }")
            spots.first.focus()
            page.keyboard.press("Enter")
            if page.locator(".chooser-item").count():
                page.keyboard.press("Enter")  # the chooser's first choice has the focus
            played = page.evaluate("() => window.gameshelfPlayed")
            assert len(played) == 1 and json.dumps(played[0], sort_keys=True) in legal
        if i in (1, 3):
            for width in (390, 1280):
                page.set_viewport_size({"width": width, "height": 900})
                shot(page, f"view-{game_id}-{i}-{width}")
                # the page never scrolls sideways: wide parts scroll inside themselves
                assert page.evaluate("() => document.documentElement.scrollWidth") <= width
            page.set_viewport_size({"width": 1280, "height": 900})


def test_a_spot_shows_its_move_before_it_is_made(browser: Any, server: str, page: Any) -> None:
    view = views("dicey-farm")[0]
    page.goto(f"{server}/#/dev/dicey-farm")
    page.wait_for_function("() => !!window.gameshelfDev")
    page.evaluate("([v]) => window.gameshelfDev(v, ['Alice'], 0)", [view])
    page.locator(".board .legal:visible").first.hover()
    assert page.locator(".move-btn.preview").count() >= 1  # the list lights its sentence up
    # on a touch screen (no hover) even a single move is confirmed with its text first
    phone = browser.new_context(viewport={"width": 390, "height": 800}, has_touch=True, is_mobile=True)
    try:
        tap = phone.new_page()
        tap.goto(f"{server}/#/dev/dicey-farm")
        tap.wait_for_function("() => !!window.gameshelfDev")
        tap.evaluate("([v]) => window.gameshelfDev(v, ['Alice'], 0)", [view])
        tap.locator(".board .legal:visible").first.tap()
        item = tap.locator(".chooser-item")
        assert item.count() >= 1 and item.first.inner_text() in [e["text"] for e in view["legal"]]
        assert tap.evaluate("() => window.gameshelfPlayed.length") == 0
        item.first.tap()
        assert tap.evaluate("() => window.gameshelfPlayed.length") == 1
    finally:
        phone.close()


def test_the_log_names_players_by_the_names_they_chose(page: Any, server: str) -> None:
    page.goto(f"{server}/#/dev/filthy-rich")
    page.wait_for_function("() => !!window.gameshelfDev")
    out = page.evaluate("""async () => {
        const { withNames } = await import('/js/tableview.js');
        return withNames('Player 2 pays player 1 $3 (Player 12 is nobody).', ['Ann', 'B$&n']);
    }""")
    assert out == "B$&n pays Ann $3 (Player 12 is nobody)."


def test_above_and_below_shows_a_pending_offer(page: Any, server: str) -> None:
    view = views("above-and-below")[1]
    view["observation"]["offer"] = [0, 1, 5, "turn"]  # (seller, buyer, price, phase)
    view["observation"]["villages"][0]["sale"] = "fish"
    page.goto(f"{server}/#/dev/above-and-below")
    page.wait_for_function("() => !!window.gameshelfDev")
    page.evaluate("([v, names]) => window.gameshelfDev(v, names, v.seat)", [view, NAMES])
    assert page.locator(".ab-offer").inner_text() == "Bob offers 5 coins to Alice for their fish."
