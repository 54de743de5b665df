"""``gameshelf report`` on folders from every game, of every size, and with
win rates at the very edges (a bot that never wins, one that always does),
where floating-point interval bounds used to reach matplotlib as negative
error lengths."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from gameshelf.core.registry import shipped_games
from gameshelf.sim import cli
from gameshelf.sim.job import GameTask, Job, play_game
from gameshelf.sim.plots import interval_errors
from gameshelf.sim.results import SEAT_COLUMNS, write_job, write_table, write_tables
from tests.shelf import seats

app = typer.Typer()
app.command("simulate")(cli.simulate)
app.command("report")(cli.report)

#: seats per game: three at most, two for Above and Below (its random games are long)
GAMES = {game_id: seats(game_id, 2 if game_id == "above-and-below" else 3) for game_id in shipped_games()}


def run_report(folder: Path) -> str:
    result = CliRunner().invoke(app, ["report", str(folder)])
    assert result.exit_code == 0, result.output
    assert (folder / "report.html").is_file()
    return result.output


def played_folder(tmp_path: Path, game: str, players: int, games: int) -> Path:
    """A folder as ``simulate`` leaves it, from real random-bot games."""
    folder = tmp_path / f"{game}-{games}"
    seats = ("random",) * players
    results = [play_game(GameTask(game, players, seats, i, i, i)) for i in range(games)]
    write_job(Job(game=game, players=players, bots=seats, games=games, seed=0), folder)
    write_tables(results, folder)
    return folder


def synthesized_folder(tmp_path: Path, games: int, win_share: list[float], name: str) -> Path:
    """A results table made by hand: seat k of every game gets ``win_share[k]``
    (so a bot can win always or never) without playing anything."""
    folder = tmp_path / name
    players = len(win_share)
    bots = [f"bot{k}" for k in range(players)]
    rows = []
    for game in range(games):
        for seat in range(players):
            rows.append({
                "game": game, "seed": game, "players": players, "seat": seat, "bot": bots[seat],
                "score": float(10 * win_share[seat] + game % 3), "win_share": win_share[seat],
                "place": 1 if win_share[seat] else 2, "starter": seat == game % players,
                "length": 50 + game % 7, "seconds": 0.01,
            })
    write_job(Job(game="pay-dirt", players=players, bots=tuple(bots), games=games, seed=0), folder)
    write_table(rows, SEAT_COLUMNS, folder / "results")
    return folder


@pytest.mark.parametrize("game", sorted(GAMES))
def test_report_on_ten_real_games_of_every_game(tmp_path: Path, game: str) -> None:
    run_report(played_folder(tmp_path, game, GAMES[game], 10))


@pytest.mark.parametrize("games", [10, 400])
@pytest.mark.parametrize("shares", [[1.0, 0.0], [0.0, 1.0, 0.0], [0.5, 0.5]])
def test_report_with_a_bot_that_never_wins(tmp_path: Path, games: int, shares: list[float]) -> None:
    folder = synthesized_folder(tmp_path, games, shares, f"s{len(shares)}-{games}")
    run_report(folder)
    summary_bots = {p.name for p in folder.glob("*.png")}
    assert "win_rate_by_bot.png" in summary_bots


def test_interval_errors_are_never_negative() -> None:
    """Bounds a hair past the rate or outside [0, 1], and NaN, all draw."""
    entries = [
        {"win_rate": 1.0, "low": 0.9, "high": 0.9999999999999999},
        {"win_rate": 0.0, "low": 1e-17, "high": 0.2},
        {"win_rate": 0.5, "low": -1e-12, "high": 1.0000000001},
        {"win_rate": float("nan"), "low": 0.0, "high": 1.0},
    ]
    rates, below, above = interval_errors(entries)
    assert all(0.0 <= r <= 1.0 for r in rates)
    assert min(below) >= 0.0 and min(above) >= 0.0
    assert all(r + a <= 1.0 and r - b >= 0.0 for r, a, b in zip(rates, above, below, strict=True))


def test_report_without_the_sim_extra_names_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = synthesized_folder(tmp_path, 10, [1.0, 0.0], "no-extra")
    monkeypatch.delitem(sys.modules, "gameshelf.sim.plots")
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    result = CliRunner().invoke(app, ["report", str(folder)])
    assert result.exit_code == 2
    assert "gameshelf[sim]" in result.output and "matplotlib" in result.output
    assert "Traceback" not in result.output and "ModuleNotFoundError" not in result.output
    assert json.loads((folder / "job.json").read_text())["game"] == "pay-dirt"


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_report_on_four_hundred_real_games_of_every_game(tmp_path: Path, game: str) -> None:
    """The issue's size, played for real by random bots (a few seconds a game)."""
    run_report(played_folder(tmp_path, game, GAMES[game], 400))
