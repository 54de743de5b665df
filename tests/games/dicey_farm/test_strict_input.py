"""Issue 16 §1 for Dicey Farm: a pick of face ``1.0`` was taken, and then the
game could not list its moves. Now it is refused, and nothing moves."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.games.dicey_farm import actions as A
from tests.games.dicey_farm.helpers import GAME, farm


def _legal(state: Any) -> str:
    return json.dumps([a.to_json() for a in state.legal_actions()])


@pytest.mark.parametrize("face", [1.0, True, "1", [1], 10**40, -1])
def test_a_loose_pick_is_refused_and_changes_nothing(face: Any) -> None:
    s = farm(dice=[1, 4])
    other = farm(dice=[1, 6], seed=3)
    before, legal, other_legal = s.snapshot(), _legal(s), _legal(other)
    with pytest.raises(IllegalAction) as err:
        s.apply(GAME.action_from_json({"type": "pick", "face": face}))
    assert err.value.code in ("malformed-action", "no-such-die")
    with pytest.raises(IllegalAction):
        s.apply(A.PickDie(face))
    assert s.snapshot() == before and _legal(s) == legal and _legal(other) == other_legal
    s.apply(A.PickDie(1))
    assert type(s.held) is int and s.legal_actions()


def test_the_state_keeps_the_games_own_move() -> None:
    s = farm(dice=[1, 4])
    mine = A.PickDie(4)
    s.apply(mine)
    assert s.history[-1] == mine and s.history[-1] is not mine
