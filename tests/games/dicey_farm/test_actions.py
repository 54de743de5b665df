"""The nine die actions, each checked against the rulebook passage it implements."""

from __future__ import annotations

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.games.dicey_farm import actions as A
from tests.games.dicey_farm.helpers import farm, legal_uses, play, use


@pytest.mark.parametrize(("face", "fish"), [(1, 2), (2, 2), (3, 3), (4, 3), (5, 4), (6, 4)])
def test_fishing_by_face(face: int, fish: int) -> None:
    """「釣り … 1,2:2つ 3,4:3つ 5,6:4つ」 — fish caught depend on the die."""
    s = use(farm(dice=[face, 1]), face, "fish")
    assert s.goods["fish"] == fish
    assert s.dice == [1]


def test_fishing_once_per_round() -> None:
    """「基本的に、1ラウンドに1つのアクションは1回しか行うことができません」 — once a round."""
    s = use(farm(dice=[3, 3]), 3, "fish")
    assert "fish" not in legal_uses(s, 3)
    s.apply(A.PickDie(3))
    with pytest.raises(IllegalAction) as err:
        s.apply(A.Use("fish"))
    assert err.value.code == "once-per-round"


def test_plough_twice_with_the_same_face() -> None:
    """「畑は1ラウンドに2回まで耕すことができますが、同じ目のダイスを使わなければなりません」."""
    s = use(farm(dice=[4, 4, 5]), 4, "plough")
    assert s.fields == 2
    assert "plough" not in legal_uses(s, 5)
    s.apply(A.PickDie(5))
    with pytest.raises(IllegalAction) as err:
        s.apply(A.Use("plough"))
    assert err.value.code == "plough-same-face"
    play(s, A.Back())
    use(s, 4, "plough")
    assert s.fields == 3
    assert "plough" not in legal_uses(s, 5)


def test_sow_any_number_of_seeds() -> None:
    """「任意の数だけ畑に種を蒔きます」 — one seed per empty field, up to the die, then done."""
    s = farm(dice=[3, 3], fields=3, goods={"wheat_seed": 2, "flower_seed": 1})
    use(s, 3, "sow")
    assert s.phase == "sow"
    play(s, A.Sow("wheat"), A.Sow("flower"))
    assert s.sown == {"wheat": 1, "vegetable": 0, "flower": 1}
    play(s, A.Done())
    assert s.phase == "main" and s.goods["wheat_seed"] == 1 and s.empty_fields() == 1


def test_sowing_returns_the_unused_count_as_a_die() -> None:
    """「種を蒔く、パン焼き釜、バター工房は、使ったダイスの目の回数までアクションを行うことが
    できますが、回数が残っていた場合、その分の目のダイスが返却され、別のアクションに使うことが
    できます」 — sowing two seeds with a 5 gives back a 3; a 2 sows two and gives nothing back."""
    s = farm(dice=[5], fields=4, goods={"wheat_seed": 2, "flower_seed": 2})
    play(use(s, 5, "sow"), A.Sow("wheat"), A.Sow("flower"), A.Done())
    assert s.phase == "main" and s.dice == [3]
    s = farm(dice=[2], fields=4, goods={"wheat_seed": 4})
    play(use(s, 2, "sow"), A.Sow("wheat"), A.Sow("wheat"))
    assert s.phase == "main" and s.dice == [] and s.goods["wheat_seed"] == 2


def test_sowing_needs_no_seed_only_an_empty_field() -> None:
    """Issue 16: 「任意の数だけ畑に種を蒔きます」 sets no minimum, so sowing with no seed owned is
    allowed whenever an empty field exists (D32); with 「種まき人:種を蒔くアクションの後、1のダイスを
    得る」 it gives the sower's 1 (the die itself is spent, D33)."""
    bare = farm(dice=[4], goods={"wheat_seed": 0})
    assert bare.empty_fields() == 1 and "sow" in legal_uses(bare, 4)
    sower = use(farm(dice=[4], hired=("sower",)), 4, "sow")
    assert sower.phase == "main" and sower.dice == [1] and "sow" in sower.used
    full = farm(dice=[2], goods={"wheat_seed": 1, "chicken": 1})
    assert full.empty_fields() == 0 and "sow" not in legal_uses(full, 2)
    with pytest.raises(IllegalAction) as err:
        play(full, A.PickDie(2), A.Use("sow"))
    assert err.value.code == "no-empty-field"


