"""A full game through the terminal loop, a person against bots: the
person reads their own roll, hits, taxes and page die even when a bot
moves next, and never a card another seat drew."""

from __future__ import annotations

import json

from gameshelf.core.record import load_record, replay
from gameshelf.core.registry import load_game
from tests.cli.driver import check_feed, drive


def test_a_person_and_two_bots_play_to_the_end(tmp_path) -> None:  # type: ignore[no-untyped-def]
    state = load_game("filthy-rich").new_game(3, 21)
    final, text = drive(state, ["human", "bot:random", "bot:random"], lang="ja", limit=10_000,
                        moves=("x", "99", "1", "2", "1", "2"), save_dir=tmp_path)
    assert final.is_over
    assert "1ページ" in text and "上から見える看板" in text
    saved = sorted(tmp_path.glob("*.json"))
    assert len(saved) == 1
    record = load_record(saved[0])
    assert json.loads(json.dumps(record)) == record
    assert replay(record).scores() == final.scores()


def test_every_result_a_person_may_see_is_printed_in_order() -> None:
    state = load_game("filthy-rich").new_game(3, 4)
    final, text = drive(state, ["human", "bot:easy", "bot:easy"], limit=150)
    assert check_feed(final, text) > 50
    rolls = text.count("Player 1 rolls") + text.count("Player 1 roll")
    assert rolls >= 1, "the person's own roll must be printed before the bots move"


def test_a_knocked_out_person_can_skip_to_the_end() -> None:
    """Seed 1: the person (always the first move) goes bankrupt first; asked
    whether to skip, they say yes and see the result, not the bots' moves."""
    import io

    from rich.console import Console

    from gameshelf.terminal import play_session

    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return "y" if "(y/n)" in prompt else "1"

    out = io.StringIO()
    final = play_session(load_game("filthy-rich").new_game(3, 1), ["human", "bot:random", "bot:random"],
                         lang="en", save_dir=None, console=Console(file=out, width=200), read=read,
                         bot_seed=3)
    assert final.is_over
    asked = [p for p in prompts if "You are out of the game" in p]
    assert len(asked) == 1 and prompts[-1] == asked[0]  # asked once, and nothing more after it
    text = out.getvalue()
    assert "Game over" in text
    tail = text[text.rindex("▶ Player"):]
    assert "Game over" in tail and tail.count("▶ Player") == 1  # no move after the knock-out
