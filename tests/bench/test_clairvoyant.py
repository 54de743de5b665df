"""The cheating benchmark bot sees the true game, and only a benchmark can load it."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

import gameshelf.bots
from gameshelf.bots import PlayerView, make_bot_from_spec, play_bot_turn
from gameshelf.core.registry import load_game
from tests.benchmark_scripts import load_benchmark


@pytest.fixture(autouse=True)
def _registry_restored(monkeypatch: pytest.MonkeyPatch) -> None:
    """Loading the module registers the cheat; it must not outlive the test,
    or every later test in this process would see it among the bots (the
    terminal's list of algorithms, for one). The built-in bots register
    themselves on first use, so they are loaded before the copy is taken."""
    gameshelf.bots.bot_names()
    monkeypatch.setattr(gameshelf.bots, "_BOTS", dict(gameshelf.bots._BOTS))


def _load() -> ModuleType:
    return load_benchmark("clairvoyant")


def test_its_worlds_are_the_true_game_where_a_fair_world_is_not() -> None:
    bench = _load()
    state = load_game("filthy-rich").new_game(2, 5)
    view = PlayerView(state, 0)
    seen = bench.true_world(view)
    assert seen.deck == state.deck and seen.hands == state.hands
    # the dice still to come are the real ones, where a fair world's are not
    truth = state.rng.copy()
    coming = [truth["dice"].die(6) for _ in range(12)]
    assert [seen.rng["dice"].die(6) for _ in range(12)] == coming
    fair = [view.search_world(seed) for seed in range(4)]
    assert any(w.hands[1] != state.hands[1] or w.deck != state.deck for w in fair)
    assert any([w.rng["dice"].die(6) for _ in range(12)] != coming for w in fair)


def test_it_plays_a_duel_to_the_end_without_touching_the_game() -> None:
    _load()
    game = load_game("filthy-rich")
    state = game.new_game(2, 9)
    bots = [
        make_bot_from_spec("clairvoyant[samples=1,depth=2,width=2]", seed=1, game=game),
        make_bot_from_spec("greedy", seed=2, game=game),
    ]
    before = state.observation(None)
    action = bots[0].choose(PlayerView(state, state.current_player))  # type: ignore[arg-type]
    assert state.observation(None) == before and action in state.legal_actions()
    while not state.is_over:
        play_bot_turn(state, bots[state.current_player])  # type: ignore[index]
    assert state.is_over


def test_the_product_never_offers_it_unless_a_benchmark_loads_it() -> None:
    """The other tests here register it, so the registry cannot tell; what
    keeps it out of the product is that nothing under ``src`` imports it or
    names it, and that the server's seats take levels only."""
    _load()
    assert "clairvoyant" in gameshelf.bots.bot_names()
    src = Path(__file__).resolve().parents[2] / "src"
    assert not any("clairvoyant" in p.read_text() for p in src.rglob("*.py"))


def test_it_can_see_the_dice_alone_or_the_cards_alone() -> None:
    bench = _load()
    state = load_game("filthy-rich").new_game(2, 5)
    truth = state.rng.copy()
    coming = [truth["dice"].die(6) for _ in range(12)]

    def dice(world):  # type: ignore[no-untyped-def]
        return [world.rng["dice"].die(6) for _ in range(12)]

    view = PlayerView(state, 0)
    dice_only = [bench._SeeingView(view, ("dice",), ()).search_world(s) for s in range(4)]
    assert all(dice(w) == coming for w in dice_only)
    assert any(w.hands[1] != state.hands[1] or w.deck != state.deck for w in dice_only)
    cards_only = [bench._SeeingView(view, (), ("dice",)).search_world(s) for s in range(4)]
    assert all(w.hands == state.hands and w.deck == state.deck for w in cards_only)
    assert all(dice(w) != coming for w in cards_only)


def test_after_a_test_it_is_gone_again() -> None:
    """Runs after the others in this file (pytest keeps file order)."""
    assert "clairvoyant" not in gameshelf.bots.bot_names()
