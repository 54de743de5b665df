"""Keep bots out of loops that a game's "back" moves make possible.

Why: games split compound turns into small decisions, and some let a player
take a step back (pick a die, then put it back). To a bot that values the
two positions equally, "pick" and "back" are a tie, and a tie broken at
random can loop for ever. A :class:`CycleGuard` remembers the positions (as
the seat saw them) in which the bot has already decided during this game,
and the bots prefer moves that do not lead back to one of them.

A position is the seat's observation without its ``log``/``events`` (the log
grows with every move, so it would make every position look new).
"""

from __future__ import annotations

import json

from gameshelf.core.protocol import Observation, PlayerId, State

_VOLATILE = ("log", "events")


def position_key(observation: Observation) -> str:
    """A canonical text of what the seat sees, minus the ever-growing log."""
    visible = {k: v for k, v in observation.items() if k not in _VOLATILE}
    return json.dumps(visible, sort_keys=True, default=str)


class CycleGuard:
    """The positions one bot has decided in, during one game."""

    __slots__ = ("_last_move", "_seen")

    def __init__(self) -> None:
        self._seen: set[str] = set()
        self._last_move = -1

    def visit(self, observation: Observation, move_number: int) -> None:
        """Note the position of a decision; a smaller move number than last
        time means a new game, which forgets the old one's positions."""
        if move_number < self._last_move:
            self._seen.clear()
        self._last_move = move_number
        self._seen.add(position_key(observation))

    def leads_back(self, after: State, player: PlayerId) -> bool:
        """Whether ``after`` looks to ``player`` like a position already decided in."""
        return bool(self._seen) and position_key(after.observation(player)) in self._seen
