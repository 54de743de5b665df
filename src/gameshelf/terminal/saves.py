"""Finished and unfinished games on disk.

A game left with ``q`` can be saved as an ordinary record (the actions so far)
marked ``meta.unfinished``; ``gameshelf resume`` lists those and continues
one by replaying it. Why plain records: they replay with the same code as
every finished game, so a save is checked move by move when it is loaded.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gameshelf.core.errors import GameshelfError
from gameshelf.core.protocol import State
from gameshelf.core.record import load_record, save_record


def save_game(state: State, seats: Sequence[str], save_dir: Path, path: Path | None = None) -> Path:
    """Write ``state``'s record with the seats; unfinished games are marked.
    ``path`` (a resumed game's save) is reused for an unfinished game."""
    meta: dict[str, Any] = {"seats": list(seats)}
    if not state.is_over:
        meta["unfinished"] = True
    if path is None or state.is_over:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        suffix = "" if state.is_over else "-unfinished"
        path = save_dir / f"{state.game.id}-{stamp}-{state.seed}{suffix}.json"
    return save_record(state.record() | {"meta": meta}, path)


def unfinished_games(save_dir: Path) -> list[tuple[Path, dict[str, Any]]]:
    """Saved games still to be finished, newest first; unreadable files are
    skipped (``resume`` must work even beside a damaged file)."""
    found = []
    if not save_dir.is_dir():
        return []
    for path in sorted(save_dir.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            record = load_record(path)
        except (GameshelfError, OSError, ValueError):
            continue
        meta = record.get("meta")
        if isinstance(meta, dict) and meta.get("unfinished") is True and "result" not in record:
            found.append((path, record))
    return found


def saved_seats(record: dict[str, Any]) -> list[str] | None:
    """The seats a save names, when they are well formed."""
    meta = record.get("meta")
    seats = meta.get("seats") if isinstance(meta, dict) else None
    if isinstance(seats, list) and seats and all(isinstance(s, str) for s in seats):
        return list(seats)
    return None
