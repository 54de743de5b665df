"""The laws every Hidden High position keeps (the kit checks them after every move)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.template_game.actions import CARDS
from tests.template_game.rules.legal import HAND_LIMIT

if TYPE_CHECKING:
    from tests.template_game.state import HiddenHighState


def check(s: HiddenHighState) -> None:
    everything = sorted(s.deck + s.played + [c for h in s.hands for c in h])
    assert everything == list(CARDS), "a card was created or destroyed"
    assert all(len(h) <= HAND_LIMIT for h in s.hands)
