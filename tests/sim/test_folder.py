"""Playing a job into a folder, and finishing one that stopped (``--resume``).

What a researcher relies on: a job stopped after any game and resumed, in one
go or several, ends with the very tables an uninterrupted run writes; and a
folder that cannot be resumed is refused with a reason and left untouched.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from gameshelf.sim import cli
from gameshelf.sim.folder import FolderError, finished_games, run_in_folder
from gameshelf.sim.job import Job
from gameshelf.sim.results import read_table
from gameshelf.sim.stats import summarize

PLUGIN = "tests.sim.plugin_games"
app = typer.Typer()
app.command("simulate")(cli.simulate)
app.command("report")(cli.report)


def job(games: int = 10, **changes: object) -> Job:
    fields: dict[str, object] = {
        "game": "hidden-high",
        "players": 3,
        "bots": ("greedy", "random", "ismcts[iterations=8]"),
        "games": games,
        "seed": 4,
        "plugins": (PLUGIN,),
    }
    fields.update(changes)
    return Job(**fields)  # type: ignore[arg-type]


def stop_after(folder: Path, count: int, games: int = 10) -> None:
    """Play ``job(games)`` into ``folder`` and stop it after ``count`` games."""
    finished: list[int] = []

    def enough() -> bool:
        finished.append(1)
        return len(finished) >= count

    run = run_in_folder(job(games), folder, workers=1, progress=False, should_stop=enough)
    assert run.outcome.interrupted and len(run.results) == count


def untimed(folder: Path) -> list[dict]:  # type: ignore[type-arg]
    return [{**row, "seconds": None} for row in read_table(folder / "results") or []]


def resume_cli(folder: Path, games: int = 10, *extra: str) -> tuple[int, str]:
    result = CliRunner().invoke(
        app,
        [
            "simulate", "hidden-high", "--players", "3", "--bots", "greedy,random,ismcts[iterations=8]",
            "--games", str(games), "--seed", "4", "--workers", "1", "--no-progress",
            "--plugin", PLUGIN, "--out", str(folder), *extra,
        ],
    )  # fmt: skip
    return result.exit_code, " ".join(result.output.split())


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The job played in one go: what every resumed run must end with."""
    folder = tmp_path_factory.mktemp("whole")
    run = run_in_folder(job(), folder, workers=1, progress=False)
    assert run.outcome.complete and len(run.results) == 10
    return folder


def test_a_stopped_job_resumed_ends_with_the_uninterrupted_tables(whole: Path, tmp_path: Path) -> None:
    stop_after(tmp_path, 3)
    code, printed = resume_cli(tmp_path, 10, "--resume")
    assert code == 0, printed
    assert "Resumed: 3 games were already played, 7 more now" in printed
    assert untimed(tmp_path) == untimed(whole)
    records = [json.loads(line) for line in (tmp_path / "records.jsonl").read_text().splitlines()]
    assert sorted(r["meta"]["index"] for r in records) == list(range(10))
    assert json.loads((tmp_path / "summary.json").read_text())["games"] == 10


def test_resuming_in_several_steps_and_asking_for_more_games(whole: Path, tmp_path: Path) -> None:
    """-n may grow on resume: game i is the same game whatever the total."""
    stop_after(tmp_path, 2, games=4)
    assert resume_cli(tmp_path, 4, "--resume")[0] == 0
    code, printed = resume_cli(tmp_path, 10, "--resume")
    assert code == 0 and "Resumed: 4 games" in printed
    assert untimed(tmp_path) == untimed(whole)


def test_a_finished_job_resumed_plays_nothing_more(whole: Path, tmp_path: Path) -> None:
    run_in_folder(job(), tmp_path, workers=1, progress=False)
    code, printed = resume_cli(tmp_path, 10, "--resume")
    assert code == 0 and "10 games were already played, 0 more now" in printed
    assert untimed(tmp_path) == untimed(whole)


def test_a_record_cut_off_mid_write_is_played_again(whole: Path, tmp_path: Path) -> None:
    stop_after(tmp_path, 4)
    records = tmp_path / "records.jsonl"
    text = records.read_text()
    records.write_text(text[: len(text) - 40])  # the fourth game's line, half written
    assert finished_games(tmp_path, job()).torn_tail
    code, printed = resume_cli(tmp_path, 10, "--resume")
    assert code == 0 and "cut off mid-write" in printed and "3 games were already played" in printed
    assert untimed(tmp_path) == untimed(whole)
    assert all(json.loads(line) for line in records.read_text().splitlines())


