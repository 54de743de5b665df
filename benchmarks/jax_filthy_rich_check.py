"""Filthy Rich on JAX is the engine's game: the large differential run.

Plays engine games of 2, 3, 4 and 5 seats in turn with random legal moves,
replays each deal (with the reshuffles the engine made) and each action id
through the JAX rules and compares every field, the legal mask, the tensor
of the seat to decide and the rewards after every step
(``gameshelf.rl.jax.filthy_rich.check``). The CI test runs a few games per
player count; this runs as many as asked, with a progress bar, the engine
games on ``--workers`` processes.

Usage::

    JAX_PLATFORMS=cpu python benchmarks/jax_filthy_rich_check.py                 # 10,000 games
    JAX_PLATFORMS=cpu python benchmarks/jax_filthy_rich_check.py --games 400 --workers 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from concurrent.futures import Executor, ProcessPoolExecutor

from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from gameshelf.rl.jax.filthy_rich import check


def play_chunk(seeds: list[int], players: int) -> list[check.EngineGame]:
    """A worker's job: one chunk of engine games of one player count."""
    return [check.play_engine(seed, players) for seed in seeds]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--batch", type=int, default=128, help="games replayed at once (per player count)")
    parser.add_argument("--workers", type=int, default=1, help="processes playing the engine games")
    parser.add_argument("--pad-to", type=int, default=1024,
                        help="replays are padded to a multiple of this many steps (one compile per length)")
    args = parser.parse_args()
    if min(args.games, args.batch, args.workers, args.pad_to) < 1:
        parser.error("--games, --batch, --workers and --pad-to must be at least 1")
    by_players: dict[int, list[int]] = {}
    for seed, n in check.schedule(args.games, args.first_seed):
        by_players.setdefault(n, []).append(seed)
    chunks = [(seeds[k: k + args.batch], n) for n, seeds in sorted(by_players.items())
              for k in range(0, len(seeds), args.batch)]
    # spawned, not forked: JAX's threads are already running in this process
    pool: Executor | None = (ProcessPoolExecutor(args.workers, mp_context=multiprocessing.get_context("spawn"))
                             if args.workers > 1 else None)
    play = pool.map if pool is not None else map
    start = time.perf_counter()
    steps = unfinished = 0
    problems: list[str] = []
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TimeRemainingColumn())
    try:
        with Progress(*columns) as bar:
            task = bar.add_task("games compared", total=args.games)
            for games in play(play_chunk, [seeds for seeds, _ in chunks], [n for _, n in chunks]):
                problems += check.compare(games, args.batch, args.pad_to)
                steps += sum(len(g.actions) for g in games)
                unfinished += sum(not g.finished for g in games)
                bar.update(task, advance=len(games),
                           description=f"{games[0].players}p: {steps:,} steps, {len(problems)} differ")
    finally:
        if pool is not None:
            pool.shutdown()
    print(f"{args.games:,} games ({', '.join(f'{n}p {len(s)}' for n, s in sorted(by_players.items()))}), "
          f"{steps:,} steps compared in {time.perf_counter() - start:,.0f} s; "
          f"{unfinished} cut at {check.MAX_TURNS} turns or {check.N_RESHUFFLES} reshuffles")
    for line in problems[:20]:
        print(line)
    print("EQUAL" if not problems else f"{len(problems)} GAMES DIFFER")
    raise SystemExit(1 if problems else 0)


if __name__ == "__main__":
    main()
