"""The layered book: which sign shows in each pocket, and what the dice hit."""

from __future__ import annotations

import pytest

from gameshelf.games.filthy_rich import book as bk
from tests.games.filthy_rich.helpers import CAT, hang, new, rig, set_money, sign, start_rolling


def test_pockets_are_numbered_row_by_row() -> None:
    """「彼女は1番4番、2番5番、6番9番などに置くことが出来ました」
    A two-card vertical sign fits at 1+4, 2+5, 6+9 — so pockets run row by row."""
    places = {tuple(k + 1 for k in p) for _, p in bk.placements(bk.parse_shape(["#", "#"]))}
    assert {(1, 4), (2, 5), (6, 9), (3, 6)} <= places
    assert (1, 2) not in places and len(places) == 6


@pytest.mark.parametrize(
    ("rows", "count"),
    [(["#"], 9), (["##"], 6), (["###"], 3), (["##", "##"], 4), (["###", ".#."], 2), ([".##", "##."], 2)],
)
def test_a_shape_keeps_its_printed_orientation(rows: list[str], count: int) -> None:
    """「ビジネスカードの右側に書かれているのと同じ形状を保つように置かれなくてはなりません」
    A sign is placed in its printed shape only: never rotated or mirrored."""
    assert len(bk.placements(bk.parse_shape(rows))) == count


@pytest.mark.parametrize("rows", [["####"], ["#.#"], ["#", "", "#"], ["x"], [".."], ["##", "##", "#."]])
def test_bad_shapes_are_rejected(rows: list[str]) -> None:
    with pytest.raises(ValueError):
        bk.parse_shape(rows)


def test_a_covered_sign_is_not_visible_and_shows_again_when_uncovered() -> None:
    """「もし他の広告がその広告を隠すように、上のページ内に置いてあるなら、その広告は
    『見えていない』とみなします」 A sign under a card on a higher open page is not seen;
    when the covering business is sold its sign leaves and the one below shows (C10)."""
    s = new(3)
    s.page = 2
    hang(s, 0, "chapter_11_books", 1, [5])
    covering = hang(s, 1, "dentist", 2, [5])
    assert bk.visible(s.book, 2, 4) == (sign("dentist"), 2)
    s.turn = 1
    s.apply(next(a for a in s.legal_actions() if str(a) == f"sell {covering}"))
    assert bk.visible(s.book, 2, 4) == (sign("chapter_11_books"), 1)
    s.check_invariants()


def test_pages_above_the_open_page_are_flipped_away() -> None:
    """「上に別のページがあっても、そこに他のカードが入っていなくて、透明なままであれば…
    『見えている』」 Only pages at or below the open one stack up; a card on page 3 does
    not cover page 1 while the book is open on page 1 (C3, C4)."""
    s = new(2)
    hang(s, 0, "chapter_11_books", 1, [5])
    hang(s, 1, "dentist", 3, [5])
    assert bk.visible(s.book, 1, 4) == (sign("chapter_11_books"), 1)
    assert bk.visible(s.book, 2, 4) == (sign("chapter_11_books"), 1)
    assert bk.visible(s.book, 3, 4) == (sign("dentist"), 3)


def test_only_the_visible_parts_of_a_sign_are_hit() -> None:
    """「このうち一部が見えていて一部が見えていない場合、見えている部分は『見えている』と
    みなし、そうでない部分は『見えていない』とみなします」 A die on the covered part of a sign
    pays the owner of the card on top; a die on its visible part pays its owner."""
    s = new(2)
    s.page = 2
    taxi = CAT.signs[sign("taxi_company")]
    hang(s, 1, "taxi_company", 1, [1, 2, 3])
    hang(s, 0, "dentist", 2, [2])
    for p in range(2):
        set_money(s, p, 0)
    rig(s, [2, 3], page_die=6)  # pocket 2: dentist on top; pocket 3: the taxi shows
    start_rolling(s)
    dentist = CAT.signs[sign("dentist")]
    assert s.money[0] == 2 + dentist.hit  # two discards, one hit
    assert s.money[1] == taxi.hit
    s.check_invariants()


def test_a_sign_on_a_page_above_is_not_hit() -> None:
    """C4: with the book open on page 1, a die on pocket 5 hits the page-1 sign, not
    the card in pocket 5 of page 2."""
    s = new(2)
    hang(s, 1, "chapter_11_books", 1, [5])
    hang(s, 1, "dentist", 2, [5])
    set_money(s, 1, 0)
    rig(s, [5], page_die=6)
    start_rolling(s)
    assert s.money[1] == CAT.signs[sign("chapter_11_books")].hit


def test_each_die_pays_once_even_on_the_same_sign() -> None:
    """「ビジネスがHitするたびに」 (every time a business is hit, C2): two dice on two
    pockets of one sign pay twice; two dice on the same pocket pay twice as well."""
    s = new(2)
    s.page = 3
    hang(s, 1, "taxi_company", 3, [4, 5, 6])
    set_money(s, 1, 0)
    rig(s, [4, 6, 6], page_die=6)
    start_rolling(s)
    assert s.money[1] == 3 * CAT.signs[sign("taxi_company")].hit


def test_the_number_of_business_dice_is_the_page_number() -> None:
    """「現在のページ数と同じ数の10面体ダイスを振ります」"""
    for page in range(1, 5):
        s = new(2, seed=page)
        s.page = page
        start_rolling(s)
        assert len(s.dice) == page
