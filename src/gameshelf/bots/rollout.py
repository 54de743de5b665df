"""Rollout: improve on the greedy bot by playing each of its best moves out.

Why another bot: with a tuned heuristic the one-step greedy bot is hard to
beat, and a tree search that compares positions at different depths of a
round lets the heuristic's errors decide (docs/research/bots.md). The
rollout algorithm (Bertsekas; Tesauro and Galperin's backgammon rollouts)
compares moves on equal terms instead: each candidate is played out by the
greedy policy, for every seat, for the same number of decisions, on the
same re-dealt worlds, and then judged by the same heuristic. Played out like
this a move is judged by what greedy play makes of it a round later, not by
how it looks at once. Played out to the end with enough samples, a
policy chosen this way is at least as good as the one it rolls out; cut
short and judged by the heuristic it is a good bet rather than a guarantee,
which is why every use of it is measured (Filthy Rich's hard level).

Why so few candidates and samples: a rollout step is a greedy decision
(every legal move cloned and evaluated), tens of times a random step's
cost, so the budget goes where it matters: the ``width`` moves the one-step
heuristic likes best, each on ``samples`` shared worlds (common random
numbers: every candidate meets the same dice and the same hidden cards, so
their difference is not luck).
"""

from __future__ import annotations

import math
import time
from statistics import fmean, stdev
from typing import Any

from gameshelf.bots import WORLD_SEEDS, PlayerView, register_bot
from gameshelf.bots._cycles import CycleGuard
from gameshelf.bots._onestep import best_one_step
from gameshelf.bots._outcome import heuristic_values, terminal_values, win_chance
from gameshelf.core.actions import Action
from gameshelf.core.protocol import PlayerId, State
from gameshelf.core.rng import Stream, derive_seed

#: where a play-out may stop (see ``horizon`` below)
HORIZONS = ("decisions", "round")
#: how an unfinished play-out is judged (see ``value`` below)
VALUES = ("lead", "margin")


