"""The table as a newcomer plays it (issue 25), in the real Chromium.

- At 1280×800 and 390×844, at every decision met while playing, the
  ``role="status"`` bar is inside the viewport (even scrolled to the
  bottom) and says a sentence; at 1280×800 in a 3-player game a control of
  the current decision is in the first viewport.
- At replay step k, the log holds every line of steps 1 to k.
- No Japanese on an English page and no English words on a Japanese page
  (names and key caps aside).
- axe-core (vendored, tests/web/vendor/axe-core) finds no serious or
  critical violation on any table view, and the bar's controls are reached
  by the keyboard.
- Every view is kept as a screenshot at both widths (the gallery folder is
  printed at the end of the run).
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest

from gameshelf.core.i18n import t
from tests.web.conftest import SHOTS
from tests.web.fixtures import PLAYERS
from tests.web.helpers import api_json, bots_finish_a_table, click_move

GAMES = PLAYERS  # players of each game's table
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
GALLERY = SHOTS / "gallery"
#: the bar's sentence once the game is over (the page's own English text)
GAME_OVER = json.loads((Path(__file__).parents[2] / "src/gameshelf/web/data/i18n.en.json").read_text())["web.bar.over"]
#: decisions of this seat each run meets (a few per game keep the run short)
MY_MOVES = 6

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
WORD = re.compile(r"[A-Za-z]{3,}")
#: Latin words a Japanese page may show: names people or the games chose,
#: the language switch, key caps and the product's own name
LATIN_OK = {"gameshelf", "English", "Ann", "Home", "End", "Ctrl", "Enter", "Esc"} | {
    word for game in GAMES for word in WORD.findall(t(f"{game.replace('-', '_')}.name", "ja"))}


def _table(server: str, game: str) -> tuple[str, str]:
    """A table where seat 0 is a person ("Ann") and the others easy bots."""
    n = GAMES[game]
    seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "level": "easy"}] * (n - 1)
    made = api_json(server, "/api/tables", body={"game": game, "players": n, "seats": seats})
    return made["id"], made["tokens"]["0"]


def _page(browser: Any, size: str, lang: str = "en") -> tuple[Any, Any, list[str]]:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(f"localStorage.setItem('gameshelf.lang', {json.dumps(lang)})")
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return context, page, errors


def _snap(page: Any, name: str) -> None:
    GALLERY.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(GALLERY / f"{name}.png"))


def _bar_in_view(page: Any, where: str) -> str:
    """The bar's top edge is on screen and its sentence is not empty; returns the sentence."""
    height = page.viewport_size["height"]
    box = page.locator(".status-bar").bounding_box()
    assert box is not None, where
    assert box["y"] >= -1 and box["y"] + min(box["height"], 40) <= height + 1, (where, box)
    text = page.locator(".status-bar [role=status]").inner_text().strip()
    assert text, where
    return text


def _control_in_first_view(page: Any) -> bool:
    """A control of the current decision inside the viewport, page at its top."""
    return bool(page.evaluate("""() => {
      const h = window.innerHeight, w = window.innerWidth;
      const controls = document.querySelectorAll(
        '.status-bar button:not(.undo-btn), .board .legal');
      return [...controls].some((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= h && r.left >= 0 && r.right <= w;
      });
    }"""))


def _state(page: Any) -> int:
    return int(page.get_attribute(".table-page", "data-state") or -1)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(GAMES))
def test_the_status_bar_says_every_decision_in_view(browser: Any, server: str, game: str, size: str) -> None:
    table, token = _table(server, game)
    context, page, errors = _page(browser, size)
    rng = random.Random(7)
    try:
        page.goto(f"{server}/#/t/{table}?seat=0&token={token}")
        page.wait_for_selector(".status-bar [role=status]")
        made, seen, waited = 0, set(), 0
        deadline = time.monotonic() + 90
        while made < MY_MOVES and time.monotonic() < deadline:
            if page.locator(".result-screen").count():
                break
            page.wait_for_timeout(120)
            state = _state(page)
            mine = page.locator(".status-bar.mine").count() > 0
            page.evaluate("() => window.scrollTo(0, 0)")
            text = _bar_in_view(page, f"{game} {size} state {state} top")
            if text == GAME_OVER:
                break  # the game ended on a bot's move after the result check above
            if not mine:
                assert text.startswith(("Waiting for", "Your turn")), text
                waited += 1
                continue
            assert text.startswith("Your turn: "), text
            if size == "desktop" and GAMES[game] == 3:
                assert _control_in_first_view(page), f"{game}: no control of '{text}' in the first view"
            if state not in seen:
                seen.add(state)
                _snap(page, f"table-{game}-{size}-{len(seen)}")
            # scrolled to the bottom of the page, the bar is still there
            page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
            _bar_in_view(page, f"{game} {size} state {state} bottom")
            moves = ".status-bar .bar-move, .status-drawer .move-btn"
            buttons = page.locator(moves)
            if not buttons.count():
                continue
            click_move(page, moves, rng.randrange(buttons.count()))
            page.wait_for_function("(n) => { const t = document.querySelector('.table-page');"
                                   " return !t || Number(t.dataset.state) !== n || document.querySelector('.result-screen'); }",
                                   arg=state, timeout=20_000)
            made += 1
        assert made >= 2, f"{game}: only {made} decisions met"
        assert not errors, errors
    finally:
        context.close()


