"""Hidden High: a tiny game that exists only to prove the conformance kit.

Its code is laid out as the house plan says, in ``tests/template_game``
(the template a new game starts from); this module keeps the short import
path the core's tests use.
"""

from tests.template_game.actions import CARDS, Draw, Play
from tests.template_game.game import HiddenHigh
from tests.template_game.state import HiddenHighState

__all__ = ["CARDS", "Draw", "HiddenHigh", "HiddenHighState", "Play"]
