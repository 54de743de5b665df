"""What each of a seat's moves is worth: the estimator behind analyses and hints.

Why play-outs to the end and not the search bots' short rollouts: an
analysis speaks in the game's own units ("this move ends the game 4 VP
higher on average", "it keeps a 40% chance to win"), and only a finished
game has a final score and a winner. So each candidate move is played on a
re-dealt world and the greedy bot (the game's tuned heuristic, one step
ahead) then plays every seat to the end.

Fairness: the estimator is handed the real state but wraps it in a
:class:`~gameshelf.bots.PlayerView` at once and reads nothing else, so it
sees exactly what the bots see: the seat's legal moves, its observation and
re-dealt copies (:meth:`PlayerView.search_world`) in which everything the
seat cannot see was drawn again. Its figures depend on what the seat saw,
never on the true hand or die (``tests/analysis/test_fairness.py``).

Common random numbers: every candidate is played out on the same worlds by
bots seeded the same way, so the difference between two moves is the
moves', not one lucky deal (as in :mod:`gameshelf.bots.rollout`).

Budget: anytime, spent by racing (issue 42). Every candidate plays
``min_worlds`` worlds; after that only the moves still close to the leader
(and the move asked for) play on, so the worlds go where the top moves are
hard to tell apart. With ``worlds`` no move plays more than that many and
the estimate is reproducible; otherwise play goes on while ``budget_s``
lasts (a wall-clock budget depends on the machine). Every estimate keeps
its per-world values, hence its sample count and confidence interval
(:mod:`gameshelf.analysis.confidence`).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from statistics import fmean

from gameshelf.analysis.confidence import Interval, clipped, interval
from gameshelf.analysis.features import Features, seat_features
from gameshelf.bots import Bot, PlayerView, make_bot
from gameshelf.bots._onestep import one_step_values
from gameshelf.bots._outcome import win_shares
from gameshelf.bots.greedy import GreedyBot
from gameshelf.core.actions import Action
from gameshelf.core.protocol import PlayerId, State
from gameshelf.core.rng import derive_seed

#: candidates by one-step heuristic value, besides any move asked for.
DEFAULT_WIDTH = 3
#: worlds every candidate gets even when the budget is spent.
MIN_WORLDS = 2
#: the seat's own decisions after a move within which its figures count as
#: what the move gave "soon" (see :func:`_play_out`).
SOON = 3
#: decisions a play-out may take before it is called off (a game whose bots
#: loop would otherwise never end); no game here comes near it.
_MAX_STEPS = 5000
#: steps one whole choice may have (a die picked, put back, picked again...)
_MAX_LINE = 24


class PlayoutLimit(RuntimeError):
    """A play-out did not finish within :data:`_MAX_STEPS` decisions."""


#: play-outs one candidate may get when the budget is in seconds (racing
#: stops there even with time left: the interval is then narrow enough).
MAX_WORLDS = 400
#: a move may be a line of steps that commit nothing apart (a die picked
#: and its use): the line's steps, first to last.
Line = tuple[Action, ...]


@dataclasses.dataclass(frozen=True)
class MoveEstimate:
    """One move's estimate, from the deciding seat's point of view.

    Attributes:
        action: the move (the first step of ``line``).
        expected_score: the seat's mean final score over the worlds played.
        win_chance: the seat's mean share of the win (a two-way tie for
            first is half a win), ``None`` in a solitaire game.
        worlds: how many re-dealt worlds the move was played out on (racing
            stops playing a move once it is clearly worse than the leader,
            so moves of one call may have different counts).
        one_step: the game's heuristic right after the move (what the
            greedy bot ranks by), for ordering moves the play-outs tie.
        features: the seat's labelled figures (the manifest's ``[analysis.fields]``)
            averaged over the worlds, soon after the move and at the end.
        per_world: the seat's (final score, win share) in each world, in
            the worlds' order, which is the same for every candidate of one
            call: two moves compare world by world on the worlds both played.
        soon_lead: multiplayer only: the seat's lead over the best other
            seat by the game's heuristic "soon" after the move, averaged.
            Why: a seat that loses (or wins) in every world has every move
            tied on the chance to win; the lead a few moves on still says
            which move left it better placed.
        line: the steps played after ``action`` as one choice (a die picked,
            then its use): empty for a single move.
        now: the seat's figures right after the move (and its line), before
            any play-out: what the move itself does, which is what a reason
            may say (issue 42: never a side effect of the play-out).
        level: the policy that played the seat's part of the play-outs
            (``"greedy"``, or a level such as ``"hard"``).
    """

    action: Action
    expected_score: float
    win_chance: float | None
    worlds: int
    one_step: float
    features: Features = dataclasses.field(default_factory=Features)
    per_world: tuple[tuple[float, float], ...] = ()
    soon_lead: float | None = None
    line: Line = ()
    now: Mapping[str, float] = dataclasses.field(default_factory=dict)
    level: str = "greedy"

    def value(self) -> tuple[float, float, float, float]:
        """What ranks moves: the chance to win first (multiplayer games are
        about winning), then the final score, then the lead soon after the
        move, then the heuristic right after it."""
        win = self.win_chance if self.win_chance is not None else 0.0
        lead = self.soon_lead if self.soon_lead is not None else 0.0
        return (win, self.expected_score, lead, self.one_step)

    @property
    def steps(self) -> Line:
        """The whole choice: the move and its line."""
        return (self.action, *self.line)

    def primary(self) -> list[float]:
        """The per-world values marks and racing read: the win share in
        multiplayer, the score in solitaire."""
        column = 0 if self.win_chance is None else 1
        return [w[column] for w in self.per_world]

    def interval(self) -> Interval:
        """The primary value's mean and confidence interval (a chance within 0..1)."""
        if self.win_chance is None:
            return interval(self.primary(), "score")
        return clipped(interval(self.primary(), "win"), 0.0, 1.0)


