"""Playing in the browser, by clicking, against the real server: a whole
game against bots to the result screen and its replay (every game), two
people online in two browser contexts (one reloads mid-game), hot-seat with
its hand-over screen, a language switch mid-game, and a hostile name."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tests.web.helpers import click_a_move, create_table, play_to_end, shot, state_of

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
GAMES = {  # seats for a game against bots, kept small so a game takes seconds
    "dicey-farm": ["here"],
    "filthy-rich": ["here", "bot-easy"],
    "pay-dirt": ["here", "bot-easy"],
    "above-and-below": ["here", "bot-easy"],
}


@pytest.mark.parametrize("game_id", [  # Filthy Rich's game is short: it runs every time
    pytest.param(g, marks=() if g == "filthy-rich" else pytest.mark.slow) for g in sorted(GAMES)])
def test_whole_game_against_bots_then_replay(page: Any, server: str, game_id: str) -> None:
    create_table(page, server, game_id, GAMES[game_id], ["Alice"])
    page.wait_for_selector(".table-page")
    shot(page, f"table-{game_id}-start")
    made = play_to_end(page, 150, seed=7)
    assert made > 0
    result = page.locator(".result-screen")
    assert result.locator(".ranking li").count() == len(GAMES[game_id])
    assert "Alice" in result.inner_text()
    shot(page, f"table-{game_id}-result")
    assert result.locator("a.again").get_attribute("href") == f"#/?new={game_id}"
    result.locator("a.btn", has_text="Replay").click()
    page.wait_for_selector(".replay")
    total = int(page.locator(".replay-slider").get_attribute("max") or 0)
    assert total >= made
    page.click(".replay-next")
    page.wait_for_selector('.replay[data-k="1"]')
    page.click(".replay-last")
    page.wait_for_selector(f'.replay[data-k="{total}"]')
    page.click(".replay-back")
    page.wait_for_selector(f'.replay[data-k="{total - 1}"]')
    page.fill(".replay-goto", "2")
    page.press(".replay-goto", "Enter")
    page.wait_for_selector('.replay[data-k="2"]')
    shot(page, f"replay-{game_id}")


def test_two_people_online_and_one_reloads(browser: Any, server: str) -> None:
    alice_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    bob_ctx = browser.new_context(viewport={"width": 390, "height": 800})
    alice, bob = alice_ctx.new_page(), bob_ctx.new_page()
    try:
        create_table(alice, server, "filthy-rich", ["here", "invite"], ["Alice", "Bob"])
        link = alice.locator('input.invite-link[data-seat="1"]').input_value()
        alice.click("a.open-created")
        bob.goto(link)
        for pg in (alice, bob):
            pg.wait_for_selector(".table-page")
        rng = random.Random(3)
        moves = 0
        reloaded = False
        after_reload = 0
        for _ in range(400):
            if after_reload >= 4 or alice.locator(".result-screen").count():
                break
            for pg in (alice, bob):
                if pg.locator(".move-btn").count() and click_a_move(pg, rng):
                    moves += 1
                    after_reload += reloaded
            if moves >= 6 and not reloaded:
                bob.reload()
                bob.wait_for_selector(".table-page")
                reloaded = True
            alice.wait_for_timeout(100)
        assert reloaded and (after_reload >= 4 or alice.locator(".result-screen").count())
        shot(bob, "online-bob-phone")
        alice.wait_for_function("(n) => Number(document.querySelector('.table-page').dataset.state) >= n", arg=state_of(bob))
        assert "Bob" in alice.locator(".table-page").inner_text()
    finally:
        alice_ctx.close()
        bob_ctx.close()


def test_hot_seat_hides_the_last_hand(page: Any, server: str) -> None:
    create_table(page, server, "filthy-rich", ["here", "here"], ["Ann", "Ben"])
    page.wait_for_selector(".table-page")
    rng = random.Random(5)
    for _ in range(200):
        if page.locator(".handoff").count():
            break
        click_a_move(page, rng, board_first=False)
    handoff = page.locator(".handoff")
    assert handoff.count() == 1
    assert page.locator(".hand-fan, .fr-card, .board").count() == 0  # nothing of the last hand shows
    shot(page, "hotseat-handoff")
    page.click(".show-board")
    page.wait_for_selector(".board")
    assert page.locator(".move-btn").count() > 0


def test_language_switch_mid_game_keeps_the_game(page: Any, server: str) -> None:
    create_table(page, server, "dicey-farm", ["here"], ["Alice"])
    page.wait_for_selector(".table-page")
    rng = random.Random(2)
    for _ in range(3):
        click_a_move(page, rng, board_first=False)
    before = state_of(page)
    page.click('button[data-lang="ja"]')
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    page.wait_for_function("() => /[\\u3040-\\u30ff\\u4e00-\\u9fff]/.test(document.querySelector('.status-bar').innerText)")
    assert state_of(page) == before
    assert JAPANESE.search(page.locator(".board").inner_text())
    shot(page, "dicey-farm-ja")
    click_a_move(page, rng, board_first=False)
    page.click('button[data-lang="en"]')
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert state_of(page) == before + 1 or state_of(page) > before


def test_a_hostile_name_is_only_text(page: Any, server: str) -> None:
    hostile = "<img src=x onerror=alert(1)>"
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    create_table(page, server, "filthy-rich", ["here", "bot-easy"], [hostile])
    page.wait_for_selector(".table-page")
    assert hostile in page.locator(".table-page").inner_text()
    page.goto(server + "/")
    page.wait_for_selector(".open-tables")
    assert hostile in page.locator(".open-tables").inner_text()
    page.wait_for_timeout(300)
    assert page.locator("img[src=x]").count() == 0
    # anyone with the table link watches: the hostile name again as text, no moves
    table_id = page.locator(".open-tables tr[data-table]", has_text=hostile).first.get_attribute("data-table")
    watcher = page.context.browser.new_context()
    try:
        watch = watcher.new_page()
        watch.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        watch.goto(f"{server}/#/t/{table_id}")
        watch.wait_for_selector(".table-page")
        assert watch.locator(".move-btn").count() == 0
        assert "You are watching" in watch.locator(".table-head").inner_text()
        assert hostile in watch.locator(".table-page").inner_text()
    finally:
        watcher.close()
    assert dialogs == []


def test_a_table_with_a_clock_shows_each_seats_time(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.click('button.new-table[data-game="filthy-rich"]')
    page.select_option('select[name="kind-1"]', "bot-easy")
    page.check('input[name="clock"]')
    page.fill('input[name="bank"]', "3")
    page.click('form.create button[type="submit"]')
    page.wait_for_selector(".clock.running")
    assert page.locator(".clock").count() == 2
    assert re.search(r"[23]:\d\d", page.locator(".clock.running").inner_text())


def test_leave_lets_a_bot_play_and_the_seat_can_be_taken_back(page: Any, server: str) -> None:
    # a hard opponent thinks for a while at each of its turns, so the easy
    # stand-in cannot play the whole game out before the seat is taken back
    create_table(page, server, "filthy-rich", ["here", "bot-hard"], ["Lea"])
    page.wait_for_selector(".seat-leave")
    page.click(".seat-leave")
    page.wait_for_selector(".seat-back")
    # the page is redrawn at every move: a click that waits for a still button may never get one
    page.locator(".seat-back").dispatch_event("click")
    try:
        page.wait_for_selector(".seat-leave")
    except Exception as err:  # say what the page said instead (a refusal's toast, or a game over)
        toast = page.locator("#toast").inner_text()
        over = page.get_attribute(".table-page", "data-over")
        raise AssertionError(f"the seat did not come back: toast {toast!r}, game over {over!r}") from err
    page.wait_for_selector(".move-btn", state="attached")  # the seat is back in play: its moves are offered


def test_play_again_opens_the_new_table_form(page: Any, server: str) -> None:
    page.goto(f"{server}/#/?new=pay-dirt")
    page.wait_for_selector("form.create")
    assert "Pay Dirt" in page.locator("form.create h2").inner_text()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_log_line_names_its_seat_once(page: Any, server: str, lang: str) -> None:
    """Every game's sentences begin with the seat's name, and the log and the
    last-move banner lead with the seat's badge: the name is said once
    ("● Alice buys …", not "● Alice Alice buys …")."""
    page.goto(server + "/")
    page.evaluate("(l) => localStorage.setItem('gameshelf.lang', l)", lang)
    create_table(page, server, "filthy-rich", ["here", "bot-easy"], ["Alice"])
    page.wait_for_selector(".table-page")
    rng = random.Random(3)
    for _ in range(6):
        click_a_move(page, rng)
    # read every line in one step: the bot keeps moving and the page is redrawn
    # at each move, so a line found by index may be gone when it is read
    lines = page.evaluate(
        """() => [...document.querySelectorAll('.log-list li, .banner.last-move')].map((li) => {
            const name = li.querySelector('.seat-badge .seat-name');
            return {name: name ? name.innerText.trim() : null, text: li.innerText};
        })"""
    )
    assert len(lines) > 3
    named = [line for line in lines if line["name"]]
    assert named, lines
    for line in named:
        name, text = line["name"], line["text"]
        assert not re.search(re.escape(name) + r"\s*" + re.escape(name), text), text
