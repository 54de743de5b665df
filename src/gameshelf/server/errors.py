"""The server's refusals: an HTTP status, a stable code and a sentence.

Why its own catalogue (``server/locales/<lang>.toml``): the server's words
are its own, and keeping them beside it leaves the core catalogues to the
engines. Clients branch on the code; people read the sentence, in the
language the request asked for.
"""

from __future__ import annotations

import functools
import math
import tomllib
from importlib import resources
from typing import Any

from gameshelf.core.errors import GameshelfError
from gameshelf.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, catalog_files, current_language


@functools.cache
def _catalogue(lang: str, section: str = "errors") -> dict[str, str]:
    out: dict[str, str] = {}
    # <lang>.toml, then its part files (<lang>.accounts.toml: the account routes' words)
    for path in catalog_files(resources.files("gameshelf.server") / "locales", lang):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        out.update({str(k): str(v) for k, v in data.get(section, {}).items()})
    return out


def message(code: str, lang: str | None, params: dict[str, Any], section: str = "errors") -> str:
    """The sentence for ``code`` in ``lang`` (English when missing)."""
    lang = lang if lang in LANGUAGES else current_language()
    text = (_catalogue(lang, section).get(code)
            or _catalogue(DEFAULT_LANGUAGE, section).get(code, code))
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


def json_safe(value: Any) -> Any:
    """``value`` with every float JSON cannot carry (NaN, ±infinity) written
    as text, so that a refusal echoing what a client sent can always be
    sent back."""
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)
    if isinstance(value, dict):
        return {k: json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_safe(v) for v in value]
    return value


def log_text(key: str, lang: str | None, params: dict[str, Any]) -> str:
    """A log line the server writes itself (a take-back), in ``lang``."""
    return message(key, lang, params, "log")


class ApiError(GameshelfError):
    """A request the server refuses; nothing was changed."""

    def __init__(self, status: int, code: str, params: dict[str, Any] | None = None) -> None:
        self.status = status
        super().__init__(code, params, namespace="server")

    def message_in(self, lang: str | None = None) -> str:
        return message(self.code, lang, self.params)
