"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Cowling, Powley and Whitehouse (2012), "Information Set Monte Carlo Tree
Search". Each iteration searches a different *determinization*: a copy of
the game in which everything the deciding seat cannot see (hands, deck
order, every future die) has been re-sampled by the game's ``_redeal``. The
tree is keyed by actions only, so statistics from all those possible worlds
pool in one tree, and the bot never learns anything a player could not.

One iteration::

    world = view.determinize(seed)          # a fresh possible world
    select    while every move legal in this world has a child:
                  pick the child maximising UCB with availability counts
    expand    add one untried move, play it
    rollout   play to the end (random or heuristic policy), or stop after
              ``rollout_depth`` moves and ask the game's heuristic
    backup    each node adds the value of the seat that chose its move

Values are win shares in multiplayer games (ties split) and raw scores in
solitaire, normalised by the range seen so far (the MuZero min-max trick),
so one exploration constant suits every game. A rollout cut after
``rollout_depth`` moves is judged by the game's heuristic: a logistic of the
seat's lead over the best other seat, which reads like a chance to win.

The budget is anytime: ``iterations``, ``time_ms`` or both (whichever ends
first). A time budget depends on the machine, so only iteration budgets are
reproducible.
"""

from __future__ import annotations

import math
import time
from typing import Any

from gameshelf.bots import WORLD_SEEDS, PlayerView, register_bot
from gameshelf.bots._cycles import CycleGuard
from gameshelf.bots._onestep import best_one_step, one_step_values
from gameshelf.bots._outcome import heuristic_values, terminal_values
from gameshelf.core.actions import Action
from gameshelf.core.protocol import PlayerId, State
from gameshelf.core.rng import Stream, derive_seed

ROLLOUTS = ("random", "heuristic")


class _Node:
    """Statistics of one move in the pooled tree.

    ``player`` is the seat that chose the move; ``value`` sums that seat's
    results. ``avail`` counts the iterations in which the move was legal:
    with hidden information a move is not always available, and UCB must
    compare a move with the times it *could* have been tried.
    """

    __slots__ = ("avail", "children", "player", "prior", "value", "visits")

    def __init__(self, player: PlayerId) -> None:
        self.player = player
        self.visits = 0
        self.avail = 1
        self.value = 0.0
        self.children: dict[Action, _Node] = {}
        self.prior: dict[Action, float] | None = None


class ISMCTSBot:
    """Anytime ISMCTS over determinized copies.

    Args:
        seed: makes the search reproducible (with an iteration budget).
        iterations: determinized playouts per decision.
        time_ms: wall-clock budget per decision; the search stops at
            whichever budget ends first.
        c: UCB exploration constant on values normalised to [0, 1].
        rollout: ``"random"`` moves, or ``"heuristic"``: epsilon-greedy on
            ``game.evaluate`` over at most ``width`` sampled moves.
        rollout_depth: stop a rollout after this many moves and value the
            position with the game's heuristic (``None`` = play to the end).
        epsilon: chance of a random move inside a heuristic rollout.
        width: moves the heuristic rollout compares per step.
        prior: weight of the game's heuristic as a prior on the root moves
            (progressive bias, ``prior * p(a) / (1 + visits)``, with ``p``
            the one-step heuristic value scaled to [0, 1]): the search starts
            from what the greedy bot would play and leaves it only when the
            playouts disagree (0 = no prior).
        settle: with a prior, the final pick among near-equal moves. Moves
            whose mean value is within ``settle`` (on the [0, 1] value scale)
            of the most visited move's, with at least a tenth of its visits,
            count as a tie that the heuristic breaks. Why: a few hundred
            playouts cannot tell apart moves that differ by a hair, and
            picking among them by visit count is a coin toss, while the
            one-step heuristic ranks them exactly; without this the search
            threw away the greedy bot's precision in Filthy Rich, where many
            discards and plays are worth almost the same (0 = off).
        prior_depth: tree levels that get the heuristic prior (1 = the root
            only). Deeper, a node's prior is computed on its first visit,
            from that iteration's world. Why: a move that opens a follow-up
            decision of the same player (play a business, then choose its
            pockets) is otherwise first tried with a random follow-up and
            judged by the average of mostly bad ones.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = 200,
        time_ms: float | None = None,
        c: float = 0.7,
        rollout: str = "random",
        rollout_depth: int | None = None,
        epsilon: float = 0.25,
        width: int = 6,
        prior: float = 0.0,
        settle: float = 0.0,
        prior_depth: int = 1,
        **_: Any,
    ) -> None:
        if iterations is None and time_ms is None:
            raise ValueError("give ismcts a budget: iterations, time_ms or both")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}")
        self.iterations = iterations
        self.time_ms = time_ms
        self.c = float(c)
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.epsilon = float(epsilon)
        self.width = max(1, int(width))
        self.prior = float(prior)
        self.settle = float(settle)
        self.prior_depth = max(1, int(prior_depth))
        self.stream = Stream(derive_seed("ismcts-bot", seed))
        #: root statistics of the last decision: action -> (visits, mean value).
        self.last_stats: dict[Action, tuple[int, float]] = {}
        self.last_iterations = 0
        self.guard = CycleGuard()
        self._lead_total = 0.0  # sum and count of mean |lead| at cut rollouts
        self._lead_count = 0
        self._bounds = (0.0, 1.0)  # value range of the last search (solitaire)
        self._solitaire = False

    # -- the decision --------------------------------------------------------------
    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions()
        self.guard.visit(view.observation(), view.move_number)  # forced moves too
        if len(legal) == 1:
            self.last_stats = {}
            self.last_iterations = 0
            return legal[0]
        root = self.search(view)
        ranked = sorted(
            ((root.children[a].visits, -i, a) for i, a in enumerate(legal) if a in root.children),
            reverse=True,
        )
        order = [a for _, _, a in ranked]
        if self.settle and root.prior is not None and order:
            order = self._settle(root, order)
        return self._avoid_loops(view, order) if order else legal[0]

    def _settle(self, root: _Node, order: list[Action]) -> list[Action]:
        """``order`` with the heuristic's favourite among the moves tied
        with the most visited one moved to the front (see ``settle``)."""
        prior = root.prior
        assert prior is not None
        lo, hi = self._bounds
        scaled = self._solitaire and hi > lo  # raw scores: onto [0, 1] as in UCB

        def mean(node: _Node) -> float:
            m = node.value / node.visits if node.visits else 0.0
            return (m - lo) / (hi - lo) if scaled else m

        top = root.children[order[0]]
        floor_visits = top.visits / 10
        floor_mean = mean(top) - self.settle
        tied = [
            a for a in order
            if root.children[a].visits >= floor_visits and mean(root.children[a]) >= floor_mean
        ]  # fmt: skip
        pick = max(tied, key=lambda a: prior.get(a, 0.0))  # stable: most visited on equal prior
        return [pick, *(a for a in order if a is not pick)]

    def _avoid_loops(self, view: PlayerView, ranked: list[Action]) -> Action:
        """The most visited move that does not lead back to a position this
        bot already decided in (a pick/back loop); else the most visited."""
        world = view.search_world(self.stream.below(WORLD_SEEDS))
        for action in ranked:
            after = world.clone()
            after.apply_unchecked(action)
            if not self.guard.leads_back(after, view.player):
                return action
        return ranked[0]

    def search(self, view: PlayerView) -> _Node:
        """Run the budget from ``view``'s decision and return the root."""
        root = _Node(view.player)
        if self.prior:
            root.prior = self._root_prior(view)
        bounds = [math.inf, -math.inf]  # min-max of values seen (solitaire only)
        solitaire = view.players == 1
        deadline = None if self.time_ms is None else time.perf_counter() + self.time_ms / 1000
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done % 8 == 0 and time.perf_counter() >= deadline:
                break
            world = view.search_world(self.stream.below(WORLD_SEEDS))
            self._iterate(root, world, bounds, solitaire)
            done += 1
        self.last_iterations = done
        self._bounds = (bounds[0], bounds[1])
        self._solitaire = solitaire
        self.last_stats = {
            a: (n.visits, n.value / n.visits if n.visits else 0.0) for a, n in root.children.items()
        }
        return root

    def _root_prior(self, view: PlayerView) -> dict[Action, float]:
        """One-step heuristic values of the root moves, scaled to [0, 1]."""
        world = view.search_world(self.stream.below(WORLD_SEEDS))
        return self._prior_of(world, view.legal_actions())

    @staticmethod
    def _prior_of(world: State, legal: list[Action]) -> dict[Action, float]:
        """One-step heuristic values of ``legal`` for the seat to move in
        ``world``, scaled to [0, 1]."""
        values = dict(zip(legal, one_step_values(world, legal), strict=True))
        low, high = min(values.values()), max(values.values())
        span = high - low
        return {a: (v - low) / span if span else 0.5 for a, v in values.items()}

    # -- one iteration ---------------------------------------------------------------
    def _iterate(self, root: _Node, world: State, bounds: list[float], solitaire: bool) -> None:
        node = root
        depth = 0  # decisions down the tree (forced moves take no level)
        path: list[_Node] = []
        stream = self.stream
        while not world.is_over:
            legal = world.legal_actions()
            if len(legal) == 1:  # forced: no decision, no tree level
                world.apply_unchecked(legal[0])
                continue
            children = node.children
            untried = [a for a in legal if a not in children]
            if node.prior is None and depth < self.prior_depth and self.prior:
                node.prior = self._prior_of(world, legal)  # first visit, this world's moves
            depth += 1
            if untried:
                prior = node.prior
                if prior is not None:  # the heuristic's favourite first
                    action = max(untried, key=lambda a: prior.get(a, 0.0))
                else:
                    action = stream.choice(untried)
                child = _Node(world.current_player)  # type: ignore[arg-type]
                children[action] = child
                for a in legal:
                    if a is not action and a in children:
                        children[a].avail += 1
                world.apply_unchecked(action)
                path.append(child)
                break
            action, node = self._select(children, legal, bounds, solitaire, node.prior)
            world.apply_unchecked(action)
            path.append(node)
        values = self._rollout(world)
        if solitaire:
            v = values[0]
            bounds[0] = min(bounds[0], v)
            bounds[1] = max(bounds[1], v)
        for n in path:
            n.visits += 1
            n.value += values[n.player]

    def _select(
        self,
        children: dict[Action, _Node],
        legal: list[Action],
        bounds: list[float],
        solitaire: bool,
        prior: dict[Action, float] | None = None,
    ) -> tuple[Action, _Node]:
        """UCB1 over the moves legal in this world, with availability counts."""
        lo, hi = bounds
        span = hi - lo if solitaire and hi > lo else 0.0
        best_score = -math.inf
        best: tuple[Action, _Node] | None = None
        c = self.c
        for a in legal:
            child = children[a]
            child.avail += 1
            mean = child.value / child.visits if child.visits else 0.0
            if solitaire:
                mean = (mean - lo) / span if span else 0.5
            score = (
                mean + c * math.sqrt(math.log(child.avail) / child.visits)
                if child.visits
                else math.inf
            )
            if prior is not None:
                score += self.prior * prior.get(a, 0.0) / (1 + child.visits)
            if score > best_score:
                best_score = score
                best = (a, child)
        assert best is not None
        return best

    # -- rollouts ------------------------------------------------------------------------
    def _rollout(self, world: State) -> list[float]:
        depth = self.rollout_depth
        steps = 0
        stream = self.stream
        heuristic = self.rollout == "heuristic"
        while not world.is_over:
            if depth is not None and steps >= depth:
                return self._judge(world)
            legal = world.legal_actions()
            if heuristic and len(legal) > 1 and stream.random() >= self.epsilon:
                action = self._heuristic_move(world, legal)
            else:
                action = legal[stream.below(len(legal))]
            world.apply_unchecked(action)
            steps += 1
        return terminal_values(world)

    def _judge(self, world: State) -> list[float]:
        """Heuristic values at a cut rollout, on a scale that adapts to the
        leads this bot has seen (their mean size, over the bot's lifetime)."""
        scale = self._lead_total / self._lead_count if self._lead_count else 1.0
        values, leads = heuristic_values(world, scale if scale > 0 else 1.0)
        if world.players > 1:
            self._lead_total += sum(abs(x) for x in leads) / len(leads)
            self._lead_count += 1
        return values

    def _heuristic_move(self, world: State, legal: list[Action]) -> Action:
        """The best of up to ``width`` sampled moves by the game's heuristic."""
        stream = self.stream
        candidates = (
            legal
            if len(legal) <= self.width
            else [legal[stream.below(len(legal))] for _ in range(self.width)]
        )
        return best_one_step(world, candidates)


register_bot("ismcts", ISMCTSBot)
