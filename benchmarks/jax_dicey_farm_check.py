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

``--sower-1.02-2`` replays with the sowing rule of rules 1.02-2 (sowing
nothing gave the die back, then the Sower's 1), for an engine that predates
issue 29's change (rules 1.02-3, D33).
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from concurrent.futures import Executor, ProcessPoolExecutor

from gameshelf.rl.jax.dicey_farm import _rules, check


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--mix", default="0.6,0.05,0.35", help="shares of random, greedy and boosted games")
    parser.add_argument("--sower-1.02-2", dest="old_sower", action="store_true")
    args = parser.parse_args()
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
    try:
        for k in range(0, len(plan), args.batch):
            part = plan[k: k + args.batch]
            chunk = list(play(check.play_engine, [s for s, _ in part], [p for _, p in part]))
            problems += check.compare(chunk, args.batch)
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
