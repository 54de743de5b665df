"""探検 — exploring with the encounter book, with small books built in the test."""

from __future__ import annotations

import json

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.games.above_and_below.actions import (
    Act,
    Assign,
    Build,
    Choose,
    Decline,
    Push,
    Reroll,
    Resolve,
    SetOut,
    Spend,
)
from gameshelf.games.above_and_below.components import GOOD_INDEX
from gameshelf.games.above_and_below.encounters import Bonus, Effect, Paragraph
from tests.games.above_and_below.fixtures import (
    BUILDER,
    CLIMBER,
    FORAGER,
    GROGO,
    LIQUID_WOMAN,
    METAL_MAN,
    SCOUT,
    SCRIBE,
    give_building,
    move_villager,
    option,
    outcome,
    play,
    state_with,
    text,
    uniform_book,
)

RATS = option(
    (3, outcome(Effect("coins", 1), say="you hide")),
    (4, outcome(Effect("good", 1, "mushroom"), say="you hide and find a mushroom")),
    failure=outcome(Effect("reputation", -1), say="the rats chase you"),
    label="run and hide",
)
FIGHT = option((7, outcome(Effect("coins", 5), Effect("good", 1, "ore"))), label="stand and fight")


def _explore(state, *villagers: int, dice: list[int] | None = None, choice: int = 0):  # type: ignore[no-untyped-def]
    """Send ``villagers``, choose option ``choice``, then fix the dice to ``dice``."""
    play(state, Act("explore"), *(Assign(v) for v in villagers))
    if state.phase == "assign":
        play(state, SetOut())
    pid = state.task.paragraph
    play(state, Choose(pid, choice))
    if dice is not None:
        state.task.dice = list(dice)
    return state


def test_explore_needs_two_ready_villagers() -> None:
    """「準備エリアにいる2人以上の村人を選択します(…最低2人は割り当ててください)」"""
    state = state_with(uniform_book(RATS, FIGHT))
    v = state.villages[0]
    play(state, Act("explore"), Assign(BUILDER))
    assert SetOut() not in state.legal_actions()
    with pytest.raises(IllegalAction) as err:
        state.apply(SetOut())
    assert err.value.code == "not-enough-villagers"
    state2 = state_with(uniform_book(RATS, FIGHT))
    state2.villages[0].exhausted.extend(state2.villages[0].ready[1:])
    del state2.villages[0].ready[1:]
    assert Act("explore") not in state2.legal_actions()
    assert v.coins == 7


def test_cave_card_from_the_top_and_the_die_picks_the_paragraph() -> None:
    """「洞窟カードデッキの一番上のカードを受け取り…ダイスを1つ振り…出目の番号を参照します」"""
    state = state_with(uniform_book(RATS, FIGHT))
    top = state.cave_deck[0]
    play(state, Act("explore"), Assign(BUILDER), Assign(SCRIBE), SetOut())
    cave = next(c for c in state.book.caves if c.id == top)
    assert state.task.cave == top and state.task.paragraph in cave.paragraphs
    assert state.cave_deck[0] != top


def test_rewards_hidden_until_resolved() -> None:
    """「その際、報酬については読み上げないでください」 — thresholds shown, rewards hidden (B11)."""
    book = uniform_book(RATS, FIGHT)
    state = state_with(book)
    play(state, Act("explore"), Assign(BUILDER), Assign(SCRIBE), SetOut())
    for seat in (None, 0, 1):
        seen = json.dumps(state.observation(seat), ensure_ascii=False)
        assert "you hide" not in seen and "mushroom 1" not in seen and "coins 5" not in seen
        options = state.observation(seat)["task"]["options"]
        assert [o["thresholds"] for o in options] == [[3, 4], [7]]


def test_lanterns_by_icon_and_highest_threshold() -> None:
    """「1以上のダイス目でランタン1つ…4以上のダイス目でランタン2つ」「達成した高い方の数値に対応する報酬」
    A scout (icons 1 and 2) rolling 5 gives 2, a builder (icon 1) 1 on anything: 3 lanterns → 1 coin;
    with a 4 for the builder too it is still 3, and two scouts on 4+ reach 4 → the mushroom."""
    state = _explore(state_with(uniform_book(RATS, FIGHT)), BUILDER, SCOUT, dice=[6, 5])
    play(state, Resolve())
    v = state.villages[0]
    assert v.coins == 8 and v.goods[GOOD_INDEX["mushroom"]] == 0
    assert len(v.caves) == 1 and sorted(v.exhausted) == [BUILDER, SCOUT]


