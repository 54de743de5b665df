"""Dicey Farm's "why not" (issue 29): the missing moves and the rulebook's reasons."""

from __future__ import annotations

from gameshelf.core.i18n import t
from gameshelf.games.dicey_farm import actions as A
from tests.games.dicey_farm.helpers import farm


def reasons(s: object) -> dict[str, str]:
    return {u.move_text("en"): u.reason_text("en") for u in s.unavailable_moves()}  # type: ignore[attr-defined]


def test_contract_with_too_little_food_says_the_price() -> None:
    """「契約: 食料Nを払って、「契約できる職人」リストの誰か1人と契約することができます」:
    a 5 with 2 food cannot contract, and the list says so instead of hiding Contract."""
    s = farm(dice=[5], goods={"food": 2})
    s.apply(A.PickDie(5))
    assert A.Use("contract") not in s.legal_actions()
    why = reasons(s)
    assert why[t("dicey_farm.action.contract", "en")] == "the contract costs 5 food and you have 2"
    ja = {u.move_text("ja"): u.reason_text("ja") for u in s.unavailable_moves()}
    assert ja["契約"] == "契約には食料 5 が必要で、持っているのは 2 です"


def test_build_needs_a_six() -> None:
    """「増築: このアクションは6のダイスしか使えません」."""
    s = farm(dice=[3])
    s.apply(A.PickDie(3))
    assert reasons(s)["Build"].startswith("building needs a die showing 6")
    s = farm(dice=[6])
    s.apply(A.PickDie(6))
    assert "Build" not in reasons(s)


def test_the_round_ends_only_when_every_die_is_used() -> None:
    """「ダイスをすべて使用するまで」 the round goes on: "end the round" is named as missing."""
    s = farm(dice=[2, 4])
    assert A.EndRound() not in s.legal_actions()
    assert any("2 left" in r for r in reasons(s).values())
    s = farm(dice=[])
    assert A.EndRound() in s.legal_actions() and not reasons(s)


def test_asking_changes_nothing() -> None:
    s = farm(dice=[5], goods={"food": 2})
    s.apply(A.PickDie(5))
    before = (s.observation(0), s.legal_actions())
    s.unavailable_moves()
    assert (s.observation(0), s.legal_actions()) == before
