"""A person finishes a game in the browser, opens its analysis and sees, in
their language, the three moves that cost them most and what would have
been better (issue 26); the analysis view and a table with hints pass
axe-core. The analysis server (tests/web/conftest.py) analyses with 0.02 s per
decision (two worlds each), so the analysis is ready soon after the game ends."""

from __future__ import annotations

import json
from typing import Any

from tests.web.helpers import api_json, create_table, finish_through_the_api, play_to_end, shot
from tests.web.test_status import JAPANESE, _axe, _page

#: The longest the page may say "being worked out": the analysis takes about
#: 20 s of CPU, but at low priority, and a loaded machine gives it little
PATIENCE_MS = 480_000


def _open_analysis(page: Any) -> None:
    page.wait_for_selector(".analysis-panel .mistakes, .analysis-panel .no-mistakes, .analysis-failed",
                           timeout=PATIENCE_MS)


def test_finish_a_game_then_read_its_costliest_moves_in_english_and_japanese(
        page: Any, analysis_server: str) -> None:
    server = analysis_server
    # two people at one screen (hot seat), both clicking at random, so the
    # game stays open and most decisions move the chance to win (a random
    # clicker against a bot is soon lost in every world, where only the lead
    # a few moves on tells moves apart: tests/analysis covers that case)
    # (the first moves by clicking, the rest, often hundreds, through the API)
    create_table(page, server, "filthy-rich", ["here", "here"], ["Alice", "Bob"])
    page.wait_for_selector(".table-page")
    play_to_end(page, 120, seed=11, most=6)
    finish_through_the_api(page, server, seed=11)
    result = page.locator(".result-screen")
    result.locator("a.open-analysis").click()
    page.wait_for_selector(".replay")
    _open_analysis(page)
    panel = page.locator(".analysis-panel")
    title = panel.locator(".panel-title").inner_text()
    assert "Alice" in title or "Bob" in title, title  # the seat whose turn the game ended on
    mistakes = panel.locator(".mistake")
    # the three costliest at least, up to five when more earned a mark
    listed = mistakes.count()
    assert 3 <= listed <= 5, panel.inner_text()
    for i in range(listed):
        item = mistakes.nth(i)
        made, better = item.locator(".made").inner_text(), item.locator(".better").inner_text()
        assert made and better and made != better
        assert item.locator(".reason").inner_text().strip()
        assert "Your move" in item.locator(".loss").inner_text()  # issue 42: read the right way round
    # the chart marks each of them that has a mark ("?!", "?", "??")
    # (issue 42: an unmarked one reads "unclear" or "small", never "≈ a close call")
    marked = [b for b in mistakes.locator("button.jump").all_inner_texts() if b.startswith("?")]
    assert page.locator(".replay-chart .mistake-mark").count() == len(marked)
    # a click on a mistake shows the move: its line is the move list's last, with its mark
    k = int(mistakes.nth(0).get_attribute("data-k") or -1)
    mark = mistakes.nth(0).locator("button.jump").inner_text().split()[0]
    mistakes.nth(0).locator("button.jump").click()
    page.wait_for_selector(f'.replay[data-k="{k + 1}"]')
    # the jump shows that position: the analysis is below the board, and the page is back up at the board
    assert page.evaluate("() => document.querySelector('.replay .board').getBoundingClientRect().top < innerHeight / 2")
    assert page.locator(".analysis-now").count() == 1  # the move made against the best, with estimates
    if mark.startswith("?"):  # (an unmarked one has no mark in the move list)
        assert page.locator(".log-list li.fresh").first.inner_text().rstrip().endswith(mark)
    shot(page, "analysis-en")
    assert not _axe(page), _axe(page)
    # in Japanese: the same ones, in Japanese words
    page.click('button[data-lang="ja"]')
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    page.wait_for_function("""() => /分析/.test(document.querySelector('.analysis-panel .panel-title')?.textContent || '')
      && document.querySelectorAll('.analysis-panel .mistake').length > 0""", timeout=PATIENCE_MS)
    ja = page.locator(".analysis-panel .mistake")
    assert ja.count() == listed
    for i in range(listed):
        assert JAPANESE.search(ja.nth(i).locator(".better").inner_text() + ja.nth(i).locator(".reason").inner_text())
    assert JAPANESE.search(ja.nth(0).locator(".loss").inner_text())
    shot(page, "analysis-ja")


def test_a_hint_shows_three_moves_and_plays_one_and_the_table_says_so(browser: Any, server: str) -> None:
    made = api_json(server, "/api/tables", body={"game": "filthy-rich", "players": 2, "hints": True,
                                                 "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}]})
    context, page, errors = _page(browser, "desktop")
    try:
        page.goto(f"{server}/#/t/{made['id']}?seat=0&token={made['tokens']['0']}")
        page.wait_for_selector(".status-bar.mine")
        assert page.locator(".hints-chip").inner_text().strip().endswith("hints allowed")
        state = int(page.get_attribute(".table-page", "data-state") or -1)
        page.click(".hint-btn")
        page.wait_for_selector(".hint-panel .hint-play")
        moves = page.locator(".hint-panel li")
        assert 1 <= moves.count() <= 3
        assert "expected score" in moves.nth(0).inner_text()
        assert not _axe(page), _axe(page)
        shot(page, "hint-en")
        page.locator(".hint-panel .hint-play").nth(0).click()
        page.wait_for_function("(n) => Number(document.querySelector('.table-page')?.dataset.state) > n", arg=state)
        page.wait_for_selector(".hints-used")
        assert "Ann" in page.locator(".hints-used").inner_text()
        info = json.loads(page.evaluate(f"fetch('/api/tables/{made['id']}').then((r) => r.text())"))
        assert info["seats"][0]["hints"] == 1 and info["hints"] is True
        assert not errors, errors
    finally:
        context.close()
