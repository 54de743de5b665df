"""探検 — exploring a cave with the encounter book.

The flow, one decision at a time::

    act explore ─► assign × n (≥2) ─► done ─► d6 picks the paragraph
        ─► choose an option (thresholds shown, rewards hidden; pay its cost)
        ─► one die per explorer ─► reroll / push … ─► resolve
        ─► outcome of the highest threshold reached, or the failure outcome
        ─► (goto: the same explorers read the next paragraph) ─► cave card kept or
           put under the deck; explorers to Exhausted.

"必要とされるランタンの数値に届かなかった場合、探検は失敗となり…洞窟カードは、山札の一番下に戻します".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.core.actions import Action
from gameshelf.games.above_and_below.actions import Build, Choose, Push, Reroll, make
from gameshelf.games.above_and_below.encounters import format_bonus, format_effect
from gameshelf.games.above_and_below.rules.common import NS, lose_item, put_under, take_building
from gameshelf.games.above_and_below.rules.effects import (
    apply_effects,
    can_pay,
    coin_tokens,
    spare_tokens,
)
from gameshelf.games.above_and_below.rules.market import buildable
from gameshelf.games.above_and_below.rules.turns import end_turn

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.encounters import Book, CaveCard, EncounterOption
    from gameshelf.games.above_and_below.state import AboveAndBelowState

_CAVES: dict[int, tuple[Any, dict[int, Any]]] = {}


def cave_card(book: Book, cave: int) -> CaveCard:
    cached = _CAVES.get(id(book))
    if cached is None or cached[0] is not book:
        cached = (book, {c.id: c for c in book.caves})
        _CAVES[id(book)] = cached
    return cached[1][cave]  # type: ignore[no-any-return]


def start_explore(state: AboveAndBelowState) -> None:
    """"最初に、洞窟カードデッキの一番上のカードを受け取り" — and count the reroll icons."""
    task = state.task
    assert task is not None
    task.cave = state.cave_deck.pop(0)
    task.rerolls = state.villages[state.turn].ability_sum(state.comp, "rerolls")


def set_out(state: AboveAndBelowState) -> None:
    """Enough explorers: "ダイスを1つ振り…出目の番号を参照します"."""
    task = state.task
    assert task is not None and task.cave is not None
    face = state.rng["dice"].die()
    state.log(f"{NS}.log.cave-roll", player=state.turn + 1, cave=task.cave, face=face)
    enter_paragraph(state, cave_card(state.book, task.cave).paragraphs[face - 1])


def enter_paragraph(state: AboveAndBelowState, pid: int) -> None:
    task = state.task
    assert task is not None
    para = state.book.paragraphs[pid]
    task.paragraph = pid
    task.option = None
    task.dice = []
    task.bonus = 0
    task.goto = None
    state.phase = "option"
    state.log(f"{NS}.log.paragraph", paragraph=pid, text=dict(para.text))
    if not legal_options(state):
        # designed (RULES.md B22): an encounter whose every option costs more than
        # the player owns ends as a failure.
        task.success = False
        after_outcome(state)


def legal_options(state: AboveAndBelowState) -> list[Action]:
    """The options the player can pay for now, and (B26) turning a cider or
    potion into a coin while that would make another option affordable."""
    task = state.task
    assert task is not None and task.paragraph is not None
    para = state.book.paragraphs[task.paragraph]
    village = state.villages[state.turn]
    out: list[Action] = [
        make.Choose(para.id, i) for i, opt in enumerate(para.options) if can_pay(village, opt.cost)
    ]
    tokens = coin_tokens(state, state.turn)
    if tokens and len(out) < len(para.options):
        wanted = [opt.cost for opt in para.options
                  if not can_pay(village, opt.cost) and can_pay(village, opt.cost, tokens)]
        out.extend(make.Spend(t) for t in tokens if any(spare_tokens(village, c, t) for c in wanted))
    return out


def option_bonus(state: AboveAndBelowState, opt: EncounterOption) -> int:
    """Lanterns an option adds: per explorer with an icon, or for owning an item."""
    comp = state.comp
    task = state.task
    assert task is not None
    village = state.villages[state.turn]
    total = 0
    for bonus in opt.bonuses:
        if bonus.kind == "per_icon":
            total += bonus.lanterns * sum(
                1 for v in task.explorers if getattr(comp.villagers[v], bonus.item, 0) > 0
            )
        elif village.owned(bonus.item) > 0:
            total += bonus.lanterns
    return total


def choose(state: AboveAndBelowState, action: Choose) -> None:
    """Pay the option's cost, then roll one die per explorer ("村人ごとにダイス1個")."""
    task = state.task
    assert task is not None
    p = state.turn
    opt = state.book.paragraphs[action.paragraph].options[action.option]
    for cost in opt.cost:
        if cost.kind == "coins":
            state.villages[p].coins += cost.n
        else:
            lose_item(state, p, cost.item or cost.kind, -cost.n)
    if not opt.thresholds and opt.goto is not None:
        enter_paragraph(state, opt.goto)
        return
    task.option = action.option
    task.villagers = task.explorers
    task.pushed = []
    task.bonus = option_bonus(state, opt)
    dice = state.rng["dice"]
    task.dice = [dice.die() for _ in task.villagers]
    state.phase = "dice"
    state.log(f"{NS}.log.dice", player=p + 1, dice=" ".join(map(str, task.dice)), lanterns=lanterns(state),
              label_en=opt.label["en"], label_ja=opt.label["ja"], need=opt.thresholds[0].lanterns)


