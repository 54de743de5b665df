"""Dicey Farm's browser board at the game's end, as a newcomer reads it
(review of 2026-11-25): the VP table adds up, and the dice tray does not ask
for a move that no longer exists. And the farmyard drawn as one scene
(issue 40): it fills the first screen, its dice play, its barn holds the goods."""

from __future__ import annotations

import copy
import json
from typing import Any

from tests.web.fixtures import views

NAMES = ["Alice"]


def _final_view() -> dict[str, Any]:
    view = copy.deepcopy(views("dicey-farm")[-1])
    assert view["over"] and "final" in view["observation"]
    return view


def _draw(page: Any, server: str, view: dict[str, Any]) -> None:
    page.goto(f"{server}/#/dev/dicey-farm")
    page.wait_for_function("() => !!window.gameshelfDev")
    page.evaluate("([v, names]) => window.gameshelfDev(v, names, v.seat)", [view, NAMES])


def test_final_vp_table_lists_what_scored_and_the_pastors_count_apart(page: Any, server: str) -> None:
    view = _final_view()
    obs = view["observation"]
    final = obs["final"]
    for key in final:
        if key not in ("tourism", "beggars"):
            final[key] = 0
    final["market"], final["beggars"], final["ignored_beggars"] = 4, -6, 5
    obs["score"] = final["tourism"] + 4 - 6
    _draw(page, server, view)
    table = page.locator(".df-vp .breakdown")
    sources = table.locator("tr[data-source]").evaluate_all("(rows) => rows.map((r) => r.dataset.source)")
    # every round's sources always; no "Zoologist 0" for a craftsman never hired
    assert sources == ["tourism", "market", "craftsmen", "whisky", "beggars", "ignored_beggars"], sources
    pastor = table.locator('tr[data-source="ignored_beggars"] td').inner_text()
    assert pastor == "(5)"  # a count of counters, not 5 VP in the VP column
    # every number in the VP column adds up to the total
    shown = table.locator("tr[data-source] td").evaluate_all("(cells) => cells.map((c) => c.textContent)")
    total = table.locator("tr.total td").inner_text()
    assert sum(int(v) for v in shown if not v.startswith("(")) == int(total)


def test_no_pastor_row_when_no_beggar_was_ignored(page: Any, server: str) -> None:
    view = _final_view()
    view["observation"]["final"]["ignored_beggars"] = 0
    _draw(page, server, view)
    text = page.locator(".df-vp .breakdown").inner_text()
    assert "Beggars ignored" not in text, text  # no "Beggars ignored (pastor) 0" in the VP column


def test_finished_game_does_not_ask_to_choose_a_die(page: Any, server: str) -> None:
    view = _final_view()
    _draw(page, server, view)
    tray = page.locator(".df-scene .df-tray").text_content() or ""
    assert "game is over" in tray, tray
    assert "choose" not in (page.locator(".df-scene").text_content() or "")
    # nor lays the table for a meal at a round end that will not come
    assert page.locator(".df-scene .df-meal").count() == 0
    assert "Food to eat" not in page.locator(".board").inner_text()


def test_market_prices_leave_out_butter_that_nothing_makes(page: Any, server: str) -> None:
    """RULES.md D1: no butter workshop in 1.02, so "butter ×1 → 2 VP" among
    the shipping prices promised a good the farmer can never have."""
    view = copy.deepcopy(views("dicey-farm")[0])
    _draw(page, server, view)
    prices = page.locator(".df-scene .market-prices")
    assert prices.locator('[data-good="ship-egg"]').count() == 1
    assert prices.locator('[data-good="ship-butter"]').count() == 0
    said = prices.evaluate("(b) => [b.textContent, ...[...b.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label'))].join(' ')")
    assert "butter" not in said and "egg 1 → 1 VP" in said, said


def test_action_tiles_say_what_no_die_shows(page: Any, server: str) -> None:
    """A tile that stays dark under the held die gave no reason: the oven
    and the slaughterhouse need the facility, building needs a 6, a
    contract costs the die in food (the carpenter and broker change it)."""
    view = copy.deepcopy(views("dicey-farm")[0])
    obs = view["observation"]
    obs["built"], obs["hired"], obs["used"] = ["slaughterhouse"], [], []
    _draw(page, server, view)

    def hint(action: str) -> str:
        tile = page.locator(f'.df-actions .action-tile[data-action="{action}"] .tile-hint')
        return (tile.text_content() or "") if tile.count() else ""

    assert hint("bread_oven") == "not built yet"
    assert hint("slaughterhouse") == ""  # built: nothing to say
    assert hint("build") == "needs a 6"
    assert hint("contract") == "costs food = the die"
    assert hint("fish") == ""
    obs["hired"] = ["carpenter", "broker"]
    _draw(page, server, view)
    assert hint("build") == "any die (Carpenter)"
    assert hint("contract") == "costs 1 food (Broker)"


def test_with_every_die_spent_the_tray_does_not_ask_for_a_die(page: Any, server: str) -> None:
    view = copy.deepcopy(views("dicey-farm")[0])
    obs = view["observation"]
    obs["dice"], obs["phase"] = [], "main"
    _draw(page, server, view)
    tray = page.locator(".df-scene .df-tray")
    assert tray.locator(".df-die").count() == 0
    assert "no dice left" in (tray.text_content() or "")
    assert "choose a die" not in (page.locator(".df-scene").text_content() or "")


