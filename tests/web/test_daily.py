"""Dicey Farm Daily Mode in the browser: today's puzzle is a server table
with the date as its option; one counted try per day in this browser,
practice any time; a finished counted try feeds the score chart from the
server's own result."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from tests.web.helpers import play_to_end, shot


def _today() -> str:
    return datetime.datetime.now(datetime.UTC).date().isoformat()


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
    page.click(".daily-play")
    page.wait_for_selector(".table-page")
    play_to_end(page, 150, seed=4)
    page.locator(".result-screen").get_by_role("link", name="Daily puzzle").click()
    page.wait_for_selector(".history-chart")
    shot(page, "daily-history")
