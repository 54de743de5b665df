"""The state encoders write exactly the tensor the observation encoders do.

Why this test carries the weight it does: a state encoder reads the true
state, so equality with the reference (``tensor.encode`` of the seat's
observation, which holds nothing hidden) on every seat and the spectator is
both its correctness and its proof that nothing hidden leaks. States come
from random games at every player count, and the encoders under test are
kept across states and seats in a shuffled order, so an incremental encoder
that wrongly skips a changed part is caught too.
"""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

from gameshelf.core import tensor  # noqa: E402
from gameshelf.core.protocol import State  # noqa: E402
from gameshelf.core.registry import load_game  # noqa: E402
from tests.rl.conftest import GAME_IDS  # noqa: E402

#: random states checked per game (every seat and the spectator of each).
STATES = 2000


def _random_states(game_id: str, count: int, seed: int) -> list[State]:
    game = load_game(game_id)
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = game.new_game(rng.randint(game.min_players, game.max_players), rng.randrange(1 << 30))
        while not state.is_over and len(found) < count:
            if rng.random() < 0.3:
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        found.append(state)
    return found


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_a_state_encoder(game_id: str) -> None:
    game = load_game(game_id)
    assert isinstance(tensor.encoder_for(game).state_encoder(game), tensor.StateEncoder)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_state_encoder_equals_the_observation_encoder(game_id: str) -> None:
    game = load_game(game_id)
    states = _random_states(game_id, STATES, seed=30)
    keep = {seat: tensor.encoder_for(game).state_encoder(game) for seat in (None, 0, 1, 2, 3, 4, 5)}
    order = [(state, seat) for state in states for seat in (None, *range(state.players))]
    # the game's own order first (the adapters' case), then shuffled (any order must work)
    shuffled = order[:]
    random.Random(1).shuffle(shuffled)
    for state, seat in order + shuffled:
        encoder = keep[seat]
        assert encoder is not None
        fast = encoder(state, seat)
        reference = tensor.encode_reference(state, seat)
        assert fast.dtype == reference.dtype and fast.shape == reference.shape
        if not np.array_equal(fast, reference):
            wrong = [f.name for f in tensor.layout(game)
                     if not np.array_equal(fast[f.start:f.start + f.size], reference[f.start:f.start + f.size])]
            raise AssertionError(f"{game_id} seat {seat}, move {len(state.history)}: {wrong} differ")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_kept_tensor_is_the_callers(game_id: str) -> None:
    """What an encoder returns is a copy: changing it, or encoding another
    state next, leaves it as it was."""
    game = load_game(game_id)
    first, second = _random_states(game_id, 2, seed=5)[:2]
    encoder = tensor.encoder_for(game).state_encoder(game)
    assert encoder is not None
    got = encoder(first, 0)
    kept = got.copy()
    encoder(second, 0)
    assert np.array_equal(got, kept)
    got[:] = 1.0
    assert np.array_equal(encoder(first, 0), kept)
