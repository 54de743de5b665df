"""Hypothesis laws of the dirt carry-over used by installing and Fiem Co (A14, A15)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gameshelf.games.pay_dirt.board import EMPTY, fit_row, push_into

rows = st.lists(st.one_of(st.just(EMPTY), st.integers(0, 62)), min_size=2, max_size=4).filter(
    lambda r: len([t for t in r if t != EMPTY]) == len({t for t in r if t != EMPTY})
)


@given(rows, st.integers(2, 4))
def test_fit_row_keeps_every_tile_and_the_order(row: list[int], spaces: int) -> None:
    fitted, pushed = fit_row(list(row), spaces)
    assert len(fitted) == spaces
    tiles = [t for t in row if t != EMPTY]
    assert pushed + [t for t in fitted if t != EMPTY] == tiles, "nothing lost, nothing reordered"
    # a tile that stays keeps its distance from the exit
    for i, t in enumerate(row):
        if t != EMPTY and t in fitted:
            assert len(row) - i == spaces - fitted.index(t)


@given(rows, st.lists(st.integers(100, 120), max_size=4, unique=True))
def test_push_into_conserves_tiles_and_fills_from_the_right(row: list[int], pushed: list[int]) -> None:
    target = list(row)
    out = push_into(target, pushed)
    assert len(target) == len(row)
    before = [t for t in row if t != EMPTY] + pushed
    after = out + [t for t in target if t != EMPTY]
    assert after == before, "order along the chain is kept and no tile is created or lost"
    if pushed:
        assert target[-len(pushed[-len(target):]):] == pushed[-len(target):]
