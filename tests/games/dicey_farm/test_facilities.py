"""The five facilities of rules 1.02 (増築)."""

from __future__ import annotations

import pytest

from gameshelf.games.dicey_farm import actions as A
from gameshelf.games.dicey_farm.rules.season import end_round, harvest
from tests.games.dicey_farm.helpers import farm, legal_uses, play, use


def test_only_the_five_102_facilities_exist() -> None:
    """D1: 1.02 has no butter workshop (「バター工房を削除 / 馬小屋を追加」)."""
    s = use(farm(dice=[6]), 6, "build")
    assert {a.facility for a in s.legal_actions()} == {
        "bread_oven", "slaughterhouse", "compost_shed", "smokehouse", "stable"}


def test_each_facility_is_built_once() -> None:
    """「『設備』リストから設備を１つ選んで建てます」 — a built facility leaves the list."""
    s = farm(dice=[6], built=("smokehouse",))
    use(s, 6, "build")
    assert A.Build("smokehouse") not in s.legal_actions()


def test_bread_oven_returns_unused_uses_as_a_die() -> None:
    """「パン焼き釜 … 回数が残っていた場合、その分の目のダイスが返却され」."""
    s = farm(dice=[5], built=("bread_oven",), goods={"wheat": 9, "food": 0})
    play(use(s, 5, "bread_oven"), A.Bake(), A.Bake(), A.Done())
    assert s.goods["food"] == 4 and s.goods["wheat"] == 7 and s.dice == [3]


def test_bread_oven_stops_when_wheat_runs_out() -> None:
    """「回数が残っていた場合、その分の目のダイスが返却され」 — out of wheat, the rest comes back at once."""
    s = farm(dice=[4], built=("bread_oven",), goods={"wheat": 1, "food": 0})
    play(use(s, 4, "bread_oven"), A.Bake())
    assert s.phase == "main" and s.dice == [3] and s.goods["food"] == 2


def test_bread_oven_needs_building() -> None:
    """「パン焼き釜 … を増築すると、ダイスを使ってこれらのアクションを行うことができます」."""
    assert "bread_oven" not in legal_uses(farm(dice=[4], goods={"wheat": 3}), 4)


def test_bread_oven_without_wheat_returns_the_die() -> None:
    """「使ったダイスの目の回数までアクションを行うことができますが、回数が残っていた場合、その分の目の
    ダイスが返却され」 — up to N bakes, none included (D17): the die comes back whole."""
    s = farm(dice=[4], built=("bread_oven",), goods={"wheat": 0})
    assert "bread_oven" in legal_uses(s, 4)
    use(s, 4, "bread_oven")
    assert s.phase == "main" and s.dice == [4] and "bread_oven" in s.used


@pytest.mark.parametrize(("face", "back"), [(1, []), (2, [1]), (6, [5])])
def test_slaughterhouse(face: int, back: list[int]) -> None:
    """「解体小屋は、家畜1頭を肉に変え、使ったダイスが2以上であれば、1小さい目のダイスが返却」."""
    s = farm(dice=[face], built=("slaughterhouse",), goods={"cow": 2}, fields=2)
    play(use(s, face, "slaughterhouse"), A.Butcher("cow"))
    assert s.goods["meat"] == 8 and s.goods["cow"] == 1 and s.dice == back


def test_slaughterhouse_spares_horses() -> None:
    """「馬は他の種類の家畜と異なる特殊な家畜です」 — components §7: horses cannot be butchered."""
    s = farm(dice=[3], built=("slaughterhouse", "stable"), goods={"horse": 2})
    assert "slaughterhouse" not in legal_uses(s, 3)


@pytest.mark.parametrize(("animals", "bonus"), [({}, 0), ({"pig": 3}, 1), ({"pig": 3, "horse": 2}, 1),
                                                ({"pig": 2, "chicken": 2}, 2)])
def test_compost_shed(animals: dict[str, int], bonus: int) -> None:
    """堆肥小屋: every sown field +1 (1-3 livestock) or +2 (4+); horses do not count."""
    s = farm(built=("compost_shed", "stable"), fields=6, goods=animals, sown={"wheat": 1, "vegetable": 0, "flower": 1})
    harvest(s)
    assert s.goods["wheat"] == 3 + bonus and s.goods["flower"] == 2 + bonus
    assert s.goods["wheat_seed"] == 1  # seed yields are not boosted


@pytest.mark.parametrize("smoked", [False, True])
def test_smokehouse_keeps_fish_and_meat(smoked: bool) -> None:
    """「燻製小屋 … あるだけで効果があります」: fish and meat no longer rot."""
    s = farm(dice=[], built=("smokehouse",) if smoked else (), goods={"fish": 3, "meat": 2, "egg": 1, "food": 9})
    end_round(s)
    assert (s.goods["fish"], s.goods["meat"]) == ((3, 2) if smoked else (0, 0))
    assert s.goods["egg"] == 0
    s.check_invariants()


def test_stable_brings_a_horse_and_frees_its_field() -> None:
    """「家畜商人から馬を買った後に馬小屋を増築すると、馬は畑から馬小屋に移されます」."""
    s = farm(dice=[6], goods={"horse": 1})
    assert s.empty_fields() == 0
    play(use(s, 6, "build"), A.Build("stable"))
    assert s.goods["horse"] == 2 and s.empty_fields() == 1
