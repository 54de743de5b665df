"""Dicey Farm's rounds against the par solver (gameshelf.tools.dicey_farm.rounds)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from gameshelf.analysis import analyse
from gameshelf.analysis.analyse import analyse_record
from gameshelf.analysis.render import round_text
from gameshelf.core.record import load_record, replay
from gameshelf.tools import round_review
from gameshelf.tools.dicey_farm import rounds

GOLDEN = Path(__file__).parents[1] / "games" / "dicey_farm" / "golden"


@pytest.fixture
def narrow(monkeypatch: pytest.MonkeyPatch) -> None:
    """The narrowest beam: the notes' laws hold for any solver, and it is fast."""
    monkeypatch.setattr(rounds, "WIDTH", 1)
    monkeypatch.setattr(rounds, "SAMPLES", 1)


def test_round_losses_add_up_from_the_first_par_to_the_final_score(narrow: None) -> None:
    record = load_record(GOLDEN / "random-seed-7.json")
    notes = rounds.review(record, 0, lambda: False)
    final = replay(record).scores()[0]
    assert [n.round for n in notes] == list(range(1, 9))
    assert all(n.loss >= 0 and n.loss == n.par - n.after for n in notes)
    assert notes[-1].after == final
    assert sum(n.loss for n in notes) == pytest.approx(notes[0].par - final)
    assert all(a.after == b.par for a, b in itertools.pairwise(notes))
    # random play loses points somewhere, and the note names the solver's different move
    lossy = [n for n in notes if n.move is not None]
    assert lossy and all(n.better != n.played for n in lossy)
    for n in lossy:
        assert record["actions"][n.move] == n.played


def test_analysis_of_a_dicey_farm_game_carries_its_round_notes(
    narrow: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = load_record(GOLDEN / "random-seed-7.json")
    every = analyse.decision_positions
    # the first decisions only: the round notes do not depend on the estimates, and it is quick
    monkeypatch.setattr(analyse, "decision_positions", lambda r, s, **kw: every(r, s, **kw)[:3])
    review = round_review("dicey-farm")
    assert review is not None and round_review("pay-dirt") is None
    analysis = analyse_record(record, 0, budget_s=0, worlds=1, width=1, rounds=review)
    assert len(analysis.rounds) == 8 and analysis.solo
    assert len(analysis.decisions) == 3
    assert all(d.loss_win is None and d.played.win is None for d in analysis.decisions)
    lossy = next(n for n in analysis.rounds if n.move is not None and n.loss >= 0.5)
    en = round_text(analysis, lossy, record, "en")
    ja = round_text(analysis, lossy, record, "ja")
    assert f"Round {lossy.round}: you lost" in en and f"ラウンド{lossy.round}" in ja
    stopped = analyse_record(record, 0, budget_s=0, worlds=1, width=1, rounds=review,
                             stop=lambda: True)
    assert not stopped.complete and stopped.rounds == ()
