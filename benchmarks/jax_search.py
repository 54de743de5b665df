"""An honest search on Dicey Farm/JAX: mctx's Gumbel MuZero on resampled worlds.

The JAX state holds the game's whole future (every roll, every ware, the
deck), so a search that steps the true state knows what no player knows.
Here every decision first draws ``--worlds`` worlds with ``env.resample``
(the same observation, the unseen future redrawn), runs one Gumbel MuZero
search in each (``mctx.gumbel_muzero_policy``, the env's ``step`` as the
model, a short random play-out through ``sample_legal`` as each leaf's value),
and plays the action the worlds' searches weigh most in sum. The search
never reads the true deal: it is handed only resampled copies.

It plays the engine's deals (``engine_deal(seed)``) and, in the same run,
the engine's greedy bot on the same seeds, and prints both means and the
paired gap::

    python benchmarks/jax_search.py --games 20 --simulations 32 --worlds 4

Needs the ``jax`` extra (jax, mctx).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

import jax
import jax.numpy as jnp
import mctx

from gameshelf.bots import PlayerView, make_bot
from gameshelf.core.registry import load_game
from gameshelf.rl.jax import dicey_farm as df
from gameshelf.rl.jax import make, sample_legal

ENV = make("dicey-farm")


def leaf_value(state: df.State, key: jax.Array, depth: int) -> jax.Array:
    """The score a random play-out gains over ``depth`` moves from ``state``."""

    def body(carry: tuple[df.State, jax.Array], k: jax.Array) -> tuple[tuple[df.State, jax.Array], None]:
        s, total = carry
        s = ENV.step(s, sample_legal(k, s.legal_action_mask))
        return (s, total + s.rewards[0]), None

    (_, total), _ = jax.lax.scan(body, (state, jnp.zeros((), jnp.float32)), jax.random.split(key, depth))
    return total


def make_policy(simulations: int, worlds: int, depth: int):  # type: ignore[no-untyped-def]
    """A jitted ``(state, key) -> action`` that searches ``worlds`` resampled worlds."""

    def recurrent_fn(params, key, action, embedding):  # type: ignore[no-untyped-def]
        del params
        nxt = jax.vmap(ENV.step)(embedding, action)
        keys = jax.random.split(key, action.shape[0])
        value = jax.vmap(leaf_value, in_axes=(0, 0, None))(nxt, keys, depth)
        out = mctx.RecurrentFnOutput(
            reward=nxt.rewards[:, 0],
            discount=jnp.where(nxt.terminated, 0.0, 1.0),
            prior_logits=jnp.where(nxt.legal_action_mask, 0.0, -1e9),
            value=jnp.where(nxt.terminated, 0.0, value),
        )
        return out, nxt

    @jax.jit
    def policy(state: df.State, key: jax.Array) -> jax.Array:
        k_worlds, k_values, k_search = jax.random.split(key, 3)
        roots = jax.vmap(ENV.resample, in_axes=(None, 0))(state, jax.random.split(k_worlds, worlds))
        values = jax.vmap(leaf_value, in_axes=(0, 0, None))(roots, jax.random.split(k_values, worlds), depth)
        root = mctx.RootFnOutput(
            prior_logits=jnp.where(roots.legal_action_mask, 0.0, -1e9), value=values, embedding=roots)
        out = mctx.gumbel_muzero_policy(
            params=None, rng_key=k_search, root=root, recurrent_fn=recurrent_fn,
            num_simulations=simulations, invalid_actions=~roots.legal_action_mask, max_depth=depth)
        weights = jnp.where(state.legal_action_mask, out.action_weights.sum(axis=0), -1.0)
        return jnp.argmax(weights).astype(jnp.int32)

    return policy


def search_game(seed: int, policy, key: jax.Array) -> int:  # type: ignore[no-untyped-def]
    state = df.init_with_deal(*df.engine_deal(seed))
    step = jax.jit(ENV.step)
    while not bool(state.terminated):
        key, k = jax.random.split(key)
        state = step(state, policy(state, k))
    return int(df.score(state))


def greedy_game(seed: int) -> int:
    game = load_game("dicey-farm")
    state = game.new_game(1, seed=seed)
    bot = make_bot("greedy", seed=seed, game=game)
    while not state.is_over:
        state.apply(bot.choose(PlayerView(state, 0)))
    return int(state.scores()[0])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--simulations", type=int, default=32)
    parser.add_argument("--worlds", type=int, default=4)
    parser.add_argument("--depth", type=int, default=12, help="play-out length of a leaf's value, and the tree's depth")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    for name in ("games", "simulations", "worlds", "depth"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    policy = make_policy(args.simulations, args.worlds, args.depth)
    searched, greedy = [], []
    started = time.process_time()
    for i in range(args.games):
        seed = args.first_seed + i
        searched.append(search_game(seed, policy, jax.random.key(seed)))
        greedy.append(greedy_game(seed))
        print(f"game {i + 1}/{args.games} (seed {seed}): search {searched[-1]}, greedy {greedy[-1]}", file=sys.stderr)
    gaps = [s - g for s, g in zip(searched, greedy, strict=True)]
    result = {
        "games": args.games, "simulations": args.simulations, "worlds": args.worlds, "depth": args.depth,
        "search_mean": statistics.mean(searched), "greedy_mean": statistics.mean(greedy),
        "paired_gap": statistics.mean(gaps),
        "gap_sd": statistics.stdev(gaps) if len(gaps) > 1 else None,
        "cpu_seconds": round(time.process_time() - started, 1), "device": str(jax.devices()[0]),
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"mctx Gumbel MuZero on resampled worlds ({args.simulations} simulations × {args.worlds} worlds, "
              f"depth {args.depth}): {result['search_mean']:.1f} VP; greedy on the same deals "
              f"{result['greedy_mean']:.1f}; paired gap {result['paired_gap']:+.1f} over {args.games} games "
              f"({result['cpu_seconds']} CPU s, {result['device']})")


if __name__ == "__main__":
    main()