@pytest.mark.parametrize("seeds", (0, 3))
def test_sowing_nothing_spends_the_die_and_the_sower_gives_its_1(seeds: int) -> None:
    """Issue 29, RULES.md D33: 「種まき人:種を蒔くアクションの後、1のダイスを得る」 — but a
    sow step that sows nothing (no seed owned, or "done" at once) spends the whole die, as the
    original game does, instead of 「その分の目のダイスが返却され」 handing it back: otherwise the
    sower made an empty sowing a free die every round."""
    s = use(farm(dice=[5], hired=("sower",), goods={"wheat_seed": seeds}, fields=3), 5, "sow")
    if seeds:
        assert s.phase == "sow"
        play(s, A.Done())
    assert s.phase == "main" and s.dice == [1] and "sow" in s.used
    without = use(farm(dice=[5], goods={"wheat_seed": seeds}, fields=3), 5, "sow")
    if seeds:
        play(without, A.Done())
    assert without.phase == "main" and without.dice == []
    # one seed sown: the unused count still comes back (D15), then the sower's 1
    one = use(farm(dice=[5], hired=("sower",), goods={"wheat_seed": seeds}, fields=3), 5, "sow")
    if seeds:
        play(one, A.Sow("wheat"), A.Done())
        assert one.dice == [1, 4]


def test_sowing_stops_when_fields_run_out() -> None:
    """「任意の数だけ畑に種を蒔きます」 — one seed per field; when the fields are full the step
    ends by itself, and the unused count comes back (「その分の目のダイスが返却され」)."""
    s = use(farm(dice=[2], goods={"wheat_seed": 3}), 2, "sow")
    play(s, A.Sow("wheat"))
    assert s.phase == "main" and s.goods["wheat_seed"] == 2 and s.dice == [1]


def test_merchant_buys_the_item_in_slot_n_repeatedly() -> None:
    """「使ったダイスの商品を買うことになります。商品は同じラウンドに複数回使えます」 (D3)."""
    s = farm(dice=[2, 2])
    s.wares = {**s.wares, "base": (("pig", 1), ("flower_seed", 2), *s.wares["base"][2:])}
    use(s, 2, "buy_base")
    assert "buy_base" in legal_uses(s, 2)
    use(s, 2, "buy_base")
    assert s.goods["flower_seed"] == 4 and s.wares["base"][1] == ("flower_seed", 2)


def test_merchant_cannot_sell_a_new_animal_without_a_field() -> None:
    """「空きの畑が無い場合、新たな家畜を買うことはできません」."""
    s = farm(dice=[1], goods={"chicken": 1})
    s.wares = {**s.wares, "base": (("pig", 1), *s.wares["base"][1:])}
    assert "buy_base" not in legal_uses(s, 1)
    s.wares = {**s.wares, "base": (("chicken", 1), *s.wares["base"][1:])}
    use(s, 1, "buy_base")
    assert s.goods["chicken"] == 2  # same species shares its field


def test_cow_joins_the_base_merchant_in_round_3() -> None:
    """「ただし、牛x1は1,2ラウンド目には登場しません」 — 7 items from round 3."""
    s = farm()
    assert len(s.wares["base"]) == 6 and ("cow", 1) not in s.wares["base"]
    s.round = 3
    from gameshelf.games.dicey_farm.rules.season import renew_wares

    renew_wares(s)
    assert len(s.wares["base"]) == 7 and ("cow", 1) in s.wares["base"]


def test_ship_gives_n_plus_2_shipments() -> None:
    """「出荷は、合わせて(N+2)回まで行えます」."""
    s = use(farm(dice=[1], goods={"fish": 5}), 1, "ship")
    assert s.left == 3
    play(s, A.Ship("fish"), A.Ship("fish"), A.Ship("fish"))
    assert s.phase == "main" and s.goods["fish"] == 2 and s.vp["market"] == 3


@pytest.mark.parametrize(("good", "qty", "vp"), [("wheat", 2, 1), ("fish", 1, 1), ("vegetable", 1, 1),
                                                 ("egg", 1, 1), ("milk", 1, 1), ("wool", 1, 1),
                                                 ("flower", 1, 2), ("meat", 1, 2)])
def test_market_prices(good: str, qty: int, vp: int) -> None:
    """「麦：2つで1VP / 魚、野菜、卵、牛乳、羊毛：1VP / 花、肉、バター：2VP」."""
    s = use(farm(dice=[3], goods={good: qty}), 3, "ship")
    play(s, A.Ship(good))
    assert s.goods[good] == 0 and s.vp["market"] == vp


def test_whisky_and_gems_cannot_be_shipped() -> None:
    """「ウィスキーは、出荷できず」「宝石は、出荷できず」 (D5)."""
    s = use(farm(dice=[3], goods={"whisky": 2, "gem": 1}), 3, "ship")
    assert s.legal_actions() == [A.Done()]


def test_ship_only_once_except_in_round_8() -> None:
    """「最終ラウンドのみ、複数回行えます」."""
    s = play(use(farm(dice=[2, 2]), 2, "ship"), A.Done())
    assert "ship" not in legal_uses(s, 2)
    last = play(use(farm(dice=[2, 2], round_no=8), 2, "ship"), A.Done())
    assert "ship" in legal_uses(last, 2)


