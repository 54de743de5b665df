"""Greedy: try every legal move on a re-dealt copy and keep the best.

Why a determinized copy and not the real state: a clone of the real state
would roll the real next die and see the real next card, so the bot would
cheat. :meth:`PlayerView.determinize` re-samples everything hidden.

The value of a move is ``game.evaluate(after, seat)``, the game's own
heuristic (each game's ``heuristics.py``), averaged over ``samples``
re-deals. ``noise`` is the chance of playing a random move instead, which
is how the easy level stays beatable. Moves that lead back to a position the
bot has already decided in come last (see :mod:`gameshelf.bots._cycles`).
"""

from __future__ import annotations

from typing import Any

from gameshelf.bots import WORLD_SEEDS, PlayerView, register_bot
from gameshelf.bots._cycles import CycleGuard
from gameshelf.core.actions import Action
from gameshelf.core.rng import Stream, derive_seed


class GreedyBot:
    """One-step lookahead on the game's heuristic.

    Args:
        seed: makes the bot's choices reproducible.
        noise: probability of a uniformly random move (0 = always greedy).
        samples: re-deals averaged per decision (more = less fooled by luck).
    """

    name = "greedy"

    def __init__(self, seed: int = 0, noise: float = 0.0, samples: int = 1, **_: Any) -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError("noise is a probability, between 0 and 1")
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.noise = float(noise)
        self.samples = int(samples)
        self.stream = Stream(derive_seed("greedy-bot", seed))
        self.guard = CycleGuard()

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions()
        self.guard.visit(view.observation(), view.move_number)  # forced moves too
        if len(legal) == 1:
            return legal[0]
        if self.noise and self.stream.random() < self.noise:
            return self.stream.choice(legal)
        values = self.action_values(view, legal)
        best = max(values)
        # Ties are common (many moves change nothing yet); a random pick among
        # them avoids always favouring the first-listed move.
        return self.stream.choice([a for a, v in zip(legal, values, strict=True) if v == best])

    def action_values(self, view: PlayerView, legal: list[Action]) -> list[tuple[bool, float]]:
        """Each move's (does not loop back, mean heuristic value over
        ``samples`` re-deals); tuples compare the loop test first."""
        game = view.game
        player = view.player
        totals = [0.0] * len(legal)
        fresh = [True] * len(legal)
        for _ in range(self.samples):
            world = view.search_world(self.stream.below(WORLD_SEEDS))
            for i, action in enumerate(legal):
                after = world.clone()
                after.apply_unchecked(action)
                totals[i] += game.evaluate(after, player)
                if fresh[i] and self.guard.leads_back(after, player):
                    fresh[i] = False
        return [(f, t / self.samples) for f, t in zip(fresh, totals, strict=True)]


register_bot("greedy", GreedyBot)
