"""Run a job's games: in this process, on a local process pool, or on Ray.

Why three back ends behind one function: a test wants one process and exact
repeatability, a laptop wants every core, a cluster wants Ray, and the
caller (the CLI, the benchmark) should not care which. Results arrive in
whatever order workers finish; the caller gets them sorted by game index, so
the tables are the same whichever back end played them.

Ctrl-C (or ``should_stop`` returning true) stops the job cleanly: games
already finished are kept and returned, games in flight are abandoned.
Pool workers ignore SIGINT so that only this process decides what to do
with it.
"""

from __future__ import annotations

import dataclasses
import datetime
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text

from gameshelf.sim.job import GameResult, GameTask, Job, load_plugins, play_game

ResultHook = Callable[[GameResult], None]
StopHook = Callable[[], bool]


@dataclasses.dataclass
class RunOutcome:
    """The finished games (by index) and how the run ended."""

    results: list[GameResult]
    interrupted: bool = False
    error: str | None = None

    @property
    def complete(self) -> bool:
        return not self.interrupted and self.error is None


class _Stop(Exception):
    """Raised inside the collecting loop when ``should_stop`` says so."""


def run_job(
    job: Job,
    *,
    workers: int | None = None,
    ray: str | None = None,
    progress: bool = True,
    on_result: ResultHook | None = None,
    should_stop: StopHook | None = None,
    skip: Sequence[int] = (),
    console: Console | None = None,
) -> RunOutcome:
    """Play every game of ``job`` and collect the results.

    Args:
        workers: processes (default: every core); 1 plays in this process.
        ray: ``"local"`` starts a local Ray instance; any other value is the
            address of a running cluster (``"auto"``, ``"ray://host:10001"``).
        progress: show a progress bar with an ETA (on stderr).
        on_result: called with each game as it finishes (the CLI appends its
            record to disk there, so an interrupted job keeps its games).
        should_stop: polled after each game; true stops the job like Ctrl-C.
        skip: game indexes already played (to finish an interrupted job).
    """
    load_plugins(job.plugins)
    tasks = job.tasks(skip)
    workers = max(1, workers or os.cpu_count() or 1)
    collected: list[GameResult] = []
    outcome = RunOutcome(collected)

    def take(result: GameResult) -> None:
        collected.append(result)
        if on_result is not None:
            on_result(result)
        if should_stop is not None and should_stop():
            raise _Stop

    stream: Iterator[GameResult] | None = None
    try:
        if ray is not None:
            from gameshelf.sim.ray_backend import run_on_ray

            stream = run_on_ray(tasks, ray, workers)
        elif workers == 1 or len(tasks) <= 1:
            stream = (play_game(t) for t in tasks)  # one process: exact and simple
        else:
            stream = _run_on_pool(tasks, workers)
        with _progress(len(tasks), progress, console, job, 1 if ray is None and workers == 1 else workers) as advance:
            for result in stream:
                take(result)
                advance(result)
    except (KeyboardInterrupt, _Stop):
        outcome.interrupted = True
    except Exception as exc:  # a game raised: keep what finished, say why
        outcome.error = f"{type(exc).__name__}: {exc}"
    finally:
        if isinstance(stream, Generator):
            stream.close()  # stops the pool or cancels the Ray tasks still out
    collected.sort(key=lambda r: r.index)
    return outcome


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_on_pool(tasks: list[GameTask], workers: int) -> Iterator[GameResult]:
    """Games from a local process pool, as they finish.

    The pool is created before the progress bar starts its refresh thread:
    forking while another thread holds a lock is how pools deadlock.
    """
    method = "fork" if sys.platform.startswith("linux") else None
    context = multiprocessing.get_context(method)
    pool = context.Pool(min(workers, len(tasks)), initializer=_ignore_sigint)
    return _drain_pool(pool, tasks)


def _drain_pool(pool: multiprocessing.pool.Pool, tasks: list[GameTask]) -> Iterator[GameResult]:
    try:
        yield from pool.imap_unordered(play_game, tasks, chunksize=1)
        pool.close()
    finally:
        pool.terminate()  # abandons games in flight on Ctrl-C; a no-op after close
        pool.join()


def eta_seconds(seconds: Sequence[float], remaining: int, workers: int) -> float | None:
    """Time left: the median play time of the games finished so far, times
    the games left, shared by the workers. Why the median and not the
    bar's recent rate: games finish in bursts on a pool (every worker ends
    its first game at once), and a job whose first games were quick showed
    0:13 with an hour to go; the median of whole games is steady."""
    timed = sorted(s for s in seconds if s == s and s >= 0)  # NaN: a game that kept no time
    if not timed:
        return None
    mid = len(timed) // 2
    median = timed[mid] if len(timed) % 2 else (timed[mid - 1] + timed[mid]) / 2
    return median * -(-remaining // max(1, min(workers, remaining or 1)))


class EtaColumn(ProgressColumn):
    """The ETA of :func:`eta_seconds`, kept in the task's ``eta`` field."""

    def render(self, task: Task) -> Text:
        eta = task.fields.get("eta")
        if task.finished:
            return Text("0:00:00", style="progress.remaining")
        if eta is None:
            return Text("-:--:--", style="progress.remaining")
        return Text(str(datetime.timedelta(seconds=round(eta))), style="progress.remaining")


@contextmanager
def _progress(
    total: int, enabled: bool, console: Console | None, job: Job, workers: int = 1
) -> Iterator[Callable[[GameResult], None]]:
    if not enabled:
        yield lambda result: None
        return
    bar = Progress(
        TextColumn(f"[bold]{job.game}[/] {job.players}p"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        EtaColumn(),
        console=console or Console(stderr=True),
        transient=False,
    )
    seconds: list[float] = []
    with bar:
        task = bar.add_task("games", total=total, eta=None)

        def advance(result: GameResult) -> None:
            seconds.append(result.seconds)
            left = total - len(seconds)
            bar.update(task, advance=1, eta=eta_seconds(seconds, left, workers))

        yield advance
