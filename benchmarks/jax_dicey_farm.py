"""Dicey Farm on JAX against the engine: random-playout steps/s.

Both sides play uniformly random legal moves. The engine plays one game at a
time through ``legal_actions`` and ``apply_unchecked`` (the fast path of a
search loop) and maps its moves to ids as an agent would; the JAX side steps
a batch of games at once (``jit(vmap(step))`` inside a ``lax.scan``), picks
each move from ``legal_action_mask`` with one random word per game, and
starts a finished game again from its first state (a reset costs no draw).
Figures are taken with the process's CPU clock as well as the wall clock,
since on a shared machine wall-clock rates mostly measure the neighbours;
every ratio compares figures of this run only.

Usage::

    python benchmarks/jax_dicey_farm.py                      # batches 1, 1024, 16384
    python benchmarks/jax_dicey_farm.py --batches 1,1024 --seconds 3 --json
    python benchmarks/jax_dicey_farm.py --batches 16384,262144,1048576 --steps 256   # a GPU

On a machine whose ``jax.devices()`` lists a GPU (``pip install 'jax[cuda12]'``
or the CUDA 13 build) the same command measures it: an H200 gave 1.2e8 steps/s
at a batch of 1,048,576 (docs/research/index.md). Each call runs ``--steps`` moves of the whole batch (by
default enough for about 65,536 game steps a call, at least 4 moves); on a
GPU a call must be long enough to dwarf its launch, so give big batches a
few hundred moves a call.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from collections.abc import Callable

import jax
import jax.numpy as jnp

from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream
from gameshelf.rl.jax import dicey_farm as df


def clocks() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


def engine_rate(seconds: float) -> tuple[float, float]:
    """Engine steps per wall second and per CPU second."""
    game = load_game("dicey-farm")
    ids = game.action_id_tables()
    stream = Stream(2024)
    steps = seed = 0
    wall0, cpu0 = clocks()
    while time.perf_counter() - wall0 < seconds:
        state = game.new_game(1, seed=seed)
        seed += 1
        while not state.is_over:
            legal = state.legal_actions()
            [ids[type(a)][a] for a in legal]  # what an agent's mask needs
            state.apply_unchecked(stream.choice(legal))
            steps += 1
    wall1, cpu1 = clocks()
    return steps / (wall1 - wall0), steps / (cpu1 - cpu0)


def random_action(mask: jax.Array, key: jax.Array) -> jax.Array:
    """A uniformly random legal id per game from one random word each: every
    id gets a hashed score (murmur3's finaliser) and the best legal one wins.
    The id rides in the score's low byte, so the winner is a plain maximum
    (on a CPU an argmax, which carries the index alongside, costs more than
    twice as much)."""
    ids = jnp.arange(mask.shape[1], dtype=jnp.uint32)
    assert mask.shape[1] <= 256, "the id must fit in the score's low byte"
    word = jax.random.bits(key, mask.shape[:1], jnp.uint32)
    h = word[:, None] ^ (ids * jnp.uint32(0x9E3779B9))
    h = (h ^ (h >> 16)) * jnp.uint32(0x85EBCA6B)
    h = (h ^ (h >> 13)) * jnp.uint32(0xC2B2AE35)
    h = h ^ (h >> 16)
    best = jnp.max(jnp.where(mask, (h & jnp.uint32(0xFFFFFF00)) | ids, jnp.uint32(0)), axis=1)
    return (best & jnp.uint32(0xFF)).astype(jnp.int32)


def restart(done: jax.Array, state: df.State, first: df.State) -> df.State:
    """Each finished game back at its first state. The deal (``deal_*``) is
    the same in both and is left alone: selecting it too would more than
    double what a step moves through memory."""
    changed = {f.name: jnp.where(done.reshape((-1,) + (1,) * (getattr(state, f.name).ndim - 1)),
                                 getattr(first, f.name), getattr(state, f.name))
               for f in dataclasses.fields(state) if not f.name.startswith("deal_")}
    return dataclasses.replace(state, **changed)


def runner(steps: int) -> Callable[[df.State, df.State, jax.Array], df.State]:
    def body(carry: tuple[df.State, df.State], key: jax.Array) -> tuple[tuple[df.State, df.State], None]:
        state, fresh = carry
        state = jax.vmap(df.step)(state, random_action(state.legal_action_mask, key))
        return (restart(state.terminated, state, fresh), fresh), None

    @jax.jit
    def run(state: df.State, fresh: df.State, key: jax.Array) -> df.State:
        (state, _), _ = jax.lax.scan(body, (state, fresh), jax.random.split(key, steps))
        return state

    return run


def default_steps(batch: int) -> int:
    """Moves per call: about 65,536 game steps, at least 4 moves."""
    return max(8, 65536 // batch) if batch < 16384 else 4


def jax_rate(batch: int, seconds: float, steps: int = 0) -> dict[str, float]:
    """JAX steps per wall second and per CPU second at ``batch`` games,
    ``steps`` moves a call (0: :func:`default_steps`)."""
    steps = steps or default_steps(batch)
    fresh = jax.jit(jax.vmap(df.init))(jax.random.split(jax.random.key(batch), batch))
    run = runner(steps)
    wall0 = time.perf_counter()
    state = jax.block_until_ready(run(fresh, fresh, jax.random.key(0)))
    compile_s = time.perf_counter() - wall0
    calls = 0
    wall0, cpu0 = clocks()
    while time.perf_counter() - wall0 < seconds:
        state = jax.block_until_ready(run(state, fresh, jax.random.key(calls + 1)))
        calls += 1
    wall1, cpu1 = clocks()
    done = calls * steps * batch
    return {"batch": batch, "steps_per_call": steps, "calls": calls, "steps_per_s": done / (wall1 - wall0),
            "steps_per_cpu_s": done / (cpu1 - cpu0), "compile_s": compile_s}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--batches", default="1,1024,16384")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--steps", type=int, default=0,
                        help="moves of the whole batch per call (default: about 65,536 game steps a call)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.steps < 0:
        parser.error("--steps must be 0 (the default rule) or more")
    device = jax.devices()[0]
    engine_wall, engine_cpu = engine_rate(args.seconds)
    rows = [jax_rate(int(b), args.seconds, args.steps) for b in args.batches.split(",")]
    for row in rows:
        row["ratio"] = row["steps_per_s"] / engine_wall
        row["cpu_ratio"] = row["steps_per_cpu_s"] / engine_cpu
    if args.json:
        print(json.dumps({"device": str(device), "device_kind": device.device_kind, "engine_steps_per_s": engine_wall,
                          "engine_steps_per_cpu_s": engine_cpu, "jax": rows}, indent=2))
        return
    print(f"device: {device.platform} ({device.device_kind}); JAX {jax.__version__}")
    print(f"engine: {engine_wall:,.0f} steps/s ({engine_cpu:,.0f} per CPU second), one process")
    for row in rows:
        print(f"jax batch {row['batch']:>6}: {row['steps_per_s']:>12,.0f} steps/s = {row['ratio']:6.1f}x the engine"
              f" ({row['steps_per_cpu_s']:,.0f} per CPU second = {row['cpu_ratio']:.1f}x; {row['steps_per_call']} moves"
              f" a call, {row['calls']} calls; compiled in {row['compile_s']:.0f} s)")


if __name__ == "__main__":
    main()
