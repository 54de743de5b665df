"""Accounts in real browsers (issue 27, "Done when"): two people sign up on
two browsers, play a rated game against each other and a bot — their
sessions act for their seats, with no token — see their ratings move and
the game on their profiles, and one of them finds their running table, with
whose turn it is, on the home page of a third browser. English and
Japanese, phone and desktop widths; screenshots to look at."""

from __future__ import annotations

import secrets
import time
from typing import Any

import pytest

from tests.web.helpers import shot

PASSWORD = "correct horse battery"


def _context(browser: Any, lang: str = "en", width: int = 1280) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": width, "height": 900})
    context.add_init_script(f"localStorage.setItem('gameshelf.lang', '{lang}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(20_000)
    return context, page, errors


def _sign(page: Any, base: str, name: str, how: str) -> None:
    """Log in (first form) or sign up (second) through the page."""
    page.goto(f"{base}/#/login")
    form = page.locator("form.account-form").nth(0 if how == "login" else 1)
    form.locator("input[name=name]").fill(name)
    form.locator("input[name=password]").fill(PASSWORD)
    form.locator("button[type=submit]").click()
    page.wait_for_function("document.querySelector('.account-name')?.textContent === " + repr(name))


def _api(page: Any, method: str, path: str, body: Any = None) -> Any:
    """A call from the page itself: its cookie, and the CSRF header account.js adds."""
    return page.evaluate(
        """async ([method, path, body]) => {
             const res = await fetch(path, {method, headers: {"Content-Type": "application/json"},
                                            body: body === null ? undefined : JSON.stringify(body)});
             return {status: res.status, data: await res.json()};
           }""", [method, path, body])


def _play_out(pages: list[Any], table: str, limit: float = 240) -> dict[str, Any]:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        moved = False
        for page in pages:
            v = _api(page, "GET", f"/api/tables/{table}/view")["data"]
            if v["over"]:
                return dict(v)
            if v["legal"]:
                r = _api(page, "POST", f"/api/tables/{table}/moves",
                         {"after": v["state"], "action": v["legal"][0]["action"]})
                assert r["status"] in (200, 409), r
                moved = True
        if not moved:
            time.sleep(0.05)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_two_people_a_rated_game_profiles_and_a_third_browser(browser: Any, server: str, lang: str) -> None:
    ann, bo = f"Ann{secrets.token_hex(3)}", f"Bo{secrets.token_hex(3)}"
    ctx_a, page_a, errors_a = _context(browser, lang)
    ctx_b, page_b, errors_b = _context(browser, lang, 390)
    try:
        _sign(page_a, server, ann, "register")
        _sign(page_b, server, bo, "register")
        # Ann opens a rated table from the home page: her, an open seat, an easy bot
        page_a.goto(f"{server}/#/")
        page_a.locator("#your-turn .rated-new summary").click()
        page_a.locator(".rated-form select").nth(1).select_option("3")
        page_a.locator(".rated-seats select").nth(1).select_option("easy")
        page_a.locator(".rated-form button[type=submit]").click()
        page_a.wait_for_url("**/#/t/*")
        table = page_a.url.split("#/t/")[1].split("?")[0]
        info = _api(page_a, "GET", f"/api/tables/{table}")["data"]
        assert info["rated"] is True and [s["kind"] for s in info["seats"]] == ["human", "open", "bot"]
        assert _api(page_b, "POST", f"/api/tables/{table}/seats/1/join", {})["status"] == 200
        view = _play_out([page_a, page_b], table)
        assert [c["seat"] for c in view["result"]["ratings"]] == [0, 1, 2]
        # their ratings moved, and the game is on both profiles
        for page, name in [(page_a, ann), (page_b, bo)]:
            page.goto(f"{server}/#/player/{name}")
            page.wait_for_selector(".rating-card")
            assert page.locator(".profile h1").text_content() == name
            assert page.locator(f".profile a[href='#/replay/{table}']").count() == 1
            shot(page, f"accounts-profile-{lang}-{'desktop' if page is page_a else 'phone'}")
        page_a.goto(f"{server}/#/leaders/filthy-rich")
        page_a.wait_for_selector(".leaderboard")
        board = page_a.locator(".leaderboard").text_content()
        assert ann in board and bo in board
        shot(page_a, f"accounts-leaders-{lang}")
        # a table still running, then Ann on a third browser finds it with whose turn it is
        r = _api(page_a, "POST", "/api/tables", {"game": "pay-dirt", "players": 3, "rated": True, "seats": [
            {"kind": "human", "name": ann}, {"kind": "open"}, {"kind": "bot", "level": "easy"}]})
        running = r["data"]["id"]
        assert _api(page_b, "POST", f"/api/tables/{running}/seats/1/join", {})["status"] == 200
        ctx_c, page_c, errors_c = _context(browser, lang, 390)
        try:
            _sign(page_c, server, ann, "login")
            page_c.goto(f"{server}/#/")
            row = page_c.locator(f"#your-turn a[href='#/t/{running}']")
            row.wait_for()
            line = page_c.locator("#your-turn .yt-row", has=page_c.locator(f"a[href='#/t/{running}']"))
            to_move = _api(page_c, "GET", f"/api/tables/{running}")["data"]["to_move"]
            mine = "yt-mine" in (line.get_attribute("class") or "")
            assert mine == (to_move == 0)
            if to_move == 1:
                assert bo in line.text_content()
            shot(page_c, f"accounts-your-turn-{lang}-phone")
            # her session acts for her seat here, with no token in this browser
            assert _api(page_c, "GET", f"/api/tables/{running}/view")["data"]["seat"] == 0
            # and the table page seats her there: her moves are offered when it is her turn
            page_c.goto(f"{server}/#/t/{running}")
            page_c.wait_for_selector(".status-bar .status-text")
            if to_move == 0:
                page_c.locator(".status-bar .bar-move, .moves-list .move-btn").first.wait_for(state="attached")
            shot(page_c, f"accounts-table-{lang}-phone")
            assert not errors_c, errors_c
        finally:
            ctx_c.close()
        assert not errors_a and not errors_b, errors_a + errors_b
    finally:
        ctx_a.close()
        ctx_b.close()
