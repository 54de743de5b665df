"""Every page as a newcomer meets it, at phone (390 px) and desktop
(1280 px) width, in English and Japanese: lobby, the new-table form,
hot-seat, replay, rules and the daily page. Each gets a screenshot (to be
looked at), never scrolls sideways, reaches the daily page from its top
bar, and a table can be opened and played from the keyboard alone."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.web.helpers import bots_finish_a_table, click_a_move, create_table, shot

WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}


@pytest.fixture(scope="module")
def finished_table(server: str) -> str:
    """A Filthy Rich game two easy bots played to the end on the server."""
    return bots_finish_a_table(server, "filthy-rich", 2, seconds=90)


def _open(browser: Any, size: str, lang: str) -> tuple[Any, Any]:
    width, height = WIDTHS[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(f"localStorage.setItem('gameshelf.lang', {json.dumps(lang)})")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return context, page


def _check(page: Any, name: str) -> None:
    """No sideways scroll, the daily page one click away, a screenshot."""
    page.wait_for_timeout(150)
    wide = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 1, f"{name} scrolls sideways by {wide}px"
    assert page.locator('header a[href="#/daily"]').is_visible(), name
    page.evaluate("() => window.scrollTo(0, 0)")  # a sticky bar is drawn where the page was scrolled to
    shot(page, name)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", sorted(WIDTHS))
def test_every_page_at_both_widths(browser: Any, server: str, finished_table: str,
                                   size: str, lang: str) -> None:
    context, page = _open(browser, size, lang)
    try:
        page.goto(server + "/")
        page.wait_for_selector(".game-card")
        _check(page, f"page-lobby-{size}-{lang}")
        page.goto(f"{server}/#/?new=pay-dirt")
        page.wait_for_selector("form.create")
        page.select_option('select[name="players"]', "3")
        _check(page, f"page-create-{size}-{lang}")
        page.goto(f"{server}/#/rules/above-and-below")
        page.wait_for_selector(".rules-page")
        _check(page, f"page-rules-{size}-{lang}")
        page.goto(f"{server}/#/replay/{finished_table}")
        page.wait_for_selector(".replay")
        page.click(".replay-next")
        page.wait_for_selector('.replay[data-k="1"]')
        _check(page, f"page-replay-{size}-{lang}")
        page.goto(f"{server}/#/daily")
        page.wait_for_selector(".daily-page")
        _check(page, f"page-daily-{size}-{lang}")
        create_table(page, server, "filthy-rich", ["here", "here"], ["Ann", "Ben"])
        page.wait_for_selector(".table-page")
        _check(page, f"page-hotseat-board-{size}-{lang}")
        rng = random.Random(5)
        for _ in range(200):
            if page.locator(".handoff").count():
                break
            click_a_move(page, rng, board_first=False)
        _check(page, f"page-hotseat-handoff-{size}-{lang}")
        assert not page.errors, page.errors
    finally:
        context.close()


def test_a_table_from_the_keyboard_alone(page: Any, server: str) -> None:
    """Tab and Enter: open the form, start a game against a bot, make moves
    on the board and in the list, take one back, read the rules."""
    page.goto(server + "/")
    page.wait_for_selector(".game-card")

    def tab_to(selector: str, limit: int = 80) -> None:
        for _ in range(limit):
            page.keyboard.press("Tab")
            if page.evaluate("(s) => document.activeElement?.matches(s)", selector):
                return
        raise AssertionError(f"Tab never reached {selector}")

    tab_to('button.new-table[data-game="dicey-farm"]')
    page.keyboard.press("Enter")
    page.wait_for_selector("form.create")
    tab_to('form.create button[type="submit"]')
    page.keyboard.press("Enter")
    page.wait_for_selector(".table-page")
    before = int(page.get_attribute(".table-page", "data-state") or 0)
    tab_to(".board .legal")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(n) => Number(document.querySelector('.table-page').dataset.state) > n || document.querySelector('.chooser-item')",
        arg=before)
    if page.locator(".chooser-item").count():
        page.locator(".chooser-item").first.focus()
        page.keyboard.press("Enter")
    page.wait_for_function("(n) => Number(document.querySelector('.table-page').dataset.state) > n", arg=before)
    # the focus stays among the moves: Enter again plays the next one
    assert page.evaluate("() => !!document.activeElement?.closest('.table-page')")
    n = int(page.get_attribute(".table-page", "data-state") or 0)
    tab_to(".status-all")  # the list of every move is a drawer in the bar, closed at first
    page.keyboard.press("Enter")
    tab_to(".move-btn")
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => Number(document.querySelector('.table-page').dataset.state) > n", arg=n)
    if page.locator(".undo-btn").count():
        n = int(page.get_attribute(".table-page", "data-state") or 0)
        page.keyboard.press("u")
        page.wait_for_function("(n) => Number(document.querySelector('.table-page').dataset.state) > n", arg=n)
    tab_to('.table-head a[href^="#/rules/"]')
    page.keyboard.press("Enter")
    page.wait_for_selector(".rules-page")
