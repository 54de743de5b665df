"""Laws over many random games: conservation, coins moving only as the rules
say, hidden rewards, and every game ending."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from gameshelf.core.rng import Stream, derive_seed
from gameshelf.games.above_and_below import actions as A
from tests.games.above_and_below.fixtures import fixture_game

#: actions that never change anybody's coins (a pass may end the round: income).
COINLESS = (A.Offer, A.Sell, A.Track, A.Push, A.Reroll, A.Act)


def _hidden_texts(state) -> list[str]:  # type: ignore[no-untyped-def]
    """Outcome texts of the paragraph being read, which nobody may see yet
    (the log before this paragraph may hold them from an earlier visit)."""
    task = state.task
    if task is None or task.paragraph is None or state.phase not in ("option", "dice"):
        return []
    texts = []
    for opt in state.book.paragraphs[task.paragraph].options:
        for th in opt.thresholds:
            texts += th.outcome.text.values()
        if opt.failure is not None:
            texts += opt.failure.text.values()
    return texts


def _play(players: int, seed: int, *, check_every: int = 1) -> int:
    state = fixture_game().new_game(players, seed)
    stream = Stream(derive_seed("ab-props", seed))
    steps = 0
    while not state.is_over:
        actions = state.legal_actions()
        assert actions, f"seed {seed}: no legal action in phase {state.phase}"
        action = stream.choice(actions)
        coins = [v.coins for v in state.villages]
        round_before = state.round
        state.apply_unchecked(action)
        steps += 1
        after = [v.coins for v in state.villages]
        if isinstance(action, A.Pass) and state.round == round_before:
            assert after == coins, f"seed {seed}: a pass inside the round moved coins"
        if isinstance(action, COINLESS):
            assert after == coins, f"seed {seed}: {action} moved coins"
        if isinstance(action, A.Respond):
            assert sum(after) == sum(coins), "a sale moves coins between players only"
        if steps % check_every == 0:
            state.check_invariants()
        if steps % (4 * check_every) == 0:
            json.dumps(state.observation(None))  # every phase can be shown
        hidden = _hidden_texts(state)
        if hidden:
            seen_obs = state.observation(state.current_player)
            log = seen_obs.pop("log")
            last = max(i for i, e in enumerate(log) if e["key"].endswith(".log.paragraph"))
            seen = json.dumps([seen_obs, log[last:]], ensure_ascii=False)
            assert not any(t in seen for t in hidden), f"seed {seed}: an unresolved outcome leaked"
        assert steps < 20_000, f"seed {seed}: the game does not end"
    state.check_invariants()
    assert len(state.scores()) == players
    return steps


def test_many_random_games_keep_the_laws() -> None:
    """750 random games on the fixture book (every effect kind occurs)."""
    for seed in range(250):
        for players in (2, 3, 4):
            _play(players, seed, check_every=7)


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_any_seed_plays_to_the_end(players: int, seed: int) -> None:
    _play(players, seed)
