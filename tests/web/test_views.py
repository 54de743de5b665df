"""Every game's table view drawn from real observations, at phone and
desktop width: no script error, legal spots on the board play exactly a
legal move, and nothing is clickable when the seat has no move."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.web.fixtures import PLAYERS, legal_entry, views
from tests.web.helpers import shot

NAMES = ["Alice", "Bob", "Carol", "Dan"]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_table_view_draws_and_offers_only_legal_moves(page: Any, server: str, game_id: str) -> None:
    page.goto(f"{server}/#/dev/{game_id}")
    page.wait_for_function("() => !!window.gameshelfDev")
    for i, view in enumerate(views(game_id)):
        page.evaluate("([v, names]) => window.gameshelfDev(v, names, v.seat)", [view, NAMES])
        assert page.locator(".board").count() == 1
        assert page.locator(".board-error").count() == 0
        spots = page.locator(".board .legal:visible")
        # each legal move once in the list: a button, or a choice of an amount's stepper
        offered = page.evaluate("""() => {
          const list = document.querySelector('.moves-panel');
          if (!list) return 0;
          const steppers = [...list.querySelectorAll('.stepper')];
          return list.querySelectorAll('.move-btn').length - steppers.length
            + steppers.reduce((n, s) => n + Number(s.dataset.choices), 0);
        }""")
        assert offered == len(view["legal"])
        if not view["legal"]:
            assert spots.count() == 0
            continue
        legal = [json.dumps(e["action"], sort_keys=True) for e in view["legal"]]
        # every legal move has a place on the board (not only a line in the list)
        placed = set(page.evaluate("""() => [...document.querySelectorAll('.board .legal')]
            .filter((e) => e.offsetParent !== null).flatMap((e) => e.dataset.moves.split(' ').map(Number))"""))
        assert placed == set(range(len(legal))), [view["legal"][k]["text"] for k in range(len(legal)) if k not in placed]
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
                # the page never scrolls sideways, nor does any part of the board
                # hide pieces behind a sideways scroll of its own
                assert page.evaluate("() => document.documentElement.scrollWidth") <= width
                hidden = page.evaluate("""() => [...document.querySelectorAll('.board *')]
                    .filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
                    .map((e) => e.className)""")
                assert not hidden, (width, hidden)
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
    """Names come from the declared parts (seat references), never by
    searching the text: "Player 12" written as text stays as it is."""
    page.goto(f"{server}/#/dev/filthy-rich")
    page.wait_for_function("() => !!window.gameshelfDev")
    out = page.evaluate("""async () => {
        const { spokenText, namedT } = await import('/js/spoken.js');
        const line = spokenText([{ seat: 1 }, { text: ' pays ' }, { seat: 0 }, { text: ' $3 (Player 12 is nobody).' }],
                                ['Ann', 'B$&n']);
        return [line, namedT('above_and_below.log.sold', { seller: 2, buyer: 1, item: 'x', price: 3 }, ['Ann', 'Bo'])];
    }""")
    assert out == ["B$&n pays Ann $3 (Player 12 is nobody).", "Bo sells a x to Ann for 3 coins."]


def test_above_and_below_shows_a_pending_offer(page: Any, server: str) -> None:
    view = views("above-and-below")[1]
    view["observation"]["offer"] = [0, 1, 5, "turn"]  # (seller, buyer, price, phase)
    view["observation"]["villages"][0]["sale"] = "fish"
    page.goto(f"{server}/#/dev/above-and-below")
    page.wait_for_function("() => !!window.gameshelfDev")
    page.evaluate("([v, names]) => window.gameshelfDev(v, names, v.seat)", [view, NAMES])
    assert page.locator(".ab-offer").inner_text() == "Bob offers 5 coins to Alice for their fish."


def _dev(page: Any, server: str, game_id: str, view: dict[str, Any], width: int = 1280) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{server}/#/dev/{game_id}")
    page.wait_for_function("() => !!window.gameshelfDev")
    page.evaluate("([v, names]) => window.gameshelfDev(v, names, v.seat)", [view, NAMES])


def test_pay_dirt_machine_rows_fit_a_phone(page: Any, server: str) -> None:
    """Each camp's claims, Excavator, Loader and Wash Plant are all on
    screen at 390 px: none is hidden behind a sideways scroll."""
    view = views("pay-dirt")[3]
    _dev(page, server, "pay-dirt", view, width=390)
    machines = page.locator(".camp .machine")
    assert machines.count() == 3 * view["observation"]["players"]
    for k in range(machines.count()):
        box = machines.nth(k).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (k, box)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390


def test_above_and_below_draws_progress_track_caves_and_reputation(page: Any, server: str) -> None:
    view = views("above-and-below")[3]
    village = view["observation"]["villages"][0]
    village["track"] = [["fish", 2], ["ore", 1]]
    village["caves"], village["outposts"] = [3, 11], ["o01"]
    _dev(page, server, "above-and-below", view)
    # another seat's village is folded to a line: a click opens it
    folded = page.locator("details.opponent:has(.village.seat-0):not([open]) > summary")
    if folded.count():
        folded.click()
    first = page.locator(".village.seat-0")
    slots = first.locator(".progress-slot")
    assert slots.count() == 8  # the rulebook's eight slots, filled from the left
    assert first.locator(".progress-slot.filled").count() == 2
    # two fish on the first slot are two fish pieces, not "×2"
    assert slots.nth(0).get_attribute("data-v") == "fish2"
    assert slots.nth(0).locator(".gi").count() == 2
    assert slots.nth(0).locator(".slot-vp").text_content() == "1 VP"
    assert slots.nth(2).locator(".slot-vp").text_content() == "2 VP"  # an open slot says what it is worth
    assert slots.nth(2).locator(".gi").count() == 0
    caves = first.locator(".cave")
    assert caves.count() == 2
    assert caves.nth(0).locator('[data-building="o01"]').count() == 1  # the outpost stands on its cave
    assert caves.nth(1).locator(".building").count() == 0  # an empty cave, ready for an outpost
    # reputation markers carry their seat's colour as well as its shape
    marker = page.locator('.ab-tracks [data-ref="rep-marker-0"]')
    assert marker.locator("text").text_content() == "●"
    assert marker.locator(".rep-pin").evaluate("e => getComputedStyle(e).fill") == "rgb(213, 94, 0)"


def test_filthy_rich_sign_over_several_pockets_is_one_shape(page: Any, server: str) -> None:
    view = views("filthy-rich")[0]
    obs = view["observation"]
    sign = 0
    obs["sign_owner"][sign] = 1
    page_row = [-1] * 9
    for pocket in (4, 7, 8):  # an L over pockets 4, 7 and 8
        page_row[pocket - 1] = sign
    obs["book"][obs["page"] - 1] = page_row
    obs["dice"], obs["page_die"] = [0, 7, 3], 2
    _dev(page, server, "filthy-rich", view)
    # one card in Bob's colour over its three pockets, its name once
    sign_card = page.locator('.fr-sign[data-pockets="4 7 8"]')
    assert sign_card.count() == 1 and "seat-1" in (sign_card.get_attribute("class") or "")
    assert sign_card.locator(".fr-sign-name").count() == 1
    assert "Bob" in (sign_card.get_attribute("aria-label") or "")
    assert "Bob" in (page.get_attribute('.pocket[data-n="8"]', "aria-label") or "")
    assert "empty" in (page.get_attribute('.pocket[data-n="5"]', "class") or "")  # the L's notch stays for rent
    assert page.locator(".fr-sign").count() == 1
    dice = page.locator(".fr-tray .fr-die")
    assert dice.count() == 4 and "⚠" in (dice.nth(0).text_content() or "")  # a 0 (tax) is marked, not only red


def test_dicey_farm_merchant_item_under_the_held_die_buys_it(page: Any, server: str) -> None:
    view = next(v for v in views("dicey-farm") if v["observation"]["phase"] == "die"
                and any(e["action"].get("action") == "buy_base" for e in v["legal"]))
    held = view["observation"]["held"]
    _dev(page, server, "dicey-farm", view)
    table = page.locator(".df-scene .df-stall")
    spot = table.locator(f'[data-ware="base-{held}"]')
    assert "legal" in (spot.get_attribute("class") or "")
    others = [f for f in range(1, 7) if f != held]
    for face in others:  # only the held die's face can be bought
        assert "legal" not in (table.locator(f'[data-ware="base-{face}"]').get_attribute("class") or "")
    page.evaluate("() => { window.gameshelfPlayed = []; }")
    spot.click()
    assert page.evaluate("() => window.gameshelfPlayed") == [{"type": "use", "action": "buy_base"}]


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_every_kind_of_move_has_its_place_on_the_board(page: Any, server: str, game_id: str) -> None:
    """Over many moments of a game (auctions and bids, the Gear Supplier,
    encounters and their dice, resting, selling before the roll, putting a
    die back), each legal move is offered by a spot on the board: a piece,
    or a labelled spot where the move belongs (pass, done, bid)."""
    page.goto(f"{server}/#/dev/{game_id}")
    page.wait_for_function("() => !!window.gameshelfDev")
    kinds: set[str] = set()
    for view in views(game_id, seed=5, points=14):
        if not view["legal"]:
            continue
        page.evaluate("([v, names]) => window.gameshelfDev(v, names, v.seat)", [view, NAMES])
        placed = set(page.evaluate("""() => [...document.querySelectorAll('.board .legal')]
            .filter((e) => e.offsetParent !== null).flatMap((e) => e.dataset.moves.split(' ').map(Number))"""))
        missing = [e["text"] for k, e in enumerate(view["legal"]) if k not in placed]
        assert not missing, (view["observation"].get("phase"), missing)
        kinds |= {e["action"]["type"] for e in view["legal"]}
    assert len(kinds) >= 4, kinds  # the game went through several kinds of decision


def test_pointing_at_a_move_shows_where_it_is_played(page: Any, server: str) -> None:
    """A sign over two pockets: pointing at its move in the list, or at its
    line in a pocket's chooser, lights up both pockets it would fill."""
    view = views("filthy-rich")[0]
    obs = view["observation"]
    obs["book"][obs["page"] - 1] = [-1] * 9
    view["legal"] = [legal_entry({"type": "place", "pockets": [4, 5]}, "Hang the sign in pocket(s) 4,5"),
                     legal_entry({"type": "place", "pockets": [5, 6]}, "Hang the sign in pocket(s) 5,6")]
    _dev(page, server, "filthy-rich", view)

    def lit() -> list[int]:
        return sorted(int(x) for x in page.eval_on_selector_all(
            ".pocket.preview-spot", "els => els.map((e) => e.dataset.n)"))

    page.locator('.move-btn[data-index="1"]').hover()
    assert lit() == [5, 6]
    page.locator('.move-btn[data-index="0"]').hover()
    assert lit() == [4, 5]
    page.locator('.pocket[data-n="5"]').click()  # two moves there: a chooser
    items = page.locator(".chooser-item")
    assert items.count() == 2
    items.nth(1).hover()
    assert lit() == [5, 6]
    page.keyboard.press("Escape")
    assert page.locator(".chooser").count() == 0 and lit() == []
    assert page.evaluate("() => window.gameshelfPlayed") == []