def test_resumed_results_are_rebuilt_exactly_from_the_records(whole: Path) -> None:
    rebuilt = finished_games(whole, job()).results
    assert [r.index for r in rebuilt] == list(range(10))
    rows = read_table(whole / "results") or []
    for result in rebuilt:
        mine = [row for row in rows if row["game"] == result.index]
        assert [row["score"] for row in mine] == result.scores
        assert [row["win_share"] for row in mine] == result.win_shares
        assert [row["starter"] for row in mine] == [s == result.starter for s in range(3)]
        assert mine[0]["seconds"] == pytest.approx(result.seconds, abs=1e-3)


def test_games_without_a_recorded_play_time_leave_it_out_of_the_mean(tmp_path: Path) -> None:
    """Records written before play times were kept resume with no time."""
    run_in_folder(job(games=3), tmp_path, workers=1, progress=False)
    _edit_records(tmp_path, lambda records: [r["meta"].pop("seconds") for r in records])
    assert resume_cli(tmp_path, 4, "--resume")[0] == 0
    rows = read_table(tmp_path / "results") or []
    timed = [row["seconds"] for row in rows if row["game"] == 3]
    assert summarize(rows)["seconds_per_game"] == pytest.approx(timed[0])
    assert CliRunner().invoke(app, ["report", str(tmp_path)]).exit_code == 0
    untimed_only = [{**row, "seconds": float("nan")} for row in rows]
    summary = summarize(untimed_only)
    assert summary["seconds_per_game"] is None
    assert "play time not recorded" in " ".join(_printed(summary).split())


def _printed(summary: dict) -> str:  # type: ignore[type-arg]
    from io import StringIO

    from rich.console import Console

    from gameshelf.sim.console import print_summary

    buffer = StringIO()
    print_summary(summary, Console(file=buffer, width=200), title="t")
    return buffer.getvalue()


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def _edit_records(folder: Path, edit: Callable[[list[dict[str, Any]]], object]) -> None:
    """Rewrite ``records.jsonl`` after ``edit`` changed its records in place."""
    path = folder / "records.jsonl"
    records = [json.loads(line) for line in path.read_text().splitlines()]
    edit(records)
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


def _tamper_action(folder: Path) -> None:
    _edit_records(folder, lambda records: records[1]["actions"].__setitem__(0, {"type": "no-such-move"}))


def _duplicate(folder: Path) -> None:
    records = folder / "records.jsonl"
    first = records.read_text().splitlines()[0]
    records.write_text(records.read_text() + first + "\n")


def _garble_middle(folder: Path) -> None:
    records = folder / "records.jsonl"
    lines = records.read_text().splitlines()
    lines[1] = lines[1][:30]
    records.write_text("\n".join(lines) + "\n")


def _reseat(folder: Path) -> None:
    _edit_records(folder, lambda records: records[0]["meta"]["bots"].reverse())


def _garble_job(folder: Path) -> None:
    (folder / "job.json").write_text("{not json")


def _options_not_a_dict(folder: Path) -> None:
    _edit_records(folder, lambda records: records[2].__setitem__("options", ["a", "list"]))


@pytest.mark.parametrize(
    ("spoil", "args", "message"),
    [
        (_garble_job, ["--resume"], "job.json cannot be read"),
        (_options_not_a_dict, ["--resume"], "line 3:"),
        (None, ["--resume", "--seed", "5"], "holds another job: its seed is 4, not 5"),
        (None, [], "already holds finished games; add --resume"),
        (_tamper_action, ["--resume"], "line 2: Move 1 of this record is not legal"),
        (_duplicate, ["--resume"], "is recorded twice"),
        (_garble_middle, ["--resume"], "line 2: not a JSON record"),
        (_reseat, ["--resume"], "was not dealt or seated as this job deals it"),
    ],
)
def test_a_folder_that_cannot_be_resumed_is_refused_and_left_as_it_was(
    tmp_path: Path, spoil: object, args: list[str], message: str
) -> None:
    stop_after(tmp_path, 3)
    if callable(spoil):
        spoil(tmp_path)
    before = _snapshot(tmp_path)
    code, printed = resume_cli(tmp_path, 10, *args)
    # rich wraps long paths mid-word at 80 columns: compare without spaces
    assert code == 2 and message.replace(" ", "") in printed.replace(" ", ""), printed
    assert _snapshot(tmp_path) == before


def test_fewer_games_than_the_folder_holds_is_refused(tmp_path: Path) -> None:
    run_in_folder(job(games=6), tmp_path, workers=1, progress=False)
    with pytest.raises(FolderError, match="game 5 is already played; ask for at least 6 games"):
        finished_games(tmp_path, job(games=5))


def test_resuming_a_folder_without_a_job_says_so(tmp_path: Path) -> None:
    code, printed = resume_cli(tmp_path / "empty", 10, "--resume")
    assert code == 2 and "holds no job.json" in printed
    assert not (tmp_path / "empty").exists()
