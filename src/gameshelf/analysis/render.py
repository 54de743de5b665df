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
from collections.abc import Mapping, Sequence
from typing import Any

from gameshelf.analysis.confidence import table, thresholds
from gameshelf.analysis.estimate import MIN_WORLDS
from gameshelf.analysis.model import Analysis, Decision, Reason, RoundNote
from gameshelf.core.i18n import t
from gameshelf.core.manifest import namespace
from gameshelf.core.protocol import State
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
    unclear: bool = False


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


def chance_text(win: float, samples: int, lang: str | None) -> str:
    """A chance to win as a hint shows it: never 0% or 100% from fewer
    play-outs than ``data/marks.toml`` [hints] allows (issue 42), but
    "almost certain" or "almost none"."""
    shown = percent(win)
    if samples < table().sure_samples and shown in ("0%", "100%"):
        return t("analysis.almost-sure" if shown == "100%" else "analysis.almost-none", lang)
    return shown


def about(win: float, samples: int, lang: str | None) -> str:
    """An estimated chance to win in a sentence: "~45%", or "almost
    certain" where fewer play-outs than ``data/marks.toml`` allows would
    say 0% or 100% (issue 42)."""
    shown = chance_text(win, samples, lang)
    return t("analysis.about", lang, value=shown) if shown == percent(win) else shown


def _span(low: float, high: float, unit: Any) -> str:
    return f"{unit(low)}–{unit(high)}"


def loss_text(analysis: Analysis, decision: Decision, lang: str | None) -> str:
    """The loss of one decision, how sure it is, and read the right way
    round: what the move played gave up against the better one ("expected
    score 26 lower (18–34, 12 play-outs)"; "a certain 15 VP"; "you gave up
    about a third of your chance to win here (from ~45% to ~30%)")."""
    d = decision
    if d.certain is not None:
        return certain_text(analysis, d, lang)
    no_win = round((d.loss_win or 0.0) * 100) == 0
    if not analysis.solo and no_win and number(d.loss_score) in ("0", "-0") and d.loss_lead > 0:
        # lost (or won) in every world whatever the move: only the lead tells them apart
        return t("analysis.loss-lead", lang, n=d.samples)
    if analysis.solo or no_win:
        # "chance to win 0% lower" tells a player nothing: say only the score (never a negative loss)
        low, high = (d.loss_low, d.loss_high) if analysis.solo else (0.0, max(0.0, d.loss_score))
        return t("analysis.loss-solo-unclear" if d.unclear else "analysis.loss-solo", lang,
                 score=number(max(0.0, d.loss_score)), span=_span(low, high, number), n=d.samples)
    best, played = d.best.win or 0.0, d.played.win or 0.0
    if d.unclear:
        # an unclear loss claims no share of the chance to win: its interval says the play-outs cannot tell
        return t("analysis.loss-multi-unclear", lang, best=about(best, d.best.worlds, lang),
                 played=about(played, d.played.worlds, lang), span=_span(d.loss_low, d.loss_high, percent),
                 n=d.samples)
    return t("analysis.loss-multi", lang, share=t(f"analysis.share.{share_word(d.loss_win or 0.0, best)}", lang),
             best=about(best, d.best.worlds, lang), played=about(played, d.played.worlds, lang),
             span=_span(d.loss_low, d.loss_high, percent),
             n=d.samples)


def share_word(loss: float, best: float) -> str:
    """How much of the chance to win a move gave up, in words: "all",
    "most", "half", "third", "quarter" or "little" (catalogue
    ``analysis.share.*``)."""
    if best <= 0:
        return "little"
    part = loss / best
    for word, least in (("all", 0.95), ("most", 0.6), ("half", 0.42), ("third", 0.28), ("quarter", 0.18)):
        if part >= least:
            return word
    return "little"


