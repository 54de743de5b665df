"""Record the golden Dicey Farm games: ``python -m tests.games.dicey_farm.make_golden``.

Each file is a game record (``state.record()``) plus the final scores and a
digest of the final observation; ``test_golden.py`` replays them. Re-run
only when a rules change is intended, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from gameshelf.core.protocol import State
from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream, derive_seed
from gameshelf.tools.dicey_farm.par import solve

HERE = Path(__file__).parent / "golden"


def digest(state: State) -> str:
    """A stable fingerprint of a position: its spectator observation."""
    text = json.dumps(state.observation(None), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def random_game(seed: int, options: dict[str, str]) -> State:
    state = load_game("dicey-farm").new_game(1, seed, options)
    stream = Stream(derive_seed("golden", seed))
    while not state.is_over:
        state.apply(stream.choice(state.legal_actions()))
    return state


def par_game(date: str) -> State:
    game = load_game("dicey-farm")
    state = game.new_game(1, 0, {"daily": date})
    for action in solve(date, width=3, samples=4).line:
        state.apply(action)
    return state


def save(name: str, state: State) -> None:
    record = state.record()
    record["golden"] = {"scores": state.scores(), "digest": digest(state)}
    HERE.mkdir(exist_ok=True)
    (HERE / f"{name}.json").write_text(json.dumps(record, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")


def main() -> None:
    save("random-seed-7", random_game(7, {}))
    save("random-daily-2026-11-22", random_game(11, {"daily": "2026-11-22"}))
    save("par-daily-2026-11-22", par_game("2026-11-22"))
    save("par-daily-2026-01-01", par_game("2026-01-01"))


if __name__ == "__main__":
    main()
