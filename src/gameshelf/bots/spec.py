"""Bots written as text: ``name`` or ``name[key=value,...]``.

Why a text form: a bot and its settings must fit in a command-line option
(``gameshelf simulate --bots hard,ismcts[iterations=500]``), a terminal seat
(``bot:hard[time_ms=3000]``) and a results table's ``bot`` column, and read
back the same.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

_SPEC = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*(?:\[(.*)\])?\s*$")


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ismcts[iterations=500,rollout=heuristic]"`` -> ``("ismcts", {...})``.

    Values are read as int, float, ``true``/``false``/``none`` or else text.

    Raises:
        ValueError: the text is not of that form.
    """
    match = _SPEC.match(spec)
    if not match:
        raise ValueError(f"bad bot spec {spec!r}: write name or name[key=value,...]")
    name, body = match.group(1), match.group(2)
    settings: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in (body or "").split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"bad bot setting {item!r} in {spec!r}: write key=value")
        settings[key.strip()] = _setting_value(value.strip())
    return name, settings


def split_bot_specs(text: str) -> list[str]:
    """Split ``"ismcts[iterations=50,c=1],greedy"`` on the commas that are
    outside brackets."""
    specs: list[str] = []
    depth = 0
    current = ""
    for ch in text:
        depth += (ch == "[") - (ch == "]")
        if ch == "," and depth == 0:
            specs.append(current.strip())
            current = ""
        else:
            current += ch
    specs.append(current.strip())
    return [s for s in specs if s]


def _setting_value(text: str) -> Any:
    lowered = text.lower()
    constants: Mapping[str, Any] = {"true": True, "false": False, "none": None}
    if lowered in constants:
        return constants[lowered]
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text
