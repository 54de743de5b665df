"""Pay Dirt (Tory Niemann, Crash Games): Alaskan gold mining for 2-5 players.

The public names are the game class and its state; everything else lives in
modules with one job each (see ``RULES.md`` for the rule decisions).
"""

from gameshelf.games.pay_dirt.game import PayDirt
from gameshelf.games.pay_dirt.state import PayDirtState

__all__ = ["PayDirt", "PayDirtState"]
