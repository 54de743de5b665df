"""The adapters' shared helper: legal ids looked up once per move, every
kind of id an agent may send checked the same way."""

from __future__ import annotations

import random

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


@pytest.mark.parametrize("limit", [LegalNow.MASKS, 2])
def test_remembered_masks_are_each_moves_own_and_the_callers(monkeypatch: pytest.MonkeyPatch, limit: int) -> None:
    """Masks are remembered by their legal ids, one memory per game shared
    by every caller: at every move of whole games the mask is that move's,
    also when the memory keeps only two and starts over; a caller's copy is
    writable and scribbling on it changes no later mask."""
    monkeypatch.setattr(LegalNow, "MASKS", limit)
    game = load_game("filthy-rich")
    rng = random.Random(3)
    for seed in range(3):
        state, legal, other = game.new_game(3, seed=seed), LegalNow(), LegalNow()
        while not state.is_over:
            expected = [int(x) for x in state.legal_action_mask()]
            mask = legal.mask(state)
            assert mask.flags.writeable and mask.tolist() == expected
            mask[:] = 1
            assert legal.mask(state).tolist() == expected and other.mask(state).tolist() == expected
            state.apply(rng.choice(state.legal_actions()))


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


def test_pay_dirts_gold_and_money_reward_separates_zero_score_games() -> None:
    """Most random 3-player Pay Dirt games end with no gold at all; the
    "gold+money" reward still tells the seats apart, gold first, then cash."""
    import random

    from gameshelf.core.registry import load_game
    from gameshelf.rl._common import outcome, resolve_reward

    game = load_game("pay-dirt")
    assert resolve_reward("gold+money", game) == "gold+money"
    zero_games = separated = 0
    for seed in range(30):
        state, rng = game.new_game(3, seed), random.Random(seed)
        while not state.is_over:
            state.apply_unchecked(rng.choice(state.legal_actions()))
        paid = [outcome(state, p, "gold+money") for p in range(3)]
        scores = state.scores()
        for p in range(3):
            assert paid[p] == scores[p] + state.camps[p].money / 1000
            for q in range(3):
                if scores[p] > scores[q]:
                    assert paid[p] > paid[q], "more gold always pays more"
        if not any(scores):
            zero_games += 1
            separated += len(set(paid)) > 1
    assert zero_games >= 10 and separated >= zero_games * 0.8


@pytest.mark.parametrize("reward", ["gold+money", "Score", 1, None])
def test_other_games_refuse_pay_dirts_reward(reward: object) -> None:
    from gameshelf.core.registry import load_game
    from gameshelf.rl._common import resolve_reward

    with pytest.raises(ValueError):
        resolve_reward(reward, load_game("filthy-rich"))