def test_filthy_rich_status_names_the_player_and_warns_of_a_tax_they_cannot_pay(page: Any, server: str) -> None:
    view = views("filthy-rich")[0]
    obs = view["observation"]
    seat = obs["current"]
    obs["phase"] = "sell"
    obs["money"][seat] = 0
    obs["luxuries"][seat] = [0]  # a luxury with a tax on it
    obs["money"][(seat + 1) % obs["players"]] = 100
    _dev(page, server, "filthy-rich", view)
    board = page.locator(".board").inner_text()
    assert all(name in board for name in NAMES[:3]) and "Player" not in board  # the names chosen, not "Player 3"
    mine = page.locator(f'.fr-player[data-seat="{seat}"]')
    tax = mine.locator(".stat.bad")
    assert tax.count() == 1 and "⚠" in tax.inner_text()  # red and marked: more tax than money
    rich = (seat + 1) % obs["players"]
    assert page.locator(f'.fr-player[data-seat="{rich}"] .stat.bad').count() == 0  # money $100 covers it
    assert page.locator(f'details.opponent[data-seat="{rich}"] .opp-stat.bad').count() == 0


def test_dicey_farm_pointing_at_a_die_shows_what_its_face_buys(page: Any, server: str) -> None:
    view = next(v for v in views("dicey-farm") if v["observation"]["phase"] == "main" and v["observation"]["dice"])
    face = view["observation"]["dice"][0]
    _dev(page, server, "dicey-farm", view)
    page.locator(f'.df-tray .df-die[data-face="{face}"]').first.hover()
    cols = page.eval_on_selector_all(".df-stall .col-hover", "els => els.map((e) => e.dataset.col)")
    assert cols and set(cols) == {str(face)}  # the face's crates: its head and every open merchant's item


