"""Dicey Farm Daily Mode in the browser: today's puzzle is a server table
with the date as its option; one counted try per day in this browser,
practice any time; a finished counted try is entered on the server's
leaderboard (/api/daily/...) with the server's own score, then feeds the
score chart and shows the solver's par."""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest

from tests.web.helpers import api_json as _http
from tests.web.helpers import play_to_end, shot


def _today() -> str:
    return datetime.datetime.now(datetime.UTC).date().isoformat()


def _finish_by_api(base: str, table: str, token: str) -> None:
    """Play the table out through the API (the clicking is another test's)."""
    for _ in range(2000):
        v = _http(base, f"/api/tables/{table}/view", token)
        if v["over"]:
            return
        _http(base, f"/api/tables/{table}/moves", token, {"after": v["state"], "action": v["legal"][0]["action"]})
    raise AssertionError("the game did not end")


def test_finished_counted_try_is_entered_with_the_servers_score(page: Any, server: str) -> None:
    page.goto(f"{server}/#/daily")
    page.click(".daily-play")  # no name: the browser asks for one, nothing is opened
    assert page.locator(".daily-page").count() == 1
    page.fill('input[name="daily-name"]', "Eve <b>")
    page.click(".daily-play")
    page.wait_for_selector(".table-page")
    table = page.evaluate("JSON.parse(localStorage.getItem('gameshelf.daily')).at(-1).table")
    token = page.evaluate(f"JSON.parse(localStorage.getItem('gameshelf.seats'))[{json.dumps(table)}]['0']")
    _finish_by_api(server, table, token)
    # the server entered it as it ended: no browser had to come back
    entered = _http(server, f"/api/daily/{_today()}/attempts?name=Eve%20%3Cb%3E")["history"]
    assert [(e["table"], e["counted"]) for e in entered] == [(table, True)]
    page.goto(f"{server}/#/daily")
    page.wait_for_selector(".leaderboard li")
    score = _http(server, f"/api/daily/{_today()}/attempts?name=Eve%20%3Cb%3E")["history"][0]["score"]
    record = _http(server, f"/api/tables/{table}/record")
    assert score == record["result"]["scores"][0]
    row = page.locator(".leaderboard li", has_text="Eve <b>")
    assert row.inner_text().split()[1:] == ["Eve", "<b>", str(score), "VP"]
    page.wait_for_selector(".history-chart")
    shot(page, "daily-entered")


def test_daily_puzzle_is_todays_table_and_counts_once(page: Any, server: str) -> None:
    page.goto(f"{server}/#/daily")
    page.fill('input[name="daily-name"]', "Dana")
    page.click(".daily-play")
    page.wait_for_selector(".table-page")
    assert _today() in page.locator(".board").inner_text()
    page.click('a[href="#/daily"]')
    page.wait_for_selector(".daily-page")
    assert page.locator(".daily-play").is_disabled()
    page.click(".daily-practice")
    page.wait_for_selector(".table-page")
    assert _today() in page.locator(".board").inner_text()


@pytest.mark.slow
def test_finished_daily_puzzle_draws_the_history_chart(page: Any, server: str) -> None:
    page.goto(f"{server}/#/daily")
    page.fill('input[name="daily-name"]', "Flo")
    page.click(".daily-play")
    page.wait_for_selector(".table-page")
    play_to_end(page, 150, seed=4)
    page.locator(".result-screen").get_by_role("link", name="Daily puzzle").click()
    page.wait_for_selector(".history-chart")
    page.wait_for_selector(".daily-par", timeout=90_000)  # the solver's first answer for a date takes ~20 s
    shot(page, "daily-history")


def test_a_try_played_elsewhere_is_counted_and_its_result_says_so(page: Any, server: str) -> None:
    """A daily table opened and finished by another client (here: the API)
    is on the leaderboard at once; its link in a browser shows the result
    screen with the entry and the par on its way."""
    body = {"game": "dicey-farm", "players": 1, "seats": [{"kind": "human", "name": "Gus"}],
            "options": {"daily": _today()}}
    created = _http(server, "/api/tables", body=body)
    table, token = created["id"], created["tokens"]["0"]
    _finish_by_api(server, table, token)
    board = _http(server, f"/api/daily/{_today()}/attempts")
    assert "Gus" in [e["name"] for e in board["entries"]]
    page.goto(f"{server}/#/t/{table}?seat=0&token={token}")
    page.wait_for_selector(".result-screen .daily-entry")
    assert "leaderboard" in page.locator(".daily-entry").inner_text()
    shot(page, "daily-result")
    page.keyboard.press("Escape")  # the result screen closes from the keyboard, onto the board
    page.wait_for_selector(".result-screen", state="detached")
    assert page.evaluate("() => document.activeElement.classList.contains('open-replay')")


@pytest.mark.slow
def test_an_earlier_days_par_shows_the_solvers_moves(page: Any, server: str) -> None:
    page.goto(f"{server}/#/daily")
    page.fill('input[name="daily-past"]', "2025-03-01")
    page.click(".daily-show-par")
    page.wait_for_selector(".daily-par-past .daily-par-moves", timeout=90_000)
    page.click(".daily-par-moves summary")
    assert page.locator(".daily-par-line li").count() > 10
    shot(page, "daily-past-par")
    page.click(".daily-play-past")
    page.wait_for_selector(".table-page")
    assert "2025-03-01" in page.locator(".board").inner_text()
