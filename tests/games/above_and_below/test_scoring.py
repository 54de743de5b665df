"""ゲームの終了 — final scoring and the tie-breaks."""

from __future__ import annotations

from gameshelf.games.above_and_below.components import GOOD_INDEX
from gameshelf.games.above_and_below.rules.scoring import reputation_bonus, score_sheet
from tests.games.above_and_below.fixtures import give_building, give_cave, new_state


def test_progress_track_points() -> None:
    """「3番目のスロットにフルーツを4つ配置している場合、それぞれ2ポイント…合計で8VP…ロープと魚を1つずつ…それぞれ1VP」"""
    state = new_state(2)
    v = state.villages[0]
    for good, n in (("rope", 1), ("fish", 1), ("fruit", 4)):
        i = GOOD_INDEX[good]
        v.track.append(i)
        v.track_count[i] = n
    assert score_sheet(state)[0]["track"] == 1 + 1 + 8


def test_one_point_per_building_and_card_bonus() -> None:
    """「家…地下施設は全て1軒につき1VP」「建物を建てていない洞窟カードからはVPを得られません」"""
    state = new_state(2)
    give_cave(state, 0)
    give_building(state, 0, "h04")  # 1 VP printed
    sheet = score_sheet(state)[0]
    assert sheet["buildings"] == 2 and sheet["cards"] == 1


def test_reputation_rank_bonus_and_ties() -> None:
    """「最も進んでいるプレイヤーは、5VP…2番目…3VP…3番目…2VP…2人プレイの場合は、1位のみ3VP」
    「同点の場合、それぞれの順位のVPを合計し、均等に割った分(端数切り上げ)」 (B15)."""
    assert reputation_bonus([5, 5, 1], (5, 3, 2)) == [4, 4, 2]
    assert reputation_bonus([1, 5, 3, 0], (5, 3, 2)) == [2, 5, 3, 0]
    assert reputation_bonus([2, 2, 2], (5, 3, 2)) == [4, 4, 4]
    assert reputation_bonus([3, 1], (3,)) == [3, 0]
    assert reputation_bonus([3, 3], (3,)) == [2, 2]


def test_reputation_position_points() -> None:
    """「名声トラックの一番上の位置にいる場合、2VPを失います」"""
    state = new_state(2)
    state.villages[0].rep = 0
    state.villages[1].rep = 0
    assert score_sheet(state)[0]["reputation"] == -2 + 2  # tied first: (3 + 0) / 2 rounded up


def test_goods_bonus_counts_track_supply_and_sale_not_cards() -> None:
    """「商品は、成長トラック上、そのプレイヤーのサプライにあるものをカウントします。建物に記載された商品からは得られません」 (B14)."""
    state = new_state(2)
    v = state.villages[0]
    give_building(state, 0, "k1")  # 4 VP + 2 VP per potion and ore
    v.potions = 1
    v.sale = "ore"
    i = GOOD_INDEX["ore"]
    v.track.append(i)
    v.track_count[i] = 1
    v.card_goods["k1"] = 3  # would be ignored even if it held ore
    assert score_sheet(state)[0]["cards"] == 4 + 2 * 3


def test_house_villager_and_empty_cave_bonuses() -> None:
    state = new_state(2)
    give_building(state, 0, "k2")  # 3 + 2 per house
    give_building(state, 0, "k3")  # 1 + 2 per villager
    give_building(state, 0, "k4")  # 2 + 2 per empty cave
    give_cave(state, 0)
    assert score_sheet(state)[0]["cards"] == (3 + 2 * 4) + (1 + 2 * 3) + (2 + 2 * 1)


def test_tiebreak_coins_then_villagers_then_buildings() -> None:
    """「同点の場合、所持金の多いプレイヤー…より多くの村人…建物の多いプレイヤーが勝利します」 (B16)."""
    state = new_state(2)
    state.villages[0].coins = state.villages[1].coins = 5
    state.villages[1].exhausted.append(state.villager_deck.pop())
    state.phase = "over"
    scores = state.scores()
    assert scores[0] == scores[1]
    assert state.ranking() == [[1], [0]]
    state.villages[0].coins = 6
    assert state.ranking() == [[0], [1]]
