"""Rollout: improve on the greedy bot by playing each of its best moves out.

Why another bot: with a tuned heuristic the one-step greedy bot is hard to
beat, and a tree search that compares positions at different depths of a
round lets the heuristic's errors decide (docs/bots-and-simulation.md). The
rollout algorithm (Bertsekas; Tesauro and Galperin's backgammon rollouts)
compares moves on equal terms instead: each candidate is played out by the
greedy policy, for every seat, for the same number of decisions, on the
same re-dealt worlds, and then judged by the same heuristic. Played out like
this a move is judged by what greedy play makes of it a round later, not by
how it looks at once, and a policy chosen this way is at least as good as
the policy it rolls out, when the samples suffice.

Why so few candidates and samples: a rollout step is a greedy decision
(every legal move cloned and evaluated), a thousand times a random step's
cost, so the budget goes where it matters: the ``width`` moves the one-step
heuristic likes best, each on ``samples`` shared worlds (common random
numbers: every candidate meets the same dice and the same hidden cards, so
their difference is not luck).
"""

from __future__ import annotations

import time
from typing import Any

from gameshelf.bots import PlayerView, register_bot
from gameshelf.bots._cycles import CycleGuard
from gameshelf.core.actions import Action
from gameshelf.core.protocol import PlayerId, State
from gameshelf.core.rng import Stream, derive_seed

_SEED_RANGE = 1 << 62


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
    """

    name = "rollout"

    def __init__(
        self,
        seed: int = 0,
        samples: int = 8,
        depth: int | None = 12,
        width: int = 4,
        time_ms: float | None = None,
        **_: Any,
    ) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        if width < 1:
            raise ValueError("width must be at least 1")
        if depth is not None and depth < 0:
            raise ValueError("depth must be 0 or more (or None: to the end)")
        self.samples = int(samples)
        self.depth = depth
        self.width = int(width)
        self.time_ms = time_ms
        self.stream = Stream(derive_seed("rollout-bot", seed))
        self.guard = CycleGuard()
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
        totals = [0.0] * len(candidates)
        deadline = None if self.time_ms is None else time.perf_counter() + self.time_ms / 1000
        done = 0
        while done < self.samples and (done == 0 or deadline is None or time.perf_counter() < deadline):
            world = view.search_world(self.stream.below(_SEED_RANGE))
            for i, (action, _) in enumerate(candidates):
                after = world.clone()
                after.apply_unchecked(action)
                totals[i] += self._play_out(after, view.player)
            done += 1
        self.last_stats = {a: (one_step, totals[i] / done) for i, (a, one_step) in enumerate(candidates)}
        # the rollout mean decides; the one-step value breaks exact ties
        best = max(range(len(candidates)), key=lambda i: (totals[i], candidates[i][1], -i))
        return candidates[best][0]

    def _candidates(self, view: PlayerView, legal: list[Action]) -> list[tuple[Action, float]]:
        """The ``width`` best moves by one-step heuristic value (moves that
        lead back to a position already decided in come last, as in the
        greedy bot), with their values."""
        world = view.search_world(self.stream.below(_SEED_RANGE))
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

    def _play_out(self, world: State, player: PlayerId) -> float:
        """``player``'s heuristic value after the greedy policy has played
        ``depth`` decisions for every seat (forced moves are free)."""
        evaluate = world.game.evaluate
        decisions = 0
        while not world.is_over and (self.depth is None or decisions < self.depth):
            legal = world.legal_actions()
            if len(legal) > 1:
                legal = [_greedy_move(world, legal)]
                decisions += 1
            world.apply_unchecked(legal[0])
        return float(evaluate(world, player))


def _greedy_move(world: State, legal: list[Action]) -> Action:
    """The mover's best move by one-step heuristic value (first on ties:
    rollouts need no randomness of their own, the worlds supply it)."""
    mover = world.current_player
    evaluate = world.game.evaluate
    best, best_value = legal[0], float("-inf")
    for action in legal:
        after = world.clone()
        after.apply_unchecked(action)
        value = evaluate(after, mover)  # type: ignore[arg-type]
        if value > best_value:
            best, best_value = action, value
    return best


register_bot("rollout", RolloutBot)
