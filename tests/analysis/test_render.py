"""How a decision's loss reads to a player (analysis/render.py)."""

from __future__ import annotations

import dataclasses

from gameshelf.analysis.render import loss_text
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
