"""フリーアクション — buying, selling, the progress track, refreshing, tokens as coins."""

from __future__ import annotations

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.games.above_and_below.actions import (
    Act,
    Offer,
    Pass,
    Refresh,
    Respond,
    Sell,
    Spend,
    Track,
    Withdraw,
)
from gameshelf.games.above_and_below.components import GOOD_INDEX
from tests.games.above_and_below.fixtures import give_building, new_state, play


def test_offer_accepted_moves_item_and_coins() -> None:
    """「代価はコインで支払い、最低価格は、3コインです…交渉が成立した場合、商品…を渡し、代価のコインを受け取ります」
    A buyer offers 3+ coins for the item on another's for-sale space; the seller decides, out of turn."""
    state = new_state(2)
    state.villages[1].sale = "ore"
    state.supply_goods[GOOD_INDEX["ore"]] -= 1
    assert Offer(1, 2) not in state.legal_actions(), "the lowest offer is 3 coins"
    play(state, Offer(1, 4))
    assert state.phase == "respond" and state.current_player == 1
    play(state, Respond(True))
    assert state.villages[1].sale is None and state.villages[1].coins == 8 + 4
    assert state.villages[0].goods[GOOD_INDEX["ore"]] == 1 and state.villages[0].coins == 7 - 4
    assert state.current_player == 0 and state.phase == "turn"


def test_offer_refused_changes_nothing_and_is_not_repeated() -> None:
    """「売り手は、その申し出を拒否してもかまいません」 — refusing leaves both villages as they were;
    the same seller can be asked once per turn (designed, B7)."""
    state = new_state(2)
    state.villages[1].sale = "cider"
    state.supply_cider -= 1
    play(state, Offer(1, 3), Respond(False))
    assert state.villages[1].sale == "cider" and state.villages[0].coins == 7
    assert not any(isinstance(a, Offer) for a in state.legal_actions())


def test_sell_one_item_and_swap() -> None:
    """「各プレイヤーは、1つの商品だけを売り出し中にすることが出来ます」「入れ替えることができます」
    One item at a time on the for-sale space; putting another up returns the first."""
    state = new_state(2)
    v = state.villages[0]
    v.goods[GOOD_INDEX["fish"]] = 1
    v.potions = 1
    state.supply_goods[GOOD_INDEX["fish"]] -= 1
    state.supply_potion -= 1
    play(state, Sell("fish"))
    assert v.sale == "fish" and v.goods[GOOD_INDEX["fish"]] == 0
    play(state, Sell("potion"))
    assert v.sale == "potion" and v.goods[GOOD_INDEX["fish"]] == 1 and v.potions == 0
    assert Sell("fish") not in state.legal_actions(), "what left the space this turn stays off (B32)"


def test_the_sale_space_may_change_more_than_once_and_be_emptied() -> None:
    """「売りに出した商品を手持ちに戻したり、入れ替えることができます」: an unsold good goes back
    to the supply, and from there onto the progress track (「使用可能な商品をいつでも…配置」)."""
    state = new_state(2)
    v = state.villages[0]
    v.goods[GOOD_INDEX["fish"]] = 1
    v.cider = 1
    state.supply_goods[GOOD_INDEX["fish"]] -= 1
    state.supply_cider -= 1
    play(state, Sell("fish"), Withdraw(), Sell("cider"))
    assert v.sale == "cider" and v.goods[GOOD_INDEX["fish"]] == 1
    play(state, Track("fish"))
    assert v.track == [GOOD_INDEX["fish"]] and v.sale == "cider"
    play(state, Withdraw())
    assert v.sale is None and v.cider == 1 and Withdraw() not in state.legal_actions()


def test_offers_start_at_three_with_no_upper_cap() -> None:
    """「代価はコインで支払い、最低価格は、3コインです」: any amount from 3 up to the buyer's
    coins; the legal list shows a short menu, the rest is accepted all the same."""
    state = new_state(2)
    state.villages[1].sale = "ore"
    state.supply_goods[GOOD_INDEX["ore"]] -= 1
    buyer = state.villages[0]
    buyer.coins = 40
    prices = sorted(a.price for a in state.legal_actions() if isinstance(a, Offer))
    assert prices[0] == 3 and Offer(1, 25) not in state.legal_actions()
    for bad in (Offer(1, 2), Offer(1, 41)):
        before = state.snapshot()
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.snapshot() == before
    play(state, Offer(1, 25), Respond(True))
    assert buyer.coins == 15 and state.villages[1].coins == 8 + 25 and buyer.goods[GOOD_INDEX["ore"]] == 1
    assert type(buyer.coins) is int


