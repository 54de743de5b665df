"""One random game through a JAX env, kept state by state, for the tests
that check what ``resample`` keeps along the way."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax

from gameshelf.rl.jax import sample_legal


def walk(init: Callable[[Any], Any], step: Callable[[Any, Any], Any], seed: int, moves: int) -> list[Any]:
    """The states along one random game (every legal move drawn by sample_legal), at most ``moves`` of them after the first."""
    key = jax.random.key(seed)
    state = init(key)
    seen = [state]
    for _ in range(moves):
        key, k = jax.random.split(key)
        state = step(state, sample_legal(k, state.legal_action_mask))
        seen.append(state)
        if bool(state.terminated):
            break
    return seen
