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

import dataclasses
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gameshelf.analysis.certain import CertainCheck, generic_certain, search_ends
from gameshelf.analysis.confidence import MARKS, Interval, clipped, interval, mark_for, thresholds
from gameshelf.analysis.estimate import DEFAULT_WIDTH, MIN_WORLDS, MoveEstimate, rank_moves
from gameshelf.analysis.model import (
    Analysis,
    Certain,
    Decision,
    Estimate,
    Gain,
    Planned,
    Reason,
    RoundNote,
)
from gameshelf.bots import PlayerView
from gameshelf.core.actions import Action
from gameshelf.core.errors import GameshelfError
from gameshelf.core.protocol import PlayerId, State
from gameshelf.core.record import replay
from gameshelf.core.rng import derive_seed

#: ``(record, seat, stop) -> round notes``: a game's rounds against its solver.
RoundReview = Callable[[Mapping[str, Any], PlayerId, Callable[[], bool]], Sequence[RoundNote]]
#: ``(position, step) -> whether the step commits the seat``: ``False`` for a
#: step that can still be taken back (a die picked), judged with what follows.
Commits = Callable[[State, Action], bool]
#: ``(done, total)``, called after each decision.
Progress = Callable[[int, int], None]

#: seconds ``gameshelf analyse`` and the server spend on one game unless
#: told otherwise; each decision still gets at least two worlds, so a long
#: game may take longer (docs/analysis.md has the measured times).
DEFAULT_BUDGET_S = 120.0
#: mistakes listed: at most this many marked ones, and at least
#: :data:`MIN_MISTAKES` when the game had that many losing decisions.
MAX_MISTAKES = 5
MIN_MISTAKES = 3
#: share of a time budget kept for judging the top mistakes again with the
#: seat playing on at the hard level (issue 42: greedy undervalues moves
#: that pay off later, such as gear in Pay Dirt)
PLAN_SHARE = 0.3
#: the level that judges the top mistakes again
PLAN_LEVEL = "hard"
#: a figure must differ by at least this much to be named in a reason.
_GAIN_FLOOR = 0.05
#: figures named in one reason.
_GAINS = 2


