"""Pay Dirt's table as a newcomer reads it: what a highlight, a red name or
a legend in the terminal said is said in words on the board too."""

from __future__ import annotations

import time
from typing import Any

import pytest

from gameshelf.core.i18n import t
from gameshelf.games.pay_dirt.actions import PassBid
from gameshelf.games.pay_dirt.components import components
from gameshelf.games.pay_dirt.rules import acquire
from tests.games.pay_dirt.helpers import (
    EXC,
    LOAD,
    WASH,
    B,
    R,
    give_gear,
    item,
    new,
    nominate,
    put,
    to_work,
)
from tests.web.fixtures import view_of
from tests.web.helpers import api_json, shot, state_of

NAMES = ["Alice", "Bob", "Carol"]
EQUIP, CLAIM = 0, 2


def draw(page: Any, server: str, state: Any, seat: int) -> None:
    page.goto(f"{server}/#/dev/pay-dirt")
    page.wait_for_function("() => !!window.gameshelfDev")
    page.evaluate("([v, names, seat]) => window.gameshelfDev(v, names, seat)", [view_of(state, seat), NAMES, seat])
    page.wait_for_selector(".board.pd")
    assert page.locator(".board-error").count() == 0


def test_the_high_bid_names_the_lot_being_bid_on(page: Any, server: str) -> None:
    """The lot under the hammer was told only by its yellow background: now
    it is raised off the counter, named in words, and the paddle beside it
    shows the high bid and who holds it."""
    s = new(3)
    s.apply(nominate(s, CLAIM, 1))
    draw(page, server, s, s.current_player)
    claim = components().claims[s.display[CLAIM][1]]
    lot = page.locator(".pd-scene .lot.active")
    assert lot.count() == 1 and lot.get_attribute("data-row") == "2" and lot.get_attribute("data-lot") == "1"
    words = lot.text_content() or ""
    assert t("pay_dirt.names.claim." + claim.id, "en") in words, words
    paddle = page.locator('.pd-scene [data-ref="high-bid"]').get_attribute("aria-label") or ""
    assert "$2,000" in paddle and NAMES[s.high_bidder] in paddle, paddle


def test_the_hardship_hand_says_only_the_head_miners_card_cools(page: Any, server: str) -> None:
    s = new(3)
    s.phase = "draft"
    s.draft_order = [1, 2, 0]
    s.draft_pos = 0
    s.draft_hand = [s.hardship_deck.pop() for _ in range(3)]
    draw(page, server, s, 1)
    assert t("pay_dirt.view.hand-note", "en") in page.locator(".pd-draft").inner_text()


def test_a_fiem_co_machine_is_marked_in_words_not_only_in_red(page: Any, server: str) -> None:
    """Won: the pending panel says what Fiem Co means; installed: the machine's
    name carries the mark and the meaning on hover."""
    s = new(2)
    item(s, EQUIP, "fx-210")
    s.apply(nominate(s, EQUIP, 0))
    while s.phase == "bidding":
        s.apply(PassBid())
    draw(page, server, s, 0)
    assert t("pay_dirt.view.fiem", "en") in (page.locator(".table-mine .pd-pending").text_content() or "")
    s = new(2)
    fiem = item(s, EQUIP, "fx-210")
    acquire.replace_machine(s, 0, EXC, fiem)
    to_work(s, 0)
    draw(page, server, s, 0)
    head = page.locator(".table-mine .pd-machine").first.locator(".machine-head g.bad")
    assert (head.text_content() or "").startswith("⚠") and head.get_attribute("title") == t("pay_dirt.view.fiem", "en")


def test_gear_text_fits_its_card_on_a_phone(page: Any, server: str) -> None:
    """"Excavator/Loader/Wash Plant" has no space to break at and ran over
    the card's edge at 390 pixels; owned gear's wear bar had no label."""
    page.set_viewport_size({"width": 390, "height": 844})
    s = new(3)
    give_gear(s, 0, "generator")  # camp gear: free move in Excavator/Loader/Wash Plant
    radio = next(i for i, g in enumerate(components().gear) if g.id == "radio")
    for pile in (s.gear_deck, s.gear_discard):
        if radio in pile:
            pile.remove(radio)
    s.gear_display[0] = radio
    to_work(s, 0)
    draw(page, server, s, 0)
    # words running past their box on a tile or a card (sideways, or below it where they are cut)
    over = page.evaluate("""() => [...document.querySelectorAll('.board foreignObject.scene-text-box')].filter((fo) => {
        const range = document.createRange(); range.selectNodeContents(fo.firstChild);
        const box = fo.getBoundingClientRect();
        return [...range.getClientRects()].some((r) => r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5);
    }).map((fo) => fo.textContent)""")
    assert not over, over
    owned = page.locator('.table-mine .gear-owned[data-gear="1"] .pd-gauge').get_attribute("aria-label") or ""
    assert "Wear" in owned, owned
    shot(page, "pay-dirt-review-gear-390")


