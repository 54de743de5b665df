"""All 31 craftsmen, one test each, quoting the 職人一覧 line they check."""

from __future__ import annotations

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.games.dicey_farm import actions as A
from gameshelf.games.dicey_farm.components import components
from gameshelf.games.dicey_farm.rules.season import end_round, final_scoring, harvest
from tests.games.dicey_farm.helpers import farm, legal_uses, play, use


def deliver(hired: str, goods: dict[str, int], recipe: str, **kw: object):  # type: ignore[no-untyped-def]
    s = use(farm(dice=[1], goods=goods, hired=(hired,), **kw), 1, "ship")  # type: ignore[arg-type]
    return play(s, A.Deliver(recipe))


def test_fisherman() -> None:
    """「釣り人:釣りで得る魚+3」."""
    assert use(farm(dice=[1], hired=("fisherman",)), 1, "fish").goods["fish"] == 5


def test_porter() -> None:
    """「荷運び:出荷の回数+3」."""
    assert use(farm(dice=[1], hired=("porter",)), 1, "ship").left == 6


def test_broker() -> None:
    """「斡旋業者:契約コストが1になる 毎ラウンド何度でも契約を行える」."""
    s = farm(dice=[6, 5], goods={"food": 2}, hired=("broker",))
    play(use(s, 6, "contract"), A.Hire(s.display[0]))
    assert s.goods["food"] == 1
    assert "contract" in legal_uses(s, 5)
    play(use(s, 5, "contract"), A.Hire(s.display[0]))
    assert s.goods["food"] == 0 and len(s.hired) == 3


def test_broker_works_in_the_round_it_is_hired() -> None:
    """「斡旋業者:契約コストが1になる 毎ラウンド何度でも契約を行える」 — at once, in the round he is hired."""
    s = farm(dice=[2, 4], goods={"food": 3})
    s.display = ["broker", *[c for c in s.display if c != "broker"]][:6]
    s.deck = tuple(c for c in s.deck if c not in s.display)
    s.gone = tuple(c for c in components().deck if c not in s.display and c not in s.deck)
    play(use(s, 2, "contract"), A.Hire("broker"))
    assert s.goods["food"] == 1 and "contract" in legal_uses(s, 4)


def test_carpenter() -> None:
    """「大工:どのダイスでも増築できる」."""
    assert "build" in legal_uses(farm(dice=[2], hired=("carpenter",)), 2)


@pytest.mark.parametrize("merchant", ["peddler", "livestock_dealer", "gardener", "grocer"])
def test_merchant_craftsmen_add_a_slot(merchant: str) -> None:
    """「行商人、家畜商人、園芸商人、食材商人と契約すると、買い物スロットが追加されます」."""
    assert f"buy_{merchant}" not in legal_uses(farm(dice=[1], fields=3), 1)
    s = farm(dice=[1], fields=3, hired=(merchant,))
    assert f"buy_{merchant}" in legal_uses(s, 1)
    good, qty = s.wares[merchant][0]
    use(s, 1, f"buy_{merchant}")
    assert s.goods[good] >= qty


def test_peddler_sells_a_gem() -> None:
    """「行商人(8種) … 宝石x1」: a gem is 7 VP at the end."""
    s = farm(dice=[3], hired=("peddler",))
    s.wares = {**s.wares, "peddler": (("pig", 1), ("pig", 1), ("gem", 1), *s.wares["peddler"][3:])}
    assert use(s, 3, "buy_peddler").goods["gem"] == 1


def test_livestock_dealer_sells_a_horse() -> None:
    """「馬は … 家畜商人から購入することで手に入ります」; it takes a field without a stable."""
    s = farm(dice=[6], hired=("livestock_dealer",), fields=2)
    s.wares = {**s.wares, "livestock_dealer": (*s.wares["livestock_dealer"][:5], ("horse", 1))}
    use(s, 6, "buy_livestock_dealer")
    assert s.goods["horse"] == 1 and s.empty_fields() == 1


def test_beekeeper() -> None:
    """「養蜂家:麦、野菜、花の収穫時に得る種+1」 (flowers then give a seed too)."""
    s = farm(hired=("beekeeper",), fields=3, sown={"wheat": 1, "vegetable": 1, "flower": 1})
    harvest(s)
    assert (s.goods["wheat_seed"], s.goods["vegetable_seed"], s.goods["flower_seed"]) == (2, 2, 1)


