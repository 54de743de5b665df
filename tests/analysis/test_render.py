"""How a decision's loss reads to a player (analysis/render.py)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from gameshelf.analysis.analyse import decision_positions, whole_choices
from gameshelf.analysis.model import Planned, Reason
from gameshelf.analysis.render import (
    choice_words,
    deeper_text,
    loss_text,
    planned_text,
    reason_text,
    total_text,
    unclear_note,
)
from gameshelf.tools import coach
from tests.analysis.helpers import small_analysis


def test_a_loss_with_no_change_in_the_chance_to_win_names_only_the_score() -> None:
    _, analysis = small_analysis()
    assert not analysis.solo and analysis.decisions
    decision = dataclasses.replace(analysis.decisions[0], unclear=False)
    flat = dataclasses.replace(decision, loss_score=3.5, loss_win=0.004, samples=6)
    assert loss_text(analysis, flat, "en") == "expected score 3.5 lower (0–3.5, 6 play-outs)"
    # issue 42: in the player's words, with the interval and the sample count
    both = dataclasses.replace(decision, loss_score=3.5, loss_win=0.15, loss_low=0.05, loss_high=0.25, samples=12,
                               best=dataclasses.replace(decision.best, win=0.45),
                               played=dataclasses.replace(decision.played, win=0.30))
    assert loss_text(analysis, both, "en") == (
        "you gave up about a third of your chance to win here (from ~45% to ~30%; loss 5%–25%, 12 play-outs)")
    assert "45%" in loss_text(analysis, both, "ja") and "約3分の1" in loss_text(analysis, both, "ja")
    # never a negative loss: a better move that trades points for the win says no "-0.5 lower"
    traded = dataclasses.replace(decision, loss_score=-0.5, loss_win=0.0, samples=4)
    assert loss_text(analysis, traded, "en").startswith("expected score 0 lower")


def test_a_loss_only_in_the_lead_says_so_in_english_and_japanese() -> None:
    """A seat lost in every world ties every move on the chance to win and
    the score; the lead a few moves on is then all that tells them apart,
    and the words say exactly that instead of "0 lower"."""
    _, analysis = small_analysis()
    decision = analysis.decisions[0]
    flat = dataclasses.replace(
        decision, loss_score=0.0, loss_win=0.0, samples=2,
        best=dataclasses.replace(decision.best, lead=2.0), played=dataclasses.replace(decision.played, lead=-1.0))
    assert flat.loss_lead == 3.0
    assert loss_text(analysis, flat, "en") == (
        "no chance to win or score lost in the 2 play-outs, but a weaker position a few moves on")
    assert "形勢" in loss_text(analysis, flat, "ja")
    reason = Reason("soon", (), 0.0, 0.0)
    assert reason_text(analysis, reason, "en").startswith("It leaves you better placed")
    assert "形勢" in reason_text(analysis, reason, "ja")


def test_no_zero_or_hundred_percent_from_a_few_play_outs() -> None:
    """Issue 42: two play-outs that both won say "almost certain", never
    100%; with enough play-outs (data/marks.toml) the figure is said."""
    _, analysis = small_analysis()
    decision = dataclasses.replace(analysis.decisions[0], unclear=False)
    few = dataclasses.replace(decision, loss_score=3.0, loss_win=1.0, loss_low=0.2, loss_high=1.0, samples=2,
                              best=dataclasses.replace(decision.best, win=1.0, worlds=2),
                              played=dataclasses.replace(decision.played, win=0.0, worlds=2))
    said = loss_text(analysis, few, "en")
    assert "(from almost certain to almost none;" in said and "100%" not in said.split(";")[0], said
    assert "ほぼ確実" in loss_text(analysis, few, "ja")
    many = dataclasses.replace(few, best=dataclasses.replace(few.best, worlds=40),
                               played=dataclasses.replace(few.played, worlds=40), samples=40)
    assert "(from ~100% to ~0%;" in loss_text(analysis, many, "en")


def test_a_budget_that_leaves_most_moves_unclear_says_so_once() -> None:
    """When "unclear" is what most losses read, the total says it once,
    and the terminal says how to analyse deeper; with marks that outnumber
    them, nothing is added."""
    _, analysis = small_analysis()
    first, second, *rest = analysis.decisions
    vague = [dataclasses.replace(d, unclear=True, mark="") for d in (first, second)]
    murky = dataclasses.replace(analysis, decisions=(*vague, *(dataclasses.replace(d, unclear=False, mark="")
                                                                for d in rest)))
    total = total_text(murky, "en")
    assert total.count("2 moves are unclear at this budget") == 1, total
    assert "この予算では 2 手が「不明」" in total_text(murky, "ja")
    assert deeper_text(murky, "en") == "For surer marks, analyse again with more play-outs: --worlds 8"
    budgeted = dataclasses.replace(murky, worlds=None, budget_s=30.0)
    assert deeper_text(budgeted, "en").endswith("--budget 120")
    marked = dataclasses.replace(murky, decisions=(*vague, *(dataclasses.replace(d, mark="?") for d in rest[:3])))
    assert len(rest) >= 3 and unclear_note(marked, "en") == "" and deeper_text(marked, "en") == ""


def test_a_die_picked_and_put_back_says_nothing_in_a_whole_choice() -> None:
    """Dicey Farm: "take the 3 → put it back → take the 4 → ship" reads
    "take the 4 → ship": the steps that were undone are left out."""
    record = json.loads((Path(__file__).parents[1] / "games" / "dicey_farm" / "golden" / "random-seed-7.json")
                        .read_text())
    choices = whole_choices(decision_positions(record, 0, forced=True), coach("dicey-farm").commits)
    undone = [c for c in choices if [a.kind for a in c.line] == ["pick", "back", "pick", "use"]]
    assert undone
    for c in undone:
        words = choice_words(record, c.move, c.line[0].to_json(), [a.to_json() for a in c.line[1:]], 0, "en")
        parts = words.split(" → ")
        assert len(parts) == 2 and parts[0].startswith("Take a die") and parts[1].startswith("Use the die"), words


def test_an_unclear_loss_claims_no_share_of_the_chance_to_win() -> None:
    """Issue 42: two play-outs that disagree cannot say "you gave up all of
    your chance"; an unclear loss says the play-outs cannot tell, with its
    interval, and one play-out at the hard level is no figure either."""
    _, analysis = small_analysis()
    decision = analysis.decisions[0]
    vague = dataclasses.replace(decision, loss_score=4.0, loss_win=0.5, loss_low=0.0, loss_high=1.0, samples=2,
                                unclear=True, mark="", best=dataclasses.replace(decision.best, win=0.5, worlds=2),
                                played=dataclasses.replace(decision.played, win=0.0, worlds=2),
                                planned=Planned("hard", 1, 1.0))
    said = loss_text(analysis, vague, "en")
    assert said == ("the play-outs cannot tell yet how much of your chance to win this gave up: "
                    "from ~50% to almost none, a loss anywhere from 0%–100% (2 play-outs)"), said
    assert loss_text(analysis, dataclasses.replace(vague, unclear=False), "en").startswith("you gave up all of")
    assert "判断できません" in loss_text(analysis, vague, "ja")
    assert planned_text(analysis, vague, "en") == ""
    assert "hard level" in planned_text(analysis, dataclasses.replace(vague, planned=Planned("hard", 2, 0.5)), "en")
