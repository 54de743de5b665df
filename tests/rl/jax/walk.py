"""One random game through a JAX env, kept state by state, for the tests
that check what ``resample`` keeps along the way and that each game's
``step`` keeps pgx's rules."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from gameshelf.rl.jax import sample_legal


def walk(
    init: Callable[[Any], Any], step: Callable[[Any, Any], Any], seed: int, moves: int
) -> list[Any]:
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


def _same(a: Any, b: Any, but: Sequence[str] = ()) -> bool:
    """Whether two states agree on every field outside ``but``."""
    return all(
        np.array_equal(getattr(a, f), getattr(b, f)) for f in a.__dataclass_fields__ if f not in but
    )


def check_pgx_step_rules(states: list[Any], step: Callable[[Any, Any], Any]) -> None:
    """pgx's ``Env.step`` rules, which its training examples rely on, on ``states`` (one walk):

    - an illegal id (or one out of range) ends the game at once: every field
      stays as it was (the tensor may show the end), -1 to the mover, 0 to the others, every id legal,
      the step counted; pgx's PPO samples without a mask and learns from it;
    - a step on a finished game changes nothing and rewards 0 (pgx's
      evaluation loops keep stepping games that have ended);
    - the observation is float32 (what pgx's networks are fed)."""
    checked = 0
    for state in states[:: max(1, len(states) // 6)]:
        assert state.observation.dtype == jnp.float32
        legal = np.asarray(state.legal_action_mask)
        if bool(state.terminated) or legal.all():
            continue
        for bad in (int(np.flatnonzero(~legal)[0]), legal.size):
            lost = step(state, jnp.int32(bad))
            assert bool(lost.terminated) and np.asarray(lost.legal_action_mask).all()
            mover = np.arange(state.rewards.shape[-1]) == int(state.current_player)
            assert np.array_equal(lost.rewards, np.where(mover, -1.0, 0.0).astype(np.float32))
            assert int(lost._step_count) == int(state._step_count) + 1
            assert _same(
                lost, state, but=("terminated", "rewards", "legal_action_mask", "_step_count")
            )
            after = step(lost, jnp.int32(0))
            assert not np.asarray(after.rewards).any() and _same(after, lost, but=("rewards",))
        checked += 1
    assert checked >= 2
    end = states[-1]
    assert bool(end.terminated), "the walk should reach the end of its game"
    assert np.asarray(end.legal_action_mask).all()
    after = step(end, jnp.int32(0))
    assert not np.asarray(after.rewards).any() and _same(after, end, but=("rewards",))
