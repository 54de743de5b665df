"""建設・収穫・訓練・労働 and the special villagers at home."""

from __future__ import annotations

import pytest

from gameshelf.core.rng import Stream
from gameshelf.games.above_and_below.actions import (
    Act,
    Assign,
    Build,
    Done,
    Harvest,
    Sell,
    Track,
    Train,
)
from gameshelf.games.above_and_below.components import GOOD_INDEX
from gameshelf.games.above_and_below.rules.round_end import finish_round
from tests.games.above_and_below.fixtures import (
    BUILDER,
    CAVE_CAT,
    GROGO,
    MASON,
    SCOUT,
    SCRIBE,
    TEACHER,
    give_building,
    give_cave,
    move_villager,
    new_state,
    play,
)


def _put_in_row(state, card: str) -> None:  # type: ignore[no-untyped-def]
    row = state.outpost_row if card.startswith("o") else state.house_row
    deck = state.outpost_deck if card.startswith("o") else state.house_deck
    if card not in row:
        deck.remove(card)
        deck.append(row.pop(0))
        row.append(card)


def test_build_needs_a_hammer_and_pays_the_cost() -> None:
    """「その村人は必ずハンマーアイコンを持っている必要があります…建物のコスト…に等しいコインを銀行に支払います」
    Only a hammer villager builds; the row refills to 4."""
    state = new_state(2)
    _put_in_row(state, "h01")
    play(state, Act("build"))
    assert [a for a in state.legal_actions()] == [Assign(BUILDER)]
    play(state, Assign(BUILDER), Build("h01"))
    v = state.villages[0]
    assert "h01" in v.houses and v.coins == 7 - 3
    assert BUILDER in v.exhausted and len(state.house_row) == 4
    assert state.turn == 1


def test_outpost_needs_an_empty_cave() -> None:
    """「地下施設を購入したい場合は…利用可能な洞窟カードを持っている必要があります」"""
    state = new_state(2)
    _put_in_row(state, "o01")
    play(state, Act("build"), Assign(BUILDER))
    assert Build("o01") not in state.legal_actions()
    state = new_state(2)
    _put_in_row(state, "o01")
    give_cave(state, 0)
    play(state, Act("build"), Assign(BUILDER), Build("o01"))
    v = state.villages[0]
    assert v.outposts == ["o01"] and v.empty_caves() == 0
    assert v.card_goods == {"o01": 1}, "a refill card comes with its first good"


def test_hammer_plus_and_grogo_build_for_one_less() -> None:
    """「ハンマー/羽ペン+…支払うコインが1少なくなります」「グロゴ…建設コストが1コイン軽減されます」"""
    for villager in (MASON, GROGO):
        state = new_state(2)
        move_villager(state, 0, villager)
        _put_in_row(state, "h04")
        play(state, Act("build"), Assign(villager), Build("h04"))
        assert state.villages[0].coins == 7 - 3


def test_coin_on_build_not_for_itself() -> None:
    """「このシンボルの付いたカード自身を購入したときにコインを得ることは出来ません」"""
    state = new_state(2)
    _put_in_row(state, "h08")
    _put_in_row(state, "h01")
    play(state, Act("build"), Assign(BUILDER), Build("h08"))
    assert state.villages[0].coins == 7 - 4
    state.turn = 0
    state.villages[0].coins = 10
    state.villages[0].ready.append(state.villages[0].exhausted.pop())
    play(state, Act("build"), Assign(BUILDER), Build("h01"))
    assert state.villages[0].coins == 10 - 3 + 1


def test_harvest_one_good_per_villager_from_tokens_on_cards() -> None:
    """「消耗させた村人1人ごとに、1つの家または地下施設から1つの商品トークンを獲得します」 (B1)."""
    state = new_state(2)
    v = state.villages[0]
    _put_in_row(state, "h02")
    play(state, Act("build"), Assign(BUILDER), Build("h02"))  # 2 mushrooms on the card
    play(state, Act("labor"), Assign(state.villages[1].ready[0]), Done())
    play(state, Act("harvest"), Assign(SCRIBE), Harvest("h02"), Assign(SCOUT), Harvest("h02"))
    assert v.goods[GOOD_INDEX["mushroom"]] == 2 and "h02" not in v.card_goods
    # B2: 「獲得した商品は…売却を選択して…あるいは成長トラックに配置」 — at once, before closing
    assert Track("mushroom") in state.legal_actions() and Sell("mushroom") in state.legal_actions()
    play(state, Track("mushroom"), Sell("mushroom"))
    assert state.turn == 0 and state.phase == "assign"
    play(state, Done())
    assert v.track_count[GOOD_INDEX["mushroom"]] == 1 and v.sale == "mushroom"
    assert sorted(v.exhausted)[-2:] == sorted([SCRIBE, SCOUT]) and state.turn == 1


