"""``benchmarks/bots.py`` runs end to end on small games and prints its figures."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import tests.sim.plugin_games  # noqa: F401  (registers the test games)

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bots.py"


@pytest.fixture(scope="module")
def bench():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("bench_bots", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_duels_and_solitaire_scores_are_reported(bench, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    args = ["--game", "hidden-high", "--game", "keep-or-reroll", "--games", "4", "--workers", "1"]
    assert bench.main([*args, "--hard", "iterations=6", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hard"].startswith("ismcts[iterations=6,")
    duel = out["games"]["hidden-high"]
    assert set(duel["duels"]) == {"greedy", "random"}
    assert all(
        d["games"] == 4 and 0 <= d["low"] <= d["win_rate"] <= d["high"] <= 1
        for d in duel["duels"].values()
    )
    assert duel["iterations_per_s"]["normal"] > 0 and duel["iterations_per_s"]["hard"] > 0
    solo = out["games"]["keep-or-reroll"]["scores"]
    assert [s["bot"].split("[")[0] for s in solo] == [
        "random",
        "greedy",
        "easy",
        "normal",
        "ismcts",
    ]
    assert all(s["n"] == 4 and s["ranks"] == {"-": 4} for s in solo)


def test_tables_are_printed(bench, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    assert (
        bench.main(
            ["--game", "hidden-high", "--games", "2", "--workers", "1", "--hard", "iterations=4"]
        )
        == 0
    )
    printed = capsys.readouterr().out
    assert "iterations/s" in printed and "hard win rate" in printed


def test_plots_are_drawn_per_game(bench, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    args = ["--game", "hidden-high", "--game", "keep-or-reroll", "--games", "2", "--workers", "1"]
    assert bench.main([*args, "--hard", "iterations=4", "--solo-bots", "random,greedy", "--json", "--plot", str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    for game_id in ("hidden-high", "keep-or-reroll"):
        path = Path(out["games"][game_id]["plot"])
        assert path == tmp_path / f"{game_id}.png" and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "raw_scores" not in out["games"]["keep-or-reroll"]


def test_kept_duels_resume_where_they_stopped(bench, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    """``--keep``: a second run with more games plays only the new ones and
    reports every game; the games are the ones an unkept run plays."""
    args = ["--game", "hidden-high", "--workers", "1", "--hard", "iterations=6", "--json",
            "--opponents", "greedy", "--seed", "2"]  # fmt: skip
    assert bench.main([*args, "--games", "3", "--keep", str(tmp_path)]) == 0
    capsys.readouterr()
    assert bench.main([*args, "--games", "6", "--keep", str(tmp_path)]) == 0
    kept = json.loads(capsys.readouterr().out)["games"]["hidden-high"]["duels"]["greedy"]
    (folder,) = tmp_path.iterdir()
    assert folder.name.startswith("hidden-high-ismcts-iterations=6-") and folder.name.endswith("-vs-greedy-seed2")
    assert len((folder / "records.jsonl").read_text().splitlines()) == 6
    assert bench.main([*args, "--games", "6"]) == 0
    fresh = json.loads(capsys.readouterr().out)["games"]["hidden-high"]["duels"]["greedy"]
    assert kept["games"] == fresh["games"] == 6
    assert kept["win_rate"] == fresh["win_rate"] and kept["score"] == fresh["score"]
