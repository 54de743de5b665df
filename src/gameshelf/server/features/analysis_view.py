"""A stored analysis as the browser reads it, in the request's language.

Why at read time: the stored form (:class:`gameshelf.analysis.Analysis`) is
language-neutral (moves as action JSON, reasons as figures), so one row
serves English and Japanese readers; the words come from
:mod:`gameshelf.analysis.render` (moves as the seat's own move list worded
them, from its own observation) and the server's catalogue (the chart's
names). What this module adds is the browser's shape: the replay step of
each decision, a value per replay step for the chart, and the marks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gameshelf.analysis import Analysis, Decision, Estimate
from gameshelf.analysis import render as words
from gameshelf.analysis.confidence import table
from gameshelf.core.registry import load_game
from gameshelf.server.errors import message


def _said(text: str) -> dict[str, Any]:
    return {"text": text}


def _value(analysis: Analysis, e: Estimate) -> float:
    """What the chart draws: the chance to win in percent (multiplayer games
    are about winning), the expected final score in solitaire."""
    return float(e.score) if analysis.solo else round(100.0 * (e.win or 0.0), 1)


def _size(analysis: Analysis, d: Decision) -> float:
    """A decision's loss in the chart's unit (never negative)."""
    return max(0.0, float(d.loss)) if analysis.solo else round(100.0 * max(0.0, d.loss), 1)


def series(analysis: Analysis, total: int) -> list[list[float]]:
    """``[moves made, best moves]`` per replay step 0..total: from step
    ``move + 1`` on, the estimate of the decision taken at ``move``; before
    the first decision, what its move made and its best move promised
    (issue 42: "your moves" never reads the best move's figure)."""
    if not analysis.decisions:
        return [[0.0, 0.0] for _ in range(total + 1)]
    first = analysis.decisions[0]
    made, best = _value(analysis, first.played), _value(analysis, first.best)
    out: list[list[float]] = []
    decisions = iter(analysis.decisions)
    nxt: Decision | None = next(decisions, None)
    for step in range(total + 1):
        while nxt is not None and nxt.move < step:
            made, best = _value(analysis, nxt.played), _value(analysis, nxt.best)
            nxt = next(decisions, None)
        out.append([made, best])
    return out


def _estimate(e: Estimate) -> dict[str, Any]:
    # with its play-outs, and whether they are enough to say 0% or 100% (issue 42)
    return {"score": float(e.score), "win": None if e.win is None else float(e.win), "worlds": e.worlds,
            "sure": e.worlds >= table().sure_samples}


def render(data: Mapping[str, Any], record: Mapping[str, Any], seat: int,
           lang: str | None) -> dict[str, Any]:
    """The analysis view (``AnalysisView`` of :mod:`.analysis_schema`)."""
    analysis = Analysis.from_json(data, load_game(str(record["game"])))
    total = len(record["actions"])
    key = "solo" if analysis.solo else "multi"
    decisions = []
    for d in analysis.decisions:
        decisions.append({
            "k": d.move,
            "made": {"action": dict(d.played.action), **_said(words.move_words(
                record, d.move, d.played.action, seat, lang)), "estimate": _estimate(d.played)},
            "best": {"action": dict(d.best.action), **_said(words.move_words(
                record, d.move, d.best.action, seat, lang)), "estimate": _estimate(d.best)},
            "loss": _size(analysis, d),
            "cost": words.loss_text(analysis, d, lang),
            "mark": d.mark or None,
            "unclear": d.unclear,
            "certain": d.certain is not None,
            "samples": d.samples,
        })
    mistakes = []
    for m in words.mistakes(analysis, record, lang):
        found = analysis.decision_at(m.move)
        assert found is not None  # (the reader checked that each mistake names a decision)
        mistakes.append({"k": m.move, "mark": m.mark or None, "loss": _size(analysis, found),
                         "made": m.played, "better": m.better, "reason": m.reason, "cost": m.loss,
                         "text": words.mistake_line(m, lang), "unclear": m.unclear,
                         "certain": found.certain is not None, "label": words.mark_label(m, lang)})
    return {
        "game": analysis.game,
        "seat": analysis.seat,
        "total": total,
        "complete": analysis.complete,
        "measure": message(f"measure-{key}", lang, {}, "analysis"),
        "series": series(analysis, total),
        "series_names": [message("line-made", lang, {}, "analysis"),
                         message("line-best", lang, {}, "analysis")],
        "decisions": decisions,
        "mistakes": mistakes,
        "rounds": [words.round_text(analysis, note, record, lang) for note in analysis.rounds],
        "summary": words.total_text(analysis, lang),
        "legend": words.legend_text(analysis, lang),
    }
