"""Plays a Hidden High decision (already validated), then passes the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.core.actions import Action
from tests.template_game.actions import Play

if TYPE_CHECKING:
    from tests.template_game.state import HiddenHighState


def apply(s: HiddenHighState, action: Action) -> None:
    hand = s.hands[s.turn]
    if isinstance(action, Play):
        hand.remove(action.card)
        roll = s.rng["dice"].die()
        s.points[s.turn] += action.card + roll
        s.played.append(action.card)
        s.log("hidden_high.played", player=s.turn + 1, card=action.card, roll=roll)
    else:
        card = s.deck.pop(0)
        hand.append(card)
        hand.sort()
        s.log("hidden_high.drew", visible_to=(s.turn,), player=s.turn + 1, card=card)
    advance(s)


def advance(s: HiddenHighState) -> None:
    """The next seat that can still do something has the turn."""
    for step in range(1, s.players + 1):
        nxt = (s.turn + step) % s.players
        if s.hands[nxt] or s.deck:
            s.turn = nxt
            return