def test_contract_costs_n_food() -> None:
    """「食料Nを払って、『契約できる職人』リストの誰か1人と契約することができます」."""
    s = farm(dice=[3], goods={"food": 3})
    target = s.display[4]
    play(use(s, 3, "contract"), A.Hire(target))
    assert s.goods["food"] == 0 and target in s.hired and target not in s.display


def test_contract_needs_the_food() -> None:
    """「食料Nを払って … 契約することができます」 (D11): with less food than N the contract is illegal."""
    s = farm(dice=[4], goods={"food": 3})
    assert "contract" not in legal_uses(s, 4)
    s.apply(A.PickDie(4))
    with pytest.raises(IllegalAction) as err:
        s.apply(A.Use("contract"))
    assert err.value.code == "not-enough-food"


def test_recruit_keeps_n_and_refills() -> None:
    """「職人N人を残して、残りを破棄し、6人になるまで新たに補填します」."""
    s = farm(dice=[2])
    keep = [s.display[3], s.display[5]]
    top = s.deck[:4]
    play(use(s, 2, "recruit"), A.Keep(keep[0]), A.Keep(keep[1]))
    assert s.display == [*keep, *top]
    assert len(s.gone) == 4 and s.recruited


def test_recruit_skips_the_round_end_removal() -> None:
    """「募集アクションを行ったラウンドは、ラウンド終了時の職人の入れ替えを行いません」."""
    s = farm(dice=[6], goods={"food": 9})
    play(use(s, 6, "recruit"))  # keeping all six ends the step at once
    shown = list(s.display)
    play(s, A.EndRound())
    assert s.display == shown


def test_recruit_more_than_displayed_is_illegal() -> None:
    """D7: 募集 with N above the craftsmen on display is illegal."""
    s = farm(dice=[5])
    s.gone, s.display = (*s.gone, *s.display[:2]), s.display[2:]
    assert "recruit" not in legal_uses(s, 5)


def test_build_needs_a_six() -> None:
    """「増築 … このアクションは6のダイスしか使えません」."""
    assert "build" not in legal_uses(farm(dice=[5]), 5)
    s = play(use(farm(dice=[6]), 6, "build"), A.Build("smokehouse"))
    assert s.built == ("smokehouse",)


def test_tourism_returns_the_rest_of_the_die() -> None:
    """「ダイスの目を任意の数だけ減らしてVPに変え、残りを返却します」."""
    s = play(use(farm(dice=[5]), 5, "tourism"), A.Tour(2))
    assert s.vp["tourism"] == 2 and s.dice == [3]
    assert "tourism" not in legal_uses(s, 3)


def test_tourism_cap_is_real() -> None:
    """「観光化アクションで得られるVPは20までですが、それを超えてもアクションを行うことはできます」 (D2)."""
    s = farm(dice=[6])
    s.vp["tourism"] = 17
    play(use(s, 6, "tourism"), A.Tour(6))
    assert s.vp["tourism"] == 20 and s.running_vp() == 20


def test_round_needs_every_die_spent() -> None:
    """「各ラウンド、プレイヤーはダイスをすべて使用するまで、アクションを実行していきます」 (D6)."""
    s = farm(dice=[2])
    assert A.EndRound() not in s.legal_actions()
    with pytest.raises(IllegalAction) as err:
        s.apply(A.EndRound())
    assert err.value.code == "dice-left"


def test_a_die_with_no_use_can_be_discarded_only_then() -> None:
    """「ダイスをすべて使用するまで」 with the D6 guard: a die that fits no action may be discarded, and only such a die."""
    s = farm(dice=[5])
    s.used = dict.fromkeys(("fish", "ship", "tourism", "recruit", "contract"), True)
    s.ploughs, s.plough_face = 2, 3
    s.gone, s.display = (*s.gone, *s.display), []
    s.fields, s.goods["chicken"] = 1, 1
    s.wares = {**s.wares, "base": tuple(("pig", 1) for _ in range(6))}
    play(s, A.PickDie(5))
    assert s.legal_actions() == [A.Use("discard"), A.Back()]
    play(s, A.Use("discard"))
    assert s.dice == []
    assert "discard" not in legal_uses(farm(dice=[5]), 5)


def test_free_actions_to_food_and_cooking() -> None:
    """「食材1つを食料1つに変えます」「異なる2種類の食材を1つずつ使って料理し、食料3を得ます」."""
    s = farm(goods={"fish": 2, "egg": 1, "food": 0})
    assert A.Cook("fish", "fish") not in s.legal_actions()
    play(s, A.Cook("fish", "egg"), A.ToFood("fish"))
    assert s.goods["food"] == 4 and s.goods["fish"] == 0 and s.goods["egg"] == 0


