"""The browser lays boards out from the game's metadata (``meta`` in
``web/data/<game>.json``, from ``Game.meta``), not from facts copied into
its scripts: Dicey Farm's action tiles, Pay Dirt's gear targets and the
lobby's default player count."""

from __future__ import annotations

from typing import Any

from gameshelf.core.registry import load_game
from gameshelf.games.dicey_farm.actions import DIE_ACTIONS
from gameshelf.games.pay_dirt.actions import Repair
from tests.games.pay_dirt.helpers import give_gear, new, to_work
from tests.web.fixtures import view_of, views


def _dev(page: Any, server: str, game_id: str, view: dict[str, Any], seat: int | None) -> None:
    page.goto(f"{server}/#/dev/{game_id}")
    page.wait_for_function("() => !!window.gameshelfDev")
    page.evaluate("([v, seat]) => window.gameshelfDev(v, ['Alice', 'Bob', 'Carol'], seat)", [view, seat])
    assert page.locator(".board-error").count() == 0


def test_dicey_farm_draws_the_engines_action_tiles_in_order(page: Any, server: str) -> None:
    view = views("dicey-farm")[0]
    _dev(page, server, "dicey-farm", view, view["seat"])
    page.wait_for_selector(".action-tile")
    tiles = page.eval_on_selector_all(".action-tile:not(.discard)", "(els) => els.map((e) => e.dataset.action)")
    assert tiles == list(DIE_ACTIONS)


def test_pay_dirt_gear_plays_its_repair_through_the_meta_target(page: Any, server: str) -> None:
    s = new(3)
    slot = s.comp.gear[give_gear(s, 0, "generator")].slot
    target = load_game("pay-dirt").meta()["gear_target"] + slot
    s.camps[0].wear[target] = 1
    to_work(s, 0)
    repairs = [a for a in s.legal_actions() if isinstance(a, Repair) and a.target == target]
    assert repairs, "the worn gear can be repaired now"
    _dev(page, server, "pay-dirt", view_of(s, 0), 0)
    gear = page.locator(f'.table-mine .gear-owned[data-gear="{slot}"]')
    assert "legal" in (gear.get_attribute("class") or "")
    moves = view_of(s, 0)["legal"]
    bound = [moves[int(i)]["action"] for i in (gear.get_attribute("data-moves") or "").split()]
    assert bound and all(m["type"] in ("repair", "remove-wear") and m["target"] == target for m in bound)


def test_the_lobby_starts_a_table_at_the_games_default_players(page: Any, server: str) -> None:
    page.goto(f"{server}/#/?new=pay-dirt")
    page.wait_for_selector("form.create")
    chosen = page.eval_on_selector('select[name="players"]', "(s) => s.value")
    assert chosen == str(load_game("pay-dirt").meta()["default_players"])
