"""Filthy Rich on JAX against pgx's backgammon and the engine: random-play steps/s, one run.

Issue 46 asks for a yardstick: pgx's backgammon is the nearest game pgx has
(dice, 156 action ids, two players). Both JAX games are played the same way
in the same process: ``jit(vmap(auto_reset(env.step, env.init)))`` inside a
``lax.scan``, each move drawn by ``gameshelf.rl.jax.sample_legal`` from the
legal mask, a finished game started afresh from a new key. The Python engine
plays one Filthy Rich game at a time through ``legal_actions`` and
``apply_unchecked`` with a seeded random choice. Rates are given per wall
second and per CPU second of this process (on a shared machine the wall
clock mostly measures the neighbours); ratios compare figures of this run only.

Usage::

    JAX_PLATFORMS=cpu python benchmarks/jax_filthy_rich.py                      # 3 players, batches 1, 256, 4096
    JAX_PLATFORMS=cpu python benchmarks/jax_filthy_rich.py --players 5 --batches 1024 --seconds 3 --json
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import jax

from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream
from gameshelf.rl.jax import make, sample_legal


def clocks() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


def engine_rate(players: int, seconds: float) -> dict[str, float]:
    """The Python engine's random-play steps per wall and per CPU second."""
    game = load_game("filthy-rich")
    stream = Stream(2024)
    steps = seed = 0
    wall0, cpu0 = clocks()
    while time.perf_counter() - wall0 < seconds:
        state = game.new_game(players, seed=seed)
        seed += 1
        while not state.is_over:
            state.apply_unchecked(stream.choice(state.legal_actions()))
            steps += 1
    wall1, cpu1 = clocks()
    return {"steps_per_s": steps / (wall1 - wall0), "steps_per_cpu_s": steps / (cpu1 - cpu0)}


def jax_rate(env: Any, batch: int, seconds: float, moves: int) -> dict[str, float]:
    """A JAX environment's random-play steps per wall and per CPU second at ``batch`` games."""
    from pgx.experimental import auto_reset

    step = jax.vmap(auto_reset(env.step, env.init))

    @jax.jit
    def run(state: Any, key: jax.Array) -> Any:
        def body(state: Any, k: jax.Array) -> tuple[Any, None]:
            k_act, k_step = jax.random.split(k)
            action = jax.vmap(sample_legal)(jax.random.split(k_act, batch), state.legal_action_mask)
            return step(state, action, jax.random.split(k_step, batch)), None

        return jax.lax.scan(body, state, jax.random.split(key, moves))[0]

    state = jax.jit(jax.vmap(env.init))(jax.random.split(jax.random.key(batch), batch))
    wall0 = time.perf_counter()
    state = jax.block_until_ready(run(state, jax.random.key(0)))
    compile_s = time.perf_counter() - wall0
    calls = 0
    wall0, cpu0 = clocks()
    while time.perf_counter() - wall0 < seconds:
        state = jax.block_until_ready(run(state, jax.random.key(calls + 1)))
        calls += 1
    wall1, cpu1 = clocks()
    done = calls * moves * batch
    return {"batch": batch, "moves_per_call": moves, "calls": calls, "steps_per_s": done / (wall1 - wall0),
            "steps_per_cpu_s": done / (cpu1 - cpu0), "compile_s": compile_s}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=3, choices=range(2, 6))
    parser.add_argument("--batches", default="1,256,4096")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--moves", type=int, default=64, help="moves of the whole batch per jitted call")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    import pgx

    batches = [int(b) for b in args.batches.split(",")]
    fr_env = make("filthy-rich", num_players=args.players)
    bg_env = pgx.make("backgammon")
    device = jax.devices()[0]
    out: dict[str, Any] = {"device": str(device), "device_kind": device.device_kind, "jax": jax.__version__,
                           "pgx": pgx.__version__, "players": args.players,
                           "engine": engine_rate(args.players, args.seconds), "filthy_rich": [], "backgammon": []}
    for batch in batches:
        out["filthy_rich"].append(jax_rate(fr_env, batch, args.seconds, args.moves))
        out["backgammon"].append(jax_rate(bg_env, batch, args.seconds, args.moves))
    if args.json:
        print(json.dumps(out, indent=2))
        return
    e = out["engine"]
    print(f"device: {device.platform} ({device.device_kind}); JAX {jax.__version__}, pgx {pgx.__version__}")
    print(f"engine, {args.players} players: {e['steps_per_s']:,.0f} steps/s ({e['steps_per_cpu_s']:,.0f} per CPU s)")
    for fr_row, bg_row in zip(out["filthy_rich"], out["backgammon"], strict=True):
        print(f"batch {fr_row['batch']:>6}: filthy-rich {fr_row['steps_per_s']:>11,.0f} steps/s "
              f"({fr_row['steps_per_cpu_s']:,.0f} per CPU s, {fr_row['steps_per_cpu_s'] / e['steps_per_cpu_s']:.1f}x "
              f"the engine), backgammon {bg_row['steps_per_s']:>11,.0f} ({bg_row['steps_per_cpu_s']:,.0f} per CPU s); "
              f"filthy-rich / backgammon per CPU s {fr_row['steps_per_cpu_s'] / bg_row['steps_per_cpu_s']:.2f}; "
              f"compiled in {fr_row['compile_s']:.0f} s and {bg_row['compile_s']:.0f} s")


if __name__ == "__main__":
    main()
