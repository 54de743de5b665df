"""建設・収穫・訓練・労働 — the actions carried out by villagers at home.

Every main action starts with :func:`start_action` and sends villagers one at
a time (:func:`assign`); a Cave Cat may refuse ("出目が1〜2の場合は、仕事をせず
に、消耗エリアに移動します…そのアクションを消費しません").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.core.actions import Action
from gameshelf.games.above_and_below.actions import (
    Act,
    Assign,
    Build,
    Done,
    Harvest,
    SetOut,
    Train,
    make,
)
from gameshelf.games.above_and_below.components import GOOD_INDEX
from gameshelf.games.above_and_below.rules.common import (
    NS,
    gain_villager,
    take_building,
)
from gameshelf.games.above_and_below.rules.explore import set_out, start_explore
from gameshelf.games.above_and_below.rules.free import legal_stock_moves
from gameshelf.games.above_and_below.rules.market import (
    build_cost,
    can_afford_a_build,
    cheapest_build,
)
from gameshelf.games.above_and_below.rules.turns import end_turn
from gameshelf.games.above_and_below.task import Task

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.state import AboveAndBelowState


# -- what may be chosen ------------------------------------------------------------------------
def train_cost(state: AboveAndBelowState, slot: int, villager: int) -> int:
    comp = state.comp
    discount = 1 if comp.villagers[villager].quill == 2 else 0
    return max(0, comp.tracks.slot_costs[slot] - discount)


def trainable(state: AboveAndBelowState, p: int, villager: int) -> list[int]:
    coins = state.villages[p].coins
    return [
        vid for slot, vid in enumerate(state.slots)
        if vid is not None and train_cost(state, slot, villager) <= coins
    ]


def harvestable(state: AboveAndBelowState, p: int) -> list[str]:
    """B1: a harvest takes a goods token lying on one of your cards."""
    village = state.villages[p]
    return [c for c in village.buildings if village.card_goods.get(c, 0) > 0]


def can_send(state: AboveAndBelowState, p: int, purpose: str, villager: int,
             cheapest: int | None = None) -> bool:
    """Whether ``villager`` could carry out ``purpose`` now; ``cheapest`` is the
    lowest price on offer for a build or train (computed once per list)."""
    v = state.comp.villagers[villager]
    if purpose == "build":
        return v.hammer > 0 and cheapest is not None and cheapest - (v.hammer == 2) <= state.villages[p].coins
    if purpose == "train":
        return v.quill > 0 and cheapest is not None and cheapest - (v.quill == 2) <= state.villages[p].coins
    if purpose == "harvest":
        return any(state.villages[p].card_goods.values())
    return True


def cheapest(state: AboveAndBelowState, p: int, purpose: str) -> int | None:
    if purpose == "build":
        return cheapest_build(state, p)
    if purpose == "train":
        costs = state.comp.tracks.slot_costs
        return min((costs[i] for i, v in enumerate(state.slots) if v is not None), default=None)
    return None


def legal_acts(state: AboveAndBelowState, p: int) -> list[Action]:
    """The main actions ``p`` may start. The test of :func:`can_send`, taken
    once for the best tool among the ready villagers (and no price looked up
    when nobody holds one): this list is rebuilt at every table turn."""
    village = state.villages[p]
    ready = village.ready
    if not ready:
        return []
    out: list[Action] = []
    if len(ready) >= 2 and state.cave_deck:
        out.append(_EXPLORE)
    if village.card_goods and any(village.card_goods.values()):
        out.append(_HARVEST)
    villagers = state.comp.villagers
    hammer = quill = 0
    for v in ready:
        tools = villagers[v]
        if tools.hammer > hammer:
            hammer = tools.hammer
        if tools.quill > quill:
            quill = tools.quill
    if hammer and can_afford_a_build(state, p, hammer == 2):
        out.append(_BUILD)
    if quill and _affordable(cheapest(state, p, "train"), quill, village.coins):
        out.append(_TRAIN)
    out.append(_LABOR)
    return out


def _affordable(price: int | None, tool: int, coins: int) -> bool:
    """Whether a villager holding ``tool`` (1, or 2: the '+' icon, 1 coin
    less) can pay ``price`` (None: nothing on offer)."""
    return price is not None and price - (tool == 2) <= coins


#: the shared ``Act`` instances, by main action.
_ACTS: dict[str, Action] = {a: make.Act(a) for a in ("explore", "harvest", "build", "train", "labor")}
_EXPLORE, _HARVEST, _BUILD, _TRAIN, _LABOR = _ACTS.values()


def legal_assign(state: AboveAndBelowState, p: int) -> list[Action]:
    task = state.task
    assert task is not None
    price = cheapest(state, p, task.purpose)
    out: list[Action] = [
        make.Assign(v) for v in state.villages[p].ready if can_send(state, p, task.purpose, v, price)
    ]
    if _enough(task):
        out.append(make.SetOut() if task.purpose == "explore" else make.Done())
    return out


def _enough(task: Task) -> bool:
    if task.purpose == "explore":
        return len(task.villagers) >= 2
    if task.purpose in ("harvest", "labor"):
        return task.count >= 1
    return False


# -- playing them ------------------------------------------------------------------------------
def start_action(state: AboveAndBelowState, action: Act) -> None:
    task = Task(action.action)
    state.task = task
    state.phase = "assign"
    if action.action == "explore":
        start_explore(state)


def assign(state: AboveAndBelowState, action: Assign) -> None:
    """Send one villager; a Cave Cat rolls first and may refuse."""
    p = state.turn
    task = state.task
    assert task is not None
    village = state.villages[p]
    village.ready.remove(action.villager)
    if state.comp.villagers[action.villager].special == "cave_cat":
        roll = state.rng["cat"].die()
        if roll <= 2:
            village.exhausted.append(action.villager)
            state.log(f"{NS}.log.cat-refuses", player=p + 1, roll=roll)
            if task.count == 0:
                # "そのアクションを消費しません。別の村人を使用して、別のアクションをしてもかまいません":
                # nothing was done yet, so the action is called off and the player chooses again.
                _cancel(state)
            else:
                _check_stuck(state)  # others already worked: the action stands without the cat
            return
        state.log(f"{NS}.log.cat-obeys", player=p + 1, roll=roll)
    if task.purpose == "labor":
        _labor(state, action.villager)
    elif task.purpose == "explore":
        # logged because the last explorer can set the party off at once, and
        # that event would otherwise stand for this move without naming them
        state.log(f"{NS}.log.explorer", player=p + 1, villager=f"@{NS}.villager.{action.villager}")
        task.villagers.append(action.villager)
    else:
        task.villagers.append(action.villager)
        state.phase = task.purpose
        return
    _check_stuck(state)


def _check_stuck(state: AboveAndBelowState) -> None:
    """When nothing more can be sent, the action closes by itself; when too few
    went, it was not used (a refusing Cave Cat, B8) and they go back to Ready."""
    choices = legal_assign(state, state.turn)
    if not choices:
        _cancel(state)
    elif len(choices) == 1 and isinstance(choices[0], Done | SetOut):
        task = state.task
        assert task is not None
        if task.purpose == "harvest" and legal_stock_moves(state, state.turn):
            return  # the goods may still go on the track or up for sale (B2)
        if task.purpose == "explore":
            set_out(state)
        else:
            done(state)


def _cancel(state: AboveAndBelowState) -> None:
    """The action is not used: those sent go back to Ready, the cave card back
    on top, and the player may take any action (or free actions) again."""
    task = state.task
    assert task is not None
    village = state.villages[state.turn]
    village.ready.extend(task.villagers)
    if task.cave is not None:
        state.cave_deck.insert(0, task.cave)
    state.task = None
    state.phase = "turn"
    state.log(f"{NS}.log.action-cancelled", player=state.turn + 1)


def done(state: AboveAndBelowState) -> None:
    """Close a harvest or labor (the explore is closed in explore.py)."""
    task = state.task
    assert task is not None
    state.villages[state.turn].exhausted.extend(task.villagers)
    task.villagers.clear()
    end_turn(state)


def _labor(state: AboveAndBelowState, villager: int) -> None:
    """"消耗させた村人1人ごとに、1コイン…最初に労働アクションを行ったプレイヤーは…りんご酒"."""
    task = state.task
    assert task is not None
    village = state.villages[state.turn]
    task.villagers.append(villager)
    task.count += 1
    village.coins += 1
    state.log(f"{NS}.log.labor", player=state.turn + 1, villager=f"@{NS}.villager.{villager}")
    if state.cider_on_board:
        state.cider_on_board = False
        village.cider += 1
        state.log(f"{NS}.log.labor-cider", player=state.turn + 1)


def harvest(state: AboveAndBelowState, action: Harvest) -> None:
    """"消耗させた村人1人ごとに、1つの家または地下施設から1つの商品トークンを獲得"."""
    p = state.turn
    village = state.villages[p]
    task = state.task
    assert task is not None
    village.card_goods[action.card] -= 1
    good = state.comp.buildings[action.card]
    item = good.goods_refill or good.goods_on_buy
    assert item is not None
    village.goods[GOOD_INDEX[item]] += 1
    if not village.card_goods[action.card]:
        del village.card_goods[action.card]
    task.count += 1
    state.phase = "assign"
    _check_stuck(state)


def build(state: AboveAndBelowState, action: Build) -> None:
    """Pay the cost (hammer+ 1 less), then +1 coin per other coin-on-build card."""
    p = state.turn
    village = state.villages[p]
    task = state.task
    assert task is not None
    builder = task.villagers[0]
    cost = build_cost(state, action.card, builder)
    village.coins -= cost
    bonus = sum(1 for b in village.buildings if state.comp.buildings[b].coin_on_build)
    state.log(f"{NS}.log.build", player=p + 1, card=f"@{NS}.card.{action.card}", cost=cost)
    take_building(state, p, action.card)
    if bonus:
        village.coins += bonus
        state.log(f"{NS}.log.coin-back", player=p + 1, n=bonus)
    done(state)


def train(state: AboveAndBelowState, action: Train) -> None:
    """"その置かれた場所に対応するコインを…支払い…消耗エリアに配置" (B18)."""
    p = state.turn
    village = state.villages[p]
    task = state.task
    assert task is not None
    slot = state.slots.index(action.villager)
    cost = train_cost(state, slot, task.villagers[0])
    village.coins -= cost
    state.slots[slot] = None
    gain_villager(state, p, action.villager, ready=village.has_ability(state.comp, "train_to_ready"), cost=cost)
    done(state)




__all__ = ["Done", "build", "harvest", "legal_acts", "legal_assign", "start_action", "train"]
