"""The coach against known answers (issue 42): a move certainly worse by a
known amount is marked "??" and listed first; equal moves are not marked;
a game thrown away in multiplayer (a win on the spot not taken) is found.
Small budgets: each test plays a few short play-outs at most."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gameshelf.analysis import rank_moves
from gameshelf.analysis.analyse import Choice, _decision, pick_mistakes
from gameshelf.analysis.certain import generic_certain
from gameshelf.analysis.confidence import Interval, mark_for
from gameshelf.analysis.estimate import MoveEstimate
from gameshelf.analysis.model import Decision, Estimate, Reason
from gameshelf.bots import PlayerView
from gameshelf.core.record import replay
from gameshelf.games.dicey_farm import actions as DF
from gameshelf.games.dicey_farm.components import components
from gameshelf.tools.dicey_farm.certain import _Round
from tests.games.dicey_farm.helpers import farm
from tests.games.filthy_rich.helpers import CAT, new, own_luxury, set_money


def test_seven_fish_left_to_rot_while_the_farm_goes_hungry_is_a_certain_blunder_listed_first() -> None:
    """Issue 42's own example: the round ends with 7 fish that could have
    fed the farm; the beggars cost a known number of VP whatever the dice
    do next, so no sampling is needed and the mark is "??"."""
    state = farm(dice=[], round_no=6, goods={"food": 0, "fish": 7})
    assert DF.EndRound() in state.legal_actions() and DF.ToFood("fish") in state.legal_actions()
    need = components().dice(6) + components().constants["food_extra"]
    known = min(7, need) * components().constants["beggar_penalty"]
    end = state.clone()
    end.apply(DF.EndRound())
    found = _Round(state, end, last=False).losses([(40, state)])
    assert set(found) == {40}
    certain = found[40]
    assert certain.kind == "beggars" and certain.size == known >= 10
    assert certain.better == DF.ToFood("fish").to_json()
    estimates = rank_moves(state, 0, budget_s=0, seed=1, worlds=2, include=[DF.EndRound()])
    decision = _decision(Choice(40, state, (DF.EndRound(),), len(state.legal_actions())), estimates, 1, certain)
    assert decision.mark == "??" and decision.loss == known and decision.samples == 0
    # a sampled loss, however large its mean, comes after it (and is "unclear" from two play-outs)
    guess = _guess(move=10, loss=30.0, low=-5.0, high=65.0)
    assert guess.unclear and not guess.mark
    assert pick_mistakes([guess, decision], players=1)[0] == 40


def test_two_equal_moves_are_never_marked() -> None:
    """The same outcome world by world: no loss, no mark, no "unclear",
    and nothing listed."""
    same = tuple((50.0 + k, 1.0) for k in range(8))
    a = MoveEstimate(DF.Use("fish"), 53.5, None, 8, 0.0, per_world=same)
    b = MoveEstimate(DF.Use("ship"), 53.5, None, 8, 0.0, per_world=same)
    state = farm(dice=[6], round_no=8)
    state.apply(DF.PickDie(6))
    for played in (a, b):
        d = _decision(Choice(3, state, (played.action,), 5), [a, b], 1, None)
        assert d.mark == "" and not d.unclear and d.loss == 0
        assert pick_mistakes([d], players=1) == ()


def test_a_won_game_thrown_away_is_a_certain_blunder() -> None:
    """Filthy Rich: the seat holds two luxuries and can afford the third,
    which wins at once; it discards instead, and the rival (in the same
    spot) wins. The coach finds the win it left, without sampling it."""
    state = new(players=2, seed=1)
    for seat in (0, 1):
        own_luxury(state, seat, CAT.luxuries[2 * seat].key)
        own_luxury(state, seat, CAT.luxuries[2 * seat + 1].key)
        set_money(state, seat, 60)
    discard = next(a for a in state.legal_actions() if a.kind == "discard")
    estimates = rank_moves(state, 0, budget_s=0, seed=4, worlds=2, include=[discard])
    played = next(e for e in estimates if e.action == discard)
    certain = generic_certain(PlayerView(state, 0), discard, 4, played.win_chance)
    assert certain is not None and certain.kind == "win-now"
    decision = _decision(Choice(7, state, (discard,), len(state.legal_actions())), estimates, 2, certain)
    assert decision.mark == "??" and decision.certain is not None
    # the buy itself is no mistake
    buy = next(e for e in estimates if e.action.kind == "buy")
    assert generic_certain(PlayerView(state, 0), buy.action, 4, buy.win_chance) is None


def test_marks_follow_the_loss_and_a_bigger_loss_never_gets_a_milder_mark() -> None:
    """Certain losses climb the marks in order of size; a sampled one gets
    its band's mark only when its interval clears the band, else none."""
    marks = [mark_for(Interval.exact(x), 1)[0] for x in (0.0, 1.0, 2.0, 4.9, 5.0, 9.9, 10.0, 26.0)]
    assert marks == ["", "", "?!", "?!", "?", "?", "??", "??"]
    order = ["", "?!", "?", "??"]
    assert [order.index(m) for m in marks] == sorted(order.index(m) for m in marks)
    assert mark_for(Interval(26.0, 12.0, 40.0, 12), 1) == ("??", False)
    assert mark_for(Interval(26.0, 4.0, 48.0, 3), 1) == ("", True)  # unclear, never a milder mark
    assert mark_for(Interval(0.3, 0.26, 0.34, 40), 2) == ("??", False)