def rank_moves(
    state: State,
    seat: PlayerId,
    *,
    budget_s: float,
    seed: int,
    top: int | None = None,
    include: Iterable[Action | Sequence[Action]] = (),
    worlds: int | None = None,
    width: int = DEFAULT_WIDTH,
    min_worlds: int = MIN_WORLDS,
    stop: Callable[[], bool] | None = None,
    level: str = "greedy",
    race: bool = True,
    commits: Callable[[State, Action], bool] | None = None,
) -> list[MoveEstimate]:
    """Estimates for ``seat``'s moves where it decides in ``state``, best first.

    Racing (issue 42): every candidate plays ``min_worlds`` worlds; after
    that a world is played only by the moves still in the race: the leader,
    the moves of ``include`` and every move whose interval against the
    leader still reaches it. So the budget goes where the top candidates
    are close, not evenly.

    Args:
        state: a position where ``seat`` is to decide (read only through
            ``PlayerView(state, seat)``).
        seat: the deciding seat.
        budget_s: seconds to spend (ignored when ``worlds`` is given).
        seed: fixes the worlds and the bots' tie-breaks.
        top: keep only the best ``top`` estimates.
        include: moves (or lines of steps, a whole choice) estimated
            whatever the heuristic thinks of them; each first step must be
            legal here. They stay in the race to the end.
        worlds: at most this many worlds per candidate (reproducible).
        width: candidates chosen by one-step heuristic value.
        min_worlds: worlds every candidate plays.
        stop: asked between worlds; ``True`` ends the estimate early (at
            least one world is always played).
        level: the seat's policy in the play-outs: ``"greedy"`` (the
            game's heuristic, fast) or a level (``"hard"``: plans, so moves
            that pay off later are judged fairly; far slower).
        race: ``False`` plays every candidate on every world.
        commits: says whether a step commits the seat (``False``: it can
            still be taken back, as a picked die); a heuristic candidate
            that does not is carried on by the greedy bot up to the step
            that does, so it is judged as a whole choice.

    Raises:
        ValueError: ``seat`` does not decide in ``state``, a move of
            ``include`` is not legal there, or a count is out of range.
    """
    if state.current_player != seat:
        raise ValueError(f"seat {seat} does not decide in this position")
    if worlds is not None and (type(worlds) is not int or worlds < 1):
        raise ValueError("worlds must be a whole number of at least 1")
    if type(width) is not int or width < 1 or type(min_worlds) is not int or min_worlds < 1:
        raise ValueError("width and min_worlds must be whole numbers of at least 1")
    if type(budget_s) not in (int, float) or not budget_s >= 0:
        raise ValueError("budget_s must be a number of seconds, 0 or more")
    view = PlayerView(state, seat)
    lines = [tuple(x) if isinstance(x, Sequence) else (x,) for x in include]
    candidates = _candidates(view, lines, width, seed, commits)
    kept = {i for i, (line, _) in enumerate(candidates) if line in lines}
    deadline = time.perf_counter() + budget_s
    runs: list[_Runs] = [_Runs() for _ in candidates]
    alive = list(range(len(candidates)))
    solo = view.players == 1
    played = 0
    while _more(played, worlds, min_worlds, deadline, stop):
        world_seed = derive_seed("analysis-world", seed, played)
        world = view.search_world(world_seed)
        for i in alive:
            runs[i].add(world, candidates[i][0], seat, world_seed, level)
        played += 1
        if race and played >= min_worlds:
            alive = _race(alive, runs, kept, solo)
    estimates = [
        MoveEstimate(
            action=line[0],
            expected_score=fmean(runs[i].scores),
            win_chance=None if solo else fmean(runs[i].wins),
            worlds=len(runs[i].scores),
            one_step=one_step,
            features=Features.mean(runs[i].soon, runs[i].end),
            per_world=tuple(zip(runs[i].scores, runs[i].wins, strict=True)),
            soon_lead=None if solo else fmean(runs[i].leads),
            line=line[1:],
            now=_same_in_every_world(runs[i].now),
            level=level,
        )
        for i, (line, one_step) in enumerate(candidates)
    ]
    estimates.sort(key=MoveEstimate.value, reverse=True)
    return estimates if top is None else estimates[:top]


