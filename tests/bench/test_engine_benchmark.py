"""The engine benchmark runs and reports every figure (not how fast it is)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "engine.py"


def _load():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("bench_engine", SCRIPT)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules["bench_engine"] = module
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def test_json_output_has_figures_and_ratios(capsys: pytest.CaptureFixture[str]) -> None:
    bench = _load()
    assert bench.main(["--seconds", "0.05", "--game", "hidden-high", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [f["players"] for f in data["figures"]] == [2, 3, 4]
    for fig in data["figures"]:
        assert fig["steps_per_s"] > 0 and fig["clone_us"] > 0 and fig["mean_steps"] > 0
        if data["reference"]:
            assert fig["steps_ratio"] > 0


def test_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    bench = _load()
    assert bench.main(["--seconds", "0.05", "--game", "hidden-high"]) == 0
    assert "steps/s" in capsys.readouterr().out
