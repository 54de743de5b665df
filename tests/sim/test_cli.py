"""``simulate`` and ``report`` end to end, as a user runs them."""

from __future__ import annotations

import base64
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from gameshelf.core.record import replay
from gameshelf.sim import cli
from gameshelf.sim import results as results_module
from gameshelf.sim.results import read_table

PLUGIN = "tests.sim.plugin_games"
ROOT = Path(__file__).resolve().parents[2]

app = typer.Typer()
app.command("simulate")(cli.simulate)
app.command("report")(cli.report)


def simulate(tmp_path: Path, *args: str) -> tuple[Path, str]:
    out = tmp_path / "sim"
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            *args,
            "--workers",
            "1",
            "--no-progress",
            "--plugin",
            PLUGIN,
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    return out, result.output


def test_simulate_writes_records_tables_and_a_summary(tmp_path: Path) -> None:
    out, printed = simulate(
        tmp_path, "hidden-high", "--players", "3", "--bots", "ismcts[iterations=8],greedy,random",
        "--games", "9", "--seed", "3",
    )  # fmt: skip
    rows = read_table(out / "results")
    assert rows is not None and len(rows) == 27
    records = [json.loads(line) for line in (out / "records.jsonl").read_text().splitlines()]
    assert sorted(r["meta"]["index"] for r in records) == list(range(9))
    for record in records[:3]:
        assert replay(record).scores() == record["result"]["scores"]
    summary = json.loads((out / "summary.json").read_text())
    assert {b["bot"] for b in summary["bots"]} == {"ismcts[iterations=8]", "greedy", "random"}
    assert sum(b["win_rate"] * b["n"] for b in summary["bots"]) == pytest.approx(9)
    assert json.loads((out / "job.json").read_text())["bots"] == [
        "ismcts[iterations=8]",
        "greedy",
        "random",
    ]
    for shown in ("win rate", "First player wins", "Game length", "no acquisitions"):
        assert shown in printed


def test_report_draws_every_plot_into_one_html_page(tmp_path: Path) -> None:
    out, _ = simulate(
        tmp_path, "hidden-high", "--players", "2", "--bots", "greedy,random", "--games", "6"
    )
    result = CliRunner().invoke(app, ["report", str(out)])
    assert result.exit_code == 0, result.output
    pngs = sorted(p.name for p in out.glob("*.png"))
    assert pngs == [
        "game_length.png",
        "scores_by_bot.png",
        "win_rate_by_bot.png",
        "win_rate_by_seat.png",
    ]
    page = (out / "report.html").read_text()
    embedded = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    assert len(embedded) == 4
    assert all(base64.b64decode(e).startswith(b"\x89PNG") for e in embedded)
    assert "first player wins" in page and "greedy" in page


def test_solitaire_with_acquisitions_gets_the_item_table_and_plot(tmp_path: Path) -> None:
    out, printed = simulate(
        tmp_path,
        "keep-or-reroll",
        "--players",
        "1",
        "--bots",
        "ismcts[iterations=20],random",
        "--games",
        "12",
    )
    assert "Cards/tiles by score lift" in printed and "face-6" in printed
    items = read_table(out / "items")
    assert items is not None and {r["item"] for r in items} <= {f"face-{f}" for f in range(1, 7)}
    assert CliRunner().invoke(app, ["report", str(out)]).exit_code == 0
    assert (out / "items.png").exists() and not (out / "win_rate_by_bot.png").exists()


def test_tables_fall_back_to_csv_without_pyarrow(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = [
        {
            "game": 0,
            "seat": 1,
            "bot": "b[x=1]",
            "item": "it",
            "count": 2,
            "win_share": 0.5,
            "score": 3.0,
        }
    ]
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # makes `import pyarrow` fail
    path = results_module.write_table(rows, results_module.ITEM_COLUMNS, tmp_path / "items")
    assert path.suffix == ".csv"
    assert read_table(tmp_path / "items") == rows


def test_report_on_an_empty_folder_says_so(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["report", str(tmp_path)])
    assert result.exit_code == 1 and "no results" in " ".join(result.output.split())


def test_ctrl_c_stops_cleanly_and_keeps_finished_games(tmp_path: Path) -> None:
    out = tmp_path / "interrupted"
    command = [
        sys.executable, "-m", "gameshelf.sim.cli", "simulate", "slow-high", "--players", "2",
        "--games", "400", "--workers", "2", "--no-progress", "--plugin", PLUGIN, "--out", str(out),
    ]  # fmt: skip
    proc = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    records = out / "records.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (
        not records.exists() or records.read_text().count("\n") < 3
    ):
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    printed, _ = proc.communicate(timeout=60)
    assert proc.returncode == 130, printed
    assert "Stopped early" in printed
    kept = records.read_text().splitlines()
    rows = read_table(out / "results")
    assert rows is not None and 3 <= len(kept) < 400 and len(rows) == 2 * len(kept)
    assert json.loads((out / "summary.json").read_text())["games"] == len(kept)


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("GAMESHELF_SKIP_RAY") == "1", reason="GAMESHELF_SKIP_RAY=1")
def test_ray_local_runs_the_same_job(tmp_path: Path) -> None:
    """One small job on a local Ray instance. Slow: starting Ray took 22 s
    (wall) on a shared 2-core machine, most of it waiting, not computing."""
    pytest.importorskip("ray")
    args = [
        "hidden-high",
        "--players",
        "2",
        "--bots",
        "greedy,random",
        "--games",
        "6",
        "--seed",
        "5",
    ]
    local, _ = simulate(tmp_path / "local", *args)
    on_ray, _ = simulate(tmp_path / "ray", *args, "--ray", "local")
    assert read_table(on_ray / "results") == _without_seconds(read_table(local / "results"), on_ray)


def _without_seconds(rows: list[dict] | None, other: Path) -> list[dict]:  # type: ignore[type-arg]
    """The local rows with the other run's timings (timings differ, nothing else may)."""
    theirs = read_table(other / "results") or []
    return [{**r, "seconds": t["seconds"]} for r, t in zip(rows or [], theirs, strict=True)]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no-such-game"], "Unknown game"),
        (["hidden-high", "--players", "9"], "takes 2-4 players"),
        (["hidden-high", "--bots", "wizard"], "Unknown bot wizard"),
    ],
)
def test_a_job_that_cannot_start_says_why(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(
        app, ["simulate", *args, "--plugin", PLUGIN, "--out", str(tmp_path / "x")]
    )
    assert result.exit_code == 2 and message in " ".join(result.output.split())
    assert not (tmp_path / "x").exists()
