"""The rollout bot: greedy play-outs of the heuristic's best moves."""

from __future__ import annotations

import math

import pytest

import tests.bots.solitaire_game  # noqa: F401  (registers keep-or-reroll)
from gameshelf.bots import PlayerView, make_bot
from gameshelf.bots.rollout import RolloutBot
from gameshelf.core.registry import load_game
from tests.bots.helpers import first_calls_on_one_and_six, head_to_head, keep_or_reroll_per_round


def test_played_to_the_end_it_learns_what_one_step_cannot() -> None:
    # One step ahead, keeping always looks best (a reroll scores nothing yet),
    # so greedy averages 3.5 a round; played out to the end, a low face is
    # worth rerolling (the best policy: 4.25 a round).
    assert keep_or_reroll_per_round("rollout[depth=none,samples=12]") > 3.9 > keep_or_reroll_per_round("greedy")


def test_it_rerolls_a_one_and_keeps_a_six() -> None:
    bots: list[RolloutBot] = []

    def make(seed: int) -> RolloutBot:
        bots.append(RolloutBot(seed=seed, samples=20, depth=None))
        return bots[-1]

    assert first_calls_on_one_and_six(make) == {6: "keep", 1: "reroll"}
    assert all({a.kind for a in b.last_stats} == {"keep", "reroll"} for b in bots)  # both were played out


def test_it_beats_the_greedy_bot_it_rolls_out() -> None:
    # Hidden High: greedy never draws (a card scores nothing now); rolled out
    # to the end, drawing shows its worth (the best mean decides: six
    # win-or-lose play-outs are too few to clear a confidence margin).
    assert head_to_head("hidden-high", "rollout[depth=none,samples=6,confidence=0]", "greedy", games=40) >= 0.6


def test_without_evidence_it_keeps_the_greedy_move() -> None:
    game = load_game("keep-or-reroll")
    state = next(s for s in (game.new_game(1, k) for k in range(40)) if s.face == 1)
    view = PlayerView(state, 0)
    # twenty play-outs show that rerolling a 1 pays, clearly ...
    assert RolloutBot(seed=2, samples=20, depth=None, confidence=1.0).choose(view).kind == "reroll"
    # ... but not by a hundred standard errors, so the one-step favourite stays
    assert RolloutBot(seed=2, samples=20, depth=None, confidence=100.0).choose(view).kind == "keep"


def test_a_round_horizon_judges_where_the_round_ends() -> None:
    # Judged at once (depth 0), a reroll has scored nothing yet and a kept 1
    # scores 1; played on to the round's end, the reroll is kept too, and
    # scores 3.5 on average.
    game = load_game("keep-or-reroll")
    state = next(s for s in (game.new_game(1, k) for k in range(40)) if s.face == 1)
    view = PlayerView(state, 0)
    assert RolloutBot(seed=2, samples=20, depth=0).choose(view).kind == "keep"
    assert RolloutBot(seed=2, samples=20, depth=0, horizon="round").choose(view).kind == "reroll"


def test_a_round_horizon_in_a_game_without_rounds_stops_after_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.bots.solitaire_game import KeepOrRerollState

    monkeypatch.setattr(KeepOrRerollState, "round_number", lambda self: None)
    game = load_game("keep-or-reroll")
    state = next(s for s in (game.new_game(1, k) for k in range(40)) if s.face == 1)
    view = PlayerView(state, 0)
    assert RolloutBot(seed=2, samples=20, depth=0, horizon="round").choose(view).kind == "keep"


@pytest.mark.parametrize("third", [1.0, -5.0])
def test_a_margin_judge_reads_the_seats_own_margin(monkeypatch: pytest.MonkeyPatch, third: float) -> None:
    # Three seats worth 0, 2 and ``third``; a heuristic that is each seat's
    # margin over its strongest opponent (as Filthy Rich's and Pay Dirt's
    # are) gives seat 0 -2 either way. Judged by margin, seat 0 stands the
    # same in both; judged by lead (its margin less the best other's), how
    # the third seat fares moves seat 0's value.
    state = load_game("pay-dirt").new_game(3, 1)
    worth = [0.0, 2.0, third]
    margin = [w - max(v for q, v in enumerate(worth) if q != p) for p, w in enumerate(worth)]
    monkeypatch.setattr(state.game, "evaluate", lambda _state, seat: margin[seat])
    assert RolloutBot(value="margin")._value(state, 0) == pytest.approx(1 / (1 + math.exp(2)))
    lead = margin[0] - max(margin[1:])
    assert RolloutBot()._value(state, 0) == pytest.approx(1 / (1 + math.exp(-lead)))


def test_width_one_is_the_greedy_move_without_rollouts() -> None:
    game = load_game("keep-or-reroll")
    state = next(s for s in (game.new_game(1, k) for k in range(40)) if s.face == 1)
    bot = RolloutBot(seed=1, width=1)
    assert bot.choose(PlayerView(state, 0)).kind == "keep" and bot.last_stats == {}


def test_a_time_budget_still_plays_every_candidate_once() -> None:
    state = load_game("hidden-high").new_game(2, 1)
    bot = RolloutBot(seed=1, samples=10_000, time_ms=1, depth=None)
    bot.choose(PlayerView(state, 0))
    assert bot.last_stats and len(bot.last_stats) <= bot.width


@pytest.mark.parametrize(
    "bad", [{"samples": 0}, {"width": 0}, {"depth": -1}, {"confidence": -1.0}, {"horizon": "turn"}, {"value": "score"}]
)
def test_bad_settings_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        make_bot("rollout", **bad)