class RolloutBot:
    """Greedy-policy rollouts from the heuristic's best moves.

    Args:
        seed: makes the bot reproducible (with no ``time_ms``).
        samples: re-dealt worlds each candidate is played out on.
        depth: decisions (of any seat) the greedy policy plays after the
            candidate before the heuristic judges; ``None`` plays to the end.
        width: candidates: the moves the one-step heuristic rates best.
        time_ms: wall-clock budget per decision; samples stop when it is
            spent (every candidate always gets at least one).
        horizon: where a play-out stops: ``"decisions"`` (the default)
            after ``depth`` decisions; ``"round"`` after ``depth`` decisions
            and then on to the end of the round in play
            (:meth:`State.round_number` changes, or the game ends), where
            the heuristic stands on firmest ground; a game without rounds
            stops after ``depth`` as before.
        value: how an unfinished play-out is judged: ``"lead"`` (the
            default) a logistic of the seat's heuristic minus the best
            other seat's; ``"margin"`` a logistic of the seat's heuristic as
            it is, for a game whose heuristic already is the seat's margin
            over its strongest opponent (Filthy Rich's and Pay Dirt's). Why
            it matters with three seats: taking the best other seat's
            *margin* from one's own, a seat in last place counts the third
            seat's gains as its own and the leader's twice (its lead is
            ``a - 2b + c``), so it plays to pull the leader back rather than
            to score; with two seats the two judge alike.
        confidence: how many standard errors a candidate's paired gain
            over the greedy move must clear before the bot leaves it
            (0, the default: the best mean wins; see :meth:`_pick`). In
            Filthy Rich a margin of one standard error at 8 samples kept
            the greedy move so often that the bot played like greedy
            (50.3% over 145 games), while more samples and no margin won
            more (docs/research/bots.md).
    """

    name = "rollout"

    def __init__(
        self,
        seed: int = 0,
        samples: int = 8,
        depth: int | None = 12,
        width: int = 4,
        time_ms: float | None = None,
        confidence: float = 0.0,
        horizon: str = "decisions",
        value: str = "lead",
        **_: Any,
    ) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        if width < 1:
            raise ValueError("width must be at least 1")
        if depth is not None and depth < 0:
            raise ValueError("depth must be 0 or more (or None: to the end)")
        if confidence < 0:
            raise ValueError("confidence must be 0 or more")
        if horizon not in HORIZONS:
            raise ValueError(f"horizon must be one of {', '.join(HORIZONS)}")
        self.to_round_end = horizon == "round"
        if value not in VALUES:
            raise ValueError(f"value must be one of {', '.join(VALUES)}")
        self.own_margin = value == "margin"
        self.samples = int(samples)
        self.depth = depth
        self.width = int(width)
        self.time_ms = time_ms
        self.confidence = float(confidence)
        self.stream = Stream(derive_seed("rollout-bot", seed))
        self.guard = CycleGuard()
        self._lead_total = 0.0  # sum and count of |lead| at judged play-outs
        self._lead_count = 0
        #: the last decision's candidates: action -> (one-step value, rollout mean).
        self.last_stats: dict[Action, tuple[float, float]] = {}

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions()
        self.guard.visit(view.observation(), view.move_number)  # forced moves too
        if len(legal) == 1:
            self.last_stats = {}
            return legal[0]
        candidates = self._candidates(view, legal)
        if len(candidates) == 1:
            self.last_stats = {}
            return candidates[0][0]
        values: list[list[float]] = [[] for _ in candidates]  # per candidate, per world
        deadline = None if self.time_ms is None else time.perf_counter() + self.time_ms / 1000
        done = 0
        while done < self.samples and (done == 0 or deadline is None or time.perf_counter() < deadline):
            world = view.search_world(self.stream.below(WORLD_SEEDS))
            round_now = world.round_number() if self.to_round_end else None
            for i, (action, _) in enumerate(candidates):
                after = world.clone()
                after.apply_unchecked(action)
                values[i].append(self._play_out(after, view.player, round_now))
            done += 1
        self.last_stats = {a: (one_step, fmean(values[i])) for i, (a, one_step) in enumerate(candidates)}
        return candidates[self._pick(values)][0]

    def _pick(self, values: list[list[float]]) -> int:
        """The candidate to play: the greedy move (index 0) unless another's
        play-outs beat it, world by world, by more than ``confidence``
        standard errors of the paired difference; then the best of those.

        Why paired: comparing on the same worlds cancels the luck the
        candidates share. Why a margin is possible: a handful of play-outs
        cannot tell apart moves worth almost the same, and a caller may
        prefer the heuristic's pick to a coin toss among them.
        """
        greedy = values[0]
        best, best_gain = 0, 0.0
        for i in range(1, len(values)):
            diffs = [v - g for v, g in zip(values[i], greedy, strict=True)]
            gain = fmean(diffs)
            error = stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
            if gain - self.confidence * error > 0 and gain > best_gain:
                best, best_gain = i, gain
        return best

    def _candidates(self, view: PlayerView, legal: list[Action]) -> list[tuple[Action, float]]:
        """The ``width`` best moves by one-step heuristic value (moves that
        lead back to a position already decided in come last, as in the
        greedy bot), with their values."""
        world = view.search_world(self.stream.below(WORLD_SEEDS))
        evaluate = view.game.evaluate
        rated = []
        for i, action in enumerate(legal):
            after = world.clone()
            after.apply_unchecked(action)
            fresh = not self.guard.leads_back(after, view.player)
            rated.append((fresh, float(evaluate(after, view.player)), -i, action))
        rated.sort(key=lambda r: r[:3], reverse=True)
        fresh_ones = [r for r in rated if r[0]] or rated
        return [(action, value) for _, value, _, action in fresh_ones[: self.width]]

    def _play_out(self, world: State, player: PlayerId, round_then: int | None = None) -> float:
        """``player``'s value after :func:`play_out` (``depth`` greedy
        decisions; with the ``round`` horizon, then on to the round's end)."""
        play_out(world, self.depth, to_round_end=self.to_round_end, round_then=round_then)
        return self._value(world, player)

    def _value(self, world: State, player: PlayerId) -> float:
        """A finished game's win share; else, with opponents, a logistic of
        the heuristic lead on the scale of the leads seen so far (as the
        ISMCTS bot judges a cut rollout); alone, the heuristic itself.

        Why bounded: a heuristic's raw value jumps when a play-out reaches a
        win or a ruin (Filthy Rich counts a third luxury as 1,000), and one
        such world among eight then outweighs every difference between the
        candidates: means of raw values chose moves by a single lucky deal.
        """
        if world.is_over:
            return terminal_values(world)[player]
        if world.players == 1:
            return float(world.game.evaluate(world, player))
        scale = self._lead_total / self._lead_count if self._lead_count else 1.0
        scale = scale if scale > 0 else 1.0
        if self.own_margin:
            lead = float(world.game.evaluate(world, player))
            value = win_chance(lead, scale)
        else:
            values, leads = heuristic_values(world, scale)
            lead, value = leads[player], values[player]
        self._lead_total += abs(lead)
        self._lead_count += 1
        return value


def play_out(world: State, depth: int | None, *, to_round_end: bool = False, round_then: int | None = None) -> None:
    """Play ``world`` on, in place, by the greedy policy for every seat:
    ``depth`` decisions (forced moves are free; ``None``: to the end); with
    ``to_round_end``, then on until a move ends a round (``round_then`` is
    the round the play-out started in, so a move that ended it stops at once).

    Why a function of its own: the rollout bot judges its candidates by it,
    and a trained agent's labels (``benchmarks/train_filthy_rich_agent.py``)
    must be the same play-outs.
    """
    decisions = 0
    while not world.is_over:
        deep = depth is not None and decisions >= depth
        if to_round_end:
            now = world.round_number()
            # a game without rounds (None) is at a boundary everywhere
            ended, round_then = now is None or now != round_then, now
            if deep and ended:
                break
        elif deep:
            break
        legal = world.legal_actions()
        if len(legal) > 1:
            legal = [best_one_step(world, legal)]
            decisions += 1
        world.apply_unchecked(legal[0])


register_bot("rollout", RolloutBot)
