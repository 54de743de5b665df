"""Bots written as text: ``name`` or ``name[key=value,...]``.

Why a text form: a bot and its settings must fit in a command-line option
(``gameshelf simulate --bots hard,ismcts[iterations=500]``), a terminal seat
(``bot:hard[time_ms=3000]``) and a results table's ``bot`` column, and read
back the same.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
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


# -- which settings each bot takes ------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Setting:
    """One setting a bot reads: its kind (``int``, ``float``, ``choice``,
    ``name``, a short lower-case file name, or ``path``, a file's path), its
    bounds or choices, and whether ``none`` is allowed."""

    kind: str
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    nullable: bool = False

    def describe(self, lang: str | None = None) -> str:
        """The values allowed, as the refusal lists them ("whole number ≥ 1
        or none", 「1 以上の整数、または none」), in ``lang``."""
        from gameshelf.core.i18n import t

        if self.kind == "choice":
            text = " | ".join(self.choices)
        elif self.kind == "name":
            text = t("bots.weights-name", lang)
        elif self.kind == "path":
            text = t("bots.file-path", lang)
        else:
            text = t("bots.whole-number" if self.kind == "int" else "bots.number", lang)
            if self.low is not None and self.high is not None:
                text = t("bots.between", lang, kind=text, low=f"{self.low:g}", high=f"{self.high:g}")
            elif self.low is not None:
                text = t("bots.at-least", lang, kind=text, low=f"{self.low:g}")
        return t("bots.or-none", lang, values=text) if self.nullable else text

    def accepts(self, value: Any) -> bool:
        """Exact types: ``true`` is not 1 and ``4.0`` is not a whole number."""
        if value is None:
            return self.nullable
        if self.kind == "choice":
            return type(value) is str and value in self.choices
        if self.kind == "name":
            return type(value) is str and _NAME.fullmatch(value) is not None
        if self.kind == "path":  # the file itself is checked when the bot reads it
            return type(value) is str and 0 < len(value) <= 4096 and "\0" not in value
        if type(value) is bool or not isinstance(value, int | float):
            return False
        if self.kind == "int" and type(value) is not int:
            return False
        if isinstance(value, float) and math.isnan(value):
            return False
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)


_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,31}")
_COUNT = Setting("int", low=1)
#: ``weights=NAME``: the bot decides with the game's ``data/heuristic-NAME.toml``
#: instead of its shipped weights (``make_bot``); any bot that reads the heuristic
_WEIGHTS_FILE = Setting("name")
_SHARE = Setting("float", low=0, high=1)
_WEIGHT = Setting("float", low=0)
#: the settings of the built-in bots, by bot (a level takes those of the bot
#: that plays it). Why a table here and not the bots' ``**_``: a misspelt
#: key such as ``itrations`` was silently dropped, and the default ran.
SETTINGS: dict[str, dict[str, Setting]] = {
    "random": {},
    "greedy": {"noise": _SHARE, "samples": _COUNT, "weights": _WEIGHTS_FILE},
    "ismcts": {
        "iterations": Setting("int", low=1, nullable=True),
        "time_ms": Setting("float", low=1, nullable=True),
        "c": _WEIGHT,
        "rollout": Setting("choice", choices=("random", "heuristic")),
        "rollout_depth": Setting("int", low=0, nullable=True),
        "epsilon": _SHARE,
        "width": _COUNT,
        "prior": _WEIGHT,
        "settle": _WEIGHT,
        "prior_depth": _COUNT,
        "weights": _WEIGHTS_FILE,
    },
    "rollout": {
        "samples": _COUNT,
        "depth": Setting("int", low=0, nullable=True),
        "width": _COUNT,
        "time_ms": Setting("float", low=1, nullable=True),
        "confidence": _WEIGHT,
        "horizon": Setting("choice", choices=("decisions", "round")),
        "value": Setting("choice", choices=("lead", "margin")),
        "weights": _WEIGHTS_FILE,
    },
    "planner": {
        "samples": _COUNT,
        "width": _COUNT,
        "lines": Setting("int", low=0),
        "epsilon": _SHARE,
        "depth": _COUNT,
        "weights": _WEIGHTS_FILE,
    },
    # a trained network's checkpoint (gameshelf.bots.policy_file); none: the game's shipped agent
    # worlds: an afterstate network's ratings averaged over that many re-dealt worlds
    "jax-policy": {"path": Setting("path", nullable=True), "worlds": _COUNT},
}


class BotSpecError(ValueError):
    """A bot setting that is unknown or out of range; the message lists the
    valid settings, in the reader's language through :meth:`message_in`."""

    def __init__(self, code: str, /, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(self.message_in("en"))

    def message_in(self, lang: str | None) -> str:
        """The refusal in ``lang``; what a setting takes and the list of
        valid settings are worded in that language too."""
        from gameshelf.core.i18n import t

        params = dict(self.params)
        bot = params.get("bot")
        if isinstance(bot, str):
            params["valid"] = valid_settings(bot, lang)
            setting = SETTINGS.get(bot, {}).get(str(params.get("key")))
            if setting is not None:
                params["allowed"] = setting.describe(lang)
        return t(f"bots.{self.code}", lang, **params)


def valid_settings(bot: str, lang: str | None = None) -> str:
    """``"iterations (whole number ≥ 1 or none), c (number ≥ 0), ..."``."""
    table = SETTINGS.get(bot, {})
    return ", ".join(f"{name} ({s.describe(lang)})" for name, s in table.items()) or "-"


def check_settings(name: str, bot: str, settings: Mapping[str, Any]) -> None:
    """Refuse a setting ``bot`` (the bot that plays ``name``) does not read,
    or a value out of its range. Bots without a table (a plugin's) are not
    checked: nothing is known about them.

    Raises:
        BotSpecError: with the list of valid settings.
    """
    table = SETTINGS.get(bot)
    if table is None:
        return
    for key, value in settings.items():
        setting = table.get(key)
        if setting is None:
            if not table:
                raise BotSpecError("no-settings", name=name, key=key)
            raise BotSpecError("unknown-setting", name=name, bot=bot, key=key)
        if not setting.accepts(value):
            raise BotSpecError("bad-value", name=name, bot=bot, key=key, value=_shown(value))


def _shown(value: Any) -> str:
    return "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