def test_filthy_rich_hand_cards_show_their_sign_shape(page: Any, server: str) -> None:
    view = next(v for v in views("filthy-rich") if v["observation"].get("hand"))
    _dev(page, server, "filthy-rich", view)
    # an L of three, as the data's (row, col) cells would give it
    shape = page.evaluate("""async ([v, names]) => {
        const { data } = await (await import('/js/games.js')).loadGame('filthy-rich');
        const card = v.observation.hand.find((c) => Number.isInteger(data.cards[c].sign));
        if (card === undefined) return null;
        data.signs[data.cards[card].sign].cells = [[0, 0], [1, 0], [1, 1]];
        window.gameshelfDev(v, names, v.seat);
        const el = document.querySelector(`.hand-fan .card[data-card="${card}"] .sign-shape`);
        return [...el.children].map((c) => c.classList.contains('on') ? '#' : '.').join('');
    }""", [view, NAMES])
    assert shape == "#.##"  # a 2x2 grid: top-left, then the bottom row


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_japanese_boards_have_no_missing_words(page: Any, server: str, game_id: str) -> None:
    """In Japanese every board is drawn from the catalogue: no key shows
    through where a word is missing, and the panel titles are Japanese."""
    page.goto(f"{server}/")
    page.evaluate("() => localStorage.setItem('gameshelf.lang', 'ja')")
    page.goto(f"{server}/#/dev/{game_id}")
    page.reload()  # a new hash alone does not load the page again
    page.wait_for_function("() => !!window.gameshelfDev")
    for view in views(game_id, lang="ja"):
        page.evaluate("([v, names]) => window.gameshelfDev(v, names, v.seat)", [view, NAMES])
        text = page.locator(".board").inner_text()
        assert not re.search(r"\b(web|dicey_farm|filthy_rich|pay_dirt|above_and_below|cli)\.[a-z]", text), text
        assert "{" not in text  # no placeholder left unfilled
        # the panels' titles, and a drawn scene's label (issue 40), are Japanese
        titles = page.locator(".board .panel-title").all_inner_texts() + page.eval_on_selector_all(
            ".board svg.scene", "els => els.map((e) => e.getAttribute('aria-label'))")
        assert titles and all(JAPANESE.search(x) for x in titles), titles


