"""The tables drawn, not written (issue 25): every thing has a picture from
the vendored Game Icons, the vendored typeface is the page's, counts are
pieces, what a move changed is marked (and moves), and at 1280 × 800 a
3-player table shows the seat's own area, the shared board and the decision
without scrolling, the other seats folded to a line each."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.shelf import multiplayer
from tests.web.fixtures import PLAYERS, views
from tests.web.helpers import shot

NAMES = ["Alice", "Bob", "Carol", "Dan"]


def _draw(page: Any, view: dict[str, Any]) -> None:
    page.evaluate("([v, names]) => window.gameshelfDev(v, names, v.seat)", [view, NAMES])
    page.wait_for_function("() => !!document.querySelector('.board')")


def _open_dev(page: Any, server: str, game_id: str) -> None:
    page.goto(f"{server}/#/dev/{game_id}")
    page.wait_for_function("() => !!window.gameshelfDev")


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_gallery_of_each_table_at_both_widths(page: Any, server: str, game_id: str) -> None:
    _open_dev(page, server, game_id)
    for i, view in enumerate(views(game_id)):
        if i not in (1, 3):
            continue
        for width, height in ((1280, 800), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            _draw(page, view)
            page.wait_for_timeout(150)
            shot(page, f"art-{game_id}-{i}-{width}")
            # every thing has its picture: no mapped icon is missing from the sprite
            missing = page.evaluate("""async () => {
                const sprite = await (await fetch('/vendor/game-icons.svg')).text();
                return [...new Set([...document.querySelectorAll('.board svg.gi')].map((e) => e.dataset.icon))]
                    .filter((name) => !sprite.includes(`id="gi-${name}"`));
            }""")
            assert not missing, missing
            assert page.locator(".board svg.gi").count() > 10
    # the vendored face is the one the page uses, for English and for Japanese
    page.set_viewport_size({"width": 1280, "height": 800})
    assert page.evaluate("() => getComputedStyle(document.body).fontFamily").startswith('"M PLUS Rounded 1c"')
    page.click('.lang-btn[data-lang="ja"]')
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    page.wait_for_timeout(300)
    # the Latin file and the Japanese files that the page's characters need are loaded from vendor/
    loaded = page.evaluate("""async () => { await document.fonts.ready;
        return [...document.fonts].filter((f) => f.family.includes('M PLUS Rounded 1c') && f.status === 'loaded').length; }""")
    assert loaded >= 2
    shot(page, f"art-{game_id}-ja-1280")
    page.click('.lang-btn[data-lang="en"]')


def _refs_changed(page: Any) -> dict[str, str]:
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.board [data-changed]')]
        .map((e) => [e.dataset.ref, e.dataset.changed]))""")


def test_a_move_pulses_what_it_changed_and_moves_the_pieces_that_moved(page: Any, server: str) -> None:
    _open_dev(page, server, "dicey-farm")
    page.set_viewport_size({"width": 1280, "height": 800})
    view = views("dicey-farm")[1]
    _draw(page, view)
    # the same moment drawn again (a poll, a redraw): nothing is marked
    _draw(page, view)
    page.wait_for_timeout(100)
    assert _refs_changed(page) == {}
    after = copy.deepcopy(view)
    obs = after["observation"]
    obs["goods"]["food"] = obs["goods"].get("food", 0) + 2
    hired = obs["display"][0]  # a craftsman of the display joins yours: the same card, elsewhere
    obs["display"], obs["hired"] = obs["display"][1:], [*obs["hired"], hired]
    _draw(page, after)
    page.wait_for_function("() => document.querySelector('.board [data-changed]')", polling="raf")
    changed = _refs_changed(page)
    assert changed.get("stock-food") == "changed", changed
    assert changed.get(f"craftsman-{hired}") == "moved", changed
    # the card glides from the display to its new place (a transform animation), the food pulses;
    # looked for in the frame its mark is set (a busy machine may be slower than the glide)
    # (or, when a frame of a busy machine outlasts the glide, the start it glided from, which motion.js keeps)
    page.wait_for_function(f"""() => {{
        const el = document.querySelector('[data-ref="craftsman-{hired}"]');
        const now = el.getAnimations().some((a) => a.effect.getKeyframes()
          .some((k) => k.transform && k.transform.startsWith('translate(') && k.transform !== 'translate(0px, 0px)'));
        return now || (el.dataset.glide !== undefined && el.dataset.glide !== '0,0');
    }}""", polling="raf", timeout=3_000)
    assert page.eval_on_selector('[data-ref="stock-food"]', "e => getComputedStyle(e).animationName") != "none"
    # what did not change is not marked
    assert "round" not in changed and "score" not in changed


def test_with_reduced_motion_changes_are_outlined_not_moved(page: Any, server: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    _open_dev(page, server, "dicey-farm")
    view = views("dicey-farm")[1]
    _draw(page, view)
    after = copy.deepcopy(view)
    obs = after["observation"]
    obs["goods"]["food"] = obs["goods"].get("food", 0) + 1
    hired = obs["display"][0]
    obs["display"], obs["hired"] = obs["display"][1:], [*obs["hired"], hired]
    _draw(page, after)
    page.wait_for_function("() => document.querySelector('.board [data-changed]')")
    assert _refs_changed(page).get(f"craftsman-{hired}") == "moved"
    running = page.evaluate("() => document.getAnimations().length")
    assert running == 0
    # marked, not moved: an outline on an HTML piece, a still glow on a piece of the SVG scene
    mark = page.eval_on_selector('[data-ref="stock-food"]', """e => {
      const s = getComputedStyle(e);
      return e.closest('svg.scene') ? s.filter : s.outlineStyle;
    }""")
    assert mark == "solid" or "drop-shadow" in mark, mark


@pytest.mark.parametrize("game_id", multiplayer())
def test_three_players_at_1280x800_fold_the_others_and_keep_yours_and_the_decision_in_view(
        page: Any, server: str, game_id: str) -> None:
    _open_dev(page, server, game_id)
    page.set_viewport_size({"width": 1280, "height": 800})
    last = None
    for view in views(game_id)[:-1]:
        if not view["legal"]:
            continue
        _draw(page, view)
        last = view
        # each other seat is one line that opens on a click
        opponents = page.locator(".board details.opponent")
        assert opponents.count() == PLAYERS[game_id] - 1
        for k in range(opponents.count()):
            box = opponents.nth(k)
            if box.locator(".legal").count() == 0:
                assert box.get_attribute("open") is None
                assert box.locator("summary").bounding_box()["height"] < 90
        # a control of the decision is in the first screen, without scrolling
        # (the dev page has no status bar: its moves panel stands in for it)
        controls = page.locator(".status-bar .bar-move, .status-bar .stepper, .board .legal, .moves-panel .move-btn")
        assert any((b := controls.nth(k).bounding_box()) and b["y"] + b["height"] <= 800 for k in range(controls.count()))
        # your own area starts in the first screen too
        own = page.locator(".board .fr-own:visible, .board .camp:visible, .board .village:visible").first
        assert own.bounding_box()["y"] < 800
    # a click opens another seat's area, and it stays open when the table is drawn again
    assert last is not None
    closed = page.locator(".board details.opponent:not([open]) > summary")
    before = closed.count()
    assert before >= 1
    closed.first.click()
    page.wait_for_timeout(50)
    _draw(page, last)
    assert page.locator(".board details.opponent:not([open])").count() == before - 1
