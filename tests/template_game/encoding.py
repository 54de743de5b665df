"""Hidden High's fixed-shape observation tensor (see ``gameshelf.core.tensor``),
written from the seat's observation alone, so it shows no more than the seat
may see. A game may add ``state_encoding.py`` (a faster encoder straight
from the state, held equal to this one by a test); the template does not.

Slots::

    points      4 x points / 100, one per seat (0 for an absent seat)
    hand_sizes  4 x cards held / hand limit
    deck        cards left / deck size
    hand        12: 1 for each card the seat holds (spectator: none)
    played      12: 1 for each card played
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gameshelf.core.interfaces import Encoding
from gameshelf.core.tensor import TensorWriter, Vocab
from tests.template_game.components import components

SEATS = 4
POINTS_CAP = 100


class HiddenHighEncoding(Encoding):
    def write(self, observation: Mapping[str, Any], w: TensorWriter) -> None:
        c = components()
        cards = Vocab(c.cards)
        w.numbers("points", observation["points"], SEATS, POINTS_CAP)
        w.numbers("hand_sizes", observation["hand_sizes"], SEATS, c.hand_limit)
        w.number("deck", observation["deck_size"], len(c.cards))
        w.many_hot("hand", observation["hand"], cards)
        w.many_hot("played", observation["played"], cards)