def test_progress_track_leftmost_and_stacking() -> None:
    """「商品は、左から右へ空いているスロットに配置…同じ種類の商品をもう1つ置く場合は、同じスロットに重ねて」
    A new type takes the leftmost empty slot, the same type stacks; 3 types give income 6."""
    state = new_state(2)
    v = state.villages[0]
    for good in ("fruit", "fish", "rope"):
        v.goods[GOOD_INDEX[good]] = 2
        state.supply_goods[GOOD_INDEX[good]] -= 2
    assert v.income(state.comp) == 4
    play(state, Track("fruit"), Track("fish"), Track("fruit"), Track("rope"))
    assert v.track == [GOOD_INDEX["fruit"], GOOD_INDEX["fish"], GOOD_INDEX["rope"]]
    assert v.track_count[GOOD_INDEX["fruit"]] == 2
    assert v.income(state.comp) == 6


def test_refresh_once_per_turn_for_one_coin() -> None:
    """「1コインを支払うことで…4枚のカードを流し、山札の底に戻し…この行動は、手番ごとに一度のみ」 (B5)."""
    state = new_state(2)
    old = list(state.house_row)
    play(state, Refresh("house"))
    assert state.villages[0].coins == 6
    assert state.house_deck[-4:] == old and not set(old) & set(state.house_row)
    assert len(state.house_row) == 4
    legal = state.legal_actions()
    assert Refresh("house") not in legal and Refresh("outpost") not in legal
    with pytest.raises(IllegalAction) as err:
        state.apply(Refresh("outpost"))
    assert err.value.code == "refreshed-already"


def test_cider_as_coin_needs_the_card() -> None:
    """「りんご酒/ポーションをコインとして使用することができます」 — only with that icon."""
    state = new_state(2)
    v = state.villages[0]
    v.cider = 1
    state.supply_cider -= 1
    assert Spend("cider") not in state.legal_actions()
    give_building(state, 0, "h14")
    play(state, Spend("cider"))
    assert v.cider == 0 and v.coins == 8


def test_no_free_action_after_the_main_action() -> None:
    """「通常のアクションを行った後には、どのフリーアクションも行うことは出来ません」 (B6)."""
    state = new_state(2)
    state.villages[1].sale = "fish"
    state.supply_goods[GOOD_INDEX["fish"]] -= 1
    play(state, Act("labor"))
    with pytest.raises(IllegalAction) as err:
        state.apply(Offer(1, 3))
    assert err.value.code == "not-now"


def test_a_player_without_ready_villagers_must_pass() -> None:
    """「手番開始時に、準備エリアに村人が1人もいない場合、パスしなければなりません」 — free actions still allowed."""
    state = new_state(2)
    v = state.villages[0]
    v.exhausted.extend(v.ready)
    v.ready.clear()
    legal = state.legal_actions()
    assert not any(isinstance(a, Act) for a in legal) and Pass() in legal
    assert Refresh("house") in legal


def test_star_and_key_houses_are_never_refreshed_or_replaced() -> None:
    """「星アイコン、鍵アイコンの建物を流すことはできません」 — and a bought one is not replaced."""
    from gameshelf.games.above_and_below.actions import Assign, Build

    state = new_state(2)
    stars, keys = list(state.star_row), list(state.key_row)
    play(state, Refresh("house"))
    assert state.star_row == stars and state.key_row == keys
    state.villages[0].coins = 20
    play(state, Act("build"), Assign(0), Build(stars[0]))
    assert state.star_row == stars[1:]


def test_cannot_offer_more_than_you_own() -> None:
    state = new_state(2)
    state.villages[1].sale = "fish"
    state.supply_goods[GOOD_INDEX["fish"]] -= 1
    state.villages[0].coins = 4
    prices = sorted(a.price for a in state.legal_actions() if isinstance(a, Offer))
    assert prices == [3, 4]
