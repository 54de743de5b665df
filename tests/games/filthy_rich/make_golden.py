"""Record the golden Filthy Rich games: ``python -m tests.games.filthy_rich.make_golden``.

Each game is played to the end by seeded bots (uniform random, or the
balance module's one-step heuristic) and saved as its record plus the final
scores and a digest of the final public view. ``test_golden.py`` replays
them; re-run this script only when the rules version changes on purpose.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from gameshelf.core.protocol import State
from gameshelf.core.record import save_record
from gameshelf.tools.filthy_rich.balance import POLICIES, play

GOLDEN = Path(__file__).with_name("golden")

#: (players, seed, policy, options)
GAMES: tuple[tuple[int, int, str, dict[str, Any]], ...] = (
    (2, 2, "heuristic", {}),  # rules version 2: seed 1 now ends in five moves
    (3, 2, "heuristic", {}),
    (4, 3, "random", {}),
    (5, 4, "heuristic", {}),
    (3, 5, "random", {"single_tax": True}),
)


def digest(state: State) -> str:
    """A hash of the final public view: the book, money, cards in play, log."""
    view = json.dumps(state.observation(None), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(view.encode("utf-8")).hexdigest()


def main() -> None:
    for players, seed, policy, options in GAMES:
        state = play(players, seed, POLICIES[policy], options)
        meta = {"policy": policy, "digest": digest(state), "turns": state.turns}
        path = GOLDEN / f"{players}p-seed{seed}-{policy}{'-single-tax' if options else ''}.json"
        save_record(state.record() | {"meta": meta}, path)
        print(f"{path.name}: {len(state.history)} moves, winner {state.winner + 1}, {state.turns} turns")


if __name__ == "__main__":
    main()
