"""``gameshelf tune``: heuristic weights searched by greedy play."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from gameshelf.bots import tuning
from gameshelf.bots.tune_cli import tune
from gameshelf.core.weights import WeightsError
from gameshelf.games.dicey_farm.heuristics import WEIGHTS as FARM
from gameshelf.games.filthy_rich.heuristics import WEIGHTS as RICH
from tests.bots.loop_game import PickOrBack  # registers a game without weights


def test_every_candidate_plays_the_same_deals() -> None:
    base = FARM.shipped
    worse = base.with_flat({"misc.future_food_cost": 0.0, "misc.die": 0.0})
    scores = tuning.fitness_of_sets("dicey-farm", 1, base, [base, base, worse], [5, 6], workers=1)
    assert scores[0] == scores[1]  # same weights, same deals: the same games
    assert scores[0] == [tuning.deal_fitness("dicey-farm", 1, base, base, s) for s in (5, 6)]
    assert len(scores[2]) == 2 and FARM.current is FARM.shipped  # the slot is left as found


def test_a_duel_against_itself_is_even_and_swaps_seats() -> None:
    base = RICH.shipped
    shares = [tuning.deal_fitness("filthy-rich", 2, base, base, seed) for seed in range(4)]
    assert all(s in (0.0, 0.25, 0.5, 0.75, 1.0) for s in shares)
    # with both seats alike, each deal's two games are the same game seated
    # the other way round, so the candidate wins exactly one of them
    assert shares == [0.5] * 4


def test_weighted_bot_decides_with_its_own_weights() -> None:
    seen = []

    class Probe:
        name = "probe"

        def choose(self, view: object) -> str:
            seen.append(RICH.current)
            return "move"

    mine = RICH.shipped.with_flat({"luxury.first": 99.0})
    bot = tuning.WeightedBot(Probe(), RICH, mine)  # type: ignore[arg-type]
    assert bot.name == "probe" and bot.choose(None) == "move"  # type: ignore[arg-type]
    assert seen == [mine] and RICH.current is RICH.shipped


def test_a_tiny_run_reports_each_generation_and_moves_the_weights() -> None:
    seen: list[tuning.Generation] = []
    config = tuning.TuneConfig(generations=2, population=2, deals=2, workers=1, seed=3)
    result = tuning.tune("dicey-farm", 1, FARM.shipped, config, on_generation=seen.append)
    assert [g.index for g in seen] == [0, 1] and seen[1].deals == (5, 6)
    assert all(g.worst <= g.mean <= g.best for g in seen)
    assert result.weights != FARM.shipped
    assert result.weights["animal_yield"]["pig"] == 0.0  # a zero weight stays off
    comparison = tuning.compare("dicey-farm", 1, FARM.shipped, result.weights, 2, workers=1)
    assert comparison.gap_low <= comparison.after - comparison.before <= comparison.gap_high


def test_a_multiplayer_comparison_is_a_win_share_against_the_start() -> None:
    c = tuning.compare("filthy-rich", 2, RICH.shipped, RICH.shipped, 3, workers=2)
    assert (c.before, c.after, c.gap_low, c.gap_high) == (0.5, 0.5, 0.0, 0.0)


def test_a_game_without_weights_is_not_tunable() -> None:
    with pytest.raises(tuning.GameNotTunable, match=f"{PickOrBack.id} has no tunable heuristic weights"):
        tuning.slot_for(PickOrBack.id)


@pytest.mark.parametrize("bad", [{"population": 3}, {"population": 0}, {"deals": 0}, {"sigma": 0.0}, {"workers": 0}])
def test_a_bad_config_is_refused(bad: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        tuning.TuneConfig(**bad)  # type: ignore[arg-type]


def app() -> typer.Typer:
    cli = typer.Typer()
    cli.command("tune")(tune)
    cli.command("noop")(lambda: None)  # two commands keep "tune" a sub-command
    return cli


def test_tune_command_writes_weights_and_compares_on_unseen_deals(tmp_path: Path) -> None:
    out = tmp_path / "w.toml"
    args = ["tune", "dicey-farm", "--generations", "1", "--population", "2", "--deals", "2", "--validate", "2",
            "--workers", "1", "--out", str(out)]
    result = CliRunner().invoke(app(), args)
    assert result.exit_code == 0, result.output
    assert "generation   1" in result.output and "greedy on 2 unseen deals, mean score" in result.output
    text = out.read_text()
    assert 'status = "tuned"' in text and "gameshelf tune dicey-farm --players 1" in text
    assert FARM.read(out) != FARM.shipped
    again = CliRunner().invoke(app(), ["tune", "filthy-rich", "--generations", "1", "--population", "2", "--deals",
                                       "1", "--validate", "0", "--workers", "1"])
    assert again.exit_code == 0, again.output
    assert "win share vs the start (0.50 is even)" in again.output and "[luxury]" in again.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["dicey-farm", "--population", "3"], "population must be an even number"),
        (["dicey-farm", "--start", "missing.toml"], "missing.toml: cannot read it"),
        (["dicey-farm", "--players", "2"], "dicey-farm is for 1-1 players, not 2"),
        ([PickOrBack.id], f"{PickOrBack.id} has no tunable heuristic weights"),
        (["chess"], "unknown game 'chess'"),
    ],
)
def test_tune_command_refuses_bad_input(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app(), ["tune", *args])
    assert result.exit_code == 2 and message in result.output, result.output


def test_a_start_file_for_another_game_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "farm.toml"
    FARM.write(FARM.shipped, path, "designed", "farm weights")
    with pytest.raises(WeightsError, match="does not match the game's weights"):
        RICH.read(path)