def test_flowers_seeds_wool_are_not_ingredients() -> None:
    """Only 魚、麦、野菜、肉、卵、牛乳、バター are 食材."""
    s = farm(goods={"flower": 1, "wool": 1, "wheat_seed": 1})
    assert not [a for a in s.legal_actions() if isinstance(a, A.ToFood | A.Cook)]


def test_horse_ships_twice_without_a_die() -> None:
    """「馬がいる時、馬の所持数に関わらず毎ラウンドに1回、ダイスを使わずに2回まで出荷できます」 (D8)."""
    s = farm(dice=[1], goods={"horse": 3, "fish": 3}, fields=2)
    play(s, A.HorseShip(), A.Ship("fish"), A.Ship("fish"))
    assert s.phase == "main" and s.dice == [1] and A.HorseShip() not in s.legal_actions()


def test_each_horse_adds_a_shipment() -> None:
    """「馬1頭につき、出荷アクションでの出荷数が1増えます」."""
    s = use(farm(dice=[1], goods={"horse": 2}, fields=2), 1, "ship")
    assert s.left == 1 + 2 + 2


def test_back_returns_the_die_untouched() -> None:
    """「どのダイスをどのアクションに使うのかが戦略の決め手です」 — picking a die commits nothing until its action is chosen."""
    s = farm(dice=[4])
    play(s, A.PickDie(4))
    assert s.phase == "die" and s.held == 4
    play(s, A.Back())
    assert s.dice == [4] and s.phase == "main" and s.held == 0


@pytest.mark.parametrize(("merchant", "items"), [
    ("base", {("wheat_seed", 2), ("vegetable_seed", 2), ("flower_seed", 2), ("chicken", 1), ("pig", 1),
              ("sheep", 1), ("cow", 1)}),
    ("peddler", {("wheat_seed", 2), ("vegetable_seed", 2), ("flower_seed", 2), ("chicken", 1), ("pig", 1),
                 ("sheep", 1), ("cow", 1), ("gem", 1)}),
    ("livestock_dealer", {("chicken", 1), ("chicken", 2), ("sheep", 1), ("pig", 1), ("cow", 1), ("horse", 1)}),
    ("gardener", {("wheat_seed", 2), ("vegetable_seed", 2), ("flower_seed", 2), ("wheat_seed", 3),
                  ("vegetable_seed", 3), ("flower_seed", 3)}),
    ("grocer", {("meat", 2), ("fish", 3), ("egg", 3), ("milk", 3), ("wheat", 4), ("vegetable", 3)}),
])
def test_merchant_lists(merchant: str, items: set[tuple[str, int]]) -> None:
    """「行商人(8種) … 家畜商人(6種) … 園芸商人(6種) … 食材商人(6種)」 — every list, shuffled each round."""
    s = farm(round_no=3)
    from gameshelf.games.dicey_farm.rules.season import renew_wares

    orders = set()
    for _ in range(6):
        renew_wares(s)
        assert set(s.wares[merchant]) == items and len(s.wares[merchant]) == len(items)
        orders.add(s.wares[merchant])
    assert len(orders) > 1, "the list is shuffled every round"


def test_items_past_slot_six_cannot_be_bought() -> None:
    """「3ラウンド目以降はどれか1つは買えないことになります」 — only slots 1-6 are reachable."""
    from gameshelf.games.dicey_farm.rules.dice import ware
    from gameshelf.games.dicey_farm.rules.season import renew_wares

    s = farm(round_no=3)
    renew_wares(s)
    reachable = {ware(s, "base", face) for face in range(1, 7)}
    assert len(s.wares["base"]) == 7 and s.wares["base"][6] not in reachable


@pytest.mark.parametrize(("action", "follow"), [
    ("sow", (A.Sow("wheat"), A.Done())),
    ("contract", ()),
    ("recruit", ()),
    ("build", (A.Build("stable"),)),
])
def test_once_per_round(action: str, follow: tuple[A.Action, ...]) -> None:
    """「基本的に、1ラウンドに1つのアクションは1回しか行うことができません」 — each die action once a round."""
    s = farm(dice=[6, 6], fields=4, goods={"wheat_seed": 3, "food": 20})
    use(s, 6, action)
    if action == "contract":
        follow = (A.Hire(s.display[0]),)
    play(s, *follow)
    assert s.phase == "main" and action not in legal_uses(s, 6)
    s.apply(A.PickDie(6))
    with pytest.raises(IllegalAction) as err:
        s.apply(A.Use(action))
    assert err.value.code == "once-per-round"
    s.apply(A.Back())
    s.used.clear()
    assert action in legal_uses(s, 6)  # the next round frees it again