def _guess(move: int, loss: float, low: float, high: float) -> Decision:
    """A sampled decision with a given loss interval."""
    played = Estimate({"type": "back"}, 40.0, None, 2)
    best = Estimate({"type": "done"}, 40.0 + loss, None, 2)
    mark, unclear = mark_for(Interval(loss, low, high, 2), 1)
    return Decision(move, 3, played, best, loss_score=loss, loss_win=None, mark=mark,
                    reason=Reason("now", (), loss, None), loss_low=max(0.0, low), loss_high=high,
                    samples=2, unclear=unclear)


def _golden(path: str, upto: int) -> Any:
    """A golden record of ``tests/games`` replayed to move ``upto``."""
    record = json.loads((Path(__file__).parents[1] / "games" / path).read_text())
    return replay(record, upto=upto)


def _last_turn_of_pay_dirt() -> tuple[object, object, object]:
    """Pay Dirt, 5 players, the last labour step of the game (seat 2 to
    move, 4 gold): with every rival left at 3 gold, ending the labour wins
    and selling 2 gold for cash loses, for certain."""
    state = _golden("pay_dirt/golden/5p-seed14-greedy.json", 329)
    for p, camp in enumerate(state.camps):  # type: ignore[attr-defined]
        if p != 1:
            camp.gold = 3
    played = next(a for a in state.legal_actions() if a.kind == "sell" and a.gold == 2)  # type: ignore[attr-defined]
    return state, played, next(a for a in state.legal_actions() if a.kind == "end-labor")


def _last_turn_of_above_and_below() -> tuple[object, object, object]:
    """Above and Below, 2 players, seat 2's last turn: points tied at 6 and
    coins at 21, so refreshing the house row (1 coin) loses the tie-break
    for certain, while passing wins it."""
    state = _golden("above_and_below/golden/2p-seed11.json", 114)
    rival = state.villages[0]  # type: ignore[attr-defined]
    rival.houses = [h for h in rival.houses if h != "s1"]
    rival.coins = 21
    played = next(a for a in state.legal_actions() if a.kind == "refresh")
    return state, played, next(a for a in state.legal_actions() if a.kind == "pass")


def test_planted_blunders_in_pay_dirt_and_above_and_below_are_certain_and_listed_first() -> None:
    """Issue 42: a planted blunder in every game is marked "??" (Dicey Farm
    and Filthy Rich above). Here the game's end is the seat's alone to
    decide, so the loss is exact; two play-outs are all the estimate gets."""
    for build in (_last_turn_of_pay_dirt, _last_turn_of_above_and_below):
        state, played, better = build()
        seat = state.current_player  # type: ignore[attr-defined]
        certain = generic_certain(PlayerView(state, seat), played, 3, None)  # type: ignore[arg-type]
        assert certain is not None and certain.kind == "final", build.__name__
        assert certain.size == 1.0  # a win for certain against a loss for certain
        named = state.game.action_from_json(dict(certain.better))  # type: ignore[attr-defined]
        assert generic_certain(PlayerView(state, seat), named, 3, None) is None  # type: ignore[arg-type]
        estimates = rank_moves(state, seat, budget_s=0, seed=3, worlds=2, include=[played])  # type: ignore[arg-type]
        choice = Choice(9, state, (played,), len(state.legal_actions()))  # type: ignore[arg-type, attr-defined]
        decision = _decision(choice, estimates, state.players, certain)  # type: ignore[attr-defined]
        assert decision.mark == "??" and decision.samples == 0
        assert pick_mistakes([_guess(2, 30.0, -5.0, 65.0), decision], players=1)[0] == 9
        # the better move itself loses nothing
        assert generic_certain(PlayerView(state, seat), better, 3, None) is None  # type: ignore[arg-type]
