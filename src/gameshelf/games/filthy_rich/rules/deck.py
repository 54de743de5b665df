"""The deck: drawing, and the reshuffle when it runs out.

Its own module because both the turn's last step and the "draw" action card
draw, and the action cards (``effects``) sit below the turn (``turn``) that
plays them: here, below both, neither needs the other back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.games.filthy_rich.hidden import reshuffle_generation

if TYPE_CHECKING:
    from gameshelf.games.filthy_rich.state import FilthyRichState


def draw(s: FilthyRichState, seat: int, n: int) -> None:
    """Draw ``n`` cards, reshuffling the discard pile into a new deck when
    the deck runs out ("捨て札の山を切り直して山札に"); stops when both are empty."""
    hand = s.hands[seat]
    for _ in range(n):
        if not s.deck:
            if not s.discard:
                break
            s.deck = sorted(s.discard)
            s.discard = []
            s.rng["shuffle"].shuffle(s.deck)
            reshuffle_generation(s, s.deck)
            s.log("filthy_rich.log.reshuffle", size=len(s.deck))
        card = s.deck.pop()
        hand.append(card)
        s.log("filthy_rich.log.draw", visible_to=(seat,), player=seat + 1, card=s.acts.card_param[card])
    hand.sort()