@dataclasses.dataclass
class _Runs:
    """One candidate's play-outs so far, world by world."""

    scores: list[float] = dataclasses.field(default_factory=list)
    wins: list[float] = dataclasses.field(default_factory=list)
    soon: list[dict[str, float]] = dataclasses.field(default_factory=list)
    end: list[dict[str, float]] = dataclasses.field(default_factory=list)
    leads: list[float] = dataclasses.field(default_factory=list)
    now: list[dict[str, float]] = dataclasses.field(default_factory=list)

    def add(self, world: State, line: Line, seat: PlayerId, world_seed: int, level: str) -> None:
        """Play ``line`` then the rest of the game on a copy of ``world``."""
        after = world.clone()
        after.apply_unchecked(line[0])
        for step in line[1:]:  # the rest of a whole choice, while it is still the seat's and legal
            if after.is_over or after.current_player != seat or step not in after.legal_actions():
                break
            after.apply_unchecked(step)
        self.now.append(seat_features(after, seat))
        final, first, lead = _play_out(after, seat, world_seed, level)
        self.scores.append(float(final.scores()[seat]))
        self.wins.append(win_shares(final.ranking(), final.players)[seat])
        self.soon.append(first)
        self.end.append(seat_features(final, seat))
        self.leads.append(lead)

    def primary(self, solo: bool) -> list[float]:
        return self.scores if solo else self.wins


def _same_in_every_world(samples: list[dict[str, float]]) -> dict[str, float]:
    """The seat's figures right after a move that every sampled world agrees on.

    Why: a reason says what a move gives "at once", and a line that runs on
    into a die roll or a draw (Filthy Rich's buy, play, then roll) gives money
    that differs from world to world: that is luck, not the move's doing. Only
    a figure the move fixes whatever is hidden is said (issue 42: reasons that
    are true)."""
    if not samples:
        return {}
    first = samples[0]
    return {name: value for name, value in first.items()
            if all(abs(s.get(name, value) - value) < 1e-9 for s in samples[1:])}


def _race(alive: list[int], runs: Sequence[_Runs], kept: set[int], solo: bool) -> list[int]:
    """The candidates still in the race: the leader by mean, those asked
    for, and every one whose interval against the leader (world by world)
    still reaches it."""
    leader = max(alive, key=lambda i: (fmean(runs[i].primary(solo)), fmean(runs[i].scores), -i))
    lead = runs[leader].primary(solo)
    out = []
    for i in alive:
        mine = runs[i].primary(solo)
        gap = interval([a - b for a, b in zip(lead, mine, strict=False)], "score" if solo else "win")
        if i == leader or i in kept or gap.low <= 0:
            out.append(i)
    return out


