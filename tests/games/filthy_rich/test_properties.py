"""Laws over many random games: conservation, no negative stock, every game ends.

The conformance kit already plays a few hundred games; these add a thousand
more with Filthy Rich's own laws checked after every step, plus Hypothesis
walks that mix checked and unchecked moves.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gameshelf.core.record import replay
from gameshelf.core.rng import Stream, derive_seed
from gameshelf.testing import kit_scale
from tests.games.filthy_rich.helpers import CAT, new

GAMES_PER_COUNT = 500


def _play_checked(players: int, seed: int, *, single_tax: bool = False):  # type: ignore[no-untyped-def]
    s = new(players, seed, single_tax=single_tax)
    stream = Stream(derive_seed("fr-props", players, seed))
    lux_total = len(CAT.luxuries)
    while not s.is_over:
        legal = s.legal_actions()
        assert legal, "a live game always offers a decision"
        s.apply_unchecked(stream.choice(legal))
        s.check_invariants()
        assert len(s.lux_pool) + len(s.lux_removed) + sum(map(len, s.luxuries)) <= lux_total
        assert len(s.history) < 20_000, "the game does not end"
    return s


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_the_laws_and_end(players: int) -> None:
    n = max(1, int(GAMES_PER_COUNT * kit_scale()))
    for seed in range(n):
        s = _play_checked(players, seed, single_tax=seed % 5 == 0)
        winner = s.winner
        assert s.alive[winner]
        won_by_luxuries = len(s.luxuries[winner]) == CAT.rules.luxuries_to_win
        assert won_by_luxuries or sum(s.alive) == 1, f"seed {seed}: a winner without a reason"
        assert s.scores().count(1.0) == 1 and s.ranking()[0] == [winner]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**31), picks=st.lists(st.integers(0, 10**6), max_size=300))
def test_any_walk_replays_exactly(players: int, seed: int, picks: list[int]) -> None:
    """Whatever legal moves are chosen, the record replays to the same state."""
    s = new(players, seed)
    for pick in picks:
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[pick % len(legal)])
    s.check_invariants()
    again = replay(json.loads(json.dumps(s.record())))
    assert again.snapshot() == s.snapshot()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=120))
def test_observations_never_show_other_hands_or_the_deck(seed: int, picks: list[int]) -> None:
    s = new(3, seed)
    for pick in picks:
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[pick % len(legal)])
    for viewer in (None, 0, 1, 2):
        seen = s.observation(viewer)
        assert "deck" not in seen and "hands" not in seen
        assert seen["hand"] == (None if viewer is None else s.hands[viewer])
        for event in seen["log"]:
            if event["key"] == "filthy_rich.log.draw":  # a drawn card: its holder only
                assert viewer is not None and event["params"]["player"] == viewer + 1


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_checked_apply_s_candidates_are_exactly_the_legal_moves(players: int) -> None:
    """``State._legal_candidates`` (the short list the checked apply looks in)
    holds an action exactly when the full listing does, as the same object,
    for every action of the game's universe, along random games; and a
    placement's fees never make an unaffordable sign listed (C5)."""
    game = new(players).game
    universe = [game.action_from_id(i) for i in range(game.num_distinct_actions)]
    for seed in range(4):
        s = new(players, seed)
        stream = Stream(derive_seed("fr-candidates", players, seed))
        while not s.is_over:
            legal = s.legal_actions()
            by_value = {a: a for a in legal}
            for action in universe:
                found = [c for c in s._legal_candidates(action) if c == action]
                if action in by_value:
                    assert found and found[0] is by_value[action], (action, s.phase)
                else:
                    assert not found, (action, s.phase)
            s.apply(stream.choice(legal), s.current_player)
