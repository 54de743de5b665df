"""Tensor values pinned byte for byte: speed work on the encoders, the
tensor writer or the adapters must not change one slot.

Why digests: the pinned tensors are many (every seat and the spectator at
several points of fixed random games); one SHA-256 per game over all of
them catches any changed byte and keeps the test file short. The digests
were taken before the adapters' speed-ups (issue 20). If a rules change
deliberately changes what a seat observes, regenerate them with
``python -m tests.rl.test_tensor_pins`` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import random

import pytest

pytest.importorskip("numpy")

from gameshelf.core.registry import load_game
from tests.rl.conftest import GAME_IDS

#: (seed, players) of each pinned game; every 9th move is pinned.
GAMES = ((1, None), (2, 2))
EVERY = 9

PINNED = {
    "dicey-farm": "e132128345e6dbe827ce44895652de11951b71fb72034a7874d25b4ccd3a379f",
    "filthy-rich": "3af7c41ba8ee908a5baeee33ba6d59ec08b74b50e3e384abd031dba0518ae127",
    "pay-dirt": "8db8df9b61b698d029f09faf3c8eeaabb5492955307703b053d3134b7cb21251",
    "above-and-below": "e8093d4b81c71cd4c29a6978c626de971127106acd48fa237b334e763ecaa6c4",
}


def digest(game_id: str) -> str:
    """SHA-256 over the float32 bytes of every pinned tensor of ``game_id``."""
    game = load_game(game_id)
    h = hashlib.sha256()
    for seed, players in GAMES:
        n = players if players is not None else max(game.min_players, min(3, game.max_players))
        n = max(game.min_players, min(n, game.max_players))
        state = game.new_game(n, seed)
        rng = random.Random(seed)
        moves = 0
        while True:
            if moves % EVERY == 0 or state.is_over:
                for seat in (None, *range(n)):
                    h.update(state.observation_tensor(seat).tobytes())
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
            moves += 1
    return h.hexdigest()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_tensors_are_byte_equal_to_the_pinned_ones(game_id: str) -> None:
    assert digest(game_id) == PINNED[game_id]


if __name__ == "__main__":
    for gid in GAME_IDS:
        print(f'    "{gid}": "{digest(gid)}",')
