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
