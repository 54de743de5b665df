"""Games in play, rebuilt from their move log, and what each viewer sees.

A :class:`Live` game is the state after the stored moves, replayed from the
table's seed; it is a cache that any worker can rebuild at any time, so
nothing is held only in memory. What a viewer is sent is built here and only
here, from three things the core protocol guarantees are safe for that
viewer: ``observation(seat)``, the events it may see, and the public
description of other seats' moves (``Game.describe_public``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from gameshelf.core.actions import Action
from gameshelf.core.protocol import Game, PlayerId, State
from gameshelf.server.config import RECENT_ITEMS


@dataclasses.dataclass
class Live:
    """One table's game: the state, who made each move, and where each
    move's events start in the log."""

    state: State
    movers: list[PlayerId] = dataclasses.field(default_factory=list)
    #: ``marks[k]`` = number of events after ``k`` moves.
    marks: list[int] = dataclasses.field(default_factory=list)

    @classmethod
    def start(cls, game: Game, players: int, seed: int, options: dict[str, Any]) -> Live:
        state = game.new_game(players, seed, options)
        return cls(state, [], [len(state.events)])

    @property
    def n(self) -> int:
        """The state number: how many moves have been made."""
        return len(self.state.history)

    def apply(self, action: Action, seat: PlayerId) -> None:
        self.state.apply(action, seat)
        self.movers.append(seat)
        self.marks.append(len(self.state.events))

    def items(self, viewer: PlayerId | None, since: int, lang: str | None) -> list[dict[str, Any]]:
        """The log lines after state ``since`` (of at most the last
        :data:`RECENT_ITEMS` moves), each numbered with the state it led to:
        a move as its maker may read it (others get the game's public
        description), then each of its events this viewer may see. Lines
        numbered 0 are the set-up's events."""
        game, state = self.state.game, self.state
        out: list[dict[str, Any]] = []
        for k in range(max(since + 1, self.n - RECENT_ITEMS + 1, 0), self.n + 1):
            if k:
                seat, action = self.movers[k - 1], state.history[k - 1]
                text = (game.describe_action(action, lang) if viewer == seat
                        else game.describe_public(action, seat, lang))
                out.append({"n": k, "seat": seat, "kind": "move", "text": text})
            out.extend(
                {"n": k, "seat": None, "kind": "event", "text": e.text(lang)}
                for e in state.events[self.marks[k - 1] if k else 0 : self.marks[k]]
                if e.visible(viewer)
            )
        return out

    def legal(self, lang: str | None) -> list[dict[str, Any]]:
        game = self.state.game
        return [
            {"action": a.to_json(), "text": game.describe_action(a, lang)}
            for a in self.state.legal_actions()
        ]

    def result(self) -> dict[str, Any] | None:
        if not self.state.is_over:
            return None
        return {"scores": self.state.scores(), "ranking": self.state.ranking()}
