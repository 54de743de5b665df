"""Pay Dirt through the terminal loop: a person against two bots reads the
auctions their moves open and every public result in order; a bot's kept
hardship card is told only as the rules show it."""

from __future__ import annotations

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
