"""Hints at the terminal (issue 26): ``hint`` at a person's turn lists the
hard bot's top moves, numbered as the move list numbers them; off unless
the game was started with them, never in a daily puzzle; Ctrl-C cancels a
hint and nothing else; the result and the save say who used hints.

The hints here play one world per move (``worlds=1``), so each takes a
fraction of a second."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from gameshelf.cli import app
from gameshelf.core.protocol import State
from gameshelf.core.record import load_record, replay
from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream
from gameshelf.terminal import play_session
from gameshelf.terminal.hints import HintSettings, saved_hints
from gameshelf.terminal.session import move_choices

runner = CliRunner()
FAST = HintSettings(on=True, worlds=1)
#: the command line's hints at the least budget (two worlds a move)
QUICK = {"GAMESHELF_HINT_BUDGET": "0.01"}
#: a hint's row: the key, the chance to win (multiplayer; issue 42: words, not
#: 0% or 100%, from fewer than 30 play-outs), the expected score, the play-outs, the move
ROW = re.compile(r"^\s*(\d+)\)\s+(?:(\d+%|almost certain|almost none|ほぼ確実|ほぼなし)\s+)?(-?[\d.]+)\s+(\d+)\s+(.+?)\s*$")
HEADINGS = {"en": ("win chance", "exp. score", "play-outs", "move"), "ja": ("勝率", "見込み得点", "試行数", "手")}
#: the chance to win in words where too few play-outs back 0% or 100%
ALMOST = {"almost certain": 100, "almost none": 0, "ほぼ確実": 100, "ほぼなし": 0}
TITLE = {"en": "Hint for Player 1", "ja": "プレイヤー1へのヒント"}


def hint_rows(text: str, lang: str) -> list[tuple[int, str, str, str | None]]:
    """The rows of the last hint in ``text``: (number, move, score, chance)."""
    block = text.rsplit(TITLE[lang], 1)[1].splitlines()[1:]
    heading, rows = block[0].split(), []
    assert heading == [w for h in HEADINGS[lang] for w in h.split()][-len(heading):]  # solo: no chance column
    for line in block[1:]:
        found = ROW.match(line)
        if found is None:
            break
        assert int(found[4]) >= 1  # every figure says how many play-outs it rests on
        rows.append((int(found[1]), found[5], found[3], found[2]))
    return rows


def session(state: State, seats: list[str], answers: list[str | Callable[[str], str]], *, lang: str = "en",
            hints: HintSettings = FAST, save_dir: Path | None = None) -> tuple[State, str]:
    """Play with answers in order (a callable answers from what was printed
    so far), then q and y to everything."""
    out = io.StringIO()
    queue = iter(answers)

    def read(prompt: str) -> str:
        out.write(prompt + "\n")
        answer = next(queue, "y" if "(y/n)" in prompt else "q")
        return answer(out.getvalue()) if callable(answer) else answer

    final = play_session(state, seats, lang=lang, save_dir=save_dir, read=read, hints=hints,
                         console=Console(file=out, width=200, color_system=None, highlight=False))
    return final, out.getvalue()


def pay_dirt() -> State:
    return load_game("pay-dirt").new_game(2, 5)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_hint_lists_three_legal_moves_by_their_numbers_with_estimates(lang: str) -> None:
    state = pay_dirt()
    choices = move_choices(state, lang)
    final, text = session(pay_dirt(), ["human", "bot:random"], ["hint", "q", "y", "n"], lang=lang)
    assert not final.history  # a hint plays nothing
    assert ("Thinking…" if lang == "en" else "考え中…") in text
    rows = hint_rows(text, lang)
    assert len(rows) == 3
    assert len({n for n, *_ in rows}) == 3  # three different moves
    for number, words, score, chance in rows:
        assert 1 <= number <= len(choices)
        assert choices[number - 1][0] == words  # the list's own sentence under the list's number
        assert chance is not None  # a two-player game: the chance to win
        assert chance in ALMOST or 0 < int(chance.rstrip("%")) < 100  # one play-out: never 0% or 100%
        float(score)


def test_a_solitaire_hint_gives_the_expected_score_alone() -> None:
    state = load_game("dicey-farm").new_game(1, 2)
    state.apply(state.legal_actions()[0])  # past the first pick, where several moves differ
    while len(move_choices(state, "en")) < 3:
        state.apply(state.legal_actions()[0])
    _, text = session(state, ["human"], ["hint"])
    rows = hint_rows(text, "en")
    assert len(rows) == 3 and all(chance is None for *_, chance in rows)


def test_a_hinted_move_is_played_by_its_number() -> None:
    state = pay_dirt()

    def first_hinted(printed: str) -> str:
        return str(hint_rows(printed, "en")[0][0])

    final, _ = session(state, ["human", "bot:random"], ["hint", first_hinted, "q", "y", "n"])
    number = hint_rows(_, "en")[0][0]
    assert final.history[0] == move_choices(pay_dirt(), "en")[number - 1][1]


@pytest.mark.parametrize(("lang", "word", "off"), [("en", "hint", "Hints are off in this game"),
                                                  ("ja", "ヒント", "このゲームではヒントはオフです")])
def test_hints_off_refuse_and_say_how_to_turn_them_on(lang: str, word: str, off: str) -> None:
    final, text = session(pay_dirt(), ["human", "bot:random"], [word, "q", "y", "n"], hints=HintSettings(),
                          lang=lang)
    assert off in text and "`gameshelf play pay-dirt --hints`" in text
    assert "Thinking" not in text and "考え中" not in text and TITLE[lang] not in text
    assert not final.history


def test_the_help_names_the_hint_key_only_when_hints_are_on() -> None:
    _, on = session(pay_dirt(), ["human", "bot:random"], ["?", "", "q", "y", "n"])
    _, off = session(pay_dirt(), ["human", "bot:random"], ["?", "", "q", "y", "n"], hints=HintSettings())
    assert "hint     the hard bot's top 3 moves" in on and "q quit, hint top 3 moves;" in on
    assert "hints are off in this game" in off and "hint top 3 moves" not in off


def test_ctrl_c_while_a_hint_thinks_cancels_it_and_keeps_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    import gameshelf.terminal.session as session_module

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt  # as Ctrl-C arrives while the estimate plays worlds

    monkeypatch.setattr(session_module, "compute_hint", interrupted)
    final, text = session(pay_dirt(), ["human", "bot:random"], ["hint", "1", "q", "y", "n"])
    assert "Hint cancelled; nothing was played. It is still your turn." in text
    assert "Leave this game?" in text.split("Hint cancelled", 1)[1]  # only the later q asked
    assert final.history[0] == move_choices(pay_dirt(), "en")[0][1]  # the game went on: "1" played
    assert "Hints used" not in text


def test_the_result_and_the_save_say_who_used_hints(tmp_path: Path) -> None:
    state = pay_dirt()
    stream, mine = Stream(4), 0
    while not state.is_over:  # random play to the person's last decision
        probe = state.clone()
        probe.apply(stream.choice(probe.legal_actions()))
        if probe.is_over and state.current_player == 0:
            break
        mine += state.current_player == 0
        state = probe
    assert not state.is_over and state.current_player == 0
    final, text = session(replay(state.record()), ["human", "bot:random"], ["hint", "1"] * 5, save_dir=tmp_path)
    assert final.is_over
    assert "Hints used: Player 1" in text.split("Game over", 1)[1]
    [path] = tmp_path.iterdir()
    assert load_record(path)["meta"]["hints"] == {"allowed": True, "used": [0]}


def test_no_hint_no_mention(tmp_path: Path) -> None:
    _, text = session(pay_dirt(), ["human", "bot:random"], ["1", "q", "y", "y"], save_dir=tmp_path)
    [path] = tmp_path.iterdir()
    assert load_record(path)["meta"]["hints"] == {"allowed": True, "used": []}
    assert "Hints used" not in text


def test_a_resumed_game_keeps_hints_on_and_who_used_them(tmp_path: Path) -> None:
    session(pay_dirt(), ["human", "bot:random"], ["hint", "1", "q", "y", "y"], save_dir=tmp_path)
    [path] = tmp_path.iterdir()
    record = load_record(path)
    assert record["meta"]["hints"] == {"allowed": True, "used": [0]}
    result = runner.invoke(app, ["resume", "--save-dir", str(tmp_path)], input="1\nhint\nq\ny\ny\n", env=QUICK)
    assert result.exit_code == 0, result.output
    assert "Hint for Player 1" in result.output and "Hints are off" not in result.output
    assert load_record(path)["meta"]["hints"] == {"allowed": True, "used": [0]}


def test_a_save_without_hints_resumes_without_them(tmp_path: Path) -> None:
    session(pay_dirt(), ["human", "bot:random"], ["1", "q", "y", "y"], save_dir=tmp_path, hints=HintSettings())
    [path] = tmp_path.iterdir()
    assert "hints" not in load_record(path)["meta"]
    result = runner.invoke(app, ["resume", "--save-dir", str(tmp_path)], input="1\nhint\nq\ny\ny\n", env=QUICK)
    assert "Hints are off in this game" in result.output


@pytest.mark.parametrize(("hints", "allowed", "used"), [
    ({"allowed": True, "used": [1, 0]}, True, {0, 1}),
    ({"allowed": 1, "used": [0]}, False, {0}),  # hints stay off, but who used them still shows
    ({"allowed": "yes", "used": []}, False, set()),
    ({"allowed": True, "used": [True]}, True, set()),
    ({"allowed": True, "used": [0.0]}, True, set()),
    ({"allowed": True, "used": [2]}, True, set()),
    ({"allowed": True, "used": 0}, True, set()),
    ([], False, set()),
])
def test_a_saves_hints_note_is_read_strictly(hints: Any, allowed: bool, used: set[int]) -> None:
    assert saved_hints({"meta": {"hints": hints}}, 2) == (allowed, used)


def test_the_daily_puzzle_never_has_hints(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "dicey-farm", "-o", "daily=2026-11-27", "--hints",
                                 "--save-dir", str(tmp_path)], input="q\ny\n")
    assert result.exit_code == 2
    assert "The daily puzzle never has hints" in result.output
    daily = load_game("dicey-farm").new_game(1, 0, {"daily": "2026-11-27"})
    final, text = session(daily, ["human"], ["hint", "q", "y"])  # even with hints on (a save edited by hand)
    assert "The daily puzzle never has hints" in text and "Thinking" not in text
    assert not final.history


def test_play_hints_option_turns_them_on(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "pay-dirt", "-n", "2", "--seed", "5", "--seat", "2=bot:random",
                                 "--hints", "--save-dir", str(tmp_path)], input="hint\nq\ny\nn\n", env=QUICK)
    assert result.exit_code == 0, result.output
    assert "Hint for Player 1" in result.output


def test_the_menu_asks_whether_to_allow_hints(tmp_path: Path) -> None:
    from gameshelf.core.registry import games

    number = games().index("pay-dirt") + 1
    result = runner.invoke(app, ["menu", "--save-dir", str(tmp_path)],
                           input=f"{number}\n2\n1\n2\ny\nhint\nq\ny\nn\n\nq\n", env=QUICK)
    assert result.exit_code == 0, result.output
    assert "Allow hints" in result.output and "Hint for Player 1" in result.output


@pytest.mark.parametrize(("text", "budget"), [
    ("0.5", 0.5), (" 2 ", 2.0), ("600", 600.0), ("0", 1.0), ("601", 1.0), ("nan", 1.0), ("-1", 1.0),
    ("one", 1.0), ("", 1.0),
])
def test_the_hint_budget_from_the_environment_is_checked(text: str, budget: float) -> None:
    settings = HintSettings.from_env(True, {"GAMESHELF_HINT_BUDGET": text})
    assert settings.on and settings.budget_s == budget and settings.worlds is None


def test_a_replay_of_a_game_with_hints_says_so(tmp_path: Path) -> None:
    state = pay_dirt()
    stream = Stream(4)
    while not state.is_over:
        state.apply(stream.choice(state.legal_actions()))
    path = tmp_path / "game.json"
    from gameshelf.core.record import save_record

    save_record(state.record() | {"meta": {"seats": ["human", "bot:random"],
                                            "hints": {"allowed": True, "used": [1]}}}, path)
    result = runner.invoke(app, ["replay", str(path), "--to-end"])
    assert result.exit_code == 0, result.output
    assert "Hints used: Player 2" in result.output
    result = runner.invoke(app, ["replay", str(path)], input=f"{len(state.history)}\nq\n")
    assert "Hints used: Player 2" in result.output
    save_record(state.record() | {"meta": {"seats": ["human", "bot:random"]}}, path)
    assert "Hints used" not in runner.invoke(app, ["replay", str(path), "--to-end"]).output
