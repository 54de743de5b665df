"""The heuristic reads every weight of data/heuristic.toml (RULES.md D27/D31)."""

from __future__ import annotations

from gameshelf.core.weights import unread_weights
from gameshelf.games.dicey_farm.heuristics import WEIGHTS, evaluate
from tests.games.dicey_farm.helpers import farm


def test_every_weight_is_read() -> None:
    """These farms between them hold every good, craftsman, facility and step a weight is for."""
    farms = [
        farm(dice=[6, 3], fields=3, goods={"food": 1, "fish": 2, "wheat": 3, "milk": 1, "wool": 2, "flower": 1, "meat": 1, "wheat_seed": 2}),
        farm(dice=[2], round_no=3, fields=6, goods={"food": 6, "chicken": 2, "sheep": 2, "cow": 1, "pig": 1, "horse": 1, "egg": 2}),
        farm(
            dice=[5], round_no=2, fields=9, hired=tuple(WEIGHTS.shipped["engine"]), built=("bread_oven", "smokehouse"),
            goods={"food": 2, "wheat": 3, "egg": 2, "milk": 2, "flower": 2, "meat": 2, "wool": 2, "pig": 1, "cow": 1,
                   "vegetable": 1, "vegetable_seed": 3, "flower_seed": 3, "wheat_seed": 1},
            sown={"wheat": 1, "vegetable": 1, "flower": 1},
        ),
        farm(dice=[4], round_no=7, fields=3, goods={"food": 9, "fish": 2, "vegetable": 2, "wheat_seed": 1}, used=("ship",), phase="sow", left=2),
        farm(dice=[1], round_no=1, hired=("fisherman", "baker"), built=("bread_oven",)),
        farm(dice=[1], round_no=1, goods={"chicken": 1}),  # animals feeding the farm
    ]
    assert unread_weights(WEIGHTS, lambda: [evaluate(f) for f in farms]) == []


def test_a_weight_changes_the_value_by_what_it_says() -> None:
    s = farm(dice=[3], goods={"food": 3, "fish": 4})
    before = evaluate(s)
    previous = WEIGHTS.use(WEIGHTS.current.with_flat({"good.fish": WEIGHTS.current["good"]["fish"] + 1.0}))
    try:
        assert abs(evaluate(s) - (before + 4.0)) < 1e-9  # four fish, one more VP each
    finally:
        WEIGHTS.use(previous)
    assert evaluate(s) == before
