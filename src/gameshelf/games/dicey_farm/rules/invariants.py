"""The laws every Dicey Farm position keeps (checked by the conformance kit
after every move of thousands of random games).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.games.dicey_farm.state import C

if TYPE_CHECKING:
    from gameshelf.games.dicey_farm.state import DiceyFarmState


def check(s: DiceyFarmState) -> None:
    g = s.goods
    negative = [k for k, v in g.items() if v < 0]
    assert not negative, f"negative stock: {negative}"
    assert s.fields >= s.occupied(), f"{s.occupied()} fields used, {s.fields} owned"
    assert all(v >= 0 for v in s.sown.values())
    assert 0 <= s.vp["tourism"] <= C.constants["tourism_cap"], "tourism above its cap"
    keep = C.smoked if "smokehouse" in s.built else frozenset()
    rotten = {k: v for k, v in s.leftover.items() if v and k not in keep}
    assert not rotten, f"perishables survived the round end: {rotten}"
    seen = list(s.deck) + list(s.display) + list(s.hired) + list(s.gone)
    assert sorted(seen) == sorted(C.deck), "a craftsman was created or destroyed"
    assert len(s.display) <= C.constants["display_size"]
    assert all(1 <= d <= 6 for d in s.dice)
    assert len(set(s.built)) == len(s.built)
    assert s.ploughs <= C.constants["plough_limit"]
    assert g["butter"] == 0, "butter cannot be made in 1.02"
