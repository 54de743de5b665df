"""Ctrl-D at the very first prompt saves the game (issue 43): a game with
no move yet is resumed from its seed, options and seats, in every mode,
Daily Mode after ``r`` included."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from gameshelf.cli import app
from gameshelf.core.registry import load_game
from gameshelf.terminal import play_session
from gameshelf.terminal.saves import saved_restart, unfinished_games
from gameshelf.tools.dicey_farm.cli import round_start

runner = CliRunner()


def ends_input(answers: list[str]):  # type: ignore[no-untyped-def]
    """A reader that gives ``answers``, then ends the input (Ctrl-D)."""
    queue = iter(answers)

    def read(prompt: str) -> str:
        answer = next(queue, None)
        if answer is None:
            raise EOFError
        return answer

    return read


def test_ctrl_d_before_any_move_saves_a_resumable_game(tmp_path: Path) -> None:
    state = load_game("filthy-rich").new_game(2, 11)
    out = io.StringIO()
    play_session(state, ["human", "bot:random"], lang="en", save_dir=tmp_path,
                 console=Console(file=out, width=120), read=ends_input([]))
    assert "Input ended (Ctrl-D): the game is saved." in out.getvalue()
    [(_, record)] = unfinished_games(tmp_path)
    assert record["actions"] == [] and record["seed"] == 11
    assert record["meta"]["seats"] == ["human", "bot:random"]
    result = runner.invoke(app, ["resume", "--save-dir", str(tmp_path)], input="1\n")
    assert result.exit_code == 0, result.output
    assert "Player 1 to decide" in result.output  # the same game, at its first move


def test_daily_after_r_in_the_first_round_saves_with_its_restart_key(tmp_path: Path) -> None:
    state = load_game("dicey-farm").new_game(1, 0, {"daily": "2026-11-30"})
    play_session(state, ["human"], lang="en", save_dir=tmp_path, restart_point=round_start,
                 console=Console(file=io.StringIO(), width=120), read=ends_input(["1", "r"]))
    [(_, record)] = unfinished_games(tmp_path)
    assert record["actions"] == [] and record["options"]["daily"] == "2026-11-30"
    assert saved_restart(record) is round_start
