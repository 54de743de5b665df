"""Perft for the golden games: the legal moves at every step of every
recorded game, so a rules change that alters a move list shows at once.

Chess engines pin their move generators with perft (the number of legal
move sequences to a depth, from known positions). These games' recorded
golden records (``tests/games/<game>/golden/*.json``) play the same part:
replaying one, the number of legal moves at each position is written down,
with a fingerprint of the lists themselves (a change that keeps a count,
one move swapped for another, still shows). ``record_perft.py`` writes
``perft.json``; ``test_perft.py`` replays and compares.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from gameshelf.core.record import replay
from gameshelf.core.registry import load_game

ROOT = Path(__file__).resolve().parents[1]
PINNED = Path(__file__).with_name("perft.json")


def golden_files() -> list[Path]:
    """Every golden record of every game, in a fixed order."""
    return sorted(ROOT.glob("games/*/golden/*.json"))


def name_of(path: Path) -> str:
    """``<game package>/<record stem>``, the key a record's counts are pinned under."""
    return f"{path.parent.parent.name}/{path.stem}"


def walk(record: dict[str, Any]) -> dict[str, Any]:
    """Replay ``record`` move by move: the number of legal moves before each
    move and at the end (zero), and a SHA-256 over every step's move list
    (each move's JSON, in the engine's order)."""
    game = load_game(record["game"])
    state = replay(record, upto=0)
    counts: list[int] = []
    lists = hashlib.sha256()
    for wire in [*record["actions"], None]:
        legal = state.legal_actions()
        counts.append(len(legal))
        lists.update(json.dumps([a.to_json() for a in legal], sort_keys=True).encode("utf-8"))
        lists.update(b"\n")
        if wire is not None:
            state.apply(game.action_from_json(wire))
    assert state.is_over, "a golden record must end its game"
    return {"counts": counts, "lists": lists.hexdigest()}


def measure() -> dict[str, dict[str, Any]]:
    """The perft of every golden record, keyed by :func:`name_of`."""
    return {name_of(path): walk(json.loads(path.read_text(encoding="utf-8"))) for path in golden_files()}