def lanterns(state: AboveAndBelowState) -> int:
    """B9: each die by its villager's icons, +1 per pushed explorer, + bonuses."""
    task = state.task
    assert task is not None
    villagers = state.comp.villagers
    rolled = sum(villagers[v].lanterns(d) for v, d in zip(task.villagers, task.dice, strict=True))
    return rolled + len(task.pushed) + task.bonus


def _option(state: AboveAndBelowState) -> EncounterOption:
    task = state.task
    assert task is not None and task.paragraph is not None and task.option is not None
    return state.book.paragraphs[task.paragraph].options[task.option]


def legal_dice(state: AboveAndBelowState) -> list[Action]:
    """A reroll for any explorer's die while reroll icons are left (B10); a push
    only while the option's required lanterns are not reached (B24:
    "必要数のランタンが得られなかった場合…1人以上の村人に無理させることで")."""
    task = state.task
    assert task is not None
    out: list[Action] = []
    if task.rerolls:
        out.extend(make.Reroll(v) for v in task.villagers if v not in task.pushed)
    required = _option(state).thresholds[0].lanterns
    if lanterns(state) < required:
        out.extend(make.Push(v) for v in task.villagers if v not in task.pushed)
    out.append(make.Resolve())
    return out


def reroll(state: AboveAndBelowState, action: Reroll) -> None:
    """"振りなおした後のダイスの結果に従ってください" (B10)."""
    task = state.task
    assert task is not None
    i = task.villagers.index(action.villager)
    old = task.dice[i]
    task.dice[i] = state.rng["dice"].die()
    task.rerolls -= 1
    state.log(f"{NS}.log.reroll", player=state.turn + 1, old=old, new=task.dice[i],
              lanterns=lanterns(state))


def push(state: AboveAndBelowState, action: Push) -> None:
    """"その村人を洞窟カードの上から取り除き…負傷エリア…ランタン1つを獲得"."""
    task = state.task
    assert task is not None
    task.pushed.append(action.villager)
    state.villages[state.turn].injured.append(action.villager)
    state.log(f"{NS}.log.push", player=state.turn + 1, villager=f"@{NS}.villager.{action.villager}",
              lanterns=lanterns(state))