@pytest.fixture(scope="module")
def finished(server: str) -> str:
    """A Pay Dirt game three easy bots played to the end."""
    return bots_finish_a_table(server, "pay-dirt", 3, seconds=180)


def test_replay_log_holds_every_step_up_to_k(browser: Any, server: str, finished: str) -> None:
    total = int(api_json(server, f"/api/tables/{finished}")["state"])
    k = total // 2
    frames = [api_json(server, f"/api/tables/{finished}/replay/{j}") for j in range(k + 1)]
    lines = len(frames[0]["events"]) + sum(1 + len(f["events"]) for f in frames[1:])
    for size in SIZES:
        context, page, errors = _page(browser, size)
        try:
            page.goto(f"{server}/#/replay/{finished}?k={k}")
            page.wait_for_selector(f'.replay[data-k="{k}"]')
            log = page.locator(".replay .log-list li")
            # the frame's log is drawn with the frame; give a slow machine a moment
            with contextlib.suppress(Exception):
                page.wait_for_function("(n) => document.querySelectorAll('.replay .log-list li').length === n",
                                       arg=lines, timeout=5_000)
            assert log.count() == lines, (size, log.count(), lines)
            shown = page.locator(".replay .log-list").inner_text()
            # the step's lines, with the names people chose where they name a seat (parts)
            for line in frames[k]["log"]:
                if line["n"] == k:
                    for part in line["parts"]:
                        assert "seat" in part or part["text"].strip() in shown, part
            # the chart is a scrubber: a click near its start goes back in the game
            chart = page.locator(".replay-chart")
            box = chart.bounding_box()
            chart.click(position={"x": box["width"] * 0.1, "y": box["height"] / 2})
            page.wait_for_function(f"() => Number(document.querySelector('.replay').dataset.k) < {k}")
            page.fill(".replay-goto", str(k))
            page.press(".replay-goto", "Enter")
            page.wait_for_selector(f'.replay[data-k="{k}"]')
            _snap(page, f"replay-{size}")
            assert not errors, errors
        finally:
            context.close()


def _words_out_of_place(page: Any, lang: str) -> list[str]:
    text = page.locator("main").inner_text()
    if lang == "en":
        return JAPANESE.findall(text)
    names = set(page.evaluate("() => [...document.querySelectorAll('.seat-name')].map((e) => e.textContent)"))
    allowed = LATIN_OK | {w for n in names for w in WORD.findall(n)}
    return [w for w in WORD.findall(text) if w not in allowed and not w.isupper()]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_page_speaks_one_language(browser: Any, server: str, lang: str) -> None:
    """The table of every game at both widths, the lobby and a replay."""
    found: dict[str, list[str]] = {}
    for game in GAMES:
        table, token = _table(server, game)
        for size in SIZES:
            context, page, errors = _page(browser, size, lang)
            try:
                page.goto(f"{server}/#/t/{table}?seat=0&token={token}")
                page.wait_for_selector(".status-bar [role=status]")
                page.wait_for_timeout(300)
                bad = _words_out_of_place(page, lang)
                if bad:
                    found[f"{game} {size}"] = sorted(set(bad))[:12]
                _snap(page, f"lang-{game}-{size}-{lang}")
                assert not errors, errors
            finally:
                context.close()
    context, page, _ = _page(browser, "desktop", lang)
    try:
        page.goto(f"{server}/")
        page.wait_for_selector(".your-tables")
        bad = _words_out_of_place(page, lang)
        if bad:
            found["lobby"] = sorted(set(bad))[:12]
        _snap(page, f"lobby-desktop-{lang}")
    finally:
        context.close()
    assert not found, found


#: violations to pass over, as (rule, CSS class every offending node has);
#: the two that the boards had before issue 25's redraw are fixed, and any
#: new one fails.
KNOWN_IN_BOARDS: set[tuple[str, str]] = set()


