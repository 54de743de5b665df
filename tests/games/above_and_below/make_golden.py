"""Record a few full games of Above and Below as golden files.

Run ``python -m tests.games.above_and_below.make_golden`` after a deliberate
rules, data or book change; ``test_golden.py`` replays every file and checks
the exact final scores and a digest of the final position.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from gameshelf.bots import PlayerView, RandomBot
from gameshelf.core.protocol import State
from gameshelf.core.record import make_record, save_record
from gameshelf.core.registry import load_game

GOLDEN = Path(__file__).parent / "golden"
#: (players, seed) of each recorded game.
GAMES: tuple[tuple[int, int], ...] = ((2, 11), (3, 12), (4, 13))


def digest(state: State) -> str:
    """A fingerprint of everything a spectator sees at the end of the game."""
    text = json.dumps(state.observation(None), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def play_game(players: int, seed: int) -> State:
    state = load_game("above-and-below").new_game(players, seed)
    bots = [RandomBot(seed * 10 + p) for p in range(players)]
    while not state.is_over:
        player = state.current_player
        assert player is not None
        state.apply(bots[player].choose(PlayerView(state, player)), player)
    return state


def record_for(players: int, seed: int) -> dict[str, Any]:
    state = play_game(players, seed)
    return make_record(state, {"digest": digest(state), "bots": "random"})


def main() -> None:
    for players, seed in GAMES:
        path = save_record(record_for(players, seed), GOLDEN / f"{players}p-seed{seed}.json")
        print(path)


if __name__ == "__main__":
    main()
