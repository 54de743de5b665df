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
from gameshelf.core.i18n import t
from gameshelf.core.record import load_record
from gameshelf.core.registry import games, load_game, shipped_games
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
    assert f"Resumed after {len(record['actions'])} moves; l shows" in result.output
    again = load_record(path)  # saved again in the same file, further on
    assert len(again["actions"]) > len(record["actions"])


def test_a_game_saved_outside_records_says_the_resume_command_that_finds_it(tmp_path: Path) -> None:
    """Typing the plain `gameshelf resume` we used to print looked only in
    ``records`` and found nothing."""
    from gameshelf.terminal.session import resume_hint

    state = load_game("dicey-farm").new_game(1, 2)
    _, text = session(state, ["human"], ["1", "q", "y", "y"], save_dir=tmp_path)
    assert f"gameshelf resume --save-dir {tmp_path}" in " ".join(text.split())  # broken only at a space
    plain = resume_hint(Path("records"), Path("records/x.json"), "ja").text.plain
    assert "`gameshelf resume --lang ja` で再開" in plain and "--save-dir" not in plain  # back in Japanese


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
    for game_id in shipped_games():
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
    seats = ["human", "bot:easy", "bot:easy"]
    final, text = session(state, seats, answers)
    log = text[text.rindex("Game log"):]
    shown, hidden = expected_feed(final, 0, "en", seats)
    at = 0
    for line in shown:
        found = log.find(line, at)
        assert found >= 0, line
        at = found + len(line)
    assert not any(h in log for h in hidden)
    assert "▶ Player 2 (easy bot)" in log and "▶ Player 1 (you)" in log  # moves with no event of their own


@pytest.mark.parametrize("game_id", shipped_games())
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
    answers = f"{number}\n2\n3\n3\n" + "\n" + "q\n"  # two easy bots play it out, Enter, then leave the menu
    result = runner.invoke(app, ["menu", "--save-dir", str(tmp_path), "--lang", "en"], input=answers)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    over = result.output.index("Game over")
    waits = result.output.index("Press Enter to go back to the game list", over)
    assert result.output.find("Which game?", over) > waits  # the result stays until Enter
    assert result.output.count("Which game?") == 2  # the game list again after the game


@pytest.mark.parametrize(("lang", "words"), [("en", "at random"), ("ja", "無作為")])
def test_the_advanced_entry_says_how_each_algorithm_plays(lang: str, words: str) -> None:
    from gameshelf.bots import bot_names

    out = io.StringIO()
    number = games().index("filthy-rich") + 1
    answers = iter([str(number), "2", "1", "5", "q", "q"])
    choose_setup(Console(file=out, width=200), lang, lambda prompt: next(answers))
    menu = out.getvalue().split("5)", 1)[1]  # after the "advanced" entry (the first "5)")
    algorithms = [n for n in bot_names() if n not in ("easy", "normal", "hard")]
    assert {"greedy", "ismcts", "random", "rollout"} <= set(algorithms)
    for name in algorithms:
        line = next(row for row in menu.splitlines() if f") {name} — " in row)
        assert len(line.split(" — ", 1)[1]) > 15, line
    assert words in menu


def test_resume_lists_when_each_game_was_saved_and_whose_turn_it_is(tmp_path: Path) -> None:
    state = load_game("pay-dirt").new_game(3, 8)
    session(state, ["human", "bot:easy", "bot:random"], ["1", "q", "y", "y"], save_dir=tmp_path)
    [(_path, record)] = unfinished_games(tmp_path)
    assert record["meta"]["saved_at"][:4].isdigit()
    result = runner.invoke(app, ["resume", "--save-dir", str(tmp_path)], input="q\n")
    assert result.exit_code == 0, result.output
    heading = next(row for row in result.output.splitlines() if "to move" in row)
    assert "saved" in heading
    row = next(row for row in result.output.splitlines() if "Pay Dirt" in row)
    from gameshelf.core.record import replay

    turn = replay(record).current_player
    assert f"Player {turn + 1}" in row
    assert record["meta"]["saved_at"][:10] in row  # the date, as 2026-11-25
    ja = runner.invoke(app, ["resume", "--save-dir", str(tmp_path), "--lang", "ja"], input="q\n")
    assert "手番" in ja.output and "保存日時" in ja.output


