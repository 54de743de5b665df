"""A policy network in JAX that the engine's ``jax-policy`` bot plays unchanged.

Why here and not in a training script: the network, its masked move and its
file form must be one definition on both sides. The JAX side (this module)
trains and evaluates at batch; the engine side
(:class:`gameshelf.bots.policy_file.Policy`, numpy only) reads the same file
and plays the same move: the legal id with the highest logit, ids named in
``avoid`` only when nothing else is legal.

Example::

    import jax
    from gameshelf.rl.jax import make
    from gameshelf.rl.jax.policy import init_mlp, save, play

    env = make("dicey-farm")
    params = init_mlp(jax.random.key(0), (env.observation_shape[0], 128, env.num_actions))
    states = jax.vmap(env.init)(jax.random.split(jax.random.key(1), 64))
    final = play(env, params, avoid_mask(env, ()), states, steps=400)
    save("agent.npz", env, params, avoid=())
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from gameshelf.bots.policy_file import Policy, load_policy, save_policy
from gameshelf.rl.jax.env import Env

#: (weights, biases) per layer; every layer but the last is followed by a ReLU
Params = list[tuple[jax.Array, jax.Array]]


def init_mlp(key: jax.Array, sizes: Sequence[int]) -> Params:
    """A perceptron of ``sizes`` (input, hidden..., actions), He-initialised;
    the last layer starts small so that the first policy is near uniform."""
    params: Params = []
    keys = jax.random.split(key, len(sizes) - 1)
    for i, (k, n_in, n_out) in enumerate(zip(keys, sizes[:-1], sizes[1:], strict=True)):
        scale = jnp.sqrt(2.0 / n_in) * (0.01 if i == len(sizes) - 2 else 1.0)
        params.append((jax.random.normal(k, (n_in, n_out), jnp.float32) * scale, jnp.zeros(n_out, jnp.float32)))
    return params


def logits(params: Params, obs: jax.Array) -> jax.Array:
    """The network's output for ``obs`` (float32[..., obs_size])."""
    h = obs
    for w, b in params[:-1]:
        h = jax.nn.relu(h @ w + b)
    w, b = params[-1]
    return h @ w + b


def allowed(mask: jax.Array, avoid: jax.Array) -> jax.Array:
    """The ids the policy may play: the legal ones outside ``avoid``, or all
    legal ones when only avoided ids are legal (batched over leading axes)."""
    free = mask & ~avoid
    return jnp.where(jnp.any(free, axis=-1, keepdims=True), free, mask)


def act(params: Params, obs: jax.Array, mask: jax.Array, avoid: jax.Array) -> jax.Array:
    """The id the bot plays: the allowed id with the highest logit (lowest id on a tie)."""
    out = jnp.where(allowed(mask, avoid), logits(params, obs), -jnp.inf)
    return jnp.argmax(out, axis=-1).astype(jnp.int32)


def act_after(params: Params, env: Env, state: Any, key: jax.Array, avoid: jax.Array) -> jax.Array:
    """The id an ``afterstate`` policy plays in one game: every id stepped on a
    world ``resample``d from ``key`` (so a move that ends the round meets
    re-drawn dice, never the real ones), the allowed id whose position the
    network rates highest (lowest id on a tie)."""
    world = env.resample(state, key)
    ids = jnp.arange(env.num_actions, dtype=jnp.int32)
    after = jax.vmap(env.step, in_axes=(None, 0))(world, ids)
    values = logits(params, after.observation)[:, 0]
    return jnp.argmax(jnp.where(allowed(state.legal_action_mask, avoid), values, -jnp.inf)).astype(jnp.int32)


def avoid_mask(env: Env, ids: Iterable[int]) -> jax.Array:
    """bool[num_actions]: true at ``ids``."""
    return jnp.zeros(env.num_actions, bool).at[jnp.asarray(list(ids), jnp.int32)].set(True)


def play(env: Env, params: Params, avoid: jax.Array, states: Any, steps: int, kind: str = "logits",
         key: jax.Array | None = None) -> Any:
    """A batch of games (``states``, batched) played ``steps`` moves by the policy.

    A finished game stays as it is (pgx's convention), so ``steps`` only
    needs to reach the longest game; check ``terminated`` on the result.
    ``kind`` is the policy file's (``"logits"`` or ``"afterstate"``, which
    draws its re-dealt worlds from ``key``).
    """

    def move(state: Any, k: jax.Array) -> tuple[Any, None]:
        if kind == "logits":
            action = act(params, state.observation, state.legal_action_mask, avoid)
        else:
            keys = jax.random.split(k, state.terminated.shape[0])
            action = jax.vmap(act_after, in_axes=(None, None, 0, 0, None))(params, env, state, keys, avoid)
        return jax.vmap(env.step)(state, action), None

    keys = jax.random.split(jax.random.key(0) if key is None else key, steps)
    final, _ = jax.lax.scan(move, states, keys)
    return final


def to_policy(env: Env, params: Params, avoid: Iterable[int], kind: str = "logits") -> Policy:
    """``params`` as the engine bot's :class:`Policy` for ``env``'s game."""
    layers = tuple((np.asarray(w, np.float32), np.asarray(b, np.float32)) for w, b in params)
    return Policy(game=env.id, rules_version=env.version, num_actions=env.num_actions, layers=layers,
                  avoid=tuple(sorted(set(avoid))), kind=kind)


def save(path: str | Path, env: Env, params: Params, avoid: Iterable[int], kind: str = "logits") -> None:
    """Write ``params`` as a policy file the ``jax-policy`` bot reads."""
    save_policy(path, to_policy(env, params, avoid, kind))


def load(path: str | Path, env: Env) -> tuple[Params, tuple[int, ...], str]:
    """A policy file's network, avoided ids and kind, checked against ``env``.

    Raises:
        PolicyFileError: a damaged file, or one for another game, rules
            version or shape.
    """
    policy = load_policy(path)
    policy.check_fits(env.id, env.version, env.observation_shape[0], env.num_actions)
    return [(jnp.asarray(w), jnp.asarray(b)) for w, b in policy.layers], policy.avoid, policy.kind
