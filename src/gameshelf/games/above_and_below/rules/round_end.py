"""ラウンドの終了 — the end of a round, in the rulebook's order.

Marker (or the end of the game), cider, new villagers, rest (a decision per
player: potions and cider first, then beds), income, goods on refill cards,
and the start player passes left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.core.actions import Action
from gameshelf.games.above_and_below.actions import Rest, make
from gameshelf.games.above_and_below.components import GOOD_INDEX
from gameshelf.games.above_and_below.rules.common import NS, gain_item

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.state import AboveAndBelowState


def end_round(state: AboveAndBelowState) -> None:
    comp = state.comp
    # ラウンドマーカー: "ラウンドマーカーを下に動かすことができなければ、ゲーム終了"
    if state.round >= comp.tracks.rounds:
        state.phase = "over"
        state.task = None
        state.log(f"{NS}.log.game-over")
        return
    state.round += 1
    state.log(f"{NS}.log.round", round=state.round)
    # りんご酒: restock the board's cider if it is gone.
    if not state.cider_on_board and state.supply_cider:
        state.supply_cider -= 1
        state.cider_on_board = True
    slide_villagers(state)
    # B20: the 4-player first-round restriction ends by itself.
    for vid in state.first_round_exhausted:
        for village in state.villages:
            if vid in village.exhausted:
                village.exhausted.remove(vid)
                village.ready.append(vid)
    state.first_round_exhausted = []
    # Metal Men rest in their own beds (B13).
    for village in state.villages:
        _metal_men_rest(state, village)
    order = [(state.start_player + k) % state.players for k in range(state.players)]
    state.rest_queue = [p for p in order if can_rest(state, p)]
    state.rest_bedded = []
    state.rest_beds_used = 0
    state.turn = state.start_player
    if state.rest_queue:
        state.phase = "rest"
    else:
        finish_round(state)


def slide_villagers(state: AboveAndBelowState) -> None:
    """"名声ボード上に残った村人を左…に詰めて、空いているスロットに…引いて"."""
    left = [v for v in state.slots if v is not None]
    while len(left) < len(state.slots) and state.villager_deck:
        left.append(state.villager_deck.pop(0))
    state.slots = left + [None] * (len(state.slots) - len(left))


def _metal_men_rest(state: AboveAndBelowState, village: object) -> None:
    comp = state.comp
    injured: list[int] = village.injured  # type: ignore[attr-defined]
    exhausted: list[int] = village.exhausted  # type: ignore[attr-defined]
    ready: list[int] = village.ready  # type: ignore[attr-defined]
    moved_up = [v for v in exhausted if comp.villagers[v].special == "metal_man"]
    for v in moved_up:
        exhausted.remove(v)
        ready.append(v)
    for v in [v for v in injured if comp.villagers[v].special == "metal_man"]:
        injured.remove(v)
        exhausted.append(v)


def beds(state: AboveAndBelowState, p: int) -> int:
    return state.villages[p].ability_sum(state.comp, "beds")


def rest_options(state: AboveAndBelowState, p: int) -> list[Action]:
    """Potions and cider come first ("最初に…ポーションとりんご酒を使用します");
    once a bed is used, only beds remain; one bed per villager."""
    villagers = state.comp.villagers
    village = state.villages[p]
    out: list[Action] = []
    # the Metal Man takes no remedy and no bed (he moves up by himself)
    injured = [v for v in village.injured if villagers[v].special != "metal_man"]
    exhausted = [v for v in village.exhausted if villagers[v].special != "metal_man"]
    if state.rest_beds_used == 0:
        if village.potions:
            out.extend(_rest("potion", v) for v in injured)
        if village.cider:
            out.extend(_rest("cider", v) for v in exhausted)
    tired = [v for v in injured + exhausted if v not in state.rest_bedded]
    if tired and state.rest_beds_used < beds(state, p):  # beds counted only when someone could use one
        out.extend(_rest("bed", v) for v in tired)
    return out


def can_rest(state: AboveAndBelowState, p: int) -> bool:
    """Whether :func:`rest_options` would offer ``p`` anything, without
    building the moves (asked after every rest and for every seat at the
    round end; the same three tests in the same terms)."""
    villagers = state.comp.villagers
    village = state.villages[p]
    bedded = state.rest_bedded
    injured = [v for v in village.injured if villagers[v].special != "metal_man"]
    exhausted = [v for v in village.exhausted if villagers[v].special != "metal_man"]
    if state.rest_beds_used == 0 and ((village.potions and injured) or (village.cider and exhausted)):
        return True
    tired = any(v not in bedded for v in injured) or any(v not in bedded for v in exhausted)
    return tired and state.rest_beds_used < beds(state, p)


def _rest(remedy: str, villager: int) -> Action:
    """``make.Rest(remedy, villager)`` through a plain dict (the rest lists
    are rebuilt after every rest; the rules pass exact ints and strings)."""
    action = _RESTS.get((remedy, villager))
    if action is None:
        action = _RESTS[remedy, villager] = make.Rest(remedy, villager)
    return action


_RESTS: dict[tuple[str, int], Action] = {}


def legal_rest(state: AboveAndBelowState) -> list[Action]:
    return [*rest_options(state, state.rest_queue[0]), make.Rested()]


def rest(state: AboveAndBelowState, action: Rest) -> None:
    p = state.rest_queue[0]
    village = state.villages[p]
    v = action.villager
    if action.remedy == "potion":
        village.potions -= 1
        state.supply_potion += 1
    elif action.remedy == "cider":
        village.cider -= 1
        state.supply_cider += 1
    else:
        state.rest_beds_used += 1
        state.rest_bedded.append(v)
    if v in village.injured:
        village.injured.remove(v)
        village.exhausted.append(v)
    else:
        village.exhausted.remove(v)
        village.ready.append(v)
    if not can_rest(state, p):
        next_rester(state)


def next_rester(state: AboveAndBelowState) -> None:
    state.rest_queue.pop(0)
    state.rest_bedded = []
    state.rest_beds_used = 0
    while state.rest_queue and not can_rest(state, state.rest_queue[0]):
        state.rest_queue.pop(0)
    if not state.rest_queue:
        finish_round(state)


def finish_round(state: AboveAndBelowState) -> None:
    """Income, potions from cards, goods back on refill cards, start player left."""
    comp = state.comp
    paid: list[int] = []
    for p, village in enumerate(state.villages):
        income = village.income(comp)
        village.coins += income
        paid.append(income)
        potions = village.ability_sum(comp, "potion_per_round")
        if potions:
            gain_item(state, p, "potion", potions)
        for card in village.buildings:
            good = comp.buildings[card].goods_refill
            if good is not None and not village.card_goods.get(card):
                i = GOOD_INDEX[good]
                if state.supply_goods[i]:
                    state.supply_goods[i] -= 1
                    village.card_goods[card] = 1
        village.passed = False
    # one line for every village, naming no mover: it is the round's doing, not the last rester's
    amounts: dict[str, Any] = {f"n{p}": n for p, n in enumerate(paid, 1)}
    state.log(f"{NS}.log.income-{len(paid)}", **amounts)
    state.start_player = (state.start_player + 1) % state.players
    state.turn = state.start_player
    state.phase = "turn"
