"""English and Japanese message catalogs.

Catalogs are TOML files flattened into dotted keys. The core catalog lives in
``gameshelf/locales/<lang>.toml``; every game adds
``gameshelf/games/<pkg>/locales/<lang>.toml`` (and ``<lang>.<part>.toml``
files for one job's texts) whose keys all sit under the game's package name
(``dicey_farm.…``), so games never collide.

The language is chosen, in order, by an explicit ``lang`` argument, by
:func:`set_language` (the CLI's ``--lang``), by ``GAMESHELF_LANG``, and falls
back to English.

A parameter whose value is a string starting with ``@`` is itself a key and is
translated before formatting, so events can say ``{"card": "@dicey_farm.craftsman.baker"}``
and read well in both languages; a parameter that is a ``{"en": ..., "ja": ...}``
mapping gives the text of the language asked for.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "ja")
DEFAULT_LANGUAGE = "en"

_current: str | None = None


class MissingKey(KeyError):
    """Raised in strict mode (tests) when a key is absent from a catalog."""


def set_language(lang: str | None) -> None:
    """Choose the process-wide language; ``None`` returns to the environment's."""
    global _current
    if lang is not None and lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    _current = lang


def current_language() -> str:
    if _current is not None:
        return _current
    env = os.environ.get("GAMESHELF_LANG", "").strip().lower()
    return env if env in LANGUAGES else DEFAULT_LANGUAGE


def _flatten(table: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, str]]:
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, Mapping):
            yield from _flatten(value, key + ".")
        else:
            yield key, str(value)


def catalog_sources() -> list[tuple[str, Any]]:
    """Every (package, resource dir) that holds a ``locales`` folder."""
    sources: list[tuple[str, Any]] = [("", resources.files("gameshelf") / "locales")]
    games_root = resources.files("gameshelf") / "games"
    for child in sorted(games_root.iterdir(), key=lambda p: p.name):
        loc = child / "locales"
        if child.is_dir() and not child.name.startswith("_") and loc.is_dir():
            sources.append((child.name, loc))
    return sources


@cache
def catalog(lang: str) -> dict[str, str]:
    """All messages of one language, core and games merged."""
    merged: dict[str, str] = {}
    for _, folder in catalog_sources():
        for path in catalog_files(folder, lang):
            merged.update(_flatten(tomllib.loads(path.read_text(encoding="utf-8"))))
    return merged


def catalog_files(folder: Any, lang: str) -> list[Any]:
    """A folder's catalog files of ``lang``: ``<lang>.toml``, then each
    ``<lang>.<part>.toml`` by name (``en.why_not.toml``). Why parts: one job's
    texts (the "why not" reasons, the status bar's sentences) sit in a file of
    their own, beside the job's module, instead of in one ever-growing file."""
    main = folder / f"{lang}.toml"
    files = [main] if main.is_file() else []
    parts = [
        p for p in folder.iterdir()
        if p.is_file() and p.name.startswith(f"{lang}.") and p.name.endswith(".toml")
        and p.name != f"{lang}.toml"
    ]
    return files + sorted(parts, key=lambda p: p.name)


def _known(lang: str | None) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`, else the current language.

    Why: :func:`catalog` is cached per language, and a language code can come
    from outside (a browser, a request); an unknown one must not load and
    keep yet another copy of every catalog.
    """
    return lang if lang in LANGUAGES else current_language()


def every_language(text: Callable[[str], str]) -> dict[str, str]:
    """One text in every language (``{"en": ..., "ja": ...}``), for data a
    client picks its language from (the web export's component texts)."""
    return {lang: text(lang) for lang in LANGUAGES}


def has(key: str, lang: str | None = None) -> bool:
    return key in catalog(_known(lang))


def t(key: str, lang: str | None = None, /, **params: Any) -> str:
    """Translate ``key`` into ``lang`` and fill in ``params``.

    A missing key falls back to English, then to the key itself, so that a
    gap never crashes a game in front of a player; the catalog test is what
    keeps gaps out.
    """
    lang = _known(lang)
    text = catalog(lang).get(key)
    if text is None:
        text = catalog(DEFAULT_LANGUAGE).get(key)
    if text is None:
        if os.environ.get("GAMESHELF_STRICT_I18N"):
            raise MissingKey(key)
        return key if not params else f"{key} {params}"
    if not params:
        return text
    resolved = {name: _resolve(value, lang) for name, value in params.items()}
    try:
        return text.format(**resolved)
    except (KeyError, IndexError, ValueError):
        return text


def _resolve(value: Any, lang: str) -> Any:
    """A parameter as text of ``lang``: ``"@key"`` is translated, and a
    ``{"en": ..., "ja": ...}`` mapping (text that lives in data files, such
    as an encounter paragraph) gives the entry of that language."""
    if isinstance(value, str) and value.startswith("@"):
        return t(value[1:], lang)
    if isinstance(value, Mapping) and DEFAULT_LANGUAGE in value:
        return value.get(lang, value[DEFAULT_LANGUAGE])
    return value


def seat_list(seats: Iterable[int]) -> dict[str, str]:
    """Several seats (counted from 0) as one event parameter, named in each
    language ("Player 3, Player 1" / "プレイヤー3、プレイヤー1"). Why names and
    not bare numbers after one "players": front ends put people's chosen
    names in place of "Player N", and "players 3, 1" became "Carol, 1"."""
    return dict(_seat_list(tuple(seats)))


@cache
def _seat_list(seats: tuple[int, ...]) -> dict[str, str]:
    """:func:`seat_list`, worked out once per list of seats. Why: engines
    log a list of seats every few moves (a draft's order, an auction's
    bidders), and translating every name in every language each time was a
    tenth of a Pay Dirt playout. Callers get a copy, so none can change
    what the next one reads."""
    joins = {"en": ", ", "ja": "、"}
    return {lang: joins.get(lang, ", ").join(t("cli.player", lang, n=p + 1) for p in seats) for lang in LANGUAGES}


def clear_cache() -> None:
    catalog.cache_clear()
    _seat_list.cache_clear()