def test_a_resumed_daily_game_keeps_its_restart_key(tmp_path: Path) -> None:
    """Daily Mode offers `r` (restart the round); a save remembers it, and
    `gameshelf resume` offers it again."""
    from gameshelf.terminal.saves import saved_restart
    from gameshelf.tools.dicey_farm.cli import round_start

    state = load_game("dicey-farm").new_game(1, 0, {"daily": "2026-01-05"})
    out = io.StringIO()
    answers = iter(["1", "1", "q", "y", "y"])
    play_session(state, ["human"], lang="en", save_dir=tmp_path, console=Console(file=out, width=160),
                 read=lambda prompt: next(answers), restart_point=round_start)
    [(_, record)] = unfinished_games(tmp_path)
    assert saved_restart(record) is round_start
    moves = len(record["actions"])
    result = runner.invoke(app, ["resume", "--save-dir", str(tmp_path)], input="1\nr\n1\nq\ny\ny\n")
    assert result.exit_code == 0, result.output
    assert t("cli.choose-restart", "en") in " ".join(result.output.split())  # offered by name (issue 29)
    [(_, again)] = unfinished_games(tmp_path)
    assert len(again["actions"]) == 1 < moves  # r took the round back to its start, then one move


def test_a_save_cannot_name_a_module_outside_gameshelf() -> None:
    from gameshelf.terminal.saves import saved_restart

    for name in ("os:system", "gameshelf.cli", "gameshelf.nope:x", "gameshelf.cli:no such", 5):
        assert saved_restart({"meta": {"restart": name}}) is None


def test_no_skip_question_once_the_game_is_over() -> None:
    """A bot's move that knocks the last person out may also end the game:
    then the result follows at once, with no "skip to the end?" question."""
    from gameshelf.terminal.session import Session

    pick = Stream(4)
    for seed in range(40):
        state = load_game("filthy-rich").new_game(3, seed)
        while not state.is_over:
            state.apply(pick.choice(state.legal_actions()))
        if not state.observation(0)["alive"][0]:
            break
    assert state.is_over and not state.observation(0)["alive"][0]
    asked: list[str] = []
    live = Session(state, ["human", "bot:random", "bot:random"], lang="en", save_dir=None, restart_point=None,
                   console=Console(file=io.StringIO()), read=lambda prompt: asked.append(prompt) or "y",
                   bot_seed=1, save_path=None)
    live.offer_skip()
    assert asked == [] and not live.skipping
    unfinished = load_game("filthy-rich").new_game(3, 1)  # the question itself still comes while it goes on
    live.state = unfinished
    unfinished.observation = lambda seat: {"alive": [False, True, True]}  # type: ignore[method-assign]
    live.offer_skip()
    assert len(asked) == 1 and live.skipping


def test_a_replay_tells_each_move_once(tmp_path: Path) -> None:
    """Each step's headline says who moved; when the move's first public
    event already says it ("Player 2 bids $5,000."), that is the headline
    and it is not printed again below."""
    import re

    runner.invoke(app, ["play", "pay-dirt", "-n", "3", "--seat", "1=bot:random", "--seat", "2=bot:random",
                        "--seat", "3=bot:random", "--seed", "9", "--save-dir", str(tmp_path)])
    path = next(tmp_path.glob("*.json"))
    result = runner.invoke(app, ["replay", str(path)], input="\n" * 40 + "q\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    heads = [(k + 1, lines[k + 1].removeprefix("▶ ")) for k, line in enumerate(lines)
             if re.search(r"Move [1-9]\d*/\d+", line)]
    assert len(heads) >= 40 and sum(head.startswith("Player ") for _, head in heads) > 30
    bids = [head for _, head in heads if re.match(r"Player \d bids \$", head)]
    assert bids and len(re.findall(r"Player \d bids \$", result.output)) == len(bids)  # once each
    for k, head in heads:
        below = next((line for line in lines[k + 1:] if line.startswith("  · ")), "")
        assert below.removeprefix("  · ") != head.rstrip()


