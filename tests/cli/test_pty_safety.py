"""Nothing by accident (issue 29), on a real terminal: keys typed ahead,
Ctrl-C, Ctrl-D, the hot-seat scrollback and number-like symbols."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest

from gameshelf.core.i18n import t
from tests.cli.pty_terminal import plain, spawn

PROMPT = "q quit"


def to_prompt(child: pexpect.spawn) -> str:
    """Read on to the move prompt, pressing Enter where the results ask to
    be read first; what was printed on the way."""
    seen = ""
    while child.expect([PROMPT, "Press Enter for the board"]) == 1:
        seen += child.before
        child.send("\r")
    return seen + child.before


def test_keys_typed_before_the_list_are_dropped_with_a_line(tmp_path: Path) -> None:
    """A bot moves first; the "1" typed meanwhile must not become the person's move."""
    child = spawn("play", "filthy-rich", "-n", "2", "--seat", "1=bot:random", "--seed", "3",
                  "--save-dir", str(tmp_path))
    child.send("1\r")  # typed at once, long before the person's list is drawn
    child.expect("discarded")
    assert "▶ Player 2" not in plain(to_prompt(child))  # no move was played for the person
    child.sendcontrol("d")
    child.expect(pexpect.EOF)


def test_q_typed_while_a_bot_moves_asks_to_leave(tmp_path: Path) -> None:
    child = spawn("play", "dicey-farm", "--seat", "1=bot:random", "--seed", "1", "--save-dir", str(tmp_path))
    child.send("q\r")
    child.expect(t("cli.quit-confirm", "en"))
    child.send("y\r")
    child.expect("Save it")
    child.send("n\r")
    child.expect(t("cli.quit", "en"))
    child.expect(pexpect.EOF)


def test_ctrl_c_asks_as_q_does_and_a_no_goes_back(tmp_path: Path) -> None:
    child = spawn("play", "dicey-farm", "--seed", "1", "--save-dir", str(tmp_path))
    child.expect(PROMPT)
    child.sendintr()
    child.expect(t("cli.quit-confirm", "en"))
    child.send("n\r")
    child.expect(PROMPT)
    child.send("1\r")  # the game goes on
    child.expect(PROMPT)
    child.sendintr()
    child.expect(t("cli.quit-confirm", "en"))
    child.sendintr()  # a second Ctrl-C: yes, leave, and the game is offered for saving
    child.expect("Save it")
    child.send("y\r")
    child.expect("gameshelf resume")
    child.expect(pexpect.EOF)
    assert len(list(tmp_path.glob("*-unfinished.json"))) == 1


def test_ctrl_d_saves_the_game_and_says_how_to_resume(tmp_path: Path) -> None:
    child = spawn("play", "dicey-farm", "--seed", "1", "--save-dir", str(tmp_path))
    child.expect(PROMPT)
    child.send("1\r")
    child.expect(PROMPT)
    child.sendcontrol("d")
    child.expect("Input ended")
    child.expect("gameshelf resume")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    [save] = tmp_path.glob("*-unfinished.json")
    assert '"actions"' in save.read_text(encoding="utf-8")


@pytest.mark.parametrize("typed", ["²", "①", "½"])
def test_number_like_symbols_are_refused(tmp_path: Path, typed: str) -> None:
    """At a Dicey Farm prompt, "²" once ended the round."""
    child = spawn("play", "dicey-farm", "--seed", "1", "--save-dir", str(tmp_path))
    child.expect(PROMPT)
    child.send(typed + "\r")
    child.expect("Please type the number of a move")
    child.expect(PROMPT)
    assert "Take a die" not in plain(child.before)  # nothing was played
    child.sendcontrol("d")
    child.expect(pexpect.EOF)


def test_a_superscript_at_the_menu_picks_nothing(tmp_path: Path) -> None:
    """At the menu "²" once picked a bot for the only seat of a solo game."""
    child = spawn("menu", "--save-dir", str(tmp_path))
    child.expect("Which game")
    child.expect(" > ")
    child.send("²\r")
    child.expect("Please type a number from")
    child.sendcontrol("d")
    child.expect(pexpect.EOF)


def test_hot_seat_clears_the_scrollback_too(tmp_path: Path) -> None:
    """The previous hand must not be one scroll away: ESC[3J follows the clear."""
    child = spawn("play", "filthy-rich", "-n", "2", "--seed", "4", "--save-dir", str(tmp_path))
    child.expect("Pass the screen to Player 1")
    child.send("\r")
    child.expect(PROMPT)
    seen = ""
    child.send("1\r")
    for _ in range(40):  # Player 1 plays until the turn passes
        found = child.expect([PROMPT, "Pass the screen to Player 2", "Press Enter for the board"])
        seen += child.before
        if found == 1:
            break
        child.send("1\r" if found == 0 else "\r")
    else:
        raise AssertionError("the turn never passed")
    assert "\x1b[3J" in seen[-400:]  # wiped, scrollback too, just before the pass screen
    child.send("\r")
    to_prompt(child)
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
