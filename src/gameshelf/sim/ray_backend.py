"""The Ray back end: the same games, shipped in batches to a Ray cluster.

Why batches: a Ray task costs a few milliseconds to schedule, more than a
fast game takes to play, so games travel in batches of a few dozen (small
enough that the progress bar still moves and Ctrl-C loses little).

``"local"`` starts a private Ray instance on this machine (and stops it
afterwards); its workers get this process's ``sys.path`` so that games
registered from outside the package (a plugin, the test game) import there
too. On a real cluster, ship your code with Ray's own ``runtime_env``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

from gameshelf.sim.job import GameResult, GameTask, play_games

MAX_BATCH = 25


def batches(tasks: list[GameTask], cpus: int) -> list[list[GameTask]]:
    """About four batches per CPU, at most :data:`MAX_BATCH` games each."""
    size = max(1, min(MAX_BATCH, len(tasks) // max(1, 4 * cpus)))
    return [tasks[i : i + size] for i in range(0, len(tasks), size)]


def run_on_ray(tasks: list[GameTask], address: str, workers: int) -> Iterator[GameResult]:
    import ray

    started_here = not ray.is_initialized()
    if started_here:
        if address == "local":
            path = os.pathsep.join(p for p in [os.getcwd(), *sys.path] if p)
            ray.init(
                num_cpus=workers,
                include_dashboard=False,
                log_to_driver=False,
                runtime_env={"env_vars": {"PYTHONPATH": path}},
            )
        else:
            ray.init(address=address, log_to_driver=False)
    remote = ray.remote(play_games)
    cpus = int(ray.cluster_resources().get("CPU", workers))  # type: ignore[no-untyped-call]
    pending = [remote.remote(batch) for batch in batches(tasks, cpus)]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1, timeout=0.5)
            for ref in done:
                yield from ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started_here:
            ray.shutdown()