def test_lantern_two_icon_gives_nothing_below_four() -> None:
    """A villager with only the 2-icon gets nothing on 1-3 (B9)."""
    state = state_with(uniform_book(RATS, FIGHT))
    move_villager(state, 0, CLIMBER)
    move_villager(state, 0, FORAGER)
    _explore(state, CLIMBER, FORAGER, dice=[3, 1])
    from gameshelf.games.above_and_below.rules.explore import lanterns

    assert lanterns(state) == 1


def test_failure_puts_the_cave_under_the_deck_and_applies_failure_text() -> None:
    """「必要とされるランタンの数値に届かなかった場合、探検は失敗…洞窟カードは、山札の一番下に戻します」
    and 「いくつかのパラグラフには、失敗の結果が書かれているものがあります」 (B12)."""
    state = state_with(uniform_book(RATS, FIGHT))
    top = state.cave_deck[0]
    _explore(state, BUILDER, SCRIBE, dice=[1, 1])
    play(state, Resolve())
    v = state.villages[0]
    assert state.cave_deck[-1] == top and v.caves == []
    assert v.rep == state.comp.tracks.reputation_start - 1
    assert sorted(v.exhausted) == [BUILDER, SCRIBE]


def test_push_gives_a_lantern_and_injures() -> None:
    """「無理した村人1人につき、ランタン1つを獲得します」 — the pushed villager goes to Injured."""
    state = state_with(uniform_book(RATS, FIGHT))
    _explore(state, BUILDER, SCRIBE, dice=[1, 1])
    play(state, Push(SCRIBE))
    play(state, Resolve())
    v = state.villages[0]
    assert v.coins == 8 and SCRIBE in v.injured and BUILDER in v.exhausted


def test_no_push_once_the_required_lanterns_are_reached() -> None:
    """「必要数のランタンが得られなかった場合、必要数のランタンを得るために、1人以上の村人に
    無理させることで、より多くのランタンが得られます」: pushing is offered only below the
    option's required lanterns (its lowest threshold), not to climb to a higher reward."""
    state = state_with(uniform_book(RATS, FIGHT))
    _explore(state, SCOUT, BUILDER, SCRIBE, dice=[2, 2, 1])  # 1 + 1 + 1 = 3, the required 3
    assert [a for a in state.legal_actions() if isinstance(a, Push)] == []
    state = state_with(uniform_book(RATS, FIGHT))
    _explore(state, SCOUT, BUILDER, dice=[2, 2])  # 2 lanterns: one short
    assert Push(SCOUT) in state.legal_actions()
    play(state, Push(SCOUT))
    assert [a for a in state.legal_actions() if isinstance(a, Push)] == []


def test_rerolls_come_from_buildings() -> None:
    """「このシンボルのあるカードを所持するプレイヤーは、探検アクションの時に、振りなおしが出来ます」 (B10)."""
    state = state_with(uniform_book(RATS, FIGHT))
    _explore(state, SCOUT, BUILDER, dice=[2, 3])
    assert not any(isinstance(a, Reroll) for a in state.legal_actions())
    state = state_with(uniform_book(RATS, FIGHT))
    give_building(state, 0, "h10")
    _explore(state, SCOUT, BUILDER, dice=[2, 3])
    assert Reroll(SCOUT) in state.legal_actions()
    assert Reroll(BUILDER) in state.legal_actions(), "any die may be rerolled (B10: the text sets no limit)"
    play(state, Reroll(SCOUT))
    assert state.task.rerolls == 0 and not any(isinstance(a, Reroll) for a in state.legal_actions())


def test_option_cost_and_bonuses() -> None:
    """Costs are paid when the option is chosen; bonuses add lanterns (per hammer, if owning rope)."""
    opt = option((5, outcome(Effect("potion", 1))), cost=(Effect("coins", -2),),
                 bonuses=(Bonus("per_icon", 1, "hammer"), Bonus("if_has", 2, "rope")))
    state = state_with(uniform_book(opt))
    v = state.villages[0]
    v.goods[GOOD_INDEX["rope"]] = 1
    state.supply_goods[GOOD_INDEX["rope"]] -= 1
    _explore(state, BUILDER, SCRIBE, dice=[1, 1])
    assert v.coins == 5 and state.task.bonus == 3
    play(state, Resolve())
    assert v.potions == 1 and v.goods[GOOD_INDEX["rope"]] == 1, "an if_has item is not spent"