# Pay Dirt seats you at the bottom of a drawn table (test_review_pay_dirt.py checks its order)
@pytest.mark.parametrize(("game_id", "board"), [("above-and-below", ".village")])
def test_your_own_board_comes_first_then_the_others_in_turn_order(page: Any, server: str, game_id: str, board: str) -> None:
    view = views(game_id)[1]
    players = PLAYERS[game_id]
    you = (view["seat"] + 1) % players  # not seat 0, so the order really changes
    view["seat"] = you
    obs = view["observation"]
    obs["you" if game_id == "pay-dirt" else "viewer"] = you
    _dev(page, server, game_id, view)
    seats = page.eval_on_selector_all(board, """els => els.map((e) =>
        Number([...e.classList].find((c) => c.startsWith('seat-')).slice(5)))""")
    first = board
    if game_id == "above-and-below":  # a drawn table: the others sit along the top, before your village's scene
        seats, first = seats[-1:] + seats[:-1], ".table-scene .village"
    assert seats == [(you + k) % players for k in range(players)]
    assert page.locator(first).first.locator(".seat-you").count() == 1
    # a spectator sees seat order
    obs["you" if game_id == "pay-dirt" else "viewer"] = None
    page.evaluate("([v, names]) => window.gameshelfDev(v, names, null)", [view, NAMES])
    seats = page.eval_on_selector_all(board, """els => els.map((e) =>
        Number([...e.classList].find((c) => c.startsWith('seat-')).slice(5)))""")
    assert (seats[-1:] + seats[:-1] if game_id == "above-and-below" else seats) == list(range(players))


