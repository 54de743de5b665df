"""An analysis in the reader's language.

Why at display time: :class:`~gameshelf.analysis.model.Analysis` stores moves
as action JSON and reasons as field names and numbers, so one stored
analysis reads in English or Japanese. A move is worded by the game's own
:meth:`Texts.describe_move <gameshelf.core.interfaces.Texts.describe_move>`
on the seat's observation of that position, exactly as the move list worded
it then; every other word comes from the catalogue (``locales/<lang>.analysis.toml``).
The terminal and the server both use these functions.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from gameshelf.analysis.model import Analysis, Decision, Reason, RoundNote
from gameshelf.core.i18n import t
from gameshelf.core.record import replay


@dataclasses.dataclass(frozen=True)
class MistakeText:
    """One mistake, worded: ``move`` is the record index (the move list shows
    ``move + 1``), ``mark`` its mark, and the four sentences' parts."""

    move: int
    mark: str
    played: str
    better: str
    reason: str
    loss: str


def move_words(record: Mapping[str, Any], move: int, action: Mapping[str, Any], seat: int,
               lang: str | None) -> str:
    """``action`` worded as the move list of ``seat`` worded it before move
    ``move`` (the record replayed that far; the seat's own observation, so no
    more than it could see)."""
    state = replay(record, upto=move)
    return state.game.texts().describe_move(
        state.observation(seat), state.game.action_from_json(dict(action)), lang)


def number(value: float, signed: bool = False) -> str:
    """A figure as people read it: whole when it is nearly whole, else one decimal."""
    text = f"{value:.0f}" if abs(value - round(value)) < 0.05 else f"{value:.1f}"
    if text in ("-0", "-0.0"):
        text = text[1:]
    return f"+{text}" if signed and value > 0 and not text.startswith("+") else text


def percent(value: float, signed: bool = False) -> str:
    text = f"{value * 100:.0f}%"
    return f"+{text}" if signed and round(value * 100) > 0 else text


def loss_text(analysis: Analysis, decision: Decision, lang: str | None) -> str:
    """The loss of one decision ("expected score 3 lower")."""
    no_win = round((decision.loss_win or 0.0) * 100) == 0
    if not analysis.solo and no_win and number(decision.loss_score) == "0" and decision.loss_lead > 0:
        # lost (or won) in every world whatever the move: only the lead tells them apart
        return t("analysis.loss-lead", lang)
    if analysis.solo or no_win:
        # "chance to win 0% lower" tells a player nothing: say only the score
        return t("analysis.loss-solo", lang, score=number(decision.loss_score))
    return t("analysis.loss-multi", lang, win=percent(decision.loss_win or 0.0),
             score=number(decision.loss_score))


def reason_text(analysis: Analysis, reason: Reason, lang: str | None) -> str:
    """The one-line reason: the figures the better move gives more of, else
    its gain in score or chance to win."""
    if reason.gains:
        joiner = t("analysis.join", lang)
        parts = joiner.join(
            t("analysis.gain", lang, delta=number(g.delta, signed=True),
              label=t(f"analysis.field.{analysis.game}.{g.field}", lang))
            for g in reason.gains)
        return t(f"analysis.reason-{reason.when}", lang, gains=parts)
    if reason.win is not None and round(reason.win * 100) > 0:
        return t("analysis.reason-win", lang, win=percent(reason.win))
    if number(reason.score) == "0" and not analysis.solo:
        return t("analysis.reason-lead", lang)
    return t("analysis.reason-score", lang, score=number(reason.score))


def mistakes(analysis: Analysis, record: Mapping[str, Any], lang: str | None) -> list[MistakeText]:
    """The analysis's mistakes, biggest first, worded."""
    found = []
    for move in analysis.mistakes:
        d = analysis.decision_at(move)
        assert d is not None and d.reason is not None  # the reader checked mistakes name decisions
        found.append(MistakeText(
            move=move, mark=d.mark,
            played=move_words(record, move, d.played.action, analysis.seat, lang),
            better=move_words(record, move, d.best.action, analysis.seat, lang),
            reason=reason_text(analysis, d.reason, lang),
            loss=loss_text(analysis, d, lang),
        ))
    return found


def mistake_line(m: MistakeText, lang: str | None) -> str:
    """One mistake as one line of text (the terminal's list)."""
    return t("analysis.mistake", lang, mark=m.mark or t("analysis.close-mark", lang), number=m.move + 1, played=m.played,
             better=m.better, loss=m.loss, reason=m.reason)


def total_text(analysis: Analysis, lang: str | None) -> str:
    """The whole game's loss and its marks in one line."""
    counts = analysis.mark_counts()
    marks = t("analysis.marks", lang, blunders=counts["??"], mistakes=counts["?"], dubious=counts["?!"])
    return t("analysis.total", lang, score=number(analysis.total_loss()), n=len(analysis.decisions),
             marks=marks)


def round_text(analysis: Analysis, note: RoundNote, record: Mapping[str, Any], lang: str | None) -> str:
    """One Dicey Farm round against the solver's line."""
    if note.move is None or note.better is None or note.played is None or note.loss < 0.5:
        return t("analysis.round-clean", lang, round=note.round, after=number(note.after))
    return t("analysis.round", lang, round=note.round, loss=number(note.loss), par=number(note.par),
             after=number(note.after),
             better=move_words(record, note.move, note.better, analysis.seat, lang),
             played=move_words(record, note.move, note.played, analysis.seat, lang))
