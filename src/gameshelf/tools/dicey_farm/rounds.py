"""Dicey Farm's rounds against the par solver, for the post-game analysis.

Why here and not in ``gameshelf.analysis``: the par solver works on Dicey
Farm's own state (:mod:`gameshelf.tools.dicey_farm.par`), and the analysis
package may import no game. The cli and the server hand :func:`review` to
:func:`gameshelf.analysis.analyse.analyse_record` (through
:func:`gameshelf.tools.round_review`).

What a note says: ``par`` is the best final score the solver finds from the
round's start, ``after`` the best from the next round's start once the
round was played as it was (the real final score after the last round), and
``loss = par - after``: the VP the round as played put out of reach. Worked
backwards, a round's par is never below what follows it (the solver could
have played the round as the player did), so every loss is 0 or more and
they add up to the first round's par minus the final score.

Fairness: the solver reads the real state, future dice included. That is
the puzzle author's view, fit only for a finished game: it says what was
possible, not what the player could have known (docs/analysis.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from gameshelf.analysis.model import RoundNote
from gameshelf.core.protocol import PlayerId
from gameshelf.core.record import replay
from gameshelf.games.dicey_farm.state import DiceyFarmState
from gameshelf.tools.dicey_farm.par import solve_state

#: the solver's beam for a round note: narrower than the daily par's
#: (10 x 12), since a game needs one solve per round.
WIDTH = 3
SAMPLES = 4


def review(record: Mapping[str, Any], seat: PlayerId, stop: Callable[[], bool]) -> list[RoundNote]:
    """One note per round of the finished Dicey Farm game ``record``; none
    when ``stop`` turns true before every round is solved (each solve takes
    a few seconds)."""
    starts = _round_starts(record)
    actions = [dict(a) for a in record["actions"]]
    rounds = sorted(starts)
    ends = {r: starts[r + 1][0] if r + 1 in starts else len(actions) for r in rounds}
    best: dict[int, tuple[float, list[dict[str, Any]]]] = {}
    for r in rounds:
        if stop():
            return []
        index, state = starts[r]
        found = solve_state(state, width=WIDTH, samples=SAMPLES, seed=r)
        best[r] = (float(found.score), [a.to_json() for a in found.line])
    for r in rounds:  # a line that plays the round as it was played goes on from the next round's start
        score, line = best[r]
        length = ends[r] - starts[r][0]
        if r + 1 in best and line[:length] == actions[starts[r][0]:ends[r]] and score > best[r + 1][0]:
            best[r + 1] = (score, line[length:])
    after = float(replay(record).scores()[seat])
    notes = []
    for r in reversed(rounds):
        score, line = best[r]
        index = starts[r][0]
        move = better = played = None
        if score > after:
            for k, action in enumerate(line[: ends[r] - index]):
                if action != actions[index + k]:
                    move, better, played = index + k, action, actions[index + k]
                    break
        par = max(score, after)
        notes.append(RoundNote(r, par, after, par - after, move, better, played))
        after = par
    return notes[::-1]


def _round_starts(record: Mapping[str, Any]) -> dict[int, tuple[int, DiceyFarmState]]:
    """Each round's first record index and the position there."""
    state = replay(record, upto=0)
    assert isinstance(state, DiceyFarmState)
    game = state.game
    starts = {state.round: (0, state.clone())}
    for index, obj in enumerate(record["actions"]):
        state.apply(game.action_from_json(obj))
        if not state.is_over and state.round not in starts:
            starts[state.round] = (index + 1, state.clone())
    return starts