def test_filthy_rich_auction_bids_are_made_at_the_auction(page: Any, server: str) -> None:
    view = views("filthy-rich")[0]
    obs = view["observation"]
    bidder = (obs["current"] + 1) % obs["players"]
    obs["phase"] = "auction"
    obs["auction"] = {"luxury": 3, "high": 20, "minimum": 21, "leader": obs["current"], "bidder": bidder, "queue": []}
    view["legal"] = [legal_entry({"type": "bid", "raise_by": k}, f"Bid ${21 + k}") for k in range(3)]
    view["legal"].append(legal_entry({"type": "pass"}, "Pass"))
    _dev(page, server, "filthy-rich", view)
    block = page.locator(".fr-shop .fr-auction")
    text = block.text_content() or ""
    assert NAMES[bidder] in text and NAMES[obs["current"]] in text and "$20" in text
    spots = block.locator(".legal")
    assert spots.count() == 2  # the bids (a chooser of three amounts) and the pass
    spots.first.click()
    assert page.locator(".chooser-item").all_inner_texts() == ["Bid $21", "Bid $22", "Bid $23"]
    page.locator(".chooser-item").nth(1).click()
    assert page.evaluate("() => window.gameshelfPlayed") == [{"type": "bid", "raise_by": 1}]


def _placed(page: Any) -> set[int]:
    return set(page.evaluate("""() => [...document.querySelectorAll('.board .legal')]
        .filter((e) => e.offsetParent !== null).flatMap((e) => e.dataset.moves.split(' ').map(Number))"""))


@pytest.mark.parametrize(("game_id", "moves"), [
    ("dicey-farm", [{"type": "tour", "pips": 2}, {"type": "bake"}, {"type": "butcher", "animal": "pig"},
                    {"type": "horse-ship"}, {"type": "modify", "craftsman": "official", "face": 3, "to": 4}]),
    ("pay-dirt", [{"type": "sell", "gold": 1}, {"type": "sell", "gold": 2}]),
    ("above-and-below", [{"type": "decline"}]),
])
def test_rare_moves_have_their_place_too(page: Any, server: str, game_id: str, moves: list[dict[str, Any]]) -> None:
    """Moves a short random game seldom reaches: touring, baking, butchering,
    shipping a horse, the Official's die change, selling gold."""
    view = views(game_id)[1]
    obs = view["observation"]
    if game_id == "dicey-farm":
        obs["goods"].update({"pig": 1, "horse": 1})
        obs["hired"] = [*obs["hired"], "official"]
    view["legal"] = [legal_entry(m, json.dumps(m)) for m in moves]
    _dev(page, server, game_id, view)
    assert _placed(page) == set(range(len(moves)))


def test_filthy_rich_result_names_each_players_luxuries(page: Any, server: str) -> None:
    view = views("filthy-rich")[-1]
    obs = view["observation"]
    obs["luxuries"] = [[0, 5], [], []]
    obs["alive"] = [True, True, False]
    _dev(page, server, "filthy-rich", view)
    rows = page.evaluate("""async ([obs, names]) => {
        const { module, data } = await (await import('/js/games.js')).loadGame('filthy-rich');
        const table = module.result({ obs, data, names });
        return [...table.querySelectorAll('tr')].map((tr) => tr.innerText);
    }""", [obs, NAMES])
    assert "Personal Trainer" in rows[0] and "2/3" in rows[0]
    assert "✗" in rows[2] and "✗" not in rows[1]
