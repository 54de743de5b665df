"""Local play on a real terminal (issue 43): Pay Dirt's auction shows its
lots at 80×24, Ctrl-D at the very first prompt saves the game, Ctrl-C at
"Press Enter for the board" asks instead of going on, ``?`` pages at 24
lines, and Dicey Farm's round end names what rotted."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect

from gameshelf.core.i18n import t
from tests.cli.pty_terminal import plain, spawn
from tests.cli.test_pty_safety import PROMPT, to_prompt
from tests.cli.test_pty_screen import screen_of_turn


def test_pay_dirt_auction_shows_the_lots_at_80_by_24(tmp_path: Path) -> None:
    child = spawn("play", "pay-dirt", "-n", "2", "--seat", "2=bot:random", "--seed", "3",
                  "--save-dir", str(tmp_path), rows=24, cols=80)
    seen = to_prompt(child)
    lines = screen_of_turn(seen + child.after)
    screen = plain("\n".join(lines))
    assert len(lines) <= 24, "\n".join(lines)
    for row in ("Equipment", "Personnel", "Claims"):
        assert re.search(row + r" +#1 \$[\d,]+\+", screen), screen  # a lot: its number and minimum bid
    assert "Player 1 (you)" in screen and "Player 2" in screen  # the camps stay in view
    assert "1–3) Open Equipment #1 at $5,000…$7,000 (one number per $1,000)" in screen
    child.send("2\r")  # the second opening of the first range: $6,000
    assert "$6,000" in plain(to_prompt(child))
    child.sendcontrol("d")
    child.expect(pexpect.EOF)


def test_ctrl_d_at_the_first_prompt_saves(tmp_path: Path) -> None:
    child = spawn("play", "dicey-farm", "--seed", "1", "--save-dir", str(tmp_path))
    child.expect(PROMPT)
    child.sendcontrol("d")
    child.expect("Input ended")
    child.expect("gameshelf resume")
    child.expect(pexpect.EOF)
    [save] = tmp_path.glob("*-unfinished.json")
    again = spawn("resume", "--save-dir", str(tmp_path))
    again.expect("Unfinished games")
    again.send("1\r")
    again.expect(PROMPT)
    assert "Round 1/8" in plain(again.before)
    again.sendcontrol("d")
    again.expect(pexpect.EOF)
    assert save.exists()


def test_daily_after_r_saves_on_ctrl_d(tmp_path: Path) -> None:
    child = spawn("daily", "--date", "2026-11-30", "--save-dir", str(tmp_path))
    child.expect(PROMPT)
    child.send("1\r")
    child.expect(PROMPT)
    child.send("r\r")
    child.expect(PROMPT)
    child.sendcontrol("d")
    child.expect("gameshelf resume")
    child.expect(pexpect.EOF)
    assert len(list(tmp_path.glob("*-unfinished.json"))) == 1


def test_ctrl_c_at_press_enter_asks(tmp_path: Path) -> None:
    child = spawn("play", "pay-dirt", "-n", "2", "--seat", "2=bot:random", "--seed", "3",
                  "--save-dir", str(tmp_path), rows=24, cols=80)
    child.expect("Press Enter for the board")
    child.sendintr()
    child.expect(t("cli.quit-confirm", "en"))
    child.send("n\r")
    child.expect("Press Enter for the board")  # asked again, nothing went on
    child.send("\r")
    child.expect(PROMPT)
    child.send("?\r")
    child.expect("Enter shows more")  # the help pages at 24 lines
    child.sendintr()  # and Ctrl-C goes back to the game
    child.expect(PROMPT)
    child.sendcontrol("d")
    child.expect(pexpect.EOF)


def test_the_round_end_names_what_rotted(tmp_path: Path) -> None:
    """Seed 1: round 1 ends with food left over, which rots."""
    child = spawn("play", "dicey-farm", "--seed", "1", "--save-dir", str(tmp_path))
    for _ in range(12):
        child.expect(PROMPT)
        moves = plain(child.before).split("Your moves")[-1]
        number = re.search(r"(\d+)\) End the round", moves)
        if number:
            break
        child.send("1\r")
    assert number, moves
    child.send(number.group(1) + "\r")
    child.expect("Rotted at the round's end: ")
    child.expect(PROMPT)
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