def test_cowherd() -> None:
    """「牛飼い:牛がいれば1回で2つの畑を耕せる」."""
    assert use(farm(dice=[2], hired=("cowherd",)), 2, "plough").fields == 2
    assert use(farm(dice=[2], hired=("cowherd",), goods={"cow": 1}), 2, "plough").fields == 3


def test_shepherd() -> None:
    """「羊飼い:毎ラウンド終了時、羊2匹につき追加の羊毛1を得る」 — at the round's end (D4), not with
    the harvest."""
    s = farm(hired=("shepherd",), goods={"sheep": 5})
    harvest(s)
    assert s.goods["wool"] == 5
    s = farm(dice=[], hired=("shepherd",), goods={"sheep": 5, "wool": 0, "food": 9})
    end_round(s)
    assert s.goods["wool"] == 2 + 5  # the shepherd's 2 at the end, then the next harvest's 5


def test_caretaker() -> None:
    """「世話人:毎ラウンド開始時、食料2を得る」."""
    s = farm(dice=[], hired=("caretaker",), goods={"food": 9})
    end_round(s)
    assert s.goods["food"] == 2  # leftover food rotted, then the caretaker brought 2


def test_sower() -> None:
    """「種まき人:種を蒔くアクションの後、1のダイスを得る」 — after the sowing, next to the die
    that comes back (「その分の目のダイスが返却され」)."""
    s = use(farm(dice=[5], hired=("sower",), goods={"wheat_seed": 1}), 5, "sow")
    assert s.phase == "sow" and s.dice == []
    play(s, A.Sow("wheat"))
    assert s.phase == "main" and s.dice == [1, 4]


@pytest.mark.parametrize(("recipe", "goods", "after", "vp"), [
    ("baker_food", {"wheat": 1}, {"wheat": 0, "food": 5}, 0),
    ("baker_vp", {"wheat": 2}, {"wheat": 0}, 2),
])
def test_baker(recipe: str, goods: dict[str, int], after: dict[str, int], vp: int) -> None:
    """「パン職人:麦1つを2食料か麦2つを2VPに変える」."""
    s = deliver("baker", goods, recipe)
    assert all(s.goods[g] == n for g, n in after.items()) and s.vp["craftsmen"] == vp


def test_confectioner() -> None:
    """「菓子職人:麦、卵、牛乳を9VPに変える」."""
    s = deliver("confectioner", {"wheat": 1, "egg": 1, "milk": 1}, "confectioner")
    assert s.vp["craftsmen"] == 9 and s.goods["milk"] == 0


def test_whisky_maker_and_whisky_scores_every_round_end() -> None:
    """「ウィスキー職人:麦2つをウィスキーに変える」「ラウンド終了時に1つにつき1VP」."""
    s = deliver("whisky_maker", {"wheat": 4}, "whisky")
    play(s, A.Deliver("whisky"), A.Done())
    assert s.goods["whisky"] == 2
    play(s, A.EndRound())
    assert s.vp["whisky"] == 2


def test_cheesemaker() -> None:
    """「チーズ職人:牛乳を5VPに変える」."""
    assert deliver("cheesemaker", {"milk": 1}, "cheese").vp["craftsmen"] == 5


@pytest.mark.parametrize(("animal", "meat"), [("chicken", 2), ("sheep", 4), ("pig", 6), ("cow", 8)])
def test_butcher(animal: str, meat: int) -> None:
    """「精肉屋:家畜を肉に変える 鶏:2 羊:4 豚:6 牛:8」; the field is freed."""
    s = deliver("butcher", {animal: 1}, f"butcher_{animal}")
    assert s.goods["meat"] == meat and s.goods[animal] == 0 and s.empty_fields() == 1


def test_ham_maker() -> None:
    """「ハム職人:豚を9VPに変える」."""
    assert deliver("ham_maker", {"pig": 1}, "ham").vp["craftsmen"] == 9


def test_tailor() -> None:
    """「仕立て屋:3羊毛を6VPに変える」."""
    s = deliver("tailor", {"wool": 4}, "tailor")
    assert s.vp["craftsmen"] == 6 and s.goods["wool"] == 1


def test_florist() -> None:
    """「花屋:花を4VPに変える」."""
    assert deliver("florist", {"flower": 1}, "florist").vp["craftsmen"] == 4


