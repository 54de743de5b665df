"""A full game through the terminal loop, a person against bots: the
person reads their own roll, hits, taxes and page die even when a bot
moves next, and never a card another seat drew."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gameshelf.core.actions import Action
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


def _auction_to_bid_in() -> Any:
    """Player 1 ($23) to bid on player 2's Personal Trainer ($6 minimum)."""
    from tests.games.filthy_rich.test_auction_rules import _sued

    s, _ = _sued(20, ())
    assert s.phase == "auction" and s.current_player == 0
    return s


def test_a_person_may_type_any_bid_total_in_an_auction() -> None:
    """C14: any total from the minimum up to one's cash, typed as the move
    lines show bids (a total); out of range or malformed, the prompt says why
    and asks again with nothing changed; the prompt shows the hint."""
    import io

    from rich.console import Console

    from gameshelf.games.filthy_rich.actions import Bid
    from gameshelf.terminal import play_session

    state = _auction_to_bid_in()
    low = state.observation(0)["auction"]["minimum"]  # type: ignore[attr-defined]
    answers = iter(["bid 999", "bid twelve", "bid", "bid 2", f"bid {low + 9}"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if "(y/n)" in prompt:
            return "y"
        return next(answers, "q")

    out = io.StringIO()
    final = play_session(state, ["human", "bot:easy", "bot:easy"], lang="en", read=read, bot_seed=3,  # type: ignore[arg-type]
                         console=Console(file=out, width=200, color_system=None, highlight=False))
    text = out.getvalue()
    assert Bid(9) in final.history
    assert f"from ${low} to $23 (your cash); $999 is not" in text and "$2 is not" in text
    assert text.count("for example: bid") == 2
    assert f"bid N: any total ${low}-$23" in prompts[0] and len(prompts[0]) <= 100  # one line at 100 columns


def test_typed_bids_are_refused_outside_ones_turn_to_bid() -> None:
    from gameshelf.games.filthy_rich.texts import typed_hint, typed_move

    state = load_game("filthy-rich").new_game(3, 4)
    obs = state.observation(0)
    assert typed_move(obs, "bid 5", "en") == "You can type a bid only when it is your turn to bid in an auction."
    assert typed_move(obs, "x", "en") is None and typed_hint(obs, "en") is None
    auction = _auction_to_bid_in()
    assert typed_move(auction.observation(1), "入札 9", "ja") is not None  # type: ignore[attr-defined]
    assert not isinstance(typed_move(auction.observation(1), "bid 9", "en"), Action)  # type: ignore[attr-defined]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(max_size=30) | st.from_regex(r"(bid|入札)\s?\$?-?[0-9０-９]{0,12}\s?", fullmatch=True))
def test_garbage_typed_at_the_prompt_never_crashes(text: str) -> None:
    """Whatever is typed: None, a message, or a legal bid of the state."""
    from gameshelf.games.filthy_rich.texts import typed_move
    from gameshelf.terminal.prompts import normalize

    state = _AUCTION
    answer = typed_move(state.observation(0), normalize(text), "en")
    if isinstance(answer, Action):
        state.validate(answer)  # raises unless legal now
    else:
        assert answer is None or isinstance(answer, str)


_AUCTION = _auction_to_bid_in()
