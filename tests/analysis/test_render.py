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
