"""Board Game Arena's undo policy, generic for every game.

A person may take back their own last moves, but never across another
player's move, a die roll, a shuffle, or anything newly revealed. Why the
check is generic: a move is safe to take back exactly when it taught the
mover nothing, that is, when every world the mover could not rule out
before it (two :meth:`~gameshelf.core.protocol.State.determinize` copies)
shows the mover the same observation after it as the real game does, and
no random stream moved. A die, a draw from a hidden deck and a shuffle all
fail that test in every game without any game-specific code. The terminal
and the server both ask this one question.
"""

from __future__ import annotations

from collections.abc import Callable

from gameshelf.core.actions import Action
from gameshelf.core.protocol import Observation, PlayerId, State

#: re-dealt worlds compared; two make a lucky match vanishingly rare
WORLD_SEEDS = (7919, 104729)


class Probe:
    """The position before a move, and the worlds its mover could not rule out.

    The worlds are dealt only when the cheap tests pass (the mover is still
    to move and no stream moved): most moves hand the turn on or roll a die,
    and dealing two worlds cost more than the move itself. They are dealt
    from the copy of the position kept here, so they are the same worlds
    whenever they are dealt."""

    def __init__(self, state: State, seat: PlayerId, worlds: list[State] | None = None) -> None:
        """``worlds``: the worlds that the mover's previous probe, in this
        same run of take-back-able moves, left after its move (:attr:`after`),
        to use instead of dealing two afresh. Why: within one turn most of
        a person's moves keep them deciding, and dealing the worlds was
        most of a probe's cost. They are as good a question: every one of
        the mover's observations since they were dealt agreed with the
        real game's, so the mover cannot rule them out now either."""
        self.seat = seat
        self.position = state.clone()
        self._carried = worlds
        #: the worlds with the move played in them, once :meth:`reversible`
        #: said yes: the next probe of the same run may use them
        self.after: list[State] | None = None

    def worlds(self) -> list[State] | None:
        """The re-dealt worlds (``None``: one cannot be built, so no undo)."""
        if self._carried is not None:
            carried, self._carried = self._carried, None  # (played on: used once)
            return carried
        try:
            return [self.position.determinize(self.seat, s) for s in WORLD_SEEDS]
        except Exception:  # a world that cannot be built: play on, only without undo for this move
            return None

    def reversible(self, state: State, action: Action,
                   seen: Callable[[], Observation] | None = None) -> bool:
        """Whether the move just made left the mover deciding and revealed
        nothing: no stream moved and every world agrees with the real game.
        ``seen``: the mover's observation of ``state``, where the caller
        keeps it anyway (the server sends it to the mover next)."""
        if state.current_player != self.seat or state.rng != self.position.rng:
            return False
        worlds = self.worlds()
        if worlds is None:
            return False
        seen_now = seen() if seen is not None else state.observation(self.seat)
        for world in worlds:
            try:
                world.apply(action, self.seat)
            except Exception:  # a world where the move is not legal differs by definition
                return False
            if world.observation(self.seat) != seen_now:
                return False
        self.after = worlds
        return True
