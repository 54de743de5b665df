"""A researcher's typo gets a clear refusal, not silence or a traceback (issue 29)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from gameshelf.bots import BotSpecError, make_bot
from gameshelf.core.registry import load_game
from gameshelf.sim import cli
from gameshelf.sim.console import _items_table, pct
from gameshelf.sim.names import name_items
from gameshelf.sim.runner import eta_seconds

app = typer.Typer()
app.command("simulate")(cli.simulate)
app.command("report")(cli.report)


def run(tmp_path: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["simulate", *args, "--out", str(tmp_path / "sim"), "--no-progress"])
    return result.exit_code, " ".join(result.output.split())


@pytest.mark.parametrize(("args", "says"), [
    (("--games", "0"), "--games"),
    (("--workers", "0"), "--workers"),
    (("-b", "hard[itrations=5]"), "does not read a setting called 'itrations'"),
    (("-b", "hard[iterations=-5]"), "iterations=-5 is not allowed"),
    (("-b", "greedy[noise=2]"), "noise=2 is not allowed"),
    (("-b", "random[depth=3]"), "random takes no settings"),
    (("-b", "hard["), "bad bot spec"),
    (("-b", ","), "at least one bot"),
])
def test_simulate_refuses_bad_arguments_before_any_game(tmp_path: Path, args: tuple[str, ...], says: str) -> None:
    # a game whose hard level is the default search (ISMCTS), which reads `iterations`
    code, output = run(tmp_path, "above-and-below", "-p", "2", *args)
    assert code == 2, output
    assert says in output and "Traceback" not in output
    assert not (tmp_path / "sim" / "records.jsonl").exists()


def test_a_refusal_lists_the_valid_settings() -> None:
    with pytest.raises(BotSpecError) as err:
        make_bot("hard[itrations=5]", game=load_game("above-and-below"))
    text = str(err.value)
    assert "iterations (whole number ≥ 1 or none)" in text and "rollout (random | heuristic)" in text
    assert "itrations" in err.value.message_in("ja")


@pytest.mark.parametrize("spec", ["ismcts[iterations=true]", "ismcts[iterations=4.0]", "greedy[samples=0]",
                                  "ismcts[rollout=nope]", "rollout[time_ms=nan]"])
def test_exact_types_and_ranges(spec: str) -> None:
    """`true` is not 1 and `4.0` is not a whole number."""
    with pytest.raises(BotSpecError):
        make_bot(spec)


def test_good_settings_still_work() -> None:
    assert make_bot("ismcts[iterations=5,c=1,rollout=heuristic]").iterations == 5  # type: ignore[attr-defined]
    assert make_bot("normal[noise=0.5]", game=load_game("dicey-farm")).noise == 0.5  # type: ignore[attr-defined]


def test_eta_is_the_median_game_time_shared_by_the_workers() -> None:
    """A slow job whose first games were quick: the median, not the recent burst."""
    assert eta_seconds([], 10, 2) is None
    assert eta_seconds([1.0, 100.0, 100.0], 10, 1) == 1000.0
    assert eta_seconds([60.0, 60.0, 1.0, 80.0], 8, 4) == 120.0  # median 60, two rounds of four games
    assert eta_seconds([10.0, math.nan], 3, 8) == 10.0


def test_no_nan_in_a_printed_summary() -> None:
    """Filthy Rich printed `nan` when every seat of a bot held an item: no others to compare."""
    entry = {"item": "yakuza_loan", "n": 4, "win_rate": 0.5, "low": 0.1, "high": 0.9, "mean_score": 1.0,
             "others_mean_score": math.nan, "score_lift": math.nan, "copies": 4}
    from rich.console import Console

    console = Console(width=120, record=True, color_system=None)
    console.print(_items_table([name_items({"items": [entry]}, "filthy-rich")["items"][0]], solitaire=False))
    text = console.export_text()
    assert "nan" not in text.lower() and "Yakuza Loan" in text and "yakuza_loan" not in text
    assert pct({"win_rate": math.nan, "low": math.nan, "high": math.nan}) == "–"


@pytest.mark.parametrize(("game", "item", "name"), [
    ("above-and-below", "k6", "Brewery"), ("above-and-below", "t2", "Great Library"),
    ("above-and-below", "30", "Liquid Woman"), ("dicey-farm", "sower", "Sower"),
])
def test_items_are_named_from_the_catalogue(game: str, item: str, name: str) -> None:
    summary = name_items({"items": [{"item": item}, {"item": "no-such-id"}]}, game)
    assert [e["name"] for e in summary["items"]] == [name, "no-such-id"]


def test_a_japanese_refusal_says_what_a_setting_takes_in_japanese() -> None:
    with pytest.raises(BotSpecError) as err:
        make_bot("hard[iterations=-5]")
    text = err.value.message_in("ja")
    assert "1 以上の整数、または none" in text
    assert "whole number" not in text and "number" not in text
