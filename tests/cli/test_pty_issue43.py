"""Local play on a real terminal (issue 43): Pay Dirt's auction shows its
lots and every camp at 80×24 with two to four players, Ctrl-D at the very first prompt saves the game, Ctrl-C at
"Press Enter for the board" asks instead of going on, ``?`` pages at 24
lines, and Dicey Farm's round end names what rotted."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from gameshelf.core.i18n import t
from tests.cli.pty_terminal import last_turn, plain, spawn
from tests.cli.test_pty_safety import PROMPT, to_prompt

#: the prompt's last words in each language (the typed hint, if any, is on the list's title line)
PROMPT_OF = {"en": "q quit", "ja": "q：中断）"}
#: words of the English screen that a Japanese one must not show
ENGLISH = ("Player", "Your moves", "Open ", "round", "Gold", "Workers", "spaces", "tools", "Pass", "auction")


def check_auction_screen(lines: list[str], players: int, lang: str) -> None:
    """One turn of Pay Dirt's first auction as a new player must see it at
    80×24 (issue 43): the turn's rule and the header, the lot table (each
    row's lot #1 with its minimum bid), every camp, the folded openings and
    the prompt, in no more than 24 lines; Japanese with no English."""
    screen = "\n".join(lines)
    assert len(lines) <= 24, screen
    assert lines[1].startswith(("round 1", "ラウンド1")), screen  # the header, right under the rule
    rows = ("Equipment", "Personnel", "Claims") if lang == "en" else ("採掘機械", "作業員", "採鉱地")
    for row in rows:
        assert re.search(row + r" +#1 \$[\d,]+\+", screen), screen
    for seat in range(1, players + 1):  # every camp, with its gold
        who = f"Player {seat}" if lang == "en" else f"プレイヤー{seat}"
        assert re.search(rf"^[▶ ] {who} .*(Gold|金) \d", screen, re.MULTILINE), screen
    assert re.search(r"^ +1–\d+\) ", screen, re.MULTILINE), screen  # the openings folded into ranges
    assert PROMPT_OF[lang] in lines[-1], screen
    if lang == "ja":
        assert not [w for w in ENGLISH if w in screen], screen


@pytest.mark.parametrize(("players", "lang"), [(2, "en"), (3, "en"), (3, "ja"), (4, "en"), (4, "ja")])
def test_pay_dirt_auction_shows_lots_and_every_camp_at_80_by_24(tmp_path: Path, players: int, lang: str) -> None:
    bots = [arg for seat in range(2, players + 1) for arg in ("--seat", f"{seat}=bot:random")]
    child = spawn("play", "pay-dirt", "-n", str(players), *bots, "--seed", "3", "--lang", lang,
                  "--save-dir", str(tmp_path), rows=24, cols=80)
    seen = ""
    while child.expect([PROMPT_OF[lang], "Press Enter", "Enter"]) != 0:
        seen += child.before + child.after
        child.send("\r")
    check_auction_screen(last_turn(seen + child.before + child.after), players, lang)
    if lang == "en":
        assert "1–3) Open Equipment #1 at $5,000…$7,000 (one number per $1,000)" in plain(child.before)
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


def test_a_japanese_ctrl_d_says_the_whole_resume_command(tmp_path: Path) -> None:
    """At 80 columns a Japanese line has no spaces, and the screen's edge
    cut the command in two ("`gameshel" / "f resume"); the command must
    also bring the game back in Japanese."""
    child = spawn("play", "above-and-below", "-n", "2", "--seat", "2=bot:random", "--seed", "7", "--lang", "ja",
                  "--save-dir", "saves", rows=24, cols=80, cwd=tmp_path)
    child.expect(PROMPT_OF["ja"])
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    lines = [line.strip() for line in re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", child.before).split("\r\n")]
    for word in ("`gameshelf", "resume", "--save-dir", "saves", "--lang", "ja`"):
        assert any(re.search(rf"(^|\s){re.escape(word)}(\s|$)", line) for line in lines), "\n".join(lines)
    [save] = (tmp_path / "saves").glob("*-unfinished.json")
    again = spawn("resume", "--save-dir", "saves", "--lang", "ja", cwd=tmp_path)
    again.expect("1")
    again.send("1\r")
    again.expect(PROMPT_OF["ja"])
    assert "Player" not in plain(again.before)
    again.sendcontrol("d")
    again.expect(pexpect.EOF)
    assert save.exists()
