"""One-step lookahead: each move tried on a copy and judged by the game's
heuristic for the seat to move. Why one module: the ISMCTS prior and its
heuristic rollouts and the rollout bot's play-outs all ask the same
question, and must ask it the same way (the first of equal moves wins)."""

from __future__ import annotations

from collections.abc import Sequence

from gameshelf.core.actions import Action
from gameshelf.core.protocol import State


def one_step_values(world: State, actions: Sequence[Action]) -> list[float]:
    """``game.evaluate`` for the mover after each of ``actions`` in ``world``."""
    mover = world.current_player
    evaluate = world.game.evaluate
    values = []
    for action in actions:
        after = world.clone()
        after.apply_unchecked(action)
        values.append(float(evaluate(after, mover)))  # type: ignore[arg-type]
    return values


def best_one_step(world: State, actions: Sequence[Action]) -> Action:
    """The mover's best of ``actions`` by one-step value, the first on ties
    (callers that want a random tie-break shuffle first)."""
    values = one_step_values(world, actions)
    return actions[values.index(max(values))]
