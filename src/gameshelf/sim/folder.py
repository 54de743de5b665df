"""A simulation's output folder: playing a job into it, and finishing a job
that stopped before its last game.

Why replay the records rather than trust the tables: ``records.jsonl`` is
written game by game as games finish, the tables only at the end, so a job
that was killed (a closed laptop, ``kill -9``, a session that ran out of
time) leaves records and no tables. A record replays to the very state its
worker reached, because the job's seeds fix every deal and every bot, so the
result rebuilt from it is the one the worker returned; and a record from
another job, or one damaged on disk, is caught before it is counted.

Everything is checked before anything is written: a folder that cannot be
resumed is refused with a reason and left as it was.
"""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path
from typing import Any

from gameshelf.core.errors import GameshelfError
from gameshelf.core.record import replay
from gameshelf.sim.job import GameResult, Job, finished_result
from gameshelf.sim.results import RecordWriter, read_job, write_job, write_tables
from gameshelf.sim.runner import RunOutcome, run_job


class FolderError(Exception):
    """The job cannot be played into (or resumed from) the folder; ``str`` says why."""


@dataclasses.dataclass
class Finished:
    """The games a folder already holds, and whether its last line was cut
    off mid-write (a job killed while writing: that game is played again)."""

    results: list[GameResult]
    torn_tail: bool = False

    @property
    def indexes(self) -> list[int]:
        return [r.index for r in self.results]


def same_job(job: Job, stored: dict[str, Any]) -> str | None:
    """Why ``stored`` (a folder's ``job.json``) is not ``job`` apart from its
    length, or ``None``. A resumed job may ask for more games than the first
    run did: game ``i`` is the same game whatever the total."""
    wanted = json.loads(json.dumps(job.to_json()))
    for key, value in wanted.items():
        if key != "games" and stored.get(key) != value:
            return f"its {key} is {stored.get(key)!r}, not {value!r}"
    return None


def finished_games(folder: Path, job: Job) -> Finished:
    """The finished games of ``job`` recorded in ``folder``.

    Raises:
        FolderError: the folder holds another job, a record that does not
            replay or does not belong to this job, a game twice, or more
            games than ``job`` asks for.
    """
    try:
        stored = read_job(folder)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise FolderError(f"{folder / 'job.json'} cannot be read: {exc}") from None
    if not isinstance(stored, dict):
        raise FolderError(f"{folder / 'job.json'} does not describe a job")
    if not stored:
        raise FolderError(f"{folder} holds no job.json: there is no job to resume there")
    mismatch = same_job(job, stored)
    if mismatch:
        raise FolderError(f"{folder} holds another job: {mismatch}")
    path = folder / "records.jsonl"
    try:
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True) if path.exists() else []
    except (OSError, UnicodeDecodeError) as exc:
        raise FolderError(f"{path} cannot be read: {exc}") from None
    finished = Finished([])
    seen: set[int] = set()
    for number, line in enumerate(lines, start=1):
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            if number == len(lines) and not line.endswith("\n"):
                finished.torn_tail = True  # cut off mid-write: play that game again
                break
            raise FolderError(f"{path}, line {number}: not a JSON record") from None
        result = _replayed(job, record, f"{path}, line {number}")
        if result.index in seen:
            raise FolderError(f"{path}, line {number}: game {result.index} is recorded twice")
        seen.add(result.index)
        finished.results.append(result)
    finished.results.sort(key=lambda r: r.index)
    return finished


def _replayed(job: Job, record: Any, where: str) -> GameResult:
    meta = record.get("meta") if isinstance(record, dict) else None
    if not isinstance(meta, dict):
        meta = {}
    index = meta.get("index")
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise FolderError(f"{where}: the record does not say which game of the job it is")
    if index >= job.games:
        raise FolderError(
            f"{where}: game {index} is already played; ask for at least {index + 1} games"
        )
    task = job.task(index)
    if record.get("seed") != task.seed or meta.get("bots") != list(task.seats):
        raise FolderError(f"{where}: game {index} was not dealt or seated as this job deals it")
    try:
        state = replay(record)
        start = replay(record, upto=0)
    except GameshelfError as exc:
        raise FolderError(f"{where}: {exc.message_in('en')}") from None
    except Exception as exc:  # a damaged record may break anything; say where, keep the folder
        raise FolderError(f"{where}: the record does not replay ({type(exc).__name__}: {exc})") from None
    if not state.is_over:
        raise FolderError(f"{where}: game {index} is not finished")
    seconds = meta.get("seconds")
    # records written before play times were kept have none: NaN, left out of the mean
    seconds = float(seconds) if isinstance(seconds, int | float) else math.nan
    starter = start.current_player if start.current_player is not None else 0
    return finished_result(task, state, starter, seconds, {})  # the record stays on disk only


def drop_torn_tail(folder: Path) -> None:
    """Cut ``records.jsonl`` back to its last whole line, so that appending
    the next game does not glue it to a half-written one."""
    path = folder / "records.jsonl"
    data = path.read_bytes()
    path.write_bytes(data[: data.rfind(b"\n") + 1])


@dataclasses.dataclass
class FolderRun:
    """How a run into a folder went: this run's outcome, and every finished
    game of the job (the ones found there first included)."""

    outcome: RunOutcome
    results: list[GameResult]
    resumed: int = 0
    torn_tail: bool = False


def run_in_folder(job: Job, folder: Path, *, resume: bool = False, **run: Any) -> FolderRun:
    """Play ``job`` into ``folder``: each record as its game finishes, the
    tables (of every finished game) at the end, however the run ended.

    With ``resume`` the games the folder already holds are kept and only the
    others are played; without it a folder that holds finished games is
    refused rather than overwritten (hours of play are not thrown away by
    running a command twice). ``run`` goes to :func:`run_job`.

    Raises:
        FolderError: before anything is written.
    """
    found = finished_games(folder, job) if resume else Finished([])
    if not resume and _recorded(folder):
        raise FolderError(
            f"{folder} already holds finished games; add --resume to finish that job"
            " there, or choose another output folder"
        )
    if found.torn_tail:
        drop_torn_tail(folder)
    write_job(job, folder)
    writer = RecordWriter(folder, release=True, append=resume)
    try:
        outcome = run_job(job, skip=found.indexes, on_result=writer, **run)
    finally:
        writer.close()
    results = sorted(found.results + outcome.results, key=lambda r: r.index)
    if results:
        write_tables(results, folder)
    return FolderRun(outcome, results, len(found.results), found.torn_tail)


def _recorded(folder: Path) -> bool:
    path = folder / "records.jsonl"
    return path.exists() and path.stat().st_size > 0
