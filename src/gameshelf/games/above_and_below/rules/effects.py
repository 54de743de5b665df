"""The rewards and penalties of the encounter book, applied to a village.

Effect kinds are those of the book contract (``encounters.EFFECT_KINDS``).
Gains are limited by the supply; losses by what the player owns.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from gameshelf.games.above_and_below.rules.common import (
    NS,
    change_reputation,
    gain_item,
    gain_villager,
    lose_item,
)

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.encounters import Effect
    from gameshelf.games.above_and_below.state import AboveAndBelowState
    from gameshelf.games.above_and_below.village import Village


def can_pay(village: Village, costs: Iterable[Effect], tokens: tuple[str, ...] = ()) -> bool:
    """Whether the player owns what an option costs (negative amounts).

    ``tokens`` are the items (``"cider"``, ``"potion"``) the player's cards let
    them use as coins (B26): those in their supply beyond the option's own
    item costs count towards its coin cost."""
    coins_needed, items = _split(costs)
    if any(village.owned(item) < n for item, n in items.items()):
        return False
    return village.coins + sum(spare_tokens(village, costs, t) for t in tokens) >= coins_needed


def spare_tokens(village: Village, costs: Iterable[Effect], token: str) -> int:
    """The ``token`` items in ``village``'s supply that paying ``costs`` leaves."""
    in_supply = village.cider if token == "cider" else village.potions
    return max(0, in_supply - _split(costs)[1].get(token, 0))


def _split(costs: Iterable[Effect]) -> tuple[int, dict[str, int]]:
    """The coins and the items (by name) that ``costs`` ask for."""
    coins = 0
    items: dict[str, int] = {}
    for cost in costs:
        if cost.kind == "coins":
            coins += -cost.n
        else:
            item = cost.item or cost.kind
            items[item] = items.get(item, 0) + -cost.n
    return coins, items


def coin_tokens(state: AboveAndBelowState, p: int) -> tuple[str, ...]:
    """The items ``p`` may use as coins ("りんご酒/ポーションをコインとして代用")."""
    village = state.villages[p]
    comp = state.comp
    return tuple(t for t in ("cider", "potion") if village.has_ability(comp, f"{t}_as_coin"))


def apply_effects(state: AboveAndBelowState, p: int, effects: Iterable[Effect]) -> None:
    for effect in effects:
        APPLY[effect.kind](state, p, effect)


def _coins(state: AboveAndBelowState, p: int, e: Effect) -> None:
    village = state.villages[p]
    change = max(e.n, -village.coins)
    village.coins += change
    if change >= 0:
        state.log(f"{NS}.log.coins", player=p + 1, n=change)
    else:
        state.log(f"{NS}.log.pay", player=p + 1, n=-change)


def _item(state: AboveAndBelowState, p: int, e: Effect) -> None:
    item = e.item if e.kind == "good" else e.kind
    assert item is not None
    if e.n >= 0:
        got = gain_item(state, p, item, e.n)
        state.log(f"{NS}.log.gain", player=p + 1, n=got, item=f"@{NS}.item.{item}")
    else:
        lost = lose_item(state, p, item, -e.n)
        state.log(f"{NS}.log.lose", player=p + 1, n=lost, item=f"@{NS}.item.{item}")


def _reputation(state: AboveAndBelowState, p: int, e: Effect) -> None:
    change_reputation(state, p, e.n)


def _villager(state: AboveAndBelowState, p: int, e: Effect) -> None:
    """"the cheapest trainable villager on the board", free, to Exhausted."""
    for _ in range(e.n):
        for slot, vid in enumerate(state.slots):
            if vid is not None:
                state.slots[slot] = None
                gain_villager(state, p, vid)
                break


def _special(state: AboveAndBelowState, p: int, e: Effect) -> None:
    comp = state.comp
    for _ in range(e.n):
        for vid in state.specials:
            if comp.villagers[vid].special == e.item:
                state.specials.remove(vid)
                gain_villager(state, p, vid)
                break


def _extra_cave(state: AboveAndBelowState, p: int, e: Effect) -> None:
    for _ in range(e.n):
        if state.cave_deck:
            cave = state.cave_deck.pop(0)
            state.villages[p].caves.append(cave)
            state.log(f"{NS}.log.extra-cave", player=p + 1, cave=cave)


def _building(state: AboveAndBelowState, p: int, e: Effect) -> None:
    assert state.task is not None and e.max_cost is not None
    state.task.free.append(e.max_cost)


def _injure(state: AboveAndBelowState, p: int, e: Effect) -> None:
    """Designed (RULES.md B23): the first explorers sent are injured first."""
    task = state.task
    assert task is not None
    for v in task.explorers[: e.n]:
        i = task.villagers.index(v)
        del task.villagers[i]
        if i < len(task.dice):
            del task.dice[i]
        state.villages[p].injured.append(v)
        state.log(f"{NS}.log.injured", player=p + 1, villager=f"@{NS}.villager.{v}")


def _lose_cave(state: AboveAndBelowState, p: int, e: Effect) -> None:
    assert state.task is not None
    state.task.lose_cave = True


def _goto(state: AboveAndBelowState, p: int, e: Effect) -> None:
    assert state.task is not None
    state.task.goto = e.n


APPLY = {
    "coins": _coins,
    "reputation": _reputation,
    "good": _item,
    "potion": _item,
    "cider": _item,
    "villager": _villager,
    "special_villager": _special,
    "extra_cave": _extra_cave,
    "building": _building,
    "injure": _injure,
    "lose_cave": _lose_cave,
    "goto": _goto,
}
