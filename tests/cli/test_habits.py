"""Habits people expect at a terminal: leave with a question and a save,
resume, help on `?`, a log that stays, hot-seat hand-over, seat levels,
plain player counts, replays that say who moved and jump to a move."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from gameshelf.cli import app
from gameshelf.core.record import load_record
from gameshelf.core.registry import games, load_game
from gameshelf.core.rng import Stream
from gameshelf.terminal import choose_setup, play_session, ranking_table
from gameshelf.terminal.saves import unfinished_games

runner = CliRunner()


def session(state, seats, answers, save_dir=None):  # type: ignore[no-untyped-def]
    """Play with a fixed list of answers (then q, y); the final state and the text."""
    out = io.StringIO()
    queue = iter(answers)


    def read(prompt: str) -> str:
        out.write(prompt + "\n")  # as console.input would show it
        return next(queue, "y" if "(y/n)" in prompt else "q")

    final = play_session(state, seats, lang="en", save_dir=save_dir, console=Console(file=out, width=160),
                         read=read)
    return final, out.getvalue()


def test_q_asks_first_and_no_keeps_playing(tmp_path: Path) -> None:
    state = load_game("dicey-farm").new_game(1, 2)
    final, text = session(state, ["human"], ["q", "n", "1", "q", "y", "n"], save_dir=tmp_path)
    assert len(final.history) == 1 and "Leave this game?" in text
    assert not list(tmp_path.iterdir())  # "n" to saving


def test_a_saved_game_is_resumed_where_it_was_left(tmp_path: Path) -> None:
    state = load_game("pay-dirt").new_game(3, 8)
    final, _ = session(state, ["human", "bot:random", "bot:random"], ["1", "1", "q", "y", "y"], save_dir=tmp_path)
    [(path, record)] = unfinished_games(tmp_path)
    assert record["meta"]["seats"] == ["human", "bot:random", "bot:random"]
    assert len(record["actions"]) == len(final.history) > 0
    result = runner.invoke(app, ["resume", "--save-dir", str(tmp_path)], input="1\n" + "1\n" * 3 + "q\ny\ny\n")
    assert result.exit_code == 0, result.output
    assert "Unfinished games" in result.output
    again = load_record(path)  # saved again in the same file, further on
    assert len(again["actions"]) > len(record["actions"])


def test_a_game_saved_outside_records_says_the_resume_command_that_finds_it(tmp_path: Path) -> None:
    """Typing the plain `gameshelf resume` we used to print looked only in
    ``records`` and found nothing."""
    from gameshelf.terminal.session import resume_hint

    state = load_game("dicey-farm").new_game(1, 2)
    _, text = session(state, ["human"], ["1", "q", "y", "y"], save_dir=tmp_path)
    assert f"gameshelf resume --save-dir {tmp_path}" in text.replace("\n", "")
    plain = resume_hint(Path("records"), Path("records/x.json"), "ja")
    assert "`gameshelf resume` で再開" in plain and "--save-dir" not in plain


def test_resume_with_nothing_saved(tmp_path: Path) -> None:
    result = runner.invoke(app, ["resume", "--save-dir", str(tmp_path)])
    assert result.exit_code == 0 and "No unfinished games" in result.output


def test_help_shows_keys_rules_and_phase() -> None:
    state = load_game("pay-dirt").new_game(3, 8)
    _, text = session(state, ["human", "bot:random", "bot:random"], ["?", ""])
    assert "take back your last move" in text and "The rules in brief" in text
    assert "Now:" in text and "Alaskan gold mining" in text


def test_the_log_stays_until_a_key() -> None:
    state = load_game("filthy-rich").new_game(3, 8)
    prompts: list[str] = []
    answers = iter(["l", "", "q", "y"])

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers, "q")

    play_session(state, ["human", "bot:random", "bot:random"], lang="en", save_dir=None,
                 console=Console(file=io.StringIO(), width=160), read=read)
    assert prompts[1].startswith("Press Enter")


def test_hot_seat_hands_over_with_a_pass_screen() -> None:
    state = load_game("filthy-rich").new_game(2, 3)
    out = io.StringIO()
    moves = iter(["1"] * 12)

    def read(prompt: str) -> str:
        if prompt.startswith("Press Enter"):
            return ""
        return "y" if "(y/n)" in prompt else next(moves, "q")

    play_session(state, ["human", "human"], lang="en", save_dir=None,
                 console=Console(file=out, width=160, force_terminal=True, color_system=None), read=read)
    text = out.getvalue()
    assert "Pass the screen to Player 1" in text and "Pass the screen to Player 2" in text
    clear = "\x1b[2J"
    before, _, after = text.partition("Pass the screen to Player 2")
    assert before.rstrip().count(clear) >= 1 and clear in after  # the screen is wiped both sides


def test_seat_menu_offers_levels_and_hides_algorithms_under_advanced() -> None:
    out = io.StringIO()
    number = games().index("filthy-rich") + 1
    answers = iter([str(number), "3", "1", "2", "5", "1"])
    setup = choose_setup(Console(file=out, width=160), "en", lambda prompt: next(answers))
    text = out.getvalue()
    assert "easy bot" in text and "hard bot" in text and "advanced" in text
    assert "ismcts" not in text.split("advanced")[0]
    assert setup is not None and setup[1][:2] == ["human", "bot:easy"] and setup[1][2].startswith("bot:")


def test_japanese_seat_menu_is_translated() -> None:
    out = io.StringIO()
    answers = iter(["q"])
    number = games().index("pay-dirt") + 1
    answers = iter([str(number), "2", "q"])
    choose_setup(Console(file=out, width=160), "ja", lambda prompt: next(answers))
    assert "かんたんなボット" in out.getvalue() and "上級" in out.getvalue()


def test_solo_games_say_one_player() -> None:
    result = runner.invoke(app, ["list"])
    line = next(row for row in result.output.splitlines() if "dicey-farm" in row)
    assert "1 player" in line and "1–1" not in line


def test_rules_command_in_both_languages() -> None:
    for game_id in ("dicey-farm", "filthy-rich", "pay-dirt", "above-and-below"):
        en = runner.invoke(app, ["rules", game_id, "--lang", "en"])
        ja = runner.invoke(app, ["rules", game_id, "--lang", "ja"])
        assert en.exit_code == 0 and ja.exit_code == 0, en.output + ja.output
        assert "players" in en.output or "Solo" in en.output
        assert "人" in ja.output
    assert runner.invoke(app, ["rules", "chess"]).exit_code == 2


def test_end_table_shows_what_decides_the_game() -> None:
    state = load_game("filthy-rich").new_game(3, 2)
    pick = Stream(1)
    while not state.is_over:
        state.apply(pick.choice(state.legal_actions()))
    out = io.StringIO()
    Console(file=out, width=120).print(ranking_table(state, "en"))
    assert "luxuries" in out.getvalue() and "cash" in out.getvalue() and "score" not in out.getvalue()


def test_replay_says_who_moved_and_jumps(tmp_path: Path) -> None:
    runner.invoke(app, ["play", "pay-dirt", "-n", "3", "--seat", "1=bot:random", "--seat", "2=bot:random",
                        "--seat", "3=bot:random", "--seed", "9", "--save-dir", str(tmp_path)])
    path = next(tmp_path.glob("*.json"))
    result = runner.invoke(app, ["replay", str(path)], input="\n12\nzz\nb\nq\n")
    assert result.exit_code == 0, result.output
    assert "Move 1/" in result.output and "Move 12/" in result.output and "Move 11/" in result.output
    assert "Player 1: " in result.output
    assert "type a move number" in result.output


def test_hot_seat_shows_each_person_only_their_own_secrets() -> None:
    """Between two pass screens only one person looks: what they read holds
    no event hidden from them (the other person's drawn cards)."""
    state = load_game("hidden-high").new_game(2, 5)
    out = io.StringIO()
    moves = iter(["2", "2", "1", "1", "2", "1", "1", "1", "1", "1"])

    def read(prompt: str) -> str:
        if prompt.startswith("Press Enter"):
            out.write("\n@@PASS@@\n")
            return ""
        return "y" if "(y/n)" in prompt else next(moves, "q")

    final = play_session(state, ["human", "human"], lang="en", save_dir=None,
                         console=Console(file=out, width=300), read=read)
    segments = out.getvalue().split("@@PASS@@")[1:]
    hidden = {seat: {e.text("en") for e in final.events if not e.visible(seat)} for seat in (0, 1)}
    assert len(segments) >= 3 and hidden[0] and hidden[1]
    for segment in segments:
        viewer = 0 if "Player 1 to decide" in segment else 1
        assert not any(text in segment for text in hidden[viewer]), segment


def test_d_opens_the_details_behind_the_compact_board() -> None:
    state = load_game("pay-dirt").new_game(3, 8)
    _, text = session(state, ["human", "bot:random", "bot:random"], ["d", "1", ""])
    assert "Player 1: camp in full" in text and "Which one?" in text
    assert "Excavator" in text  # the full camp names its machines


def test_the_log_names_every_move_and_only_what_the_seat_may_see() -> None:
    """`l` shows the game so far: each move (opponents' through the public
    description, so a slide or a pull is there even without an event of its
    own) and the events the seat may see, in order."""
    from tests.cli.driver import expected_feed

    state = load_game("pay-dirt").new_game(3, 6)
    answers = ["1", "2", "1"] * 8 + ["l", ""]
    final, text = session(state, ["human", "bot:easy", "bot:easy"], answers)
    log = text[text.rindex("Game log"):]
    shown, hidden = expected_feed(final, 0, "en")
    at = 0
    for line in shown:
        found = log.find(line, at)
        assert found >= 0, line
        at = found + len(line)
    assert not any(h in log for h in hidden)
    assert "▶ Player 2 (easy bot)" in log and "▶ Player 1 (you)" in log


@pytest.mark.parametrize("game_id", ["dicey-farm", "filthy-rich", "pay-dirt", "above-and-below"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_screen_text_exists_in_both_languages(game_id: str, lang: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A missing catalogue key raises: moves, help, details and the log in
    each language, against a bot."""
    from tests.cli.driver import drive

    monkeypatch.setenv("GAMESHELF_STRICT_I18N", "1")
    game = load_game(game_id)
    players = max(game.min_players, 2) if game.max_players > 1 else 1
    seats = ["human"] + ["bot:random"] * (players - 1)
    drive(game.new_game(players, 9), seats, lang=lang, limit=40,
          moves=("1", "?", "", "d", "1", "", "l", "", "2"))


def test_the_menu_comes_back_after_a_game(tmp_path: Path) -> None:
    number = games().index("hidden-high") + 1
    answers = f"{number}\n2\n3\n3\n" + "q\n"  # two easy bots play it out, then leave the menu
    result = runner.invoke(app, ["menu", "--save-dir", str(tmp_path), "--lang", "en"], input=answers)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    assert result.output.count("Which game?") == 2  # the game list again after the game
