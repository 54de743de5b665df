"""The adapters' shared helper: legal ids looked up once per move, every
kind of id an agent may send checked the same way."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from gameshelf.core.errors import IllegalAction  # noqa: E402
from gameshelf.core.registry import load_game  # noqa: E402
from gameshelf.rl._common import LegalNow  # noqa: E402


def test_the_mask_and_the_ids_are_the_games_own() -> None:
    game = load_game("pay-dirt")
    state, legal = game.new_game(3, seed=4), LegalNow()
    assert legal.of(state) == {game.action_id(a): a for a in state.legal_actions()}
    mask = legal.mask(state)
    assert mask.dtype == np.int8 and set(mask.nonzero()[0]) == set(legal.of(state))
    mask[:] = 0  # the caller's copy: the next mask is whole again
    assert legal.mask(state).sum() == len(state.legal_actions())


@pytest.mark.parametrize("kind", [int, np.int64, np.int32])
def test_a_legal_id_plays_whatever_integer_type_carries_it(kind: type) -> None:
    game = load_game("filthy-rich")
    a, b = game.new_game(3, seed=2), game.new_game(3, seed=2)
    legal = LegalNow()
    index = max(legal.of(a))
    legal.play(a, kind(index))
    b.apply(game.action_from_id(index))
    assert a.snapshot() == b.snapshot()


@pytest.mark.parametrize("action", [True, np.bool_(True), 1.0, "1", -1, 10**6, None])
def test_bad_ids_are_refused_and_change_nothing(action: object) -> None:
    game = load_game("dicey-farm")
    state, legal = game.new_game(1, seed=0), LegalNow()
    before = state.snapshot()
    with pytest.raises((TypeError, ValueError)):
        legal.play(state, action)
    assert state.snapshot() == before


def test_an_illegal_id_is_refused_and_a_move_refreshes_the_ids() -> None:
    game = load_game("dicey-farm")
    state, legal = game.new_game(1, seed=0), LegalNow()
    ids = dict(legal.of(state))
    illegal = next(i for i in range(game.num_distinct_actions) if i not in ids)
    before = state.snapshot()
    with pytest.raises(IllegalAction):
        legal.play(state, illegal)
    assert state.snapshot() == before
    legal.play(state, min(ids))
    assert legal.of(state) == {game.action_id(a): a for a in state.legal_actions()}
