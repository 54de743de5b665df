"""Dicey Farm (solitaire) through the terminal loop: every roll and every
result of the person's moves is printed, in order, before the next move."""

from __future__ import annotations

from gameshelf.core.registry import load_game
from tests.cli.driver import check_feed, drive


def test_every_result_a_person_may_see_is_printed_in_order() -> None:
    state = load_game("dicey-farm").new_game(1, 5)
    final, text = drive(state, ["human"], limit=10_000)
    assert final.is_over
    assert check_feed(final, text) > 30
    assert "Round 1: you roll" in text