def test_the_result_says_gold_scores_and_what_the_sweep_added(page: Any, server: str) -> None:
    """The breakdown was "0 Gold $2,000" per player: nothing said the money
    scores nothing, nor what the final sweep gave."""
    import random

    from gameshelf.core.registry import load_game

    rng = random.Random(4)
    s = load_game("pay-dirt").new_game(3, 4)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    s.swept[1] = 2  # the sweep's gold as the game records it
    page.goto(f"{server}/#/dev/pay-dirt")
    page.wait_for_function("() => !!window.gameshelfDev")
    text = page.evaluate("""async (obs) => {
        const m = await import('/js/games/pay-dirt.js');
        return m.result({ obs, data: {}, names: ['Alice', 'Bob', 'Carol'] }).innerText; }""", s.observation(None))
    assert t("pay_dirt.view.money-unscored", "en") in text, text
    assert t("pay_dirt.view.swept", "en", gold=2) in text, text


def test_a_crew_card_says_its_workers_only_when_it_brings_some(page: Any, server: str) -> None:
    """"Claims Lawyer Finch +0 Workers; stops money hardships": a card with no
    worker said +0, and "+1 Workers" read as a heading."""
    from tests.games.pay_dirt.helpers import PERSON

    s = new(3)
    item(s, PERSON, "lawyer")  # no workers
    draw(page, server, s, s.current_player)
    lawyer = page.locator('.lot[data-row="1"][data-lot="0"]').text_content() or ""
    assert "+0" not in lawyer, lawyer
    for cell in page.locator('.lot[data-row="1"]').all_text_contents():
        assert "Workers;" not in cell, cell


def test_the_no_bid_disc_says_what_it_blocks(page: Any, server: str) -> None:
    """"⊘ NO BID" under a row's name, with nothing to say it blocks that row
    for this auction (the terminal's help says it; the board did not)."""
    s = new(3)
    s.no_bid = CLAIM
    draw(page, server, s, s.current_player)
    disc = page.locator(".pd-scene .no-bid")
    said = t("pay_dirt.errors.no-bid-row", "en", row=t("pay_dirt.row.claims", "en"))
    assert disc.get_attribute("title") == said and disc.get_attribute("aria-label") == said


def test_workers_a_hardship_idles_are_shown_on_the_camp(page: Any, server: str) -> None:
    s = new(3)
    s.camps[1].idle = 2
    draw(page, server, s, s.current_player)
    # seat 1 is another seat's, folded to its small mat: the idle workers are said on that line
    assert s.current_player != 1
    assert t("pay_dirt.view.idle", "en", n=2) in page.locator('.table-top .mini-mat[data-seat="1"] > summary').inner_text()


def test_unused_workers_are_counted_only_while_they_are_placed(page: Any, server: str) -> None:
    """During the auction every camp read "Workers 5 (unused 0)", as if its
    workers were spent; the terminal shows "Workers 5" there."""
    s = new(3)
    draw(page, server, s, s.current_player)
    assert "unused" not in (page.locator(".table-mine .pd-workers").get_attribute("aria-label") or "")
    to_work(s, 0, workers=4)
    draw(page, server, s, 0)
    assert "unused 4" in (page.locator(".table-mine .pd-workers").get_attribute("aria-label") or "")


def _seats(page: Any, selector: str) -> list[int]:
    return page.eval_on_selector_all(selector, """els => els.map((e) =>
        Number([...e.classList].find((c) => c.startsWith('seat-')).slice(5)))""")


def test_your_camp_sits_at_the_bottom_and_the_others_along_the_top_in_turn_order(page: Any, server: str) -> None:
    """You sit at the bottom of the table; across it, the others in turn
    order after you; a spectator sees every camp along the top in seat order."""
    s = new(3)
    you = 1  # not seat 0, so the order really changes
    draw(page, server, s, you)
    assert _seats(page, ".table-mine .camp") == [you]
    assert page.locator(".table-mine .camp .seat-you").count() == 1
    assert _seats(page, ".table-top .mini-mat") == [(you + k) % 3 for k in (1, 2)]
    view = view_of(s, None)
    page.evaluate("([v, names]) => window.gameshelfDev(v, names, null)", [view, NAMES])
    assert _seats(page, ".table-top .mini-mat") == [0, 1, 2]
    assert page.locator(".table-mine").count() == 0


