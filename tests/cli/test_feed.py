"""The feed tells each seat every move and event it may see, in order and
exactly once: a bot's bid is not printed as "Bid $5,000" and again as
"Player 2 bids $5,000.", and the result of a person's own move is printed
before the bots move on."""

from __future__ import annotations

import itertools
import re

import pytest

from gameshelf.core.registry import load_game
from tests.cli.driver import check_feed, drive

SEATS = {"pay-dirt": 3, "above-and-below": 2, "filthy-rich": 3}


def pairs(text: str) -> list[tuple[str, str]]:
    """Each move line's sentence with the event line printed right after it."""
    lines = text.splitlines()
    out = []
    for first, second in itertools.pairwise(lines):
        if first.startswith("▶ ") and second.startswith("  · "):
            out.append((first.partition(": ")[2] or first[2:], second[4:]))
    return out


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_every_move_and_event_is_told_once(game_id: str, lang: str) -> None:
    players = SEATS[game_id]
    final, text = drive(load_game(game_id).new_game(players, 5), ["human"] + ["bot:easy"] * (players - 1),
                        lang=lang, limit=40)
    assert check_feed(final, text, lang=lang) > 30
    said_twice = [(a, b) for a, b in pairs(text) if a.strip() == b.strip()]
    assert not said_twice, said_twice[:3]


def test_a_bots_bid_is_one_line() -> None:
    """Last session's playtest: "▶ Player 2 (easy bot): Bid $5,000" then
    "· Player 2 bids $5,000." for every bid in Pay Dirt."""
    from gameshelf.games.pay_dirt.actions import Bid

    final, text = drive(load_game("pay-dirt").new_game(3, 5), ["human", "bot:easy", "bot:easy"], limit=60)
    bids = [a for a in final.history if isinstance(a, Bid)]
    assert bids
    assert len(re.findall(r"^▶ Player \d bids \$", text, re.M)) == len(bids)
    assert "(easy bot): Bid $" not in text


def test_check_feed_finds_a_line_printed_twice_or_missing() -> None:
    """The check itself can fail: a copied event line, or one left out."""
    final, text = drive(load_game("filthy-rich").new_game(3, 4), ["human", "bot:easy", "bot:easy"], limit=40)
    lines = text.splitlines()
    at = next(k for k, line in enumerate(lines) if line.startswith("  · "))
    doubled = "\n".join([*lines[:at + 1], lines[at], *lines[at + 1:]])
    dropped = "\n".join(lines[:at] + lines[at + 1:])
    with pytest.raises(AssertionError):
        check_feed(final, doubled)
    with pytest.raises(AssertionError):
        check_feed(final, dropped)


def test_japanese_labels_use_full_width_brackets() -> None:
    _final, text = drive(load_game("pay-dirt").new_game(3, 6), ["human", "bot:easy", "bot:easy"], lang="ja",
                        limit=40)
    assert "▶ プレイヤー1（あなた）:" in text or "（かんたんなボット）:" in text
    assert not re.search(r"^▶ プレイヤー\d \([^)]*\):", text, re.M)  # the board's own marker is the game's


@pytest.mark.parametrize(("height", "held"), [(30, True), (2000, False)])
def test_results_that_the_board_would_push_off_screen_wait_for_enter(height: int, held: bool) -> None:
    """At 100×30 the bots' moves and the board do not fit together: the
    session waits for Enter after the results, before the board; on a tall
    screen, or when the output is not a terminal, it does not."""
    import io

    from rich.console import Console

    from gameshelf.terminal import play_session

    prompts: list[str] = []
    moves = iter(["1", "2", "1", "3"] * 10)
    out = io.StringIO()

    def read(prompt: str) -> str:
        prompts.append(prompt)
        out.write(prompt + "\n")  # as console.input shows it
        if "Press Enter" in prompt:
            return ""
        return "y" if "(y/n)" in prompt else next(moves, "q")

    for terminal in (True, False):
        prompts.clear()
        out.seek(0)
        out.truncate()
        play_session(load_game("pay-dirt").new_game(3, 5), ["human", "bot:easy", "bot:easy"], lang="en",
                     save_dir=None, read=read, bot_seed=3,
                     console=Console(file=out, width=100, height=height, force_terminal=terminal,
                                     color_system=None))
        waits = [p for p in prompts if p.startswith("▲ What happened since your last move")]
        assert bool(waits) == (held and terminal), (terminal, len(waits))
        if waits:  # it comes right after results and before the board it makes room for
            text = out.getvalue()
            at = text.index("▲ What happened")
            assert text[:at].rstrip().splitlines()[-1].startswith(("▶ ", "  · "))
