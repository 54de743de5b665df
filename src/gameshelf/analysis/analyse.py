"""A finished game analysed for one seat: every decision estimated, the
biggest mistakes picked out and explained.

How: the record is replayed once; at every decision of the seat with more
than one legal move the estimator (:func:`~gameshelf.analysis.estimate.rank_moves`)
rates the heuristic's best moves and the move made, on re-dealt worlds built
from what the seat could see then. The loss of a decision is the best
estimate minus the played move's; its reason compares the seat's figures
after the two moves (:mod:`gameshelf.analysis.features`).

Budget: the seconds are shared fairly: each decision gets what is left
divided by the decisions left, so time a quick decision did not use goes to
the later ones. With ``worlds`` the run is reproducible instead (tests).

Game-specific notes (Dicey Farm's rounds against the par solver) come from
a :data:`RoundReview` the caller passes: the solver lives in
``gameshelf.tools``, which this package may not import (see
``gameshelf.tools.round_review``).
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from statistics import fmean, stdev
from typing import Any

from gameshelf.analysis.estimate import DEFAULT_WIDTH, MIN_WORLDS, MoveEstimate, rank_moves
from gameshelf.analysis.model import MARKS, Analysis, Decision, Estimate, Gain, Reason, RoundNote
from gameshelf.core.datafile import read_toml
from gameshelf.core.errors import GameshelfError
from gameshelf.core.protocol import PlayerId, State
from gameshelf.core.record import replay
from gameshelf.core.rng import derive_seed

#: ``(record, seat, stop) -> round notes``: a game's rounds against its solver.
RoundReview = Callable[[Mapping[str, Any], PlayerId, Callable[[], bool]], Sequence[RoundNote]]
#: ``(decisions done, decisions in all)``, called after each decision.
Progress = Callable[[int, int], None]

#: seconds ``gameshelf analyse`` and the server spend on one game unless
#: told otherwise; each decision still gets at least two worlds, so a long
#: game may take longer (docs/analysis.md has the measured times).
DEFAULT_BUDGET_S = 120.0
#: mistakes listed: at most this many marked ones, and at least
#: :data:`MIN_MISTAKES` when the game had that many losing decisions.
MAX_MISTAKES = 5
MIN_MISTAKES = 3
#: a figure must differ by at least this much to be named in a reason.
_GAIN_FLOOR = 0.05
#: figures named in one reason.
_GAINS = 2


class AnalyseError(GameshelfError):
    """A record that cannot be analysed for that seat (the message says why)."""

    def __init__(self, code: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(code, params, namespace="analysis")


class MarksError(ValueError):
    """``analysis/data/marks.toml`` is malformed."""


def analyse_record(
    record: Mapping[str, Any],
    seat: PlayerId,
    *,
    budget_s: float,
    worlds: int | None = None,
    seed: int = 0,
    width: int = DEFAULT_WIDTH,
    progress: Progress | None = None,
    stop: Callable[[], bool] | None = None,
    rounds: RoundReview | None = None,
) -> Analysis:
    """Analyse ``seat``'s decisions in the finished game ``record``.

    Args:
        record: a game record (:func:`gameshelf.core.record.make_record`).
        seat: the seat analysed (0-based).
        budget_s: seconds for the whole game, shared across decisions.
        worlds: exactly this many worlds per decision instead (reproducible).
        seed: fixes the worlds and the bots.
        width: candidates per decision besides the move made.
        progress: told ``(done, total)`` after each decision.
        stop: asked between worlds; ``True`` ends the run early, and the
            analysis covers the decisions done (``complete`` is false).
        rounds: the game's round review, if it has one (Dicey Farm).

    Raises:
        RecordError: the record does not replay.
        AnalyseError: the game is not finished, or ``seat`` is not a seat of it.
    """
    final = replay(record)
    if type(seat) is not int or not 0 <= seat < final.players:
        shown = seat + 1 if type(seat) is int else str(seat)[:20]  # people count seats from 1
        raise AnalyseError("bad-seat", {"seat": shown, "players": final.players})
    if not final.is_over:
        raise AnalyseError("unfinished")
    if type(budget_s) not in (int, float) or budget_s < 0:
        raise ValueError("budget_s must be a number of seconds, 0 or more")
    positions = decision_positions(record, seat)
    thresholds = marks_for(final.players)
    deadline = time.perf_counter() + budget_s
    stopped = stop or (lambda: False)
    decisions: list[Decision] = []
    for done, (move, state, played) in enumerate(positions):
        if done and stopped():
            break
        share = max(0.0, deadline - time.perf_counter()) / (len(positions) - done)
        estimates = rank_moves(
            state, seat, budget_s=share, seed=derive_seed("analysis", seed, move),
            include=[played], worlds=worlds, width=width,
            min_worlds=MIN_WORLDS if worlds is None else 1, stop=stop,
        )
        decisions.append(_decision(move, len(state.legal_actions()), estimates, played, thresholds))
        if progress is not None:
            progress(done + 1, len(positions))
    complete = len(decisions) == len(positions)
    notes: tuple[RoundNote, ...] = ()
    if rounds is not None and complete:
        notes = tuple(rounds(record, seat, stopped))
    return Analysis(
        game=final.game.id, rules_version=final.game.rules_version, seat=seat,
        players=final.players, budget_s=float(budget_s), worlds=worlds, seed=seed,
        complete=complete and not (rounds is not None and stopped()),
        final_score=float(final.scores()[seat]),
        decisions=tuple(decisions), mistakes=pick_mistakes(decisions, final.players), rounds=notes,
    )


def decision_positions(record: Mapping[str, Any], seat: PlayerId) -> list[tuple[int, State, Any]]:
    """Each decision of ``seat`` with a choice: (record index of the move
    made, the position before it, the move made), replaying once."""
    state = replay(record, upto=0)
    game = state.game
    found = []
    for index, obj in enumerate(record["actions"]):
        action = game.action_from_json(obj)
        if state.current_player == seat and len(state.legal_actions()) > 1:
            found.append((index, state.clone(), state.own_action(action)))
        state.apply(action)
    return found


def _decision(
    move: int, legal: int, estimates: list[MoveEstimate], played: Any, thresholds: Sequence[float],
) -> Decision:
    """The decision's entry: the best estimate (the move made when it ties
    the best), the losses, the mark and the reason."""
    mine = next(e for e in estimates if e.action == played)
    best = estimates[0] if estimates[0].value() > mine.value() else mine
    solo = mine.win_chance is None
    loss_win = None if solo else (best.win_chance or 0.0) - (mine.win_chance or 0.0)
    loss_score = best.expected_score - mine.expected_score
    size = sure_loss(best, mine)
    mark = ""
    for symbol, least in zip(("?!", "?", "??"), thresholds, strict=True):
        if size >= least:
            mark = symbol
    return Decision(
        move=move, legal=legal, played=_estimate(mine), best=_estimate(best),
        loss_score=loss_score, loss_win=loss_win, mark=mark,
        reason=None if best is mine else _reason(best, mine),
    )


def sure_loss(best: MoveEstimate, played: MoveEstimate) -> float:
    """The loss a mark is given for: the mean world-by-world difference
    (chance to win in multiplayer, score alone) less one standard error of
    it, and never below 0.

    Why not the mean alone: with two worlds a chance to win moves in steps
    of a half, and one world that happens to go the other way would mark a
    move "??". Less one standard error, a loss is marked only when the
    worlds agree on it: the better move won more in every world, or in most
    of many (the rollout bot's margin, :mod:`gameshelf.bots.rollout`). One
    world alone proves nothing, so it marks nothing.
    """
    column = 0 if played.win_chance is None else 1
    diffs = [b[column] - p[column] for b, p in zip(best.per_world, played.per_world, strict=True)]
    if len(diffs) < 2:
        return 0.0
    error = stdev(diffs) / math.sqrt(len(diffs))
    return max(0.0, fmean(diffs) - error)


def _estimate(e: MoveEstimate) -> Estimate:
    return Estimate(e.action.to_json(), e.expected_score, e.win_chance, e.worlds, e.soon_lead)


def _reason(better: MoveEstimate, played: MoveEstimate) -> Reason:
    """What ``better`` gives that ``played`` did not: the seat's figures that
    come out higher after it, first as soon as the seat decides again (what
    the move itself brings), else at the end of the game; each figure
    weighed against its size (+2 on 3 coins says more than +2 on 40)."""
    when = "end"
    gains: tuple[Gain, ...] = ()
    for moment, ours, theirs in (("soon", better.features.soon, played.features.soon),
                                 ("end", better.features.end, played.features.end)):
        found = _gains(ours, theirs)
        if found:
            when, gains = moment, found
            break
    win = None
    if better.win_chance is not None and played.win_chance is not None:
        win = better.win_chance - played.win_chance
    return Reason(when, gains, better.expected_score - played.expected_score, win)


def _gains(ours: Mapping[str, float], theirs: Mapping[str, float]) -> tuple[Gain, ...]:
    rated = []
    for name, value in ours.items():
        delta = value - theirs.get(name, 0.0)
        if delta >= _GAIN_FLOOR:
            rated.append((delta / (1.0 + abs(theirs.get(name, 0.0))), name, delta))
    rated.sort(key=lambda r: (-r[0], r[1]))
    return tuple(Gain(name, round(delta, 2)) for _, name, delta in rated[:_GAINS])


def pick_mistakes(decisions: Sequence[Decision], players: int) -> tuple[int, ...]:
    """The record indices of the biggest mistakes, biggest first: the marked
    decisions, by mark then loss, up to :data:`MAX_MISTAKES`, topped up to
    :data:`MIN_MISTAKES` with the largest unmarked losses (a clean game
    still shows where it was least exact); decisions that lost nothing are
    never listed. In multiplayer a loss in the lead soon after the move
    ranks last: it is what tells apart the moves of a game lost (or won) in
    every world, where the chance to win and the score tie."""
    def size(d: Decision) -> tuple[int, float, float, float]:
        loss = (d.loss_score, 0.0, 0.0) if players == 1 else ((d.loss_win or 0.0), d.loss_score, d.loss_lead)
        return (MARKS.index(d.mark), *loss)

    losing = sorted((d for d in decisions if size(d)[1:] > (0.0, 0.0, 0.0) and d.reason is not None),
                    key=lambda d: (size(d), -d.move), reverse=True)
    marked = [d for d in losing if d.mark][:MAX_MISTAKES]
    marked += [d for d in losing if not d.mark][: max(0, MIN_MISTAKES - len(marked))]
    return tuple(d.move for d in marked)


def marks_for(players: int) -> tuple[float, float, float]:
    """The least losses for "?!", "?" and "??" (``data/marks.toml``)."""
    table, key = ("solo", "score") if players == 1 else ("multiplayer", "win")
    return _marks()[table][key]


@functools.cache
def _marks() -> dict[str, dict[str, tuple[float, float, float]]]:
    path = resources.files("gameshelf.analysis") / "data" / "marks.toml"
    data = read_toml(path, "gameshelf.analysis: data/marks.toml", MarksError)
    out: dict[str, dict[str, tuple[float, float, float]]] = {}
    for table, key in (("solo", "score"), ("multiplayer", "win")):
        values = data.get(table, {}).get(key)
        if (not isinstance(values, list) or len(values) != 3
                or not all(type(v) in (int, float) and v > 0 for v in values)
                or sorted(values) != values):
            raise MarksError(f"data/marks.toml: [{table}] {key} must be three rising positive numbers")
        out[table] = {key: (float(values[0]), float(values[1]), float(values[2]))}
    return out