def test_refill_card_gets_a_good_back_at_round_end() -> None:
    """「ラウンド終了時に、このカードの上に商品が無い場合…商品タイルを1枚配置します」"""
    state = new_state(2)
    give_building(state, 0, "h03")
    give_building(state, 0, "h02")
    state.supply_goods[GOOD_INDEX["mushroom"]] -= 0
    finish_round(state)
    assert state.villages[0].card_goods == {"h03": 1}, "goods-on-buy cards are never refilled"


def test_train_with_a_quill_to_exhausted() -> None:
    """「その村人は必ず羽ペンアイコンを持っている必要があります…その置かれた場所に対応するコイン…消耗エリアに配置」
    The slot stays empty until round end ("新たな村人は補充しません")."""
    state = new_state(2)
    first = state.slots[0]
    play(state, Act("train"), Assign(SCRIBE), Train(first))
    v = state.villages[0]
    assert first in v.exhausted and v.coins == 7 - 2
    assert state.slots[0] is None


def test_train_to_ready_and_quill_plus() -> None:
    """「新規で訓練した村人を「消耗」エリアではなく、「準備」エリアに配置」 and quill+ is 1 cheaper."""
    state = new_state(2)
    give_building(state, 0, "h15")
    move_villager(state, 0, TEACHER)
    last = state.slots[4]
    play(state, Act("train"), Assign(TEACHER), Train(last))
    v = state.villages[0]
    assert last in v.ready and v.coins == 7 - (5 - 1)


def test_labor_coin_per_villager_and_first_cider() -> None:
    """「消耗させた村人1人ごとに、1コイン…最初に労働アクションを行ったプレイヤーは…りんご酒トークンを獲得」 (B19)."""
    state = new_state(2)
    play(state, Act("labor"), Assign(BUILDER), Assign(SCRIBE), Done())
    assert state.villages[0].coins == 9 and state.villages[0].cider == 1
    assert not state.cider_on_board
    p1 = state.villages[1]
    play(state, Act("labor"), Assign(p1.ready[0]), Done())
    assert p1.coins == 9 and p1.cider == 0


def _cat_stream(refuse: bool) -> Stream:
    for seed in range(100):
        if (Stream(seed).die() <= 2) == refuse:
            return Stream(seed)
    raise AssertionError("no stream found")


@pytest.mark.parametrize("purpose", ["labor", "build", "harvest", "train"])
def test_cave_cat_refusal_does_not_use_the_action(purpose: str) -> None:
    """「出目が1〜2の場合は、仕事をせずに、消耗エリアに移動します。洞窟猫が仕事をしなかった場合、
    そのアクションを消費しません。別の村人を使用して、別のアクションをしてもかまいません。」

    (This test once asserted that a labour went on after the cat refused; the
    rulebook lets the player take a different action instead.)"""
    state = new_state(2)
    move_villager(state, 0, CAVE_CAT)
    give_building(state, 0, "h03")  # a mushroom to harvest
    state.villages[0].card_goods["h03"] = 1
    state.supply_goods[GOOD_INDEX["mushroom"]] -= 1
    state.rng.streams["cat"] = _cat_stream(refuse=True)
    if Act(purpose) not in state.legal_actions():
        pytest.skip(f"{purpose} is not open in this position")
    play(state, Act(purpose), Assign(CAVE_CAT))
    v = state.villages[0]
    assert CAVE_CAT in v.exhausted and v.coins == 7
    assert state.phase == "turn" and state.turn == 0 and state.task is None, "the action was not used"
    assert Act("explore") in state.legal_actions(), "a different action with other villagers"
    play(state, Act("labor"), Assign(BUILDER), Done())
    assert v.coins == 8 and state.turn == 1


def test_a_cat_refusing_after_others_worked_leaves_the_action_standing() -> None:
    """Once a villager has laboured, the action is under way: the refusing cat
    just does not join it."""
    state = new_state(2)
    move_villager(state, 0, CAVE_CAT)
    state.rng.streams["cat"] = _cat_stream(refuse=True)
    play(state, Act("labor"), Assign(BUILDER), Assign(CAVE_CAT))
    v = state.villages[0]
    assert CAVE_CAT in v.exhausted and v.coins == 8 and state.phase == "assign"


def test_cave_cat_that_obeys_works() -> None:
    """「出目が3〜6の場合は、命令に従います」"""
    state = new_state(2)
    move_villager(state, 0, CAVE_CAT)
    state.rng.streams["cat"] = _cat_stream(refuse=False)
    play(state, Act("labor"), Assign(CAVE_CAT), Done())
    assert state.villages[0].coins == 8
