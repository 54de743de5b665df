"""Undo in the browser: the button shows only when the server allows a
take-back, the U key and Ctrl+Z work as well as the button, and a watcher
in another browser sees the take-back in the log."""

from __future__ import annotations

import random
from typing import Any

from tests.web.helpers import click_a_move, click_move, create_table, open_moves, shot, state_of


def _wait_state(page: Any, n: int) -> None:
    page.wait_for_function("(n) => Number(document.querySelector('.table-page')?.dataset.state) >= n",
                           arg=n, timeout=20_000)


def test_undo_button_key_and_what_others_see(page: Any, server: str) -> None:
    create_table(page, server, "dicey-farm", ["here"], ["Uma"])
    page.wait_for_selector(".table-page")
    assert page.locator(".undo-btn").count() == 0  # nothing to take back at the start
    table = page.url.split("#/t/")[1].split("?")[0]
    watcher = page.context.browser.new_context(viewport={"width": 390, "height": 800})
    try:
        watch = watcher.new_page()
        watch.goto(f"{server}/#/t/{table}")
        watch.wait_for_selector(".table-page")
        rng = random.Random(1)
        # picking a die shows nothing new: it may be taken back
        click_move(page)
        page.wait_for_selector(".undo-btn")
        picked = state_of(page)
        shot(page, "undo-offered")
        page.click(".undo-btn")
        _wait_state(page, picked + 1)
        assert page.locator(".log-panel .undo-line").count() == 1
        assert page.locator(".log-panel .taken-back").count() >= 1
        # the keyboard: a move by Enter on a focused move, then U, then Ctrl+Z
        open_moves(page)
        page.locator(".move-btn").first.focus()
        page.keyboard.press("Enter")
        page.wait_for_selector(".undo-btn")
        n = state_of(page)
        page.keyboard.press("u")
        _wait_state(page, n + 1)
        assert page.locator(".log-panel .undo-line").count() == 2
        click_move(page)
        page.wait_for_selector(".undo-btn")
        n = state_of(page)
        page.keyboard.press("Control+z")
        _wait_state(page, n + 1)
        assert page.locator(".log-panel .undo-line").count() == 3
        # the same at phone width in Japanese: the button keeps its place and says so
        page.set_viewport_size({"width": 390, "height": 844})
        page.click('button[data-lang="ja"]')
        page.wait_for_function("() => document.documentElement.lang === 'ja' && "
                               "/[\\u3040-\\u30ff\\u4e00-\\u9fff]/.test(document.querySelector('.status-bar').innerText)")
        click_move(page)
        page.wait_for_selector(".undo-btn")
        assert "取り消す" in page.locator(".undo-btn").inner_text()
        shot(page, "undo-offered-phone-ja")
        n = state_of(page)
        page.click(".undo-btn")
        _wait_state(page, n + 1)
        assert "取り消し：" in page.locator(".log-panel").inner_text()
        page.click('button[data-lang="en"]')
        page.wait_for_function("() => document.documentElement.lang === 'en'")
        # the watcher sees every take-back in its own log, and no button
        watch.wait_for_function("() => document.querySelectorAll('.log-panel .undo-line').length === 4",
                                timeout=20_000)
        assert watch.locator(".undo-btn").count() == 0
        assert "Took back" in watch.locator(".log-panel").inner_text()
        shot(watch, "undo-watcher-phone")
        # play on until a move that cannot be taken back: the button goes away
        for _ in range(60):
            before = state_of(page)
            click_a_move(page, rng, board_first=False)
            if state_of(page) > before and page.locator(".undo-btn").count() == 0:
                break
        assert page.locator(".undo-btn").count() == 0
        page.keyboard.press("u")  # nothing to take back: nothing happens
        page.wait_for_timeout(300)
        assert page.locator(".log-panel .undo-line").count() == 4
    finally:
        watcher.close()