def test_the_farm_says_what_the_animals_give_at_the_next_harvest(page: Any, server: str) -> None:
    """"chicken ×2" said nothing of the eggs; with the export's livestock
    table (product per head) each pen carries a tag "egg +2", named "Next
    harvest from the animals: egg +2"."""
    from gameshelf.web.export import files

    assert json.loads(files()["dicey-farm.json"])["livestock"]["chicken"][0] == "egg"
    view = copy.deepcopy(views("dicey-farm")[0])
    obs = view["observation"]
    obs["goods"].update({"chicken": 2, "pig": 1})
    page.set_viewport_size({"width": 1280, "height": 900})
    _draw(page, server, view)
    tags = page.locator(".df-scene .df-fields [data-yield]")
    # a pig gives nothing until butchered: no "+0", no pork
    assert tags.evaluate_all("(es) => es.map((e) => e.dataset.yield)") == ["egg"]
    tag = tags.first
    assert (tag.text_content() or "").endswith("+2")
    assert tag.get_attribute("aria-label") == "Next harvest from the animals: egg +2"
    assert page.locator('.df-scene [data-ref="herd-chicken"] [data-yield="egg"]').count() == 1  # on the chickens' pen


def test_the_farmyard_is_one_scene_that_fills_the_first_screen_and_plays(page: Any, server: str) -> None:
    """Issue 40: at 1280x800 the table is one drawn SVG covering a large
    part of the screen; a die in the tray is a piece that plays its move;
    the goods lie in the barn's bins."""
    view = copy.deepcopy(next(v for v in views("dicey-farm") if v["observation"]["phase"] == "main" and v["observation"]["dice"]))
    obs = view["observation"]
    obs["goods"].update({"wheat": 3, "fish": 2})
    page.set_viewport_size({"width": 1280, "height": 800})
    _draw(page, server, view)
    scenes = page.locator(".board svg.scene")
    assert scenes.count() == 1
    assert scenes.get_attribute("aria-label")
    box = scenes.bounding_box()
    assert box
    seen_w = min(box["x"] + box["width"], 1280) - max(box["x"], 0)
    seen_h = min(box["y"] + box["height"], 800) - max(box["y"], 0)
    assert seen_w * seen_h >= 0.35 * 1280 * 800, box
    # the goods lie in the barn, each bin with its picture and its count
    barn = page.locator(".df-scene .df-barn")
    wheat = barn.locator('[data-ref="stock-wheat"]')
    assert wheat.get_attribute("data-v") == "3" and wheat.locator("svg.gi").count() == 1
    assert (wheat.get_attribute("aria-label") or "").startswith("wheat 3")
    assert barn.locator('[data-ref="stock-fish"]').get_attribute("data-v") == "2"
    # a die in the tray is a real die (pips) that picks itself up when clicked
    face = obs["dice"][0]
    die = page.locator(f'.df-scene .df-tray .df-die[data-face="{face}"]').first
    assert die.locator("circle").count() >= face
    assert "legal" in (die.get_attribute("class") or "") and die.get_attribute("role") == "button"
    assert (die.get_attribute("aria-label") or "").startswith(f"die showing {face}")
    page.evaluate("() => { window.gameshelfPlayed = []; }")
    die.click()
    assert page.evaluate("() => window.gameshelfPlayed") == [{"type": "pick", "face": face}]


def test_a_die_put_on_an_action_glides_there_from_the_tray(page: Any, server: str) -> None:
    """The die taken from the tray and given to fishing is the same piece
    on the fishing spot: it keeps its ref, is marked as moved, and shows
    its face where it lies."""
    base = next(v for v in views("dicey-farm") if v["observation"]["phase"] == "main"
                and len(v["observation"]["dice"]) >= 2 and "fish" not in v["observation"]["used"])
    picked = copy.deepcopy(base)
    face = picked["observation"]["dice"][-1]
    picked["observation"].update({"phase": "die", "held": face})
    used = copy.deepcopy(picked)
    obs = used["observation"]
    obs["dice"] = obs["dice"][:-1]
    obs["phase"], obs["used"] = "main", sorted([*obs["used"], "fish"])
    page.set_viewport_size({"width": 1280, "height": 800})
    _draw(page, server, base)
    page.evaluate("([v, names]) => window.gameshelfDev(v, names, v.seat)", [picked, NAMES])
    held = page.locator(".df-tray .df-die.held")
    assert held.count() == 1 and held.get_attribute("data-face") == str(face)
    ref = held.get_attribute("data-ref")
    page.evaluate("([v, names]) => window.gameshelfDev(v, names, v.seat)", [used, NAMES])
    placed = page.locator(f'.df-actions .action-tile[data-action="fish"] [data-ref="{ref}"]')
    page.wait_for_function("(ref) => document.querySelector(`[data-ref='${ref}']`)?.dataset.changed", arg=ref)
    assert placed.count() == 1 and placed.get_attribute("data-changed") == "moved"
    assert placed.locator("circle").count() == face  # its pips, on the spot
    assert page.locator(f'.df-tray [data-ref="{ref}"]').count() == 0
