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

Budget: anytime. With ``worlds`` the estimate plays exactly that many worlds
and is reproducible; otherwise it plays at least ``min_worlds`` and more
while ``budget_s`` lasts (a wall-clock budget depends on the machine).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterable, Sequence
from statistics import fmean

from gameshelf.analysis.features import Features, seat_features
from gameshelf.bots import PlayerView
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


class PlayoutLimit(RuntimeError):
    """A play-out did not finish within :data:`_MAX_STEPS` decisions."""


@dataclasses.dataclass(frozen=True)
class MoveEstimate:
    """One move's estimate, from the deciding seat's point of view.

    Attributes:
        action: the move.
        expected_score: the seat's mean final score over the worlds played.
        win_chance: the seat's mean share of the win (a two-way tie for
            first is half a win), ``None`` in a solitaire game.
        worlds: how many re-dealt worlds the move was played out on.
        one_step: the game's heuristic right after the move (what the
            greedy bot ranks by), for ordering moves the play-outs tie.
        features: the seat's labelled figures (``analysis/data/fields.toml``)
            averaged over the worlds, soon after the move and at the end;
            what a mistake's reason compares.
        per_world: the seat's (final score, win share) in each world, in
            the worlds' order, which is the same for every candidate of one
            call: two moves compare world by world (see
            :func:`gameshelf.analysis.analyse.sure_loss`).
        soon_lead: multiplayer only: the seat's lead over the best other
            seat by the game's heuristic "soon" after the move (as for
            ``features``), averaged over the worlds. Why: a seat that loses
            (or wins) in every world has every move tied on the chance to
            win, and in Filthy Rich, where only the winner scores, on the
            score too; the lead a few moves on still says which move left it
            better placed, which is what a coach tells a losing player.
    """

    action: Action
    expected_score: float
    win_chance: float | None
    worlds: int
    one_step: float
    features: Features = dataclasses.field(default_factory=Features)
    per_world: tuple[tuple[float, float], ...] = ()
    soon_lead: float | None = None

    def value(self) -> tuple[float, float, float, float]:
        """What ranks moves: the chance to win first (multiplayer games are
        about winning), then the final score, then the lead soon after the
        move, then the heuristic right after it."""
        win = self.win_chance if self.win_chance is not None else 0.0
        lead = self.soon_lead if self.soon_lead is not None else 0.0
        return (win, self.expected_score, lead, self.one_step)


def rank_moves(
    state: State,
    seat: PlayerId,
    *,
    budget_s: float,
    seed: int,
    top: int | None = None,
    include: Iterable[Action] = (),
    worlds: int | None = None,
    width: int = DEFAULT_WIDTH,
    min_worlds: int = MIN_WORLDS,
    stop: Callable[[], bool] | None = None,
) -> list[MoveEstimate]:
    """Estimates for ``seat``'s moves where it decides in ``state``, best first.

    Args:
        state: a position where ``seat`` is to decide (read only through
            ``PlayerView(state, seat)``).
        seat: the deciding seat.
        budget_s: seconds to spend (ignored when ``worlds`` is given).
        seed: fixes the worlds and the bots' tie-breaks.
        top: keep only the best ``top`` estimates.
        include: moves estimated whatever the heuristic thinks of them (the
            move actually played); each must be legal here.
        worlds: exactly this many worlds per candidate (reproducible).
        width: candidates chosen by one-step heuristic value.
        min_worlds: worlds played even when the budget is spent.
        stop: asked between worlds; ``True`` ends the estimate early (at
            least one world is always played).

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
    candidates = _candidates(view, list(include), width, seed)
    deadline = time.perf_counter() + budget_s
    scores: list[list[float]] = [[] for _ in candidates]
    wins: list[list[float]] = [[] for _ in candidates]
    soon: list[list[dict[str, float]]] = [[] for _ in candidates]
    end: list[list[dict[str, float]]] = [[] for _ in candidates]
    leads: list[list[float]] = [[] for _ in candidates]
    played = 0
    while _more(played, worlds, min_worlds, deadline, stop):
        world_seed = derive_seed("analysis-world", seed, played)
        world = view.search_world(world_seed)
        for i, (action, _) in enumerate(candidates):
            after = world.clone()
            after.apply_unchecked(action)
            final, first, lead = _play_out(after, seat, world_seed)
            scores[i].append(float(final.scores()[seat]))
            wins[i].append(win_shares(final.ranking(), final.players)[seat])
            soon[i].append(first)
            end[i].append(seat_features(final, seat))
            leads[i].append(lead)
        played += 1
    solo = view.players == 1
    estimates = [
        MoveEstimate(
            action=action,
            expected_score=fmean(scores[i]),
            win_chance=None if solo else fmean(wins[i]),
            worlds=played,
            one_step=one_step,
            features=Features.mean(soon[i], end[i]),
            per_world=tuple(zip(scores[i], wins[i], strict=True)),
            soon_lead=None if solo else fmean(leads[i]),
        )
        for i, (action, one_step) in enumerate(candidates)
    ]
    estimates.sort(key=MoveEstimate.value, reverse=True)
    return estimates if top is None else estimates[:top]


def _more(
    played: int, wanted: int | None, min_worlds: int, deadline: float,
    stop: Callable[[], bool] | None,
) -> bool:
    """Whether to play another world."""
    if played and stop is not None and stop():
        return False
    if wanted is not None:
        return played < wanted
    return played < min_worlds or time.perf_counter() < deadline


def _candidates(
    view: PlayerView, include: Sequence[Action], width: int, seed: int
) -> list[tuple[Action, float]]:
    """The ``width`` moves the one-step heuristic likes best (the first
    listed wins a tie), then those of ``include`` not among them, each with
    its one-step value on one re-dealt world."""
    legal = view.legal_actions()
    for action in include:
        if action not in legal:
            raise ValueError(f"{action} is not a legal move here")
    world = view.search_world(derive_seed("analysis-candidates", seed))
    values = one_step_values(world, legal)
    order = sorted(range(len(legal)), key=lambda i: (-values[i], i))
    chosen = order[:width]
    chosen += [legal.index(a) for a in include if legal.index(a) not in chosen]
    return [(legal[i], values[i]) for i in chosen]


def _play_out(world: State, seat: PlayerId, world_seed: int) -> tuple[State, dict[str, float], float]:
    """Play ``world`` to the end with a greedy bot for every seat, each
    seeded from the world alone (so every candidate meets the same bots);
    returns the finished world, and ``seat``'s figures and heuristic lead
    "soon": once another seat is to decide or the seat has made
    :data:`SOON` more decisions (a move's own steps, such as a die's use and
    its amount, count as its own)."""
    bots = [GreedyBot(seed=derive_seed("analysis-bot", world_seed, p)) for p in range(world.players)]
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
