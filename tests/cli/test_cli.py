"""The command line: list, play (bots and a person at the prompt), replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gameshelf.cli import app

runner = CliRunner()


def test_list_shows_games() -> None:
    result = runner.invoke(app, ["list"])
    assert result.exit_code == 0, result.output
    assert "hidden-high" in result.output


def test_bots_play_a_whole_game_and_save_it(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["play", "hidden-high", "-n", "3", "--seat", "1=bot:random", "--seat", "2=bot:random",
         "--seat", "3=bot:random", "--seed", "4", "--save-dir", str(tmp_path)],
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    saved = list(tmp_path.glob("hidden-high-*.json"))
    assert len(saved) == 1
    record = json.loads(saved[0].read_text(encoding="utf-8"))
    assert record["seed"] == 4 and record["result"]["ranking"]


def test_a_person_is_re_asked_after_bad_input(tmp_path: Path) -> None:
    answers = "banana\n0\n999\n\n" + "1\n" * 40
    result = runner.invoke(
        app,
        ["play", "hidden-high", "--seat", "2=bot:random", "--seed", "1", "--save-dir", str(tmp_path),
         "--lang", "en"],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    assert result.output.count("Please type the number of a move") >= 4
    assert "Game over" in result.output


def test_japanese_text() -> None:
    result = runner.invoke(app, ["play", "hidden-high", "--seed", "1", "--lang", "ja"], input="q\n")
    assert result.exit_code == 0, result.output
    assert "中断" in result.output


def test_quit_saves_nothing(tmp_path: Path) -> None:
    # q, yes, then no to the save (offered with no move too, issue 43; the end of input would save)
    result = runner.invoke(app, ["play", "hidden-high", "--save-dir", str(tmp_path)], input="l\n\nq\ny\nn\n")
    assert result.exit_code == 0
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    "args",
    [
        ["play", "chess"],
        ["play", "hidden-high", "-n", "9"],
        ["play", "hidden-high", "--seat", "5=human"],
        ["play", "hidden-high", "--seat", "1=robot"],
        ["play", "hidden-high", "--seat", "1=bot:nobody"],
        ["play", "hidden-high", "--lang", "fr"],
        ["play", "hidden-high", "-o", "speed=3"],
    ],
)
def test_bad_arguments_get_a_clear_error(args: list[str]) -> None:
    result = runner.invoke(app, args, input="q\n")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


def test_replay_steps_and_jumps(tmp_path: Path) -> None:
    runner.invoke(app, ["play", "hidden-high", "--seat", "1=bot:random", "--seat", "2=bot:random",
                        "--seed", "9", "--save-dir", str(tmp_path)])
    path = next(tmp_path.glob("*.json"))
    result = runner.invoke(app, ["replay", str(path)], input="\n\nb\ne\nq\n")
    assert result.exit_code == 0, result.output
    assert "Move 2/" in result.output and "Game over" in result.output
    result = runner.invoke(app, ["replay", str(path), "--to-end"])
    assert result.exit_code == 0 and "Game over" in result.output


def test_replay_of_a_corrupt_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "hidden-high"}', encoding="utf-8")
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2 and "cannot be read" in result.output


def test_menu_opens_on_the_game_list(tmp_path: Path) -> None:
    import gameshelf.games  # the package shadows the function name: both must work

    ids = gameshelf.games()
    number = ids.index("hidden-high") + 1
    answers = f"x\n99\n{number}\n2\n2\n2\n"
    result = runner.invoke(app, ["menu", "--save-dir", str(tmp_path)], input=answers)
    assert result.exit_code == 0, result.output
    assert "Please type a number" in result.output
    assert "Game over" in result.output


def test_menu_seats_take_the_suggested_player_on_enter(tmp_path: Path) -> None:
    """Just Enter at a seat prompt takes the suggestion it shows (you in seat
    1, a bot elsewhere), so two bots never play each other by accident."""
    import gameshelf.games

    number = gameshelf.games().index("hidden-high") + 1
    result = runner.invoke(app, ["menu", "--save-dir", str(tmp_path)], input=f"{number}\n2\n\n\n\n" + "1\n" * 40)  # the 4th Enter: no hints
    assert result.exit_code == 0, result.output
    assert "Please type a number from 1" not in result.output
    assert "(Enter: 1)" in result.output and "(Enter: 2)" in result.output
    assert "Game over" in result.output
