"""The engine benchmark runs and reports every figure (not how fast it is)."""

from __future__ import annotations

import json

import pytest

from tests.benchmark_scripts import load_benchmark


def _load():  # type: ignore[no-untyped-def]
    return load_benchmark("engine")


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