def certain_text(analysis: Analysis, d: Decision, lang: str | None) -> str:
    """A certain loss, with its exact size and what the rules say."""
    c = d.certain
    assert c is not None
    size = percent(c.size) if not analysis.solo else number(c.size)
    params = {k: number(v) for k, v in c.params.items()}
    if c.kind == "final" and not analysis.solo and {"best", "played"} <= set(c.params):
        # multiplayer: in the player's words, from the chance to win to the one kept (issue 42)
        return t("analysis.certain-final-multi", lang, share=t(f"analysis.share.{share_word(c.size, c.params['best'])}",
                 lang), best=percent(c.params["best"]), played=percent(c.params["played"]))
    if c.kind == "win-now":
        # in the player's words, as a sampled loss of the chance to win reads (issue 42)
        params["win"] = about(c.params.get("win", 0.0), d.played.worlds, lang)
        params["share"] = t(f"analysis.share.{share_word(c.size, 1.0)}", lang)
    return t(f"analysis.certain-{c.kind}", lang, size=size, **params)


def reason_text(analysis: Analysis, reason: Reason, lang: str | None) -> str:
    """The one-line reason: what the better move does at once (the seat's
    figures right after it), else its gain in score or chance to win."""
    if reason.gains:
        joiner = t("analysis.join", lang)
        parts = joiner.join(
            t("analysis.gain", lang, delta=number(g.delta, signed=True),
              label=t(f"{namespace(analysis.game)}.field.{g.field}", lang))
            for g in reason.gains)
        return t(f"analysis.reason-{reason.when}", lang, gains=parts)
    if number(reason.score) in ("0", "-0") and not analysis.solo and not round((reason.win or 0) * 100):
        return t("analysis.reason-lead", lang)
    # nothing of the seat's differs right after the move: say so, not the loss again
    return t("analysis.reason-later", lang)


def mistakes(analysis: Analysis, record: Mapping[str, Any], lang: str | None) -> list[MistakeText]:
    """The analysis's mistakes, biggest first, worded."""
    found = []
    for move in analysis.mistakes:
        d = analysis.decision_at(move)
        assert d is not None and d.reason is not None  # the reader checked mistakes name decisions
        better = d.best.action if d.certain is None else d.certain.better
        line = d.best.line if d.certain is None else d.certain.line
        # a certain loss says what the rules decided; a sampled figure is no reason for it
        reason = t("analysis.reason-certain", lang) if d.certain is not None else reason_text(
            analysis, d.reason, lang)
        found.append(MistakeText(
            move=move, mark=d.mark,
            played=choice_words(record, move, d.played.action, d.played.line, analysis.seat, lang),
            better=choice_words(record, move, better, line, analysis.seat, lang),
            reason=(reason + planned_text(analysis, d, lang)).strip(),
            loss=loss_text(analysis, d, lang),
            unclear=d.unclear,
        ))
    return found


def choice_words(record: Mapping[str, Any], move: int, action: Mapping[str, Any],
                 line: Sequence[Mapping[str, Any]], seat: int, lang: str | None) -> str:
    """A whole choice worded step by step, each step as the move list
    worded it at its position ("take the 5 → tourism")."""
    first = move_words(record, move, action, seat, lang)
    if not line:
        return first
    state = replay(record, upto=move)
    game = state.game
    # each step's words and the seat's view before it (the first step's too)
    said: list[tuple[str, Any]] = [(first, _view(state, seat))]
    state.apply(game.action_from_json(dict(action)))
    for step in line:
        act = game.action_from_json(dict(step))
        if state.is_over or act not in state.legal_actions():
            break
        seen = _view(state, seat)
        undone = next((k for k, (_, before) in enumerate(said) if before == seen), None)
        if undone is not None:
            del said[undone:]  # (back where those steps began, as a die picked and put back: they say nothing)
        said.append((game.texts().describe_move(state.observation(seat), act, lang), seen))
        state.apply(act)
    return t("analysis.then", lang).join(words for words, _ in said)


def _view(state: State, seat: int) -> Any:
    """The seat's view without the game's log, which only grows: two
    positions with equal views are the same for the seat."""
    events, state.events = state.events, []
    try:
        return state.observation(seat)
    finally:
        state.events = events


def planned_text(analysis: Analysis, d: Decision, lang: str | None) -> str:
    """What the hard level said when it played on (" Played on at the hard
    level instead: 3 lower (4 play-outs)."), and whether it took the mark
    away; or nothing."""
    if d.planned is None or d.planned.worlds < MIN_WORLDS:
        return ""  # (one play-out at the hard level is an anecdote, not a figure)
    value = percent(d.planned.loss) if not analysis.solo else number(d.planned.loss)
    vetoed = d.unclear and d.planned.worlds >= 2 and d.planned.loss < thresholds(analysis.players)[0]
    key = "analysis.planned-disagrees" if vetoed else "analysis.planned"
    return " " + t(key, lang, loss=value, n=d.planned.worlds)


