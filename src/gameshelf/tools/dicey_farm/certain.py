"""Dicey Farm's certain losses, for the post-game analysis (issue 42).

Why certain: a round's dice are rolled at its start and lie open, so from
any decision inside a round everything up to the round's end is decided by
the farmer alone; only the next round's roll is unknown. So if some line of
play from a decision ends the round in a position at least as good as the
one the round as played ended in, in every good, with fewer or as many
beggars, the same fields, craftsmen and buildings, and more VP, then the
move that left that line lost the difference for certain, whatever the
dice do next. Goods that rot at the round's end although they could have
been shipped, and beggars that another use of a die would have fed, are
exactly such losses. No sampling is needed: the size is exact.

How: for each round, from its last decision backwards, the best score of
such a "dominating" round's end is searched from each decision (a plain
depth-first search of the rest of the round, memoized on the position and
capped at :data:`NODES` positions; earlier decisions, with more of the round
left, stop the walk when the cap is hit). A decision's certain loss is its
best minus the next decision's: the VP that its move put out of reach.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from gameshelf.analysis.model import Certain
from gameshelf.core.protocol import PlayerId
from gameshelf.core.record import replay
from gameshelf.games.dicey_farm.actions import EndRound
from gameshelf.games.dicey_farm.components import components
from gameshelf.games.dicey_farm.state import DiceyFarmState
from gameshelf.tools.dicey_farm.choices import commits

#: positions one search may visit before it gives up (a round's first
#: decisions have too many lines left; the last ones, where food and rot
#: are settled, are small)
NODES = 2000
#: observation entries the next round's start draws at random (the same in
#: both lines of one comparison, so they prove nothing either way)
_DRAWN = frozenset({"dice", "rolled", "used", "display", "deck_size", "wares", "kept", "phase", "held",
                    "left", "sow_die", "plough_face", "ploughs", "recruited", "food_need"})
#: entries compared one by one (more is better; beggars fewer)
_SCORED = frozenset({"score", "breakdown", "goods", "beggars"})


class _TooBig(Exception):
    """The rest of the round has more positions than :data:`NODES`."""


def certain_losses(record: Mapping[str, Any], seat: PlayerId,
                   positions: Sequence[int]) -> dict[int, Certain]:
    """The certain losses of the decisions at record indices ``positions``
    (the moves of the seat that had a choice), by record index."""
    actions = list(record["actions"])
    state = replay(record, upto=0)
    assert isinstance(state, DiceyFarmState)
    game = state.game
    rounds: dict[int, list[tuple[int, DiceyFarmState]]] = {}
    ends: dict[int, tuple[DiceyFarmState, DiceyFarmState]] = {}
    wanted = set(positions)
    for index, obj in enumerate(actions):
        action = game.action_from_json(obj)
        r = state.round
        if index in wanted:
            rounds.setdefault(r, []).append((index, state.clone()))
        before = state.clone() if action == EndRound() else None
        state.apply(action)
        if before is not None:
            ends[r] = (before, state.clone())
    found: dict[int, Certain] = {}
    last = components().constants["rounds"]
    for r, decisions in rounds.items():
        if r in ends:
            found.update(_Round(*ends[r], last=r == last).losses(decisions))
    return found


class _Round:
    """One round as played: its end (after the round-end steps) and the
    position just before them."""

    def __init__(self, before: DiceyFarmState, end: DiceyFarmState, *, last: bool) -> None:
        self.before, self.end, self.last = before, end, last
        self.shape = self._shape(end)
        self.memo: dict[str, tuple[float | None, list[Any]]] = {}

    def losses(self, decisions: list[tuple[int, DiceyFarmState]]) -> dict[int, Certain]:
        """The round's certain losses, from its last decision backwards."""
        best_after = float(self.end.scores()[0])
        out: dict[int, Certain] = {}
        for index, state in reversed(decisions):
            self.memo = {}
            try:
                best, line = self._search(state)
            except _TooBig:
                break
            if best is None:  # (the line played is always found: never None)
                break
            if best > best_after + 1e-9 and line:
                rest: list[dict[str, Any]] = []  # the better choice's steps up to the one that commits
                for step in line[1:]:
                    if commits(state, line[len(rest)]):
                        break
                    rest.append(step.to_json())
                out[index] = Certain(kind=self._kind(state, line), size=best - best_after,
                                     better=line[0].to_json(), params=self._params(), line=tuple(rest))
            best_after = max(best, best_after)
        return out

    def _shape(self, state: DiceyFarmState) -> dict[str, Any]:
        """The parts of a round's end that must match exactly (after the last
        round, nothing: leftovers are worth nothing then)."""
        if self.last:
            return {}
        return {k: v for k, v in state.observation(0).items() if k not in _DRAWN and k not in _SCORED}

    def _dominates(self, state: DiceyFarmState) -> bool:
        if self.last:
            return True
        if self._shape(state) != self.shape or state.beggars > self.end.beggars:
            return False
        return all(state.goods.get(g, 0) >= n for g, n in self.end.goods.items())

    def _search(self, state: DiceyFarmState) -> tuple[float | None, list[Any]]:
        """The best score of a round's end reachable from ``state`` that
        dominates the round as played, and the line to it (``None``: none)."""
        key = json.dumps(state.observation(0), sort_keys=True)
        if key in self.memo:
            return self.memo[key]
        if len(self.memo) > NODES:
            raise _TooBig
        self.memo[key] = (None, [])
        best: float | None = None
        line: list[Any] = []
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            value: float | None = None
            rest: list[Any] = []
            if action == EndRound():
                if self._dominates(after):
                    value = float(after.scores()[0])
            else:
                value, rest = self._search(after)
            if value is not None and (best is None or value > best + 1e-9):
                best, line = value, [action, *rest]
        self.memo[key] = (best, line)
        return best, line

    def _kind(self, state: DiceyFarmState, line: Sequence[Any]) -> str:
        """What the lost line saves: beggars fed, or goods that rotted."""
        after = state.clone()
        for action in line:
            after.apply(action)
        if after.beggars < self.end.beggars:
            return "beggars"
        return "rot" if self._rotten() else "round"

    def _rotten(self) -> int:
        """Goods that rotted at the round's end as played (food left over included)."""
        return sum(self.before.goods[g] - self.end.goods[g] for g in components().perishable
                   if self.before.goods[g] > self.end.goods[g] and g != "food")

    def _params(self) -> dict[str, float]:
        return {"rotten": float(self._rotten()), "beggars": float(self.end.beggars - self.before.beggars)}