def test_unaffordable_option_is_not_offered() -> None:
    dear = option((1, outcome(Effect("coins", 1))), cost=(Effect("good", -1, "amethyst"),))
    state = state_with(uniform_book(dear, RATS))
    play(state, Act("explore"), Assign(BUILDER), Assign(SCRIBE), SetOut())
    assert [a.option for a in state.legal_actions()] == [1]


def test_goto_chain_keeps_the_explorers_and_rolls_again() -> None:
    """A chained paragraph is read with the same explorers and a new roll; the last roll decides the cave."""
    chained = Paragraph(300, text("deeper"), (option((2, outcome(Effect("cider", 1)))),))
    first = option((2, outcome(Effect("coins", 1), Effect("goto", 300))))
    state = state_with(uniform_book(first, extra={300: chained}))
    _explore(state, BUILDER, SCOUT, dice=[1, 1])
    play(state, Resolve())
    assert state.phase == "option" and state.task.paragraph == 300
    assert state.task.explorers == [BUILDER, SCOUT]
    play(state, Choose(300, 0))
    state.task.dice = [1, 1]
    play(state, Resolve())
    v = state.villages[0]
    assert v.coins == 8 and v.cider == 1 and len(v.caves) == 1


def test_goto_option_without_roll() -> None:
    chained = Paragraph(300, text("deeper"), (option((2, outcome(Effect("cider", 1)))),))
    state = state_with(uniform_book(option(goto=300), extra={300: chained}))
    play(state, Act("explore"), Assign(BUILDER), Assign(SCOUT), SetOut())
    play(state, Choose(state.task.paragraph, 0))
    assert state.task.paragraph == 300 and state.phase == "option" and state.task.dice == []


def test_building_reward_and_outpost_on_the_new_cave() -> None:
    """"gain a building costing ≤ n": chosen from the rows; an outpost may go on the cave just won."""
    state = state_with(uniform_book(option((2, outcome(Effect("building", 1, None, 9))))))
    outpost = state.outpost_row[0]
    _explore(state, BUILDER, SCOUT, dice=[1, 1])
    play(state, Resolve())
    assert state.phase == "reward" and Build(outpost) in state.legal_actions()
    for seat in (None, 0, 1):
        json.dumps(state.observation(seat))  # the encounter is over: no dice left to count
    play(state, Build(outpost))
    v = state.villages[0]
    assert v.outposts == [outpost] and v.coins == 7 and state.turn == 1


def test_injure_lose_cave_and_extra_cave() -> None:
    opt = option((2, outcome(Effect("injure", 1), Effect("lose_cave"), Effect("extra_cave"))))
    state = state_with(uniform_book(opt))
    top, second = state.cave_deck[0], state.cave_deck[1]
    _explore(state, BUILDER, SCOUT, dice=[1, 1])
    play(state, Resolve())
    v = state.villages[0]
    assert BUILDER in v.injured and SCOUT in v.exhausted
    assert v.caves == [second] and state.cave_deck[-1] == top


def test_villager_rewards() -> None:
    """"the cheapest trainable villager" and the special villagers join Exhausted;
    「リキッドウーマン…名声トラックを1つ後退させます」."""
    opt = option((2, outcome(Effect("villager"), Effect("special_villager", 1, "liquid_woman"))))
    state = state_with(uniform_book(opt))
    cheapest = state.slots[0]
    _explore(state, BUILDER, SCOUT, dice=[1, 1])
    play(state, Resolve())
    v = state.villages[0]
    assert cheapest in v.exhausted and LIQUID_WOMAN in v.exhausted
    assert state.slots[0] is None
    assert v.rep == state.comp.tracks.reputation_start - 1


def test_grogo_and_metal_man_come_from_encounters() -> None:
    opt = option((2, outcome(Effect("special_villager", 1, "grogo"), Effect("special_villager", 1, "metal_man"))))
    state = state_with(uniform_book(opt))
    _explore(state, BUILDER, SCOUT, dice=[1, 1])
    play(state, Resolve())
    assert {GROGO, METAL_MAN} <= set(state.villages[0].exhausted)
    assert GROGO not in state.specials and METAL_MAN not in state.specials


def test_coin_on_explore_after_success() -> None:
    """「探検を成功で終えたときに、1コインを獲得します」"""
    state = state_with(uniform_book(RATS))
    give_building(state, 0, "h16")
    _explore(state, BUILDER, SCOUT, dice=[1, 5])
    play(state, Resolve())
    assert state.villages[0].coins == 7 + 1 + 1


