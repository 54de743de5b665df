"""Planner: choose a move by the best line to the end of the round.

Why another bot: a tuned heuristic is tuned on the positions greedy play
meets, and it is on firmest ground where a round ends (the dice are spent,
the meal eaten, the next round dealt). Mid-round it must guess what the
spent and unspent dice will come to, and a move that sets up the round's
later actions (Dicey Farm: sowing before shipping the wheat, buying the cow
the cheesemaker will milk) looks worse at once than it is by the round's
end. The rollout bot (:mod:`gameshelf.bots.rollout`) judges after a fixed
number of decisions, which lands anywhere in a round. Dicey Farm's par
solver (``gameshelf.tools.dicey_farm.par``) compares round-end positions
and beats the greedy bot by 10-45%; it reads the future dice, this bot does
not.

How: the bot writes *lines*, each a sequence of moves from now up to and
including the move that ends the round (:meth:`State.round_number`
changes, or the game ends): the ``width`` moves the one-step heuristic rates
best, each followed by greedy play; ``lines`` more played epsilon-greedily
(the par solver's way of finding better rounds); and what is left of the
line it chose at its previous decision, so a plan found once is not lost.
Each line is then played on the same ``samples`` re-dealt worlds (common
random numbers) and judged where it ends by ``game.evaluate``; the line
with the best mean wins and its first move is played. A line is written on
one world and replayed on the others; where a move of it is not legal in
another world (the hidden part differed), greedy play takes over there.

Fair: every world is a :meth:`PlayerView.search_world`, so the lines meet
re-dealt dice and cards, never the real ones. A game without rounds
(``round_number()`` is ``None``) is judged after ``depth`` decisions.
Meant for one seat alone (a solitaire game): in a game of several seats the
others are played greedily and the value is the seat's own heuristic.
"""

from __future__ import annotations

from collections.abc import Sequence
from statistics import fmean
from typing import Any

from gameshelf.bots import WORLD_SEEDS, PlayerView, register_bot
from gameshelf.bots._cycles import CycleGuard, position_key
from gameshelf.bots._onestep import one_step_values
from gameshelf.core.actions import Action
from gameshelf.core.protocol import PlayerId, State
from gameshelf.core.rng import Stream, derive_seed

#: decisions one line may take before it is cut (a guard: a round of Dicey
#: Farm takes 3-50).
_MAX_LINE = 400


