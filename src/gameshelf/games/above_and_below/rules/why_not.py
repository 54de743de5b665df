"""Why a move a player looks for is not in the list now ("why not").

Main actions vanish from the table turn without a word: explore needs two
ready villagers and a cave card left, build needs a ready villager with a
hammer and coins for the cheapest card on offer, train a quill. This module
names each missing move with the engine's reason (the checks of
:mod:`work` and :mod:`market`), for the browser and the terminal. It reads
the state and never changes it, and only the deciding seat's own village and
the public rows are looked at.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.core.protocol import Unavailable
from gameshelf.games.above_and_below.rules import work
from gameshelf.games.above_and_below.rules.market import cheapest_build

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.state import AboveAndBelowState

NS = "above_and_below.why_not"


def _why(move: str, reason: str, **params: object) -> Unavailable:
    return Unavailable(f"{NS}.move.{move}", f"{NS}.{reason}", params)


def _tools(state: AboveAndBelowState, ready: list[int]) -> tuple[int, int]:
    """The best hammer and quill among the ready villagers (2: the '+' icon)."""
    villagers = state.comp.villagers
    return (max((villagers[v].hammer for v in ready), default=0),
            max((villagers[v].quill for v in ready), default=0))


def _main_actions(state: AboveAndBelowState, p: int) -> list[Unavailable]:
    village = state.villages[p]
    ready = village.ready
    if not ready:
        return [_why("main", "no-ready")]
    out = []
    if len(ready) < 2:
        out.append(_why("explore", "explore-two", n=len(ready)))
    elif not state.cave_deck:
        out.append(_why("explore", "no-caves"))
    if not any(village.card_goods.values()):
        out.append(_why("harvest", "nothing-to-harvest"))
    hammer, quill = _tools(state, ready)
    if not hammer:
        out.append(_why("build", "no-hammer"))
    else:
        price = cheapest_build(state, p)
        if price is None:
            out.append(_why("build", "nothing-to-build"))
        elif price - (hammer == 2) > village.coins:
            out.append(_why("build", "too-dear", need=price - (hammer == 2), have=village.coins))
    if not quill:
        out.append(_why("train", "no-quill"))
    else:
        price = work.cheapest(state, p, "train")
        if price is None:
            out.append(_why("train", "nobody-to-train"))
        elif price - (quill == 2) > village.coins:
            out.append(_why("train", "too-dear", need=price - (quill == 2), have=village.coins))
    return out


def _refresh(state: AboveAndBelowState, p: int) -> list[Unavailable]:
    coins = state.villages[p].coins
    cost = state.comp.tracks.refresh_cost
    if state.refreshed:
        return [_why("refresh", "refreshed")]
    if coins < cost and (state.house_deck or state.outpost_deck):
        return [_why("refresh", "refresh-cost", need=cost, have=coins)]
    return []


def _assign(state: AboveAndBelowState, p: int) -> list[Unavailable]:
    """Sending villagers: who lacks the tool the action needs, and why the
    party cannot set out or stop yet."""
    task = state.task
    if task is None:
        return []
    out = []
    tool = {"build": "hammer", "train": "quill"}.get(task.purpose)
    if tool is not None:
        for v in state.villages[p].ready:
            if not getattr(state.comp.villagers[v], tool):
                out.append(_why("send", f"no-{tool}-villager", villager=f"@above_and_below.villager.{v}"))
    if task.purpose == "explore" and len(task.villagers) < 2:
        out.append(_why("set-out", "party-of-two", n=len(task.villagers)))
    elif task.purpose in ("harvest", "labor") and task.count < 1:
        out.append(_why("done", "send-one"))
    return out


def unavailable_moves(state: AboveAndBelowState) -> list[Unavailable]:
    """The missing moves of the seat to decide, each with its reason."""
    if state.is_over:
        return []
    p = state.turn
    if state.phase == "turn":
        return _main_actions(state, p) + _refresh(state, p)
    if state.phase == "assign":
        return _assign(state, p)
    return []
