"""The planner bot: lines to the end of the round, judged there."""

from __future__ import annotations

import pytest

import tests.bots.solitaire_game  # noqa: F401  (registers keep-or-reroll)
from gameshelf.bots import PlayerView, make_bot
from gameshelf.bots.planner import PlannerBot
from gameshelf.core.registry import load_game
from tests.bots.helpers import first_calls_on_one_and_six, keep_or_reroll_per_round
from tests.bots.solitaire_game import KeepOrRerollState


def test_judged_at_the_rounds_end_it_rerolls_a_one_and_keeps_a_six() -> None:
    # One step ahead a reroll scores nothing yet, so greedy keeps everything;
    # at the round's end the rerolled die is kept, worth 3.5 on average.
    assert first_calls_on_one_and_six(lambda seed: PlannerBot(seed=seed, samples=20)) == {6: "keep", 1: "reroll"}


def test_it_plays_better_than_the_greedy_bot_it_plans_with() -> None:
    assert keep_or_reroll_per_round("planner[samples=12]") > 3.9 > keep_or_reroll_per_round("greedy")


def test_without_rounds_it_judges_after_depth_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    state = next(s for s in (load_game("keep-or-reroll").new_game(1, k) for k in range(40)) if s.face == 1)
    view = PlayerView(state, 0)
    assert PlannerBot(seed=3, samples=20, depth=1).choose(view).kind == "reroll"  # to the round's end
    monkeypatch.setattr(KeepOrRerollState, "round_number", lambda self: None)
    # one decision ahead, the reroll has scored nothing yet
    assert PlannerBot(seed=3, samples=20, depth=1).choose(view).kind == "keep"


def test_a_dicey_farm_line_ends_with_the_move_that_ends_the_round() -> None:
    game = load_game("dicey-farm")
    state = game.new_game(1, 4)
    while len(state.legal_actions()) == 1:  # a forced move is played without a plan
        state.apply(state.legal_actions()[0])
    bot = PlannerBot(seed=1, samples=2, width=2, lines=1)
    first = bot.choose(PlayerView(state, 0))
    line = bot.last_line
    assert line[0] == first
    for action in line[:-1]:
        state.apply(action)
        assert state.round_number() == 1
    state.apply(line[-1])
    assert state.round_number() == 2 and line[-1].kind == "end-round"


def test_it_follows_its_plan_and_finishes_a_dicey_farm_game() -> None:
    state = load_game("dicey-farm").new_game(1, 2)
    bot = make_bot("planner[samples=1,width=1,lines=0]", seed=5)
    while not state.is_over:
        state.apply(bot.choose(PlayerView(state, 0)))
    assert state.scores()[0] > 0


@pytest.mark.parametrize("bad", [{"samples": 0}, {"width": 0}, {"lines": -1}, {"epsilon": 1.5}, {"depth": 0}])
def test_bad_settings_are_refused(bad: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        make_bot("planner", **bad)


def test_in_dicey_farm_it_cannot_tell_a_game_from_its_redealt_twin() -> None:
    # the twin has other future dice, wares and deck order; a planner that
    # read them (rather than re-dealing) would plan other lines
    state = load_game("dicey-farm").new_game(1, 8)
    greedy = make_bot("greedy", seed=1)
    while state.round_number() < 3:
        state.apply(greedy.choose(PlayerView(state, 0)))
    twin = state.determinize(0, 4321)
    assert twin.deck != state.deck  # type: ignore[attr-defined]
    here = PlannerBot(seed=9, samples=2, width=2, lines=2)
    there = PlannerBot(seed=9, samples=2, width=2, lines=2)
    for _ in range(3):
        move = here.choose(PlayerView(state, 0))
        assert there.choose(PlayerView(twin, 0)) == move and here.last_line == there.last_line
        state.apply(move)
        twin.apply(move)
