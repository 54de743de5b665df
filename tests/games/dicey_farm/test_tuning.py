"""The heuristic's weights live in a data file, and the tuner moves them by play."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameshelf.core.datafile import parse_toml
from gameshelf.games.dicey_farm import heuristics, tuning
from gameshelf.games.dicey_farm.components import DataError
from gameshelf.games.dicey_farm.heuristics import Weights, evaluate, load_weights, use_weights
from tests.games.dicey_farm.helpers import farm


def table() -> dict[str, object]:
    return parse_toml(tuning.to_toml(load_weights(), "designed", "test"), "test", DataError)


def test_the_shipped_file_round_trips() -> None:
    weights = load_weights()
    assert Weights.from_table(table()) == weights
    assert weights.with_flat(weights.flat()) == weights


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.pop("misc"), "missing table [misc]"),
        (lambda t: t["good"].update(fish=-1), "[good] fish must be a number >= 0"),
        (lambda t: t["good"].update(fish="lots"), "[good] fish must be a number >= 0"),
        (lambda t: t["good"].update(fish=True), "[good] fish must be a number >= 0"),
        (lambda t: t["misc"].pop("die"), "missing weights die"),
    ],
)
def test_a_broken_weights_file_is_refused_with_its_reason(edit, message) -> None:
    broken = table()
    edit(broken)
    with pytest.raises(DataError) as err:
        Weights.from_table(broken, "data/heuristic.toml")
    assert message in str(err.value) and "data/heuristic.toml" in str(err.value)


def test_an_unknown_weight_name_is_refused() -> None:
    with pytest.raises(DataError, match=r"unknown heuristic weight 'good\.unicorn'"):
        load_weights().with_flat({"good.unicorn": 1.0})


def test_use_weights_changes_what_evaluate_counts_and_restores() -> None:
    s = farm(dice=[3], goods={"food": 3, "fish": 4})
    before = evaluate(s)
    fish = load_weights().good["fish"]
    previous = use_weights(load_weights().with_flat({"good.fish": fish + 1.0}))
    try:
        assert evaluate(s) == pytest.approx(before + 4.0)
    finally:
        use_weights(previous)
    assert evaluate(s) == before


def test_every_weight_is_read_by_the_heuristic() -> None:
    """A weight the code never reads would be tuned for nothing: doubling
    each one (alone) must change the value of at least one of these farms,
    which between them hold every good, craftsman and step a weight is for."""
    weights = load_weights()
    farms = [
        farm(dice=[6, 3], fields=3, goods={"food": 1, "fish": 2, "wheat": 3, "milk": 1, "wool": 2, "flower": 1, "wheat_seed": 2}),
        farm(dice=[2], round_no=3, fields=6, goods={"food": 6, "chicken": 2, "sheep": 2, "cow": 1, "pig": 1, "horse": 1, "egg": 2}),
        farm(
            dice=[5], round_no=2, fields=9, hired=tuple(weights.engine), built=("bread_oven", "smokehouse"),
            goods={"food": 2, "wheat": 3, "egg": 2, "milk": 2, "flower": 2, "meat": 2, "wool": 2, "pig": 1, "cow": 1,
                   "vegetable": 1, "vegetable_seed": 3, "flower_seed": 3, "wheat_seed": 1},
            sown={"wheat": 1, "vegetable": 1, "flower": 1},
        ),
        farm(dice=[4], round_no=7, fields=3, goods={"food": 9, "fish": 2, "vegetable": 2, "wheat_seed": 1}, used=("ship",), phase="sow"),
        farm(dice=[1], round_no=1, hired=("fisherman", "baker"), built=("bread_oven",)),
    ]
    before = [evaluate(f) for f in farms]
    dead = []
    for name, value in weights.flat().items():
        if value == 0:
            continue
        previous = use_weights(weights.with_flat({name: value * 2 + 0.5}))
        try:
            if [evaluate(f) for f in farms] == before:
                dead.append(name)
        finally:
            use_weights(previous)
    assert dead == []


def test_tuner_scores_every_candidate_on_the_same_deals() -> None:
    base = load_weights()
    worse = base.with_flat({"misc.future_food_cost": 0.0, "misc.die": 0.0})
    scores = tuning.score_weight_sets([base, base, worse], [5, 6], workers=1)
    assert scores[0] == scores[1]  # same weights, same deals: same games
    assert len(scores[2]) == 2
    assert scores[0] == [tuning.greedy_score(5), tuning.greedy_score(6)]


def test_a_tiny_tuning_run_moves_the_weights_and_reports_each_generation(tmp_path: Path) -> None:
    seen: list[tuning.Generation] = []
    config = tuning.TuneConfig(generations=2, population=2, deals=2, workers=1, seed=3)
    result = tuning.tune(load_weights(), config, on_generation=seen.append)
    assert [g.index for g in seen] == [0, 1] and seen[1].deals == (5, 6)
    assert all(g.worst <= g.mean <= g.best for g in seen)
    assert result.weights != load_weights()
    assert result.weights.animal_yield["pig"] == 0.0  # a zero weight stays off
    path = tmp_path / "heuristic.toml"
    tuning.write_weights(result.weights, path, "tuned", "a test run")
    assert Weights.from_table(parse_toml(path.read_text(), "x", DataError)) == result.weights
    assert load_weights() == heuristics.W  # the tuner leaves the weights in use alone


@pytest.mark.parametrize("bad", [{"population": 3}, {"population": 0}, {"deals": 0}, {"sigma": 0.0}, {"workers": 0}])
def test_a_bad_tuning_config_is_refused(bad) -> None:
    with pytest.raises(ValueError):
        tuning.TuneConfig(**bad)


def tune_app():
    import typer

    from gameshelf.games.dicey_farm.cli import tune_command

    cli = typer.Typer()
    cli.command("dicey-farm-tune")(tune_command)
    cli.command("noop")(lambda: None)  # two commands keep the name a sub-command
    return cli


def test_tune_command_writes_a_weights_file_and_compares_on_unseen_deals(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    out = tmp_path / "w.toml"
    args = ["dicey-farm-tune", "--generations", "1", "--population", "2", "--deals", "2", "--validate", "2",
            "--workers", "1", "--out", str(out)]
    result = CliRunner().invoke(tune_app(), args)
    assert result.exit_code == 0, result.output
    assert "generation   1" in result.output and "greedy on 2 unseen deals" in result.output
    assert 'status = "tuned"' in out.read_text() and "--population 2" in out.read_text()
    again = CliRunner().invoke(tune_app(), ["dicey-farm-tune", "--start", str(out), "--generations", "1",
                                            "--population", "2", "--deals", "1", "--validate", "0", "--workers", "1"])
    assert again.exit_code == 0 and "[misc]" in again.output


@pytest.mark.parametrize(
    ("args", "message"),
    [(["--population", "3"], "population must be an even number"), (["--start", "missing.toml"], "missing.toml: cannot read it")],
)
def test_tune_command_refuses_bad_input(args, message) -> None:
    from typer.testing import CliRunner

    result = CliRunner().invoke(tune_app(), ["dicey-farm-tune", *args])
    assert result.exit_code == 2 and message in result.output