class AnalyseError(GameshelfError):
    """A record that cannot be analysed for that seat (the message says why)."""

    def __init__(self, code: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(code, params, namespace="analysis")


@dataclasses.dataclass(frozen=True)
class Coach:
    """A game's own parts of the analysis, handed in by callers that may
    import the game's tools (the cli, the server; ``gameshelf.tools.coach``):
    its rounds against the solver, its certain losses and which of its
    steps commit nothing."""

    rounds: RoundReview | None = None
    certain: CertainCheck | None = None
    commits: Commits | None = None


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
    coach: Coach | None = None,
    plan_worlds: int | None = 0,
) -> Analysis:
    """Analyse ``seat``'s decisions in the finished game ``record``.

    Args:
        record: a game record (:func:`gameshelf.core.record.make_record`).
        seat: the seat analysed (0-based).
        budget_s: seconds for the whole game, shared across decisions.
        worlds: at most this many worlds per move instead (reproducible).
        seed: fixes the worlds and the bots.
        width: candidates per decision besides the move made.
        progress: told ``(done, total)`` after each decision.
        stop: asked between worlds; ``True`` ends the run early, and the
            analysis covers the decisions done (``complete`` is false).
        rounds: the game's round review, if it has one (Dicey Farm); the
            same as ``coach.rounds``.
        coach: the game's own parts (certain losses, steps that commit nothing).
        plan_worlds: worlds on which the top mistakes are judged again with
            the seat at the hard level: ``None`` as many as
            :data:`PLAN_SHARE` of the budget allows (at least two), ``0`` none.

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
    coach = coach or Coach()
    rounds = rounds or coach.rounds
    positions = decision_positions(record, seat, forced=coach.commits is not None)
    choices = whole_choices(positions, coach.commits)
    certain = dict(coach.certain(record, seat, [c.move for c in choices])) if coach.certain else {}
    plan = 0.0 if plan_worlds == 0 else PLAN_SHARE * budget_s
    deadline = time.perf_counter() + budget_s - plan
    stopped = stop or (lambda: False)
    ends = _solo_ends(choices, seat, seed, stopped) if final.players == 1 else {}
    decisions: list[Decision] = []
    for done, choice in enumerate(choices):
        if done and stopped():
            break
        share = max(0.0, deadline - time.perf_counter()) / (len(choices) - done)
        move_seed = derive_seed("analysis", seed, choice.move)
        estimates = rank_moves(
            choice.state, seat, budget_s=share, seed=move_seed,
            include=[choice.line], worlds=worlds, width=width,
            min_worlds=MIN_WORLDS if worlds is None else min(worlds, MIN_WORLDS), stop=stop,
            commits=coach.commits,
        )
        mine = next(e for e in estimates if e.steps == choice.line)
        found = certain.get(choice.move) or generic_certain(
            PlayerView(choice.state, seat), choice.line[0], move_seed, mine.win_chance, ends.get(choice.move))
        decisions.append(_decision(choice, estimates, final.players, found))
        if progress is not None:
            progress(done + 1, len(choices))
    complete = len(decisions) == len(choices)
    if complete and plan_worlds != 0 and not stopped():
        decisions = _plan(decisions, choices, seat, final.players, seed, plan, plan_worlds, stopped)
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


@dataclasses.dataclass(frozen=True)
class Choice:
    """One whole choice of the seat: the position before it, the record
    index of its first step and its steps as played (a die picked and its
    use are two steps of one choice)."""

    move: int
    state: State
    line: tuple[Action, ...]
    legal: int


def decision_positions(record: Mapping[str, Any], seat: PlayerId, *,
                       forced: bool = False) -> list[tuple[int, State, Any]]:
    """Each decision of ``seat`` with a choice: (record index of the move
    made, the position before it, the move made), replaying once. With
    ``forced``, the seat's forced moves (one legal move) too: a whole
    choice may run through one (an action's only villager sent)."""
    state = replay(record, upto=0)
    game = state.game
    found = []
    for index, obj in enumerate(record["actions"]):
        action = game.action_from_json(obj)
        if state.current_player == seat and (forced or len(state.legal_actions()) > 1):
            found.append((index, state.clone(), state.own_action(action)))
        state.apply(action)
    return found


def whole_choices(positions: Sequence[tuple[int, State, Any]], commits: Commits | None) -> list[Choice]:
    """The decisions joined into whole choices: a step that commits nothing
    (``commits`` says so) is judged with the steps after it, up to the
    first that commits, as one choice filling one slot (issue 42: a die
    picked can go back, so the pick alone loses nothing). A forced step
    (one legal move) joins an open choice and never opens one; a choice
    that another seat's move interrupts closes where it got to."""
    out: list[Choice] = []
    open_: list[tuple[int, State, Any]] = []

    def close() -> None:
        if open_:
            first = open_[0]
            out.append(Choice(first[0], first[1], tuple(a for _, _, a in open_), len(first[1].legal_actions())))
            open_.clear()

    for k, (index, state, action) in enumerate(positions):
        if open_ and index != positions[k - 1][0] + 1:
            close()  # (another seat moved between: the choice closed there)
        if not open_ and len(state.legal_actions()) < 2:
            continue  # (a forced move is no choice of its own)
        open_.append((index, state, action))
        if commits is None or commits(state, action):
            close()
    close()
    return out


def _solo_ends(choices: Sequence[Choice], seat: PlayerId, seed: int,
               stopped: Callable[[], bool]) -> dict[int, dict[Action, tuple[float, float]]]:
    """A solitaire game's end searches (:func:`~gameshelf.analysis.certain.search_ends`)
    for its choices, walked from the last: once a search outgrows its
    budget, every earlier choice, with more of the game left, is given
    none (an empty result) instead of a search that would outgrow it too.
    Why: early in a long solitaire game each search spent its whole budget
    for nothing, a third of a Dicey Farm analysis's time."""
    out: dict[int, dict[Action, tuple[float, float]]] = {}
    reach = True
    for choice in reversed(choices):
        if not reach or stopped():
            out[choice.move] = {}
            continue
        found, outgrown = search_ends(PlayerView(choice.state, seat), derive_seed("analysis", seed, choice.move))
        out[choice.move] = found
        reach = not outgrown
    return out


def _decision(choice: Choice, estimates: list[MoveEstimate], players: int, certain: Certain | None) -> Decision:
    """The decision's entry: the best estimate (the move made when it ties
    the best), the losses with their interval, the mark and the reason. A
    certain loss overrides the sampled one: its size is exact."""
    mine = next(e for e in estimates if e.steps == choice.line)
    best = estimates[0] if estimates[0].value() > mine.value() else mine
    solo = players == 1
    loss_win = None if solo else max(0.0, (best.win_chance or 0.0) - (mine.win_chance or 0.0))
    loss_score = best.expected_score - mine.expected_score
    gap = paired_loss(best, mine)
    if certain is not None:
        if certain.kind == "win-now":
            # the better move's win is exact; the move played's chance is estimated
            played_iv = mine.interval()
            gap = Interval(1.0 - played_iv.mean, max(0.0, 1.0 - played_iv.high), 1.0 - played_iv.low, 0)
        else:
            gap = Interval.exact(certain.size)
    mark, unclear = mark_for(gap if gap.mean > 0 else Interval.exact(0.0), players)
    if certain is not None and certain.kind == "win-now" and not mark:
        mark, unclear = mark_for(Interval.exact(gap.mean), players)  # (winning at once is certain)
    return Decision(
        move=choice.move, legal=choice.legal, played=_estimate(mine), best=_estimate(best),
        loss_score=loss_score if not solo else max(0.0, loss_score), loss_win=loss_win, mark=mark,
        reason=None if best is mine and certain is None else _reason(best, mine),
        loss_low=max(0.0, gap.low), loss_high=max(0.0, gap.high), samples=gap.n, unclear=unclear,
        certain=certain, steps=len(choice.line),
    )


def paired_loss(best: MoveEstimate, played: MoveEstimate) -> Interval:
    """The loss of ``played`` against ``best`` in the marks' unit (chance to
    win in multiplayer, score alone), world by world on the worlds both
    played (the same worlds: common random numbers), with its interval.
    One world alone proves nothing: its interval is unbounded."""
    pairs = list(zip(best.primary(), played.primary(), strict=False))
    what = "score" if played.win_chance is None else "win"
    if best is played:
        return Interval(0.0, 0.0, 0.0, len(pairs))
    found = interval([b - p for b, p in pairs], what)
    return found if what == "score" else clipped(found, -1.0, 1.0)


def sure_loss(best: MoveEstimate, played: MoveEstimate) -> float:
    """The low end of the loss's interval, never below 0: the loss the
    samples are sure of."""
    return max(0.0, paired_loss(best, played).low)


def _plan(decisions: list[Decision], choices: Sequence[Choice], seat: PlayerId, players: int, seed: int,
          budget_s: float, worlds: int | None, stopped: Callable[[], bool]) -> list[Decision]:
    """The top mistakes judged again with the seat playing on at
    :data:`PLAN_LEVEL`: the move made against the best found. Why: the
    greedy play-outs undervalue moves that pay off later. The stronger
    policy has the last word on the mark: a loss it does not confirm (its
    mean under the mark's threshold, on two worlds or more) is "unclear"."""
    by_move = {c.move: c for c in choices}
    top = [m for m in pick_mistakes(decisions, players)
           if (d := next(x for x in decisions if x.move == m)).certain is None and d.reason is not None]
    deadline = time.perf_counter() + budget_s
    out = {d.move: d for d in decisions}
    for k, move in enumerate(top):
        if stopped() or (worlds is None and time.perf_counter() >= deadline):
            break  # (a hard play-out is long: no new one once the time is spent)
        d, choice = out[move], by_move[move]
        share = max(0.0, deadline - time.perf_counter()) / (len(top) - k)
        best_line = (choice.state.game.action_from_json(dict(d.best.action)),
                     *(choice.state.game.action_from_json(dict(a)) for a in d.best.line))
        estimates = rank_moves(
            choice.state, seat, budget_s=share, seed=derive_seed("analysis-plan", seed, move),
            include=[best_line, choice.line], worlds=worlds, width=1, min_worlds=1,
            stop=stopped, level=PLAN_LEVEL, race=False)
        mine = next(e for e in estimates if e.steps == choice.line)
        best = next(e for e in estimates if e.steps == best_line)
        gap = paired_loss(best, mine)
        planned = Planned(PLAN_LEVEL, gap.n, gap.mean)
        mark, unclear = d.mark, d.unclear
        if mark and gap.n >= MIN_WORLDS and gap.mean < thresholds(players)[MARKS.index(mark) - 1]:
            mark, unclear = "", True
        out[move] = dataclasses.replace(d, planned=planned, mark=mark, unclear=unclear)
    return [out[d.move] for d in decisions]


def _estimate(e: MoveEstimate) -> Estimate:
    iv = e.interval()
    return Estimate(e.action.to_json(), e.expected_score, e.win_chance, e.worlds, e.soon_lead,
                    tuple(a.to_json() for a in e.line), iv.low, iv.high)


def _reason(better: MoveEstimate, played: MoveEstimate) -> Reason:
    """What ``better`` does that ``played`` did not, from the move itself:
    the seat's figures right after it (and its line), before any play-out
    (issue 42: a play-out's side effect is no reason). With no such figure,
    the difference in expected score or chance to win says it."""
    gains = _gains(better.now, played.now)
    win = None
    if better.win_chance is not None and played.win_chance is not None:
        win = better.win_chance - played.win_chance
    return Reason("now", gains, better.expected_score - played.expected_score, win)


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
    decisions (certain losses first within a mark), by mark then loss, up
    to :data:`MAX_MISTAKES`, topped up to :data:`MIN_MISTAKES` with the
    largest unmarked losses (unclear ones, then the rest); decisions that
    lost nothing are never listed. In multiplayer a loss in the lead soon
    after the move ranks last: it is what tells apart the moves of a game
    lost (or won) in every world, where the chance to win and the score tie."""
    def size(d: Decision) -> tuple[int, int, float, float, float]:
        loss = (d.loss, 0.0, 0.0) if players == 1 else (d.loss, max(0.0, d.loss_score), d.loss_lead)
        return (MARKS.index(d.mark), int(d.certain is not None), *loss)

    losing = sorted((d for d in decisions if size(d)[2:] > (0.0, 0.0, 0.0) and d.reason is not None),
                    key=lambda d: (size(d), -d.move), reverse=True)
    marked = [d for d in losing if d.mark][:MAX_MISTAKES]
    rest = sorted((d for d in losing if not d.mark), key=lambda d: (d.unclear, size(d), -d.move), reverse=True)
    marked += rest[: max(0, MIN_MISTAKES - len(marked))]
    return tuple(d.move for d in marked)


def marks_for(players: int) -> tuple[float, float, float]:
    """The least losses for "?!", "?" and "??" (``data/marks.toml``)."""
    return thresholds(players)
