"""An illegal action ends the game, as in pgx: shared by every game written in JAX.

Why: pgx's training examples (its MinAtar PPO, for one) sample from the
network's logits without masking them, because pgx's ``Env.step`` turns an
illegal id into a lost game: the game ends at once and the mover is
penalised, so the agent learns the mask from the reward. A step that
assumed legal ids would instead carry such a loop into a state no rule
makes. Here the game stays as it was when the illegal id was played (no
rule ever runs on an id it does not expect: each game's ``step`` plays a
harmless id in its place and keeps the state from before), then ends with
``PENALTY`` to the mover, 0 to every other seat, and every id marked legal,
as at any end.

The others get 0, not pgx's ``+1`` of a two-player zero-sum game: these
games' rewards are not zero-sum (Filthy Rich's 1 to the winner, 0 to the
rest; Dicey Farm's score changes), and no seat won that game.
"""

from __future__ import annotations

from typing import Any, TypeVar

import jax
import jax.numpy as jnp

S = TypeVar("S")

#: the mover's reward for an illegal action (pgx's ``_illegal_action_penalty``)
PENALTY = -1.0


def is_illegal(state: Any, action: jax.Array) -> jax.Array:
    """Whether ``action`` is no legal id of ``state`` (out of range included)."""
    mask: jax.Array = state.legal_action_mask
    n = mask.shape[-1]
    return (action < 0) | (action >= n) | ~mask[jnp.clip(action, 0, n - 1)]


def forfeit(state: S, illegal: jax.Array) -> S:
    """``state`` ended by an illegal move when ``illegal``: terminated,
    ``PENALTY`` to ``current_player``, all ids legal, the step counted."""
    s: Any = state  # any game's State: the names below are pgx's, on every one
    mover = jnp.arange(s.rewards.shape[-1]) == s.current_player
    out: S = s.replace(
        terminated=s.terminated | illegal,
        rewards=jnp.where(illegal, jnp.where(mover, PENALTY, 0.0), s.rewards).astype(
            s.rewards.dtype
        ),
        legal_action_mask=s.legal_action_mask | illegal,
        _step_count=s._step_count + illegal.astype(s._step_count.dtype),
    )
    return out
