"""A whole record analysed: decisions, mistakes, reasons, budget, stop, refusals."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from gameshelf.analysis.analyse import (
    MAX_MISTAKES,
    AnalyseError,
    _reason,
    _solo_ends,
    analyse_record,
    decision_positions,
    pick_mistakes,
    sure_loss,
    whole_choices,
)
from gameshelf.analysis.certain import search_ends
from gameshelf.analysis.estimate import MoveEstimate
from gameshelf.analysis.features import Features
from gameshelf.analysis.model import MARKS, Decision, Estimate, Reason
from gameshelf.analysis.render import mistake_line, mistakes, reason_text, total_text
from gameshelf.bots import PlayerView
from gameshelf.core.errors import RecordError
from gameshelf.core.record import replay
from gameshelf.core.rng import derive_seed
from gameshelf.games.dicey_farm import actions as DF
from gameshelf.tools import coach
from tests.analysis.helpers import finished_record, small_analysis


def test_every_choice_of_the_seat_is_estimated_and_the_mistakes_are_the_biggest() -> None:
    record, analysis = small_analysis()
    positions = decision_positions(record, 0)
    assert [d.move for d in analysis.decisions] == [m for m, _, _ in positions]
    assert analysis.complete and analysis.players == 2 and analysis.seat == 0
    for d in analysis.decisions:
        assert d.legal >= 2
        assert d.loss_win is not None and d.loss_win >= 0
        assert (d.reason is None) == (d.best.action == d.played.action)
        if d.played.action == d.best.action:
            assert d.loss_score == d.loss_win == 0
    picked = [analysis.decision_at(m) for m in analysis.mistakes]
    losses = [(MARKS.index(d.mark), d.loss_win, d.loss_score, d.loss_lead) for d in picked if d is not None]
    assert len(losses) == len(picked) and 0 < len(losses) <= MAX_MISTAKES
    assert losses == sorted(losses, reverse=True)  # the mark, then win chance, then points, then lead
    assert all(x[1:] >= (0, 0, 0) and x[1:] != (0, 0, 0) for x in losses)
    assert analysis.final_score == replay(record).scores()[0]


def test_the_same_seed_gives_the_same_analysis() -> None:
    record = finished_record(5)
    first = analyse_record(record, 1, budget_s=0, worlds=1, seed=3)
    assert first == analyse_record(record, 1, budget_s=0, worlds=1, seed=3)


def test_progress_is_told_and_a_stop_keeps_what_is_done() -> None:
    record = finished_record(5)
    told: list[tuple[int, int]] = []
    full = analyse_record(record, 0, budget_s=0, worlds=1, progress=lambda d, n: told.append((d, n)))
    total = len(full.decisions)
    assert told == [(k, total) for k in range(1, total + 1)]
    stopped = analyse_record(record, 0, budget_s=0, worlds=1, stop=lambda: len(told) >= total + 2,
                             progress=lambda d, n: told.append((d, n)))
    assert not stopped.complete and len(stopped.decisions) == 2
    assert stopped.decisions == full.decisions[:2]


def test_a_budget_in_seconds_plays_at_least_two_worlds() -> None:
    record = finished_record(5)
    analysis = analyse_record(record, 0, budget_s=0.0)
    assert all(d.played.worlds >= 2 for d in analysis.decisions)
    assert analysis.worlds is None


def test_refusals() -> None:
    record = finished_record(5)
    for seat in (2, -1, True, 1.0):
        with pytest.raises(AnalyseError) as caught:
            analyse_record(record, seat, budget_s=0, worlds=1)  # type: ignore[arg-type]
        assert caught.value.code == "bad-seat"
    unfinished = dict(record, actions=record["actions"][:3])
    with pytest.raises(AnalyseError) as caught:
        analyse_record(unfinished, 0, budget_s=0, worlds=1)
    assert caught.value.code == "unfinished"
    with pytest.raises(RecordError):
        analyse_record({"game": "hidden-high"}, 0, budget_s=0, worlds=1)
    with pytest.raises(ValueError, match="budget"):
        analyse_record(record, 0, budget_s=-1)


def test_mistakes_read_in_english_and_japanese_in_the_move_lists_words() -> None:
    record, analysis = small_analysis()
    assert analysis.mistakes
    for lang in ("en", "ja"):
        found = mistakes(analysis, record, lang)
        assert [m.move for m in found] == list(analysis.mistakes)
        for m in found:
            state = replay(record, upto=m.move)
            d = analysis.decision_at(m.move)
            assert d is not None
            words = state.game.texts().describe_move(
                state.observation(0), state.game.action_from_json(dict(d.best.action)), lang)
            assert m.better == words
            line = mistake_line(m, lang)
            assert words in line and str(m.move + 1) in line and "{" not in line
        assert "{" not in total_text(analysis, lang)
    assert mistake_line(mistakes(analysis, record, "en")[0], "en") != mistake_line(
        mistakes(analysis, record, "ja")[0], "ja")


def estimate(action: object, score: float, now: dict[str, float], end: dict[str, float]) -> MoveEstimate:
    return MoveEstimate(action, score, None, 2, 0.0, Features({}, end), now=now)  # type: ignore[arg-type]


def test_a_reason_says_what_the_better_move_itself_does_not_what_the_play_out_did() -> None:
    """Issue 42: the reason comes from the move's own effect (the seat's
    figures right after it), never from the play-out's side effects (the
    end figures are ignored); with no such figure, the score says it."""
    better = estimate(DF.Use("tourism"), 40, {"vp": 32, "tourism": 2, "food": 2}, {"vp": 40, "built": 3})
    played = estimate(DF.Use("fish"), 34, {"vp": 30, "tourism": 0, "food": 4}, {"vp": 34, "built": 0})
    reason = _reason(better, played)
    assert reason.when == "now" and [g.field for g in reason.gains] == ["tourism", "vp"]
    assert all(g.field != "built" for g in reason.gains)  # (a play-out's side effect is no reason)
    assert reason.score == 6 and reason.win is None
    from gameshelf.analysis.model import Analysis

    analysis = Analysis("dicey-farm", "x", 0, 1, 1.0, None, 0, True, 40.0, (), ())
    assert reason_text(analysis, reason, "en") == "Right after it you have +2 VP from tourism, +2 VP compared with your move."
    assert "観光の VP +2" in reason_text(analysis, reason, "ja")
    nothing = _reason(estimate(DF.Use("ship"), 41, {}, {}), estimate(DF.Use("fish"), 40, {}, {}))
    # nothing of the seat's differs at once: it says so, not the loss again
    assert nothing.gains == () and reason_text(analysis, nothing, "en") == (
        "Nothing of yours differs right after it: the difference shows later in the play-outs.")


def test_a_mark_needs_worlds_that_agree() -> None:
    """Changed by issue 42: a loss is marked only when its whole interval
    (Student's t, the spread pooled with a prior one) clears the mark, so
    two worlds that agree are no longer enough for a chance to win."""
    def played(*wins: float) -> MoveEstimate:
        return MoveEstimate(DF.Use("fish"), 0.0, sum(wins) / len(wins), len(wins), 0.0,
                            per_world=tuple((0.0, w) for w in wins))

    def better(*wins: float) -> MoveEstimate:
        return MoveEstimate(DF.Use("ship"), 0.0, sum(wins) / len(wins), len(wins), 0.0,
                            per_world=tuple((0.0, w) for w in wins))

    assert sure_loss(better(1.0), played(0.0)) == 0  # one world proves nothing
    assert sure_loss(better(1.0, 0.0), played(0.0, 0.0)) == 0  # one of two: noise
    assert sure_loss(better(1.0, 1.0), played(0.0, 0.0)) == 0  # two that agree: still too few
    assert sure_loss(better(*[1.0] * 12), played(*[0.0] * 12)) > 0.8  # twelve that agree: sure
    many = sure_loss(better(*[1.0] * 7, 0.0), played(*[0.0] * 8))
    assert 0.3 < many < 0.875
    solo = MoveEstimate(DF.Use("ship"), 5.0, None, 2, 0.0, per_world=tuple((6.0 + k % 2, 1.0) for k in range(20)))
    solo_played = MoveEstimate(DF.Use("fish"), 2.0, None, 2, 0.0, per_world=tuple((3.0 + k % 2, 1.0) for k in range(20)))
    assert 2 < sure_loss(solo, solo_played) < 3  # alone, the score decides


def test_a_game_lost_in_every_world_still_lists_the_moves_that_left_the_seat_worst_placed() -> None:
    """Filthy Rich scores the winner alone: a seat lost in every world has
    every move tied on the chance to win and the score. The analysis then
    tops its list up by the lead a few moves on, after every real loss."""
    def decision(move: int, win: float, lead: float) -> Decision:
        played = Estimate({"type": "pass"}, 0.0, 0.0, 2, lead=0.0)
        best = Estimate({"type": "buy"}, 0.0, win, 2, lead=lead)
        return Decision(move, 3, played, best, loss_score=0.0, loss_win=win, mark="",
                        reason=Reason("soon", (), 0.0, win))
    decisions = [decision(1, 0.0, 4.0), decision(2, 0.0, 0.0), decision(3, 0.5, 0.0),
                 decision(4, 0.0, 9.0), decision(5, 0.0, 1.0)]
    assert pick_mistakes(decisions, players=2) == (3, 4, 1)
    # no lead known (an analysis stored before leads were kept): nothing to list but the real loss
    bare = [dataclasses.replace(d, best=dataclasses.replace(d.best, lead=None)) for d in decisions]
    assert pick_mistakes(bare, players=2) == (3,)


def test_the_top_mistakes_are_judged_again_with_the_seat_at_the_hard_level() -> None:
    """Issue 42: greedy play-outs undervalue moves that pay off later, so
    the listed mistakes are played on again with the seat at the hard
    level; its figure is kept with the decision and stored."""
    record = finished_record(5)
    analysis = analyse_record(record, 0, budget_s=0, worlds=2, seed=1, plan_worlds=1)
    listed = [analysis.decision_at(m) for m in analysis.mistakes]
    assert listed and all(d is not None for d in listed)
    for d in listed:
        assert d is not None
        if d.certain is None:
            assert d.planned is not None and d.planned.level == "hard" and d.planned.worlds == 1
    unlisted = [d for d in analysis.decisions if d.move not in analysis.mistakes]
    assert all(d.planned is None for d in unlisted)
    from gameshelf.analysis import Analysis

    assert Analysis.from_json(analysis.to_json()) == analysis


def test_a_solitaire_game_stops_searching_for_its_end_once_it_is_out_of_reach() -> None:
    """The end searches of a solitaire game are walked from its last choice;
    once one outgrows its budget, the earlier choices, with more of the
    game left, get none, and the last ones keep their exact ends."""
    record = json.loads((Path(__file__).parents[1] / "games" / "dicey_farm" / "golden" / "random-seed-7.json")
                        .read_text())
    choices = whole_choices(decision_positions(record, 0, forced=True), coach("dicey-farm").commits)
    ends = _solo_ends(choices, 0, 1, lambda: False)
    assert set(ends) == {c.move for c in choices}
    def search(k: int) -> tuple[dict[object, tuple[float, float]], bool]:
        c = choices[k]
        return search_ends(PlayerView(c.state, 0), derive_seed("analysis", 1, c.move))  # type: ignore[return-value]

    assert search(0)[1] and ends[choices[0].move] == {}  # early on the end is out of reach
    outgrown = next(k for k in reversed(range(len(choices))) if search(k)[1])
    for k, c in enumerate(choices):
        if k < outgrown:
            assert ends[c.move] == {}  # (searched for nothing)
        else:
            assert ends[c.move] == search(k)[0]