def mark_label(m: MistakeText, lang: str | None) -> str:
    """The mark shown before a mistake: its mark, or "unclear"/"small"."""
    if m.mark:
        return m.mark
    return t("analysis.unclear-mark" if m.unclear else "analysis.small-mark", lang)


def mistake_line(m: MistakeText, lang: str | None) -> str:
    """One mistake as one line of text (the terminal's list)."""
    return t("analysis.mistake", lang, mark=mark_label(m, lang), number=m.move + 1, played=m.played,
             better=m.better, loss=m.loss, reason=m.reason).rstrip()


def legend_text(analysis: Analysis, lang: str | None) -> str:
    """The marks' legend, with the thresholds of this game's table
    (``data/marks.toml``, the same in every front end)."""
    low, mid, high = thresholds(analysis.players)
    unit = percent if not analysis.solo else number
    key = "analysis.legend-multi" if not analysis.solo else "analysis.legend-solo"
    return t(key, lang, dubious=unit(low), mistake=unit(mid), blunder=unit(high))


def total_text(analysis: Analysis, lang: str | None) -> str:
    """The game's total in its own units: the final score the moves played
    reached against what the best moves found promised at the first
    decision (with its interval), the certain losses, and the marks."""
    return " ".join(part for part in (_total(analysis, lang), unclear_note(analysis, lang)) if part)


def _total(analysis: Analysis, lang: str | None) -> str:
    counts = analysis.mark_counts()
    marks = t("analysis.marks", lang, blunders=counts["??"], mistakes=counts["?"], dubious=counts["?!"],
              unclear=sum(1 for d in analysis.decisions if d.unclear))
    start = analysis.best_start()
    final = number(analysis.final_score)
    if start is None:
        return t("analysis.total-none", lang, final=final, marks=marks)
    certain = number(analysis.certain_total()) if analysis.solo else ""
    if analysis.solo:
        return t("analysis.total-solo", lang, final=final, best=number(start.score),
                 span=_span(start.low, start.high, number), n=start.worlds, certain=certain, marks=marks)
    return t("analysis.total-multi", lang, final=final, best=number(start.score),
             win=about(start.win or 0.0, start.worlds, lang), span=_span(max(0.0, start.low), min(1.0, start.high), percent),
             n=start.worlds, marks=marks)


#: a deeper run is this many times the budget (``gameshelf analyse --budget``)
DEEPER = 4


def unclear_note(analysis: Analysis, lang: str | None) -> str:
    """One sentence for the whole analysis when "unclear" is what most of
    its losses read (at least two, and no fewer than the marked ones): the
    budget was too small to tell them, said once instead of on every line
    (issue 42); else nothing."""
    unclear = sum(1 for d in analysis.decisions if d.unclear)
    marked = sum(1 for d in analysis.decisions if d.mark)
    if unclear < 2 or unclear < marked:
        return ""
    return t("analysis.unclear-note", lang, n=unclear)


def deeper_text(analysis: Analysis, lang: str | None) -> str:
    """How to analyse deeper from the terminal (with :func:`unclear_note`)."""
    if not unclear_note(analysis, lang):
        return ""
    if analysis.worlds is not None:
        return t("analysis.deeper-worlds", lang, worlds=max(2, analysis.worlds) * DEEPER)
    return t("analysis.deeper", lang, budget=number(max(analysis.budget_s, 1.0) * DEEPER))


def round_text(analysis: Analysis, note: RoundNote, record: Mapping[str, Any], lang: str | None) -> str:
    """One Dicey Farm round against the solver's line."""
    if note.move is None or note.better is None or note.played is None or note.loss < 0.5:
        return t("analysis.round-clean", lang, round=note.round, after=number(note.after))
    return t("analysis.round", lang, round=note.round, loss=number(note.loss), par=number(note.par),
             after=number(note.after),
             better=move_words(record, note.move, note.better, analysis.seat, lang),
             played=move_words(record, note.move, note.played, analysis.seat, lang))
