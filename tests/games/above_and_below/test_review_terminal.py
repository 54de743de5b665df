"""A newcomer's review of Above and Below in the terminal: each die of an
encounter says what it gives in lanterns as a word, not a bare number
("Builder ⚄5 → 1" read like a second die)."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream
from gameshelf.games.above_and_below import actions as A
from gameshelf.games.above_and_below.components import load_components
from gameshelf.games.above_and_below.terminal_view import render
from gameshelf.games.above_and_below.texts import describe_move

GAME = load_game("above-and-below")


def _plain(renderable: Any, width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined, no-any-return]


def _rolled() -> Any:
    """A position where the explorers' dice lie on the cave card."""
    for seed in range(40):
        state = GAME.new_game(3, seed)
        pick = Stream(seed)
        while not state.is_over:
            task = state.observation(state.current_player).get("task") or {}
            if task.get("dice") and task.get("option") is not None:
                return state
            state.apply(pick.choice(state.legal_actions()))
    raise AssertionError("no encounter with dice")


@pytest.mark.parametrize(("lang", "word"), [("en", r"→ (\d+) lantern\(s\)"), ("ja", r"→ ランタン(\d+)")])
def test_each_die_says_its_lanterns_in_words(lang: str, word: str) -> None:
    state = _rolled()
    obs = state.observation(state.current_player)
    task = obs["task"]
    text = _plain(render(GAME, obs, lang))
    got = [int(n) for n in re.findall(word, text)]
    villagers = load_components().villagers
    assert got == [villagers[v].lanterns(d) for v, d in zip(task["villagers"], task["dice"], strict=True)], text


def _resting() -> Any:
    """A position at a round's end where the seat to move rests an injured and an exhausted villager."""
    for seed in range(60):
        state = GAME.new_game(3, seed)
        pick = Stream(seed)
        while not state.is_over:
            obs = state.observation(state.current_player)
            v = obs["villages"][state.current_player]
            if obs["phase"] == "rest" and v["injured"] and v["exhausted"]:
                return state
            state.apply(pick.choice(state.legal_actions()))
    raise AssertionError("no rest with injured and exhausted villagers")


@pytest.mark.parametrize(("lang", "steps"), [("en", ("Injured → Exhausted", "Exhausted → Ready")),
                                             ("ja", ("負傷→消耗", "消耗→準備"))])
def test_a_rest_move_says_the_one_step_it_moves(lang: str, steps: tuple[str, str]) -> None:
    """A bed, potion or cider moves a villager one step (B13): an injured
    one rests to exhausted, not to ready, and the move says so."""
    state = _resting()
    obs = state.observation(state.current_player)
    v = obs["villages"][state.current_player]
    rests = [a for a in state.legal_actions() if isinstance(a, A.Rest)]
    assert rests
    for action in rests:
        text = describe_move(obs, action, lang, game=GAME)
        assert text.endswith(steps[0] if action.villager in v["injured"] else steps[1]), text
