"""Reading a game's TOML data files, with errors that name the file.

Why one helper: every game keeps its cards and tiles in ``data/*.toml`` and
must refuse a broken file with a clear sentence, never a bare traceback.
Each game raises its own error class (so callers can tell a Pay Dirt data
error from a Filthy Rich one), which is why the class is a parameter.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any


def parse_toml(text: str, where: str, error: type[Exception]) -> dict[str, Any]:
    """``text`` as TOML, or ``error("<where>: not valid TOML (...)")``."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{where}: not valid TOML ({exc})") from None


def read_toml(path: Any, where: str, error: type[Exception]) -> dict[str, Any]:
    """The TOML file at ``path`` (a ``Path`` or an ``importlib.resources``
    traversable); an unreadable or invalid file raises ``error`` naming ``where``."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"{where}: cannot read it ({exc})") from None
    return parse_toml(text, where, error)


def read_game_data(package: str, name: str, error: type[Exception]) -> dict[str, Any]:
    """``data/<name>`` of the game package ``package`` (e.g.
    ``"gameshelf.games.pay_dirt"``), as TOML."""
    return read_toml(resources.files(package) / "data" / name, f"data/{name}", error)
