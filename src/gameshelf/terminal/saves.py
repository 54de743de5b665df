"""Finished and unfinished games on disk.

A game left with ``q`` can be saved as an ordinary record (the actions so far)
marked ``meta.unfinished``; ``gameshelf resume`` lists those and continues
one by replaying it. Why plain records: they replay with the same code as
every finished game, so a save is checked move by move when it is loaded.
"""

from __future__ import annotations

import datetime
import importlib
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from gameshelf.core.errors import GameshelfError
from gameshelf.core.protocol import State
from gameshelf.core.record import load_record, save_record


def save_game(state: State, seats: Sequence[str], save_dir: Path, path: Path | None = None,
              restart: Callable[..., Any] | None = None, hints: dict[str, Any] | None = None) -> Path:
    """Write ``state``'s record with the seats; unfinished games are marked,
    with the time of saving and, when the game offered a restart key
    (``restart``, a function of a ``gameshelf`` module: Daily Mode's
    "restart the round"), where to find it again on resuming.
    ``path`` (a resumed game's save) is reused for an unfinished game.
    ``hints`` (``terminal.hints.hints_meta``): whether hints were on and
    which seats used them, kept finished or not (a game shows its hints)."""
    meta: dict[str, Any] = {"seats": list(seats)}
    if hints is not None:
        meta["hints"] = hints
    if not state.is_over:
        meta["unfinished"] = True
        meta["saved_at"] = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
        if restart is not None and restart.__module__.startswith("gameshelf."):
            meta["restart"] = f"{restart.__module__}:{restart.__qualname__}"
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


def saved_restart(record: dict[str, Any]) -> Callable[..., Any] | None:
    """The restart key's function a save names (see :func:`save_game`), or
    ``None``. Why only ``gameshelf`` modules: a save is data someone may have
    edited, and naming a module must not make ``resume`` import anything else."""
    meta = record.get("meta")
    name = meta.get("restart") if isinstance(meta, dict) else None
    if not isinstance(name, str) or name.count(":") != 1:
        return None
    module_name, _, attribute = name.partition(":")
    if not module_name.startswith("gameshelf.") or not attribute.isidentifier():
        return None
    try:
        found = getattr(importlib.import_module(module_name), attribute, None)
    except ImportError:
        return None
    return found if callable(found) else None


def saved_when(path: Path, record: dict[str, Any]) -> str:
    """When the game was saved, "2026-11-25 04:12" (local time): the save's
    own note, else the file's time."""
    meta = record.get("meta")
    stamp = meta.get("saved_at") if isinstance(meta, dict) else None
    when: datetime.datetime | None = None
    if isinstance(stamp, str):
        try:
            when = datetime.datetime.fromisoformat(stamp)
        except ValueError:
            when = None
    if when is None:
        try:
            when = datetime.datetime.fromtimestamp(path.stat().st_mtime).astimezone()
        except OSError:
            return "?"
    return when.strftime("%Y-%m-%d %H:%M")