def _axe(page: Any) -> list[str]:
    if not page.evaluate("() => Boolean(window.axe)"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async () => (await axe.run(document, { resultTypes: ['violations'] })).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => ({ target: n.target.join(' '),
        classes: [...(document.querySelector(n.target[0])?.classList || [])] })) }))""")
    out = []
    for violation in result:
        nodes = [n for n in violation["nodes"]
                 if not any((violation["id"], c) in KNOWN_IN_BOARDS for c in n["classes"])]
        if nodes:
            out.append(f"{violation['id']}: {' | '.join(n['target'] for n in nodes[:3])}")
    return out


@pytest.mark.parametrize("game", list(GAMES))
def test_table_views_pass_axe_and_the_keyboard(browser: Any, server: str, game: str) -> None:
    table, token = _table(server, game)
    for size in SIZES:
        context, page, errors = _page(browser, size)
        try:
            page.goto(f"{server}/#/t/{table}?seat=0&token={token}")
            page.wait_for_selector(".status-bar.mine")
            violations = _axe(page)
            assert not violations, (game, size, violations)
            # open the bar's list of moves: still clean
            page.click(".status-bar .status-all")
            page.wait_for_selector(".status-drawer .moves-list")
            violations = _axe(page)
            assert not violations, (game, size, "drawer", violations)
            _snap(page, f"drawer-{game}-{size}")
            page.click(".status-bar .status-all")
            # from the top of the page, Tab reaches the bar's controls
            page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
            page.focus(".skip")
            reached = False
            for _ in range(25):
                page.keyboard.press("Tab")
                if page.evaluate("() => Boolean(document.activeElement && document.activeElement.closest('.status-bar'))"):
                    reached = True
                    break
            assert reached, f"{game} {size}: Tab never reached the status bar"
            # every spot on the board that plays a move takes the keyboard focus
            blind = page.evaluate("""() => [...document.querySelectorAll('.board .legal')].filter((el) =>
              !(el.tabIndex >= 0 || ['BUTTON', 'A', 'INPUT', 'SELECT'].includes(el.tagName))).length""")
            assert blind == 0, f"{game} {size}: {blind} board spots only a mouse can reach"
            assert not errors, errors
        finally:
            context.close()


def test_a_refused_move_shows_greyed_with_the_engines_reason(page: Any, server: str) -> None:
    """What the view's ``unavailable`` says (State.unavailable_moves, the
    engine's words) is listed under the legal moves, greyed out, plays
    nothing, and says its reason."""
    from tests.web.fixtures import views

    view = views("dicey-farm")[0]
    assert view["legal"]
    move, reason = "Contract a craftsman", "You have 1 food; the cheapest needs 3."
    view["unavailable"] = [{"move": "x.move", "reason": "x.reason", "params": {},
                            "move_text": move, "reason_text": reason,
                            "move_parts": [{"text": move}], "reason_parts": [{"text": reason}]}]
    page.goto(f"{server}/#/dev/dicey-farm")
    page.wait_for_function("() => !!window.gameshelfDev")
    page.evaluate("([v]) => window.gameshelfDev(v, ['Ann'], 0)", [view])
    item = page.locator(".moves-panel .why-not-btn")
    assert item.count() == 1
    assert item.get_attribute("aria-disabled") == "true"
    assert "Contract a craftsman" in item.inner_text() and "You have 1 food" in item.inner_text()
    page.evaluate("() => { window.gameshelfPlayed = []; }")
    item.dispatch_event("click")  # aria-disabled: Playwright would wait for it to be enabled
    assert page.evaluate("() => window.gameshelfPlayed.length") == 0
    _snap(page, "why-not-dev")


def test_a_table_just_made_is_listed_at_once_with_its_turn(page: Any, server: str) -> None:
    """Opened with an invite to send, the new table is in "your tables" and
    in the open tables straight away, with its age and whose turn it is."""
    from tests.web.helpers import create_table

    create_table(page, server, "filthy-rich", ["here", "invite"], names=["Ann"])
    page.wait_for_selector(".invites-panel")
    link = page.locator(".open-created").get_attribute("href") or ""
    table = link.split("#/t/")[1]
    mine = page.locator(f'.your-tables tr[data-table="{table}"]')
    assert mine.count() == 1
    assert page.locator(f'.open-tables tr[data-table="{table}"]').count() == 1
    assert "just now" in mine.inner_text() or "min ago" in mine.inner_text()
    _snap(page, "lobby-after-create-desktop")
