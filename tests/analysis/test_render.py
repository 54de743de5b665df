"""How a decision's loss reads to a player (analysis/render.py)."""

from __future__ import annotations

import dataclasses

from gameshelf.analysis.model import Reason
from gameshelf.analysis.render import loss_text, reason_text
from tests.analysis.helpers import small_analysis


def test_a_loss_with_no_change_in_the_chance_to_win_names_only_the_score() -> None:
    _, analysis = small_analysis()
    assert not analysis.solo and analysis.decisions
    decision = analysis.decisions[0]
    flat = dataclasses.replace(decision, loss_score=3.5, loss_win=0.004)
    assert loss_text(analysis, flat, "en") == "expected score 3.5 lower"
    both = dataclasses.replace(decision, loss_score=3.5, loss_win=0.25)
    assert loss_text(analysis, both, "en") == "chance to win 25% lower, expected score 3.5 lower"
    assert "25%" in loss_text(analysis, both, "ja")


def test_a_loss_only_in_the_lead_says_so_in_english_and_japanese() -> None:
    """A seat lost in every world ties every move on the chance to win and
    the score; the lead a few moves on is then all that tells them apart,
    and the words say exactly that instead of "0 lower"."""
    _, analysis = small_analysis()
    decision = analysis.decisions[0]
    flat = dataclasses.replace(
        decision, loss_score=0.0, loss_win=0.0,
        best=dataclasses.replace(decision.best, lead=2.0), played=dataclasses.replace(decision.played, lead=-1.0))
    assert flat.loss_lead == 3.0
    assert loss_text(analysis, flat, "en") == (
        "none in chance to win or score in the worlds tried, but a weaker position a few moves on")
    assert "形勢" in loss_text(analysis, flat, "ja")
    reason = Reason("soon", (), 0.0, 0.0)
    assert reason_text(analysis, reason, "en").startswith("It leaves you better placed")
    assert "形勢" in reason_text(analysis, reason, "ja")
