"""The terminal side: ``gameshelf daily`` and a scripted session with restart."""

from __future__ import annotations

import io
from pathlib import Path

import typer
from rich.console import Console
from typer.testing import CliRunner

from gameshelf.terminal import play_session
from gameshelf.tools.dicey_farm.cli import (
    _final_score,
    commands,
    daily,
    essential_line,
    round_start,
)
from tests.games.dicey_farm.helpers import GAME


def app() -> typer.Typer:
    cli = typer.Typer()
    cli.command("daily")(daily)
    cli.command("noop")(lambda: None)  # two commands keep "daily" as a sub-command
    return cli


def test_daily_par_prints_score_and_line() -> None:
    result = CliRunner().invoke(app(), ["daily", "--date", "2026-11-22", "--par", "--width", "1", "--samples", "1", "--lang", "ja"])
    assert result.exit_code == 0, result.output
    assert "2026-11-22 のパー" in result.output and "手順" in result.output


def test_daily_refuses_a_bad_date() -> None:
    result = CliRunner().invoke(app(), ["daily", "--date", "22/11/2026"])
    assert result.exit_code == 2


def test_game_offers_the_daily_command() -> None:
    from gameshelf.tools import game_commands

    assert [name for name, _ in commands()] == ["daily"]
    assert ("daily", daily) in game_commands()


def test_scripted_daily_session_restarts_the_round(tmp_path: Path) -> None:
    """A person plays a few moves, restarts the round ("r"), and finishes with bots' help."""
    state = GAME.new_game(1, 0, {"daily": "2026-11-22"})
    answers = iter(["1", "1", "r", "q", "y", "n"])  # y: leave; n: do not save (offered with no move, issue 43)
    seen: list[int] = []

    def read(prompt: str) -> str:
        return next(answers)

    def restart(s):  # type: ignore[no-untyped-def]
        seen.append(len(s.history))
        return round_start(s)

    out = play_session(state, ["human"], lang="en", save_dir=tmp_path, restart_point=restart,
                       console=Console(file=io.StringIO(), width=120), read=read)
    assert out.history == [] and out.round == 1  # back at the start of round 1
    assert seen[:3] == [0, 1, 2]


def test_a_bot_plays_a_whole_game_in_the_terminal(tmp_path: Path) -> None:
    buffer = io.StringIO()
    state = GAME.new_game(1, 4)
    final = play_session(state, ["bot:random"], lang="ja", save_dir=tmp_path,
                         console=Console(file=buffer, width=140))
    assert final.is_over
    assert "最終得点" in buffer.getvalue()
    assert list(tmp_path.glob("dicey-farm-*.json"))


def test_par_line_stops_at_the_last_move_that_matters_and_labels_its_columns() -> None:
    from gameshelf.tools.dicey_farm.par import solve

    date = "2026-11-22"
    line = solve(date, width=1, samples=1).line
    short = essential_line(date, line)
    assert len(short) < len(line) and short[-1] == line[-1]
    assert _final_score(date, short) == _final_score(date, line)
    result = CliRunner().invoke(app(), ["daily", "--date", date, "--par", "--width", "1", "--samples", "1", "--lang", "en"])
    assert "Round" in result.output and "Move" in result.output and "What happened" in result.output
