"""Dicey Farm on JAX is the engine's game: the large differential run.

Plays engine games (random, greedy and boosted starts that reach the rare
rules), replays each deal and each action id through the JAX rules and
compares every field after every step and the final VP by source
(``gameshelf.rl.jax.dicey_farm.check``). The CI test runs a few hundred;
this runs as many as asked, the engine games on ``--workers`` processes.

Usage::

    python benchmarks/jax_dicey_farm_check.py                  # 10,000 games
    python benchmarks/jax_dicey_farm_check.py --games 1000 --workers 2
    python benchmarks/jax_dicey_farm_check.py --sower-1.02-2   # an engine before issue 29
    python benchmarks/jax_dicey_farm_check.py --workers 14 --compare-in-workers   # a 16-core machine

With ``--compare-in-workers`` each worker plays a chunk of ``--batch`` games
and replays them through JAX itself, on the CPU with one XLA thread, so the
whole run scales with the cores; without it the JAX replay and the
field-by-field comparison run in this process (on its GPU, if it has one)
while the workers play the engine games, and on many cores that one process
is the bottleneck.

``--sower-1.02-2`` replays with the sowing rule of rules 1.02-2 (sowing
nothing gave the die back, then the Sower's 1), for an engine that predates
issue 29's change (rules 1.02-3, D33).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor

from gameshelf.rl.jax.dicey_farm import _rules, check


def check_chunk(plan: list[tuple[int, str]], batch: int) -> tuple[list[check.EngineGame], list[str]]:
    """Play a chunk of engine games and compare them here (a worker's job);
    the games come back without their snapshots, which only the comparison needs."""
    games = [check.play_engine(seed, policy) for seed, policy in plan]
    problems = check.compare(games, batch)
    for g in games:
        g.snapshots = []
    return games, problems


def cpu_workers_env() -> None:
    """JAX on the CPU, one thread per process: set before any worker starts
    (spawned workers inherit it) and before this process touches a device."""
    os.environ["JAX_PLATFORMS"] = "cpu"
    os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") + " --xla_cpu_multi_thread_eigen=false"
                               " intra_op_parallelism_threads=1").strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--mix", default="0.6,0.05,0.35", help="shares of random, greedy and boosted games")
    parser.add_argument("--sower-1.02-2", dest="old_sower", action="store_true")
    parser.add_argument("--compare-in-workers", action="store_true",
                        help="each worker replays its own games through JAX on the CPU")
    args = parser.parse_args()
    if args.compare_in_workers:
        if args.old_sower:
            parser.error("--sower-1.02-2 is set in this process only; use it without --compare-in-workers")
        cpu_workers_env()
    if args.old_sower:
        _rules.SOWING_NOTHING_SPENDS_THE_DIE = False
    mix = tuple(float(x) for x in args.mix.split(","))
    assert len(mix) == 3
    plan = list(check.schedule(args.games, args.first_seed, (mix[0], mix[1], mix[2])))
    start = time.perf_counter()
    games = steps = 0
    problems: list[str] = []
    counts = dict.fromkeys(check.POLICIES, 0)
    # spawned, not forked: JAX's threads are already running in this process
    pool: Executor | None = (ProcessPoolExecutor(args.workers, mp_context=multiprocessing.get_context("spawn"))
                             if args.workers > 1 else None)
    play = pool.map if pool is not None else map
    chunks = [plan[k: k + args.batch] for k in range(0, len(plan), args.batch)]
    if args.compare_in_workers:
        played: Iterator[tuple[list[check.EngineGame], list[str]]] = play(check_chunk, chunks, [args.batch] * len(chunks))
    else:
        played = ((chunk, check.compare(chunk, args.batch)) for chunk in
                  (list(play(check.play_engine, [s for s, _ in part], [p for _, p in part])) for part in chunks))
    try:
        for chunk, found in played:
            problems += found
            games += len(chunk)
            steps += sum(len(g.actions) for g in chunk)
            for g in chunk:
                counts[g.policy] += 1
            print(f"{games:,} games, {steps:,} steps compared, {len(problems)} differ "
                  f"({time.perf_counter() - start:,.0f} s)", flush=True)
    finally:
        if pool is not None:
            pool.shutdown()
    print(f"games by policy: {counts}")
    for line in problems[:20]:
        print(line)
    print("EQUAL" if not problems else f"{len(problems)} GAMES DIFFER")
    raise SystemExit(1 if problems else 0)


if __name__ == "__main__":
    main()