def resolve(state: AboveAndBelowState) -> None:
    """"達成した高い方の数値に対応する報酬を得ます"; else the failure outcome."""
    task = state.task
    assert task is not None
    opt = _option(state)
    total = lanterns(state)
    reached = [t for t in opt.thresholds if t.lanterns <= total]
    outcome = reached[-1].outcome if reached else opt.failure
    task.success = bool(reached)
    state.log(f"{NS}.log.resolve", player=state.turn + 1, lanterns=total,
              result=f"@{NS}.result.{'success' if reached else 'failure'}")
    if outcome is not None:
        state.log(f"{NS}.log.outcome", player=state.turn + 1, paragraph=task.paragraph,
                  option=task.option, threshold=reached[-1].lanterns if reached else 0,
                  text=dict(outcome.text))
        apply_effects(state, state.turn, outcome.effects)
    after_outcome(state)


def after_outcome(state: AboveAndBelowState) -> None:
    """Free buildings to choose, then the chained paragraph or the end."""
    task = state.task
    assert task is not None
    if task.goto is None and not task.finished:
        finish_encounter(state)
    if task.free:
        state.phase = "reward"
        return
    if task.goto is not None:
        pid, task.goto = task.goto, None
        task.villagers = task.explorers
        task.pushed = []
        task.dice = []
        enter_paragraph(state, pid)
        return
    end_turn(state)


def finish_encounter(state: AboveAndBelowState) -> None:
    """Explorers to Exhausted; the cave card to the row on success, else under the deck."""
    task = state.task
    assert task is not None and task.cave is not None
    p = state.turn
    village = state.villages[p]
    village.exhausted.extend(task.explorers)
    task.villagers = []
    task.pushed = []
    task.dice = []
    if task.success and not task.lose_cave:
        village.caves.append(task.cave)
    else:
        put_under(state, "cave_deck", [task.cave])
    state.log(f"{NS}.log.cave-" + ("kept" if task.success and not task.lose_cave else "lost"),
              player=p + 1, cave=task.cave)
    if task.success:
        bonus = village.ability_sum(state.comp, "coin_on_explore")
        if bonus:
            village.coins += bonus
            state.log(f"{NS}.log.explore-coin", player=p + 1, n=bonus)
    task.finished = True


def legal_reward(state: AboveAndBelowState) -> list[Action]:
    task = state.task
    assert task is not None
    cards = buildable(state, state.turn, -1, free_max=task.free[0])
    return [*(make.Build(c) for c in cards), make.Decline()]


def take_reward(state: AboveAndBelowState, action: Action) -> None:
    task = state.task
    assert task is not None
    task.free.pop(0)
    if isinstance(action, Build):
        take_building(state, state.turn, action.card)
        state.log(f"{NS}.log.free-building", player=state.turn + 1, card=f"@{NS}.card.{action.card}")
    after_outcome(state)


def task_view(state: AboveAndBelowState) -> dict[str, Any] | None:
    """The public part of the action under way: thresholds and costs of the
    options are shown, their rewards are not (B11)."""
    task = state.task
    if task is None:
        return None
    view: dict[str, Any] = {
        "purpose": task.purpose,
        "villagers": list(task.villagers),
        "count": task.count,
    }
    if task.purpose != "explore":
        return view
    view.update(cave=task.cave, paragraph=task.paragraph, option=task.option, dice=list(task.dice),
                pushed=list(task.pushed), rerolls=task.rerolls, bonus=task.bonus, free=list(task.free))
    if task.paragraph is not None:
        para = state.book.paragraphs[task.paragraph]
        view["options"] = [
            {
                "thresholds": [t.lanterns for t in opt.thresholds],
                "cost": [format_effect(c) for c in opt.cost],
                "bonuses": [format_bonus(b) for b in opt.bonuses],
                "goto": opt.goto is not None and not opt.thresholds,
            }
            for opt in para.options
        ]
    if state.phase == "dice":
        view["lanterns"] = lanterns(state)
    return view