def _more(
    played: int, wanted: int | None, min_worlds: int, deadline: float,
    stop: Callable[[], bool] | None,
) -> bool:
    """Whether to play another world."""
    if played and stop is not None and stop():
        return False
    if wanted is not None:
        return played < wanted
    return played < min_worlds or (time.perf_counter() < deadline and played < MAX_WORLDS)


def _candidates(
    view: PlayerView, include: Sequence[Line], width: int, seed: int,
    commits: Callable[[State, Action], bool] | None = None,
) -> list[tuple[Line, float]]:
    """The ``width`` moves the one-step heuristic likes best (the first
    listed wins a tie; each carried on to a whole choice when ``commits``
    says it commits nothing), then the lines of ``include`` not among them,
    each with its first step's one-step value on one re-dealt world."""
    legal = view.legal_actions()
    for line in include:
        if not line or line[0] not in legal:
            raise ValueError(f"{line[0] if line else 'an empty line'} is not a legal move here")
    world = view.search_world(derive_seed("analysis-candidates", seed))
    values = one_step_values(world, legal)
    order = sorted(range(len(legal)), key=lambda i: (-values[i], i))
    chosen: list[Line] = []
    for i in order[:width]:
        line = _whole(world, view.player, legal[i], commits, seed)
        if line not in chosen:
            chosen.append(line)
    chosen += [line for line in include if line not in chosen]
    return [(line, values[legal.index(line[0])]) for line in chosen]


def _whole(world: State, seat: PlayerId, action: Action, commits: Callable[[State, Action], bool] | None,
           seed: int) -> Line:
    """``action`` and, while its last step commits nothing, the greedy
    bot's next steps for the seat, up to one that commits."""
    line: Line = (action,)
    if commits is None:
        return line
    state = world.clone()
    bot = GreedyBot(seed=derive_seed("analysis-line", seed))
    while not commits(state, line[-1]) and len(line) < _MAX_LINE:
        state.apply_unchecked(line[-1])
        if state.is_over or state.current_player != seat:
            break
        line = (*line, bot.choose(PlayerView(state, seat)))
    return line


def _play_out(world: State, seat: PlayerId, world_seed: int,
              level: str = "greedy") -> tuple[State, dict[str, float], float]:
    """Play ``world`` to the end with a greedy bot for every other seat and
    ``level`` for ``seat``, each seeded from the world alone (so every
    candidate meets the same bots); returns the finished world, and
    ``seat``'s figures and heuristic lead "soon": once another seat is to
    decide or the seat has made :data:`SOON` more decisions (a move's own
    steps, such as a die's use and its amount, count as its own)."""
    bots: list[Bot] = [GreedyBot(seed=derive_seed("analysis-bot", world_seed, p)) for p in range(world.players)]
    if level != "greedy":
        bots[seat] = make_bot(level, seed=derive_seed("analysis-bot", world_seed, seat), game=world.game)
    first: dict[str, float] | None = None
    lead = 0.0
    own = steps = 0
    while not world.is_over:
        mover = world.current_player
        assert mover is not None
        if first is None and (mover != seat or own >= SOON):
            first, lead = seat_features(world, seat), heuristic_lead(world, seat)
        own += mover == seat
        # every decision, forced ones too, so each bot's loop guard sees it
        world.apply_unchecked(bots[mover].choose(PlayerView(world, mover)))
        steps += 1
        if steps > _MAX_STEPS:
            raise PlayoutLimit(f"a play-out of {world.game.id} took over {_MAX_STEPS} decisions")
    if first is None:
        first, lead = seat_features(world, seat), heuristic_lead(world, seat)
    return world, first, lead


def heuristic_lead(state: State, seat: PlayerId) -> float:
    """``seat``'s evaluation by the game's heuristic less the best other
    seat's; 0 in solitaire, where there is no one to lead (the score ranks)."""
    if state.players == 1:
        return 0.0
    evaluate = state.game.evaluate
    return float(evaluate(state, seat)) - max(
        float(evaluate(state, p)) for p in range(state.players) if p != seat)