def test_a_three_player_table_is_one_auction_block_played_by_clicking_a_lot(browser: Any, server: str) -> None:
    """At 1280×800 a 3-player table shows the auction block as one drawn
    scene covering at least 35% of the first screen, with its three rows of
    lots; a click on a lot puts it up for auction; the bar's sentence is said
    in the bar only, never again on the board."""
    seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "level": "easy"}] * 2
    made = api_json(server, "/api/tables", body={"game": "pay-dirt", "players": 3, "seats": seats})
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script("localStorage.setItem('gameshelf.lang', 'en')")
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{server}/#/t/{made['id']}?seat=0&token={made['tokens']['0']}")
        page.wait_for_selector(".status-bar [role=status]")
        deadline = time.monotonic() + 90
        # bid nothing (pass) until Ann holds the gavel and names a lot
        while not page.locator(".status-bar.mine").count() or not page.locator(".pd-scene .lot.legal").count() \
                or page.locator(".pd-scene .lot.active").count():
            assert time.monotonic() < deadline, "Ann never got to name a lot"
            passing = page.locator(".status-bar.mine .bar-move", has_text="Pass")
            if passing.count():
                before = state_of(page)
                passing.first.click()
                page.wait_for_function("(n) => Number(document.querySelector('.table-page').dataset.state) !== n", arg=before)
            page.wait_for_timeout(150)
        page.evaluate("() => window.scrollTo(0, 0)")
        scenes = page.locator(".board svg.scene")
        assert scenes.count() == 1
        cover = page.evaluate("""() => {
            const r = document.querySelector('.board svg.scene').getBoundingClientRect();
            const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
            const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
            return w * h / (innerWidth * innerHeight); }""")
        assert cover >= 0.35, cover
        for row in range(3):
            assert page.locator(f'.pd-scene .pd-row-head[data-row="{row}"]').count() == 1
            assert page.locator(f'.pd-scene .lot[data-row="{row}"]').count() >= 1
        # the bar asks; the board does not say it again
        said = page.locator(".status-bar [role=status]").inner_text().strip()
        what = said.split(": ", 1)[-1]
        board = page.locator(".board").text_content() or ""
        assert said not in board and what not in board, what
        shot(page, "pay-dirt-table-3p-1280-auction")
        before = state_of(page)
        page.locator(".pd-scene .lot.legal").first.click()
        if page.locator(".chooser-item").count():  # the opening amounts: the minimum first
            page.locator(".chooser-item").first.click()
        page.wait_for_function("(n) => Number(document.querySelector('.table-page').dataset.state) !== n", arg=before)
        assert "up for auction" in page.locator(".log-list").inner_text()
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_table_is_drawn_at_both_sizes_in_both_languages(page: Any, server: str, lang: str, width: int, height: int) -> None:
    """The auction (a lot under the hammer) and labour (dirt on the
    machines, a broken Loader, gear in camp), kept as screenshots; on a
    phone nothing scrolls sideways."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{server}/")
    page.evaluate("(lang) => localStorage.setItem('gameshelf.lang', lang)", lang)
    page.goto(f"{server}/#/dev/pay-dirt")
    page.reload()
    page.wait_for_function("() => !!window.gameshelfDev")
    auction = new(3)
    auction.apply(nominate(auction, CLAIM, 1))
    labour = new(3)
    put(labour, 0, EXC, 1)
    put(labour, 0, LOAD, 0, kind=R)
    put(labour, 0, WASH, 2, kind=B)
    give_gear(labour, 0, "generator")
    labour.camps[0].wear[LOAD] = 4
    to_work(labour, 0, workers=4)
    for name, s, seat in (("auction", auction, auction.current_player), ("labour", labour, 0)):
        page.evaluate("([v, names, seat]) => window.gameshelfDev(v, names, seat)", [view_of(s, seat, lang), NAMES, seat])
        page.wait_for_selector(".board.pd svg.scene")
        assert page.locator(".board-error").count() == 0
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        shot(page, f"pay-dirt-{name}-{width}-{lang}")
