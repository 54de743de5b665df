"""gameshelf: four modern board games with every rule enforced.

Example:
    >>> import gameshelf
    >>> game = gameshelf.load_game(gameshelf.games()[0])
    >>> state = game.new_game(game.min_players, seed=1)
    >>> state.apply(state.legal_actions()[0])
"""

from gameshelf.core.actions import Action
from gameshelf.core.errors import GameshelfError, IllegalAction, RecordError, SetupError
from gameshelf.core.protocol import Event, Game, Observation, Option, PlayerId, State
from gameshelf.core.record import load_record, replay, save_record
from gameshelf.core.registry import games, load_game, register_game
from gameshelf.core.rng import Rng, Stream

__all__ = [
    "Action",
    "Event",
    "Game",
    "GameshelfError",
    "IllegalAction",
    "Observation",
    "Option",
    "PlayerId",
    "RecordError",
    "Rng",
    "SetupError",
    "State",
    "Stream",
    "games",
    "load_game",
    "load_record",
    "register_game",
    "replay",
    "save_record",
]

__version__ = "0.1.0"
