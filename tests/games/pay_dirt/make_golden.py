"""Record the golden Pay Dirt games (run from the repository root).

    .venv/bin/python -m tests.games.pay_dirt.make_golden

Each golden game is a seeded bot game saved as its record (seed + actions)
with the final scores and a digest of the final spectator view; the test
replays the actions and must land on exactly the same end. Re-record only
when a rules change is intended, and bump ``rules_version`` with it.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from gameshelf.bots import PlayerView, make_bot
from gameshelf.core.protocol import State
from gameshelf.core.registry import load_game

GOLDEN = Path(__file__).parent / "golden"
#: (players, seed, bot) of each golden game
GAMES = ((2, 11, "greedy"), (3, 12, "random"), (4, 13, "greedy"), (5, 14, "greedy"))


def digest(state: State) -> str:
    """A fingerprint of the whole public end position."""
    view = json.dumps(state.observation(None), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(view.encode("utf-8")).hexdigest()


def record_game(players: int, seed: int, bot: str) -> dict:
    state = load_game("pay-dirt").new_game(players, seed)
    bots = [make_bot(bot, seed=seed * 10 + p) for p in range(players)]
    while not state.is_over:
        p = state.current_player
        state.apply(bots[p].choose(PlayerView(state, p)), p)
    record = state.record()
    record["meta"] = {"bot": bot, "digest": digest(state), "rounds": state.round}
    return record


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for players, seed, bot in GAMES:
        record = record_game(players, seed, bot)
        path = GOLDEN / f"{players}p-seed{seed}-{bot}.json"
        path.write_text(json.dumps(record, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
        print(path.name, record["result"]["scores"], len(record["actions"]), "actions")


if __name__ == "__main__":
    main()
