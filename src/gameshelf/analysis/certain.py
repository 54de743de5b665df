"""Losses the rules decide, checked before any sampling (issue 42).

Why first: a play-out estimate is noisy and needs many worlds, but some
losses need none. A move that ends the game ends it the same way in every
world the seat could be in; a move that wins on the spot (Filthy Rich's
third luxury) wins whatever is hidden. When the move played is beaten by
such a move, the size of the loss is known exactly (or, when only the
better move's outcome is fixed, as well as the move played is estimated),
and the coach says so instead of guessing from two play-outs.

This module is the generic part, for every game, read only through the
seat's :class:`~gameshelf.bots.PlayerView` (what the seat could see). A
game's own certain losses (Dicey Farm's goods that rot, its beggars) come
from a :data:`CertainCheck` its caller hands in (``gameshelf.tools``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gameshelf.analysis.model import Certain
from gameshelf.bots import PlayerView
from gameshelf.bots._outcome import win_shares
from gameshelf.core.actions import Action
from gameshelf.core.protocol import PlayerId, State
from gameshelf.core.rng import derive_seed

#: ``(record, seat, record indices of the seat's choices) -> {index: Certain}``:
#: a game's own certain losses (Dicey Farm: ``gameshelf.tools.dicey_farm.certain``).
CertainCheck = Callable[[Mapping[str, Any], PlayerId, Sequence[int]], Mapping[int, Certain]]
#: re-dealt worlds a move must end the game the same way in, to be certain
WORLDS = 4
#: positions the end-of-game searches of one decision may visit in all
_NODES = 2000


def final_outcomes(view: PlayerView, seed: int) -> dict[Action, tuple[float, float]]:
    """The legal moves after which the game's end is the seat's alone to
    decide (only its own choices and forced moves, one legal move each,
    until the end), with the best (final score, win share) the seat can
    reach after each, the same in every re-dealt world: an exact value."""
    return search_ends(view, seed)[0]


def search_ends(view: PlayerView, seed: int) -> tuple[dict[Action, tuple[float, float]], bool]:
    """:func:`final_outcomes`, and whether the search outgrew its budget of
    positions. Why say so: from an earlier decision of the same game the
    seat's own moves to the end hold at least as many positions, so a
    search that outgrew the budget here would outgrow it there too, and an
    analysis that walks its decisions from the last may stop asking."""
    seat = view.player
    worlds = [view.search_world(derive_seed("analysis-certain", seed, k)) for k in range(WORLDS)]
    out: dict[Action, tuple[float, float]] = {}
    column = 0 if view.players == 1 else 1
    budget = [_NODES]  # shared by every move and world: early in a game the search gives up at once
    for action in view.legal_actions():
        seen = set()
        for world in worlds:
            after = world.clone()
            after.apply_unchecked(action)
            value = _endgame(after, seat, column, budget)
            if value is None:
                break
            seen.add(value)
        else:
            if len(seen) == 1:
                out[action] = seen.pop()
        if budget[0] < 0:
            return out, True
    return out, False


def _endgame(state: State, seat: PlayerId, column: int, budget: list[int]) -> tuple[float, float] | None:
    """The best (score, win share) ``seat`` reaches from ``state`` when
    nobody else chooses until the end; ``None`` when another seat has a
    choice first, or the search outgrows its budget of positions."""
    while not state.is_over:
        budget[0] -= 1
        if budget[0] < 0:
            return None
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_unchecked(legal[0])
            continue
        if state.current_player != seat:
            return None
        best: tuple[float, float] | None = None
        for action in legal:
            branch = state.clone()
            branch.apply_unchecked(action)
            value = _endgame(branch, seat, column, budget)
            if value is None:
                return None
            if best is None or (value[column], value[1 - column]) > (best[column], best[1 - column]):
                best = value
        return best
    return (float(state.scores()[seat]), win_shares(state.ranking(), state.players)[seat])


def generic_certain(view: PlayerView, played: Action, seed: int, played_win: float | None,
                    ends: Mapping[Action, tuple[float, float]] | None = None) -> Certain | None:
    """A certain loss of ``played`` that every game's rules decide:
    ``final``: after ``played`` and after another move the game's end is
    the seat's alone to decide, and the other reaches a better end (exact);
    ``win-now``: another move wins the game on the spot while
    ``played`` does not end it (the size is the chance to win it left,
    ``played_win``, as estimated)."""
    outcomes = final_outcomes(view, seed) if ends is None else ends
    if not outcomes:
        return None
    solo = view.players == 1
    column = 0 if solo else 1
    mine = outcomes.get(played)
    best = max(outcomes.items(), key=lambda kv: (kv[1][column], kv[1][0]))
    if mine is not None:
        size = best[1][column] - mine[column]
        if size > 1e-9:
            return Certain("final", size, best[0].to_json(),
                           {"score": best[1][0] - mine[0], "best": best[1][1], "played": mine[1]})
        return None
    if not solo and best[1][1] >= 1.0 and played_win is not None and played_win < 1.0:
        return Certain("win-now", 1.0 - played_win, best[0].to_json(), {"win": played_win})
    return None
