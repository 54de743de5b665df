"""The adapter benchmark runs and reports every adapter (not how fast it is)."""

from __future__ import annotations

import json
from types import ModuleType

import pytest

from tests.benchmark_scripts import load_benchmark

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")


def _load() -> ModuleType:
    return load_benchmark("adapters")


def test_json_output_names_every_adapter(capsys: pytest.CaptureFixture[str]) -> None:
    bench = _load()
    assert bench.main(["--seconds", "0.01", "--rounds", "1", "--game", "dicey-farm", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["game"] for r in rows] == ["dicey-farm"]
    assert set(rows[0]["moves_per_s"]) == set(bench.ADAPTERS)
    assert all(v > 0 for v in rows[0]["moves_per_s"].values())


def test_breakdown_reports_each_cost(capsys: pytest.CaptureFixture[str]) -> None:
    assert _load().main(["--breakdown", "1", "--game", "dicey-farm", "--json"]) == 0
    costs = json.loads(capsys.readouterr().out)["dicey-farm"]
    assert set(costs) == {
        "move (apply)", "tensor (state encoder)", "mask", "reference: observation", "reference: encoding",
    }
    assert all(v >= 0 for v in costs.values())


def test_without_tensors_stubs_them_only_while_it_measures(capsys: pytest.CaptureFixture[str]) -> None:
    """The diagnosis replaces every adapter's tensor by zeros while it runs,
    and puts the real encoder back afterwards."""
    import numpy as np

    from gameshelf.core.registry import load_game
    from gameshelf.rl._common import SeatTensors

    bench = _load()
    state = load_game("dicey-farm").new_game(1, seed=3)
    with bench.tensors_stubbed():
        assert not SeatTensors()(state, 0).any()
    assert SeatTensors()(state, 0).any()
    assert bench.main(["--seconds", "0.01", "--rounds", "1", "--game", "dicey-farm", "--without-tensors"]) == 0
    assert "--without-tensors" in capsys.readouterr().out
    assert np.array_equal(SeatTensors()(state, 0), state.observation_tensor(0))


def test_bare_adds_the_rows_without_a_library(capsys: pytest.CaptureFixture[str]) -> None:
    """``--bare`` measures random play through a mask (and a tensor) alone,
    beside the adapters and in the same run."""
    bench = _load()
    assert bench.main(["--seconds", "0.01", "--rounds", "1", "--game", "dicey-farm", "--json", "--bare"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert set(rows[0]["moves_per_s"]) == set(bench.ADAPTERS) | set(bench.BARE)
    assert all(v > 0 for v in rows[0]["moves_per_s"].values())


def test_bare_play_follows_the_rules_to_the_end() -> None:
    """A bare playout plays only legal moves (``LegalNow.play`` refuses any
    other) and finishes the game, with or without the tensor."""
    bench = _load()
    for tensor in (False, True):
        assert bench.bare("pay-dirt", 3, tensor=tensor)(5) > 0