class PlannerBot:
    """Round-end lines from the heuristic's best moves.

    Args:
        seed: makes the bot reproducible.
        samples: re-dealt worlds every line is judged on.
        width: first moves tried, each followed by greedy play: the moves
            the one-step heuristic rates best.
        lines: further lines played epsilon-greedily from the position.
        epsilon: chance of a random move at each decision of those lines.
        depth: in a game without rounds, the decisions a line takes.
    """

    name = "planner"

    def __init__(
        self,
        seed: int = 0,
        samples: int = 4,
        width: int = 4,
        lines: int = 4,
        epsilon: float = 0.2,
        depth: int = 12,
        **_: Any,
    ) -> None:
        if samples < 1 or width < 1 or depth < 1:
            raise ValueError("samples, width and depth must be at least 1")
        if lines < 0:
            raise ValueError("lines must be 0 or more")
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError("epsilon is a probability, between 0 and 1")
        self.samples = int(samples)
        self.width = int(width)
        self.lines = int(lines)
        self.epsilon = float(epsilon)
        self.depth = int(depth)
        self.stream = Stream(derive_seed("planner-bot", seed))
        self.guard = CycleGuard()
        #: the rest of the line chosen last, and the move number it starts at.
        self._plan: tuple[Action, ...] = ()
        self._plan_at = -1
        #: one decision's one-step values by position: lines that meet again
        #: (two dice spent in either order) need not weigh the moves twice.
        self._values: dict[str, dict[Action, float]] = {}
        #: the line chosen at the last decision with a choice: its first move
        #: was played, the rest is the plan (empty after a forced move).
        self.last_line: tuple[Action, ...] = ()

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions()
        self.guard.visit(view.observation(), view.move_number)  # forced moves too
        plan, self._plan = (self._plan, ()) if self._plan_at == view.move_number else ((), ())
        if len(legal) == 1:
            self._keep(plan[1:] if plan and plan[0] == legal[0] else (), view)
            self.last_line = ()
            return legal[0]
        worlds = [view.search_world(self.stream.below(WORLD_SEEDS)) for _ in range(self.samples)]
        self.forget()
        found = self._write_lines(worlds[0], view.player, legal)
        if plan and plan[0] in legal and plan not in found:
            found.append(plan)
        if len(found) == 1:
            best = found[0]
        else:
            means = [fmean(self.judge(world, line, view.player) for world in worlds) for line in found]
            best = found[means.index(max(means))]  # the first of equals: greedy's line
        self._keep(best[1:], view)
        self.last_line = best
        return best[0]

    def forget(self) -> None:
        """Drop the one-step values kept for the decision just judged."""
        self._values = {}

    def _keep(self, rest: Sequence[Action], view: PlayerView) -> None:
        self._plan, self._plan_at = tuple(rest), view.move_number + 1

    # -- writing lines --------------------------------------------------------------------
    def _write_lines(self, world: State, player: PlayerId, legal: list[Action]) -> list[tuple[Action, ...]]:
        """The candidate lines, without repeats, the greedy move's first."""
        found: list[tuple[Action, ...]] = []
        for action in self._candidates(world, player, legal):
            line = self._line(world, action, 0.0)
            if line not in found:
                found.append(line)
        for _ in range(self.lines):
            line = self._line(world, None, self.epsilon)
            if line not in found:
                found.append(line)
        return found

    def _candidates(self, world: State, player: PlayerId, legal: list[Action]) -> list[Action]:
        """The ``width`` best moves by one-step value; moves that lead back
        to a position already decided in come last (as in the greedy bot)."""
        evaluate = world.game.evaluate
        rated = []
        for i, action in enumerate(legal):
            after = world.clone()
            after.apply_unchecked(action)
            fresh = not self.guard.leads_back(after, player)
            rated.append((fresh, float(evaluate(after, player)), -i, action))
        rated.sort(key=lambda r: r[:3], reverse=True)
        fresh_ones = [r for r in rated if r[0]] or rated
        return [action for *_, action in fresh_ones[: self.width]]

    def _line(self, world: State, first: Action | None, epsilon: float) -> tuple[Action, ...]:
        """The moves from ``world`` to the end of its round: ``first`` (or
        an epsilon-greedy move), then greedy moves, epsilon-greedy with
        ``epsilon``."""
        state = world.clone()
        line: list[Action] = []
        ends = _Horizon(state, self.depth)
        tried: dict[str, set[Action]] = {}
        while not ends.reached(state) and len(line) < _MAX_LINE:
            if first is not None:
                action, first = first, None
            else:
                action = self._policy_move(state, tried, epsilon)
            line.append(action)
            ends.count()
            state.apply_unchecked(action)
        return tuple(line)

    def _policy_move(self, state: State, tried: dict[str, set[Action]], epsilon: float) -> Action:
        """Greedy (the first of equals), or random with ``epsilon``. A
        position met again in the same line (a "back" move undid a step)
        gets its next-best move, so a line cannot loop."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        key = position_key(state.observation(state.current_player))
        done = tried.setdefault(key, set())
        fresh = [a for a in legal if a not in done] or legal
        if epsilon and self.stream.random() < epsilon:
            action = self.stream.choice(fresh)
        else:
            values = self._values.get(key)
            if values is None:
                values = self._values[key] = dict(zip(legal, one_step_values(state, legal), strict=True))
            action = max(fresh, key=values.__getitem__)  # the first of equals
        done.add(action)
        return action

    # -- judging lines --------------------------------------------------------------------
    def judge(self, world: State, line: Sequence[Action], player: PlayerId) -> float:
        """``player``'s heuristic value once ``line`` is played on a copy of
        ``world``; a move the copy does not allow hands over to greedy play
        to the same horizon. Public because the value of a one-move line is
        what the Dicey Farm agent learns (``benchmarks/dicey_farm_teacher.py
        --values``); call :meth:`forget` between decisions."""
        state = world.clone()
        ends = _Horizon(state, self.depth)
        tried: dict[str, set[Action]] = {}
        for action in line:
            if ends.reached(state):
                break
            if action not in state.legal_actions():
                break
            ends.count()
            state.apply_unchecked(action)
        steps = 0
        while not ends.reached(state) and steps < _MAX_LINE:
            ends.count()
            state.apply_unchecked(self._policy_move(state, tried, 0.0))
            steps += 1
        if state.is_over:
            return float(state.scores()[player])
        return float(state.game.evaluate(state, player))


class _Horizon:
    """Where a line ends: when the round changes or the game ends; in a game
    without rounds, after ``depth`` decisions."""

    __slots__ = ("decisions", "depth", "round")

    def __init__(self, state: State, depth: int) -> None:
        self.round = state.round_number()
        self.depth = depth
        self.decisions = 0

    def count(self) -> None:
        """Note a move about to be played."""
        self.decisions += 1

    def reached(self, state: State) -> bool:
        if state.is_over:
            return True
        if self.round is None:
            return self.decisions >= self.depth
        return state.round_number() != self.round


register_bot("planner", PlannerBot)