def test_refusing_cave_cat_can_cancel_an_exploration() -> None:
    """B8: a Cave Cat that refuses leaves too few explorers: the exploration is called off,
    the cave card goes back on top and the action is not used."""
    from gameshelf.core.rng import Stream
    from tests.games.above_and_below.fixtures import CAVE_CAT

    state = state_with(uniform_book(RATS))
    v = state.villages[0]
    move_villager(state, 0, CAVE_CAT)
    v.exhausted.extend([SCRIBE, SCOUT])
    v.ready.remove(SCRIBE)
    v.ready.remove(SCOUT)
    top = state.cave_deck[0]
    state.rng.streams["cat"] = next(Stream(k) for k in range(100) if Stream(k).die() <= 2)
    play(state, Act("explore"), Assign(BUILDER), Assign(CAVE_CAT))
    assert state.phase == "turn" and state.turn == 0 and state.task is None
    assert state.cave_deck[0] == top and BUILDER in v.ready and CAVE_CAT in v.exhausted


def test_a_free_building_may_be_declined() -> None:
    state = state_with(uniform_book(option((2, outcome(Effect("building", 1, None, 9))))))
    _explore(state, BUILDER, SCOUT, dice=[1, 1])
    play(state, Resolve(), Decline())
    assert state.villages[0].houses == [state.villages[0].houses[0]] and state.turn == 1


def test_cost_may_be_paid_from_the_sale_space() -> None:
    dear = option((1, outcome(Effect("coins", 3))), cost=(Effect("good", -1, "ore"),))
    state = state_with(uniform_book(dear))
    v = state.villages[0]
    v.sale = "ore"
    state.supply_goods[GOOD_INDEX["ore"]] -= 1
    _explore(state, BUILDER, SCOUT, dice=[1, 1])
    assert v.sale is None
    play(state, Resolve())
    assert v.coins == 10


def test_reputation_stops_at_the_ends() -> None:
    opt = option((2, outcome(Effect("reputation", -9))))
    state = state_with(uniform_book(opt))
    _explore(state, BUILDER, SCOUT, dice=[1, 1])
    play(state, Resolve())
    assert state.villages[0].rep == 0


def test_cider_and_potions_pay_an_options_coin_cost() -> None:
    """「りんご酒/ポーションをコインとして代用: これらのシンボルのあるカードを所持するプレイヤーは、
    りんご酒/ポーションをコインとして使用することができます」 — also for an encounter option's coins."""
    dear = option((1, outcome(Effect("good", 1, "ore"))), cost=(Effect("coins", -3),), label="pay the guide")
    state = state_with(uniform_book(dear))
    v = state.villages[0]
    give_building(state, 0, "h14")
    v.coins, v.cider = 1, 2
    state.supply_cider -= 2
    play(state, Act("explore"), Assign(BUILDER), Assign(SCOUT))
    if state.phase == "assign":
        play(state, SetOut())
    assert state.phase == "option", "the cider makes the option affordable: no forced failure"
    pid = state.task.paragraph
    assert Choose(pid, 0) not in state.legal_actions()
    play(state, Spend("cider"), Spend("cider"))
    assert v.coins == 3 and v.cider == 0
    play(state, Choose(pid, 0))
    assert v.coins == 0 and state.phase == "dice"


def test_without_the_card_the_cider_cannot_pay() -> None:
    dear = option((1, outcome(Effect("good", 1, "ore"))), cost=(Effect("coins", -3),), label="pay the guide")
    state = state_with(uniform_book(dear))
    v = state.villages[0]
    v.coins, v.cider = 1, 2
    state.supply_cider -= 2
    play(state, Act("explore"), Assign(BUILDER), Assign(SCOUT))
    if state.phase == "assign":
        play(state, SetOut())
    assert state.phase != "option" and v.cider == 2, "B22: no option can be paid, the encounter fails"


def test_an_option_that_gives_an_item_takes_it() -> None:
    """An option whose words give an item away ("Offer it a fish", 「魚を差し出す」) costs that
    item: it is paid when chosen, and cannot be chosen without it (issue 16)."""
    from gameshelf.games.above_and_below.encounters import load_book

    book = load_book()
    pid = 65
    state = state_with(book)
    v = state.villages[0]
    play(state, Act("explore"), Assign(BUILDER), Assign(SCOUT))
    if state.phase == "assign":
        play(state, SetOut())
    state.task.paragraph = pid
    assert Choose(pid, 0) not in state.legal_actions(), "no fish, no offering"
    v.goods[GOOD_INDEX["fish"]] = 1
    state.supply_goods[GOOD_INDEX["fish"]] -= 1
    play(state, Choose(pid, 0))
    assert v.goods[GOOD_INDEX["fish"]] == 0
