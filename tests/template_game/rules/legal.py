"""Which decisions are open now: play any card in hand, or draw while the
deck lasts and the hand holds fewer than three cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.core.actions import Action
from tests.template_game.actions import Draw, Play
from tests.template_game.components import components

if TYPE_CHECKING:
    from tests.template_game.state import HiddenHighState

HAND_LIMIT = components().hand_limit


def legal_actions(s: HiddenHighState) -> list[Action]:
    hand = s.hands[s.turn]
    actions: list[Action] = [Play(c) for c in hand]
    if s.deck and len(hand) < HAND_LIMIT:
        actions.append(Draw())
    return actions