@pytest.mark.parametrize(("recipe", "food", "vp"), [("sausage_food", 5, 0), ("sausage_vp", 3, 3)])
def test_sausage_maker(recipe: str, food: int, vp: int) -> None:
    """「ソーセージ職人:肉を2食料か3VPに変える」."""
    s = deliver("sausage_maker", {"meat": 1}, recipe)
    assert s.goods["food"] == food and s.vp["craftsmen"] == vp


def test_cook() -> None:
    """「料理人:魚、肉、野菜を10VPに変える」."""
    assert deliver("cook", {"fish": 1, "meat": 1, "vegetable": 1}, "cook").vp["craftsmen"] == 10


def test_craftsman_conversions_need_the_craftsman() -> None:
    """「以下の職人に商品を出荷することができます」 — only hired ones."""
    s = use(farm(dice=[1], goods={"milk": 1}), 1, "ship")
    assert A.Deliver("cheese") not in s.legal_actions()


def test_elder() -> None:
    """「長老:ダイス1つの目を+1か-1する」 — once a round, no die spent; never past 1 or 6."""
    s = farm(dice=[1, 6], hired=("elder",))
    mods = {(a.face, a.to) for a in s.legal_actions() if isinstance(a, A.Modify)}
    assert mods == {(1, 2), (6, 5)}
    play(s, A.Modify("elder", 6, 5))
    assert s.dice == [1, 5] and not [a for a in s.legal_actions() if isinstance(a, A.Modify)]


def test_official() -> None:
    """「役人:ダイス1つの目をひっくり返す」 — N becomes 7−N."""
    s = play(farm(dice=[2], hired=("official",)), A.Modify("official", 2, 5))
    assert s.dice == [5]


def test_watchman() -> None:
    """「夜警:ダイス1つの目を2か5にする」."""
    s = farm(dice=[2], hired=("watchman",))
    assert {a.to for a in s.legal_actions() if isinstance(a, A.Modify)} == {5}
    with pytest.raises(IllegalAction):
        s.apply(A.Modify("watchman", 2, 6))


def test_modified_die_then_ploughs_by_its_new_face() -> None:
    """「同じ目のダイスを使わなければなりません」 (D9): faces are compared after the elder's change."""
    s = use(farm(dice=[3, 4], hired=("elder",)), 3, "plough")
    play(s, A.Modify("elder", 4, 3))
    assert "plough" in legal_uses(s, 3)


def _final(**kw: object) -> dict[str, int]:
    return final_scoring(farm(**kw))  # type: ignore[arg-type]


def test_zoologist() -> None:
    """「畜産学者:ゲーム終了時、鶏、羊、豚、牛のセットが1つにつき20VP」."""
    goods = {"chicken": 2, "sheep": 2, "pig": 3, "cow": 2}
    assert _final(hired=("zoologist",), goods=goods, fields=4)["zoologist"] == 40


def test_surveyor() -> None:
    """「測量士:ゲーム終了時、畑が8以上あれば25VP」."""
    assert _final(hired=("surveyor",), fields=8)["surveyor"] == 25
    assert _final(hired=("surveyor",), fields=7)["surveyor"] == 0


def test_tour_guide() -> None:
    """「ツアーガイド:ゲーム終了時、観光化で20VPを得ていれば10VP」."""
    full = farm(hired=("tour_guide",))
    full.vp["tourism"] = 20
    assert final_scoring(full)["tour_guide"] == 10
    full.vp["tourism"] = 19
    assert final_scoring(full)["tour_guide"] == 0


def test_accountant_counts_before_beggars_and_tour_guide() -> None:
    """「会計士:ゲーム終了時、12VPにつき1VP得る」 on the total before the beggar penalty."""
    s = farm(hired=("accountant", "tour_guide"), goods={"gem": 2}, beggars=4)
    s.vp.update(tourism=20, market=10)
    out = final_scoring(s)
    assert out["accountant"] == (20 + 10 + 14) // 12
    assert out["beggars"] == -12 and out["tour_guide"] == 10


def test_pastor() -> None:
    """「牧師:ゲーム終了時、物乞いを5回まで無視する」."""
    out = _final(hired=("pastor",), beggars=7)
    assert out["beggars"] == -6 and out["ignored_beggars"] == 5


def test_every_craftsman_is_tested_here() -> None:
    """The deck holds exactly the 31 craftsmen this file covers."""
    import inspect
    import sys

    text = inspect.getsource(sys.modules[__name__])
    missing = [c for c in components().deck if f'"{c}"' not in text]
    assert not missing