def test_question_mark_helps_at_every_prompt(tmp_path: Path) -> None:
    """`?` at the menu's prompts, the details picker, a replay and resume:
    what the prompt takes, and what it offers (the game's rules in a game)."""
    out = io.StringIO()
    number = games().index("pay-dirt") + 1
    answers = iter(["?", str(number), "?", "3", "?", "1", "5", "?", "q", "q", "q"])
    choose_setup(Console(file=out, width=200), "en", lambda prompt: next(answers))
    text = out.getvalue()
    assert text.count("Type a number from") == 4
    assert text.count("Pay Dirt") >= 2 and text.count("hard bot —") >= 2 and text.count("rollout —") >= 2
    ja = io.StringIO()
    answers = iter(["?", "q"])
    choose_setup(Console(file=ja, width=200), "ja", lambda prompt: next(answers))
    assert "の数字を入力してEnter" in ja.getvalue()

    state = load_game("pay-dirt").new_game(3, 8)
    _, text = session(state, ["human", "bot:random", "bot:random"], ["d", "?", "1", ""])
    assert "Type a number from 1" in text and "The rules in brief" in text and "camp in full" in text

    runner.invoke(app, ["play", "dicey-farm", "--seat", "1=bot:random", "--seed", "3", "--save-dir", str(tmp_path)])
    path = next(tmp_path.glob("*.json"))
    result = runner.invoke(app, ["replay", str(path)], input="?\n\nq\n")
    assert "a number jumps to that move" in result.output and "Solo" in result.output
    session(load_game("dicey-farm").new_game(1, 2), ["human"], ["1", "q", "y", "y"], save_dir=tmp_path)
    result = runner.invoke(app, ["resume", "--save-dir", str(tmp_path)], input="?\nq\n")
    assert result.output.count("Unfinished games") == 2 and "Type a number from 1 to 1" in result.output


@pytest.mark.parametrize(("game_id", "players", "en", "ja"), [
    ("dicey-farm", 1, "VP", "勝利点"), ("filthy-rich", 3, "luxuries", "贅沢品"),
    ("pay-dirt", 3, "gold", "金"), ("above-and-below", 2, "VP", "VP"),
])
def test_every_games_end_table_names_what_decides_it(game_id: str, players: int, en: str, ja: str) -> None:
    """Money, luxuries, gold, VP: the heading says which, never a bare "score"."""
    state = load_game(game_id).new_game(players, 3)
    pick = Stream(2)
    while not state.is_over:
        state.apply(pick.choice(state.legal_actions()))
    for lang, word, generic in (("en", en, "score"), ("ja", ja, "得点")):
        out = io.StringIO()
        Console(file=out, width=160).print(ranking_table(state, lang))
        heading = next(line for line in out.getvalue().splitlines() if line.startswith("┃"))
        assert word in heading and generic not in heading.replace("得点の内訳", ""), heading


def test_the_menu_says_when_unfinished_games_wait(tmp_path: Path) -> None:
    result = runner.invoke(app, ["menu", "--save-dir", str(tmp_path)], input="q\n")
    assert "Unfinished games saved" not in result.output
    session(load_game("dicey-farm").new_game(1, 2), ["human"], ["1", "q", "y", "y"], save_dir=tmp_path)
    result = runner.invoke(app, ["menu", "--save-dir", str(tmp_path)], input="q\n")
    assert f"Unfinished games saved: 1. `gameshelf resume --save-dir {tmp_path}` continues one." in \
        result.output.replace("\n", "")
