"""Pay Dirt through the terminal loop: a person against two bots reads the
auctions their moves open and every public result in order; a bot's kept
hardship card is told only as the rules show it."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gameshelf.core.registry import load_game
from gameshelf.games.pay_dirt.actions import KeepHardship
from tests.cli.driver import check_feed, drive

GAME = load_game("pay-dirt")


def test_every_result_a_person_may_see_is_printed_in_order() -> None:
    state = GAME.new_game(3, 5)
    final, text = drive(state, ["human", "bot:easy", "bot:easy"], limit=150)
    assert check_feed(final, text) > 50


def test_a_bots_kept_hardship_card_is_never_named() -> None:
    state = GAME.new_game(3, 5)
    final, text = drive(state, ["human", "bot:easy", "bot:easy"], limit=150)
    kept = [a for a in final.history if isinstance(a, KeepHardship)]
    assert kept
    lines = [line for line in text.splitlines() if line.startswith(("▶ Player 2", "▶ Player 3"))]
    for action in kept:
        secret = GAME.describe_action(action, "en")
        assert not any(secret in line for line in lines), secret


def test_an_opened_auction_is_told_with_its_opening_bid_not_minimum_plus_zero() -> None:
    """The feed line of a nomination says the dollars it opened at, as the
    view reads them just after the move; the game's "minimum bid + $0"
    sentence (it has no board to price the lot) is printed only for a lot
    won at once, where no one could bid, and never with "+ $0"."""
    state = GAME.new_game(3, 5)
    _, text = drive(state, ["human", "bot:easy", "bot:easy"], limit=60)
    assert "minimum bid + $0" not in text
    assert "Open Claims #" in text or "Open Equipment #" in text or "Open Personnel #" in text
    assert "$0,000" not in text


def test_the_auctioneer_may_type_any_opening_total() -> None:
    """``open c2 N``: Claims #2 opened at $N,000, any total from its minimum
    (the menu lists four); malformed, too low or not one's turn to open, the
    prompt says why and nothing changes; the prompt shows the hint."""
    import io

    from rich.console import Console

    from gameshelf.games.pay_dirt.actions import Nominate
    from gameshelf.games.pay_dirt.components import components
    from gameshelf.terminal import play_session

    state = GAME.new_game(3, 5)
    obs = state.observation(0)
    assert obs["current_player"] == 0 and obs["phase"] == "auction"
    minimum = components().claims[obs["auction"]["display"][2][1]].min_bid
    answers = iter(["open", "open c2 0", f"open c2 {minimum + 3}"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return "y" if "(y/n)" in prompt else next(answers, "q")

    out = io.StringIO()
    final = play_session(state, ["human", "bot:easy", "bot:easy"], lang="en", read=read, bot_seed=3,
                         console=Console(file=out, width=200, color_system=None, highlight=False))
    text = out.getvalue()
    assert final.history[0] == Nominate(2, 1, 3)
    assert "open c2 7" in prompts[0] and len(prompts[0]) <= 100  # one line at 100 columns
    assert "Type open, the row letter" in text and f"opens at ${minimum},000 at least; $0 is too low" in text


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(max_size=30) | st.from_regex(r"open\s?[epcx0-4]?\s?#?[0-4]?\s?\$?[0-9０-９]{0,9}(,000)?", fullmatch=True))
def test_garbage_typed_at_the_auctioneers_prompt_never_crashes(text: str) -> None:
    from gameshelf.core.actions import Action
    from gameshelf.core.errors import GameshelfError
    from gameshelf.games.pay_dirt.texts import typed_move
    from gameshelf.terminal.prompts import normalize

    answer = typed_move(_OPENING.observation(0), normalize(text), "en")
    if isinstance(answer, Action):
        try:
            _OPENING.validate(answer)
        except GameshelfError:  # above one's cash: the engine refuses it, with its message
            assert answer.over > 0  # type: ignore[attr-defined]
    else:
        assert answer is None or isinstance(answer, str)


_OPENING = GAME.new_game(3, 5)


def test_a_consequence_is_never_printed_as_the_move_that_caused_it() -> None:
    """The feed prints a move's first event in place of the move when that
    event names the mover as ``player``. The draft order, the final sweep and
    a Fiem Co machine destroyed after labour follow someone's "end labour"
    and must not stand for it: they name ``first``/``owner`` instead. A
    whole game, person against two bots."""
    import re

    state = GAME.new_game(3, 5)
    final, text = drive(state, ["human", "bot:easy", "bot:easy"], limit=2_000)
    assert final.is_over
    assert "Final sweep" in text and "Hardship draft" in text
    assert not re.search(r"^▶ (Final sweep|Hardship draft|Game over)", text, re.M)
    assert check_feed(final, text) > 200
