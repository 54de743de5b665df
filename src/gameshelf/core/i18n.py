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
from contextvars import ContextVar
from functools import cache, lru_cache
from importlib import resources
from string import Formatter
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


#: the ``locales`` folders of games registered at run time, by key prefix
_registered: dict[str, Any] = {}


def namespace(game_id: str) -> str:
    """The key prefix of a game's words: its id with ``_`` for ``-``
    (``"pay-dirt"`` -> ``"pay_dirt"``), which is also its package's name."""
    return game_id.replace("-", "_")


def add_catalog_source(prefix: str, folder: Any) -> None:
    """Add the ``locales`` folder of a game that lives outside
    ``gameshelf/games`` (the registry calls this when a test or a plugin
    registers one, as the template game in ``tests/``), its keys under
    ``prefix``. Why: such a game keeps its words in its own folder, as a
    shipped game does, instead of in code."""
    _registered[prefix] = folder
    clear_cache()


def catalog_sources() -> list[tuple[str, Any]]:
    """Every (package, resource dir) that holds a ``locales`` folder: the
    core's, each shipped game's, then those of games registered at run time."""
    sources: list[tuple[str, Any]] = [("", resources.files("gameshelf") / "locales")]
    games_root = resources.files("gameshelf") / "games"
    for child in sorted(games_root.iterdir(), key=lambda p: p.name):
        loc = child / "locales"
        if child.is_dir() and not child.name.startswith("_") and loc.is_dir():
            sources.append((child.name, loc))
    return sources + sorted(_registered.items())


def _merged(folders: Iterable[Any], lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for folder in folders:
        for path in catalog_files(folder, lang):
            merged.update(_flatten(tomllib.loads(path.read_text(encoding="utf-8"))))
    return merged


@cache
def shipped_catalog(lang: str) -> dict[str, str]:
    """The messages of one language that ship: the core's and the shipped
    games' (what the web export writes, whatever a test has registered)."""
    return _merged((folder for name, folder in catalog_sources() if name not in _registered), lang)


@cache
def catalog(lang: str) -> dict[str, str]:
    """All messages of one language: core, shipped games and games
    registered at run time, merged."""
    return {**shipped_catalog(lang), **_merged(_registered.values(), lang)}


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
    if SEAT_MARKS.get():
        text = marked_template(text, lang)
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
        if SEAT_MARKS.get():
            seats = _seats_named(value)
            if seats is not None:  # a seat_list: each seat marked, as "Player {n}" is
                return _JOINS.get(lang, ", ").join(t("cli.player", lang, n=p + 1) for p in seats)
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
    what the next one reads. Worked out without seat marks, so a list first
    asked for while a view is rendered never keeps a view's marks."""
    token = SEAT_MARKS.set(False)
    try:
        return {lang: _JOINS.get(lang, ", ").join(t("cli.player", lang, n=p + 1) for p in seats)
                for lang in LANGUAGES}
    finally:
        SEAT_MARKS.reset(token)


_JOINS = {"en": ", ", "ja": "、"}

# -- seat references ---------------------------------------------------------------
# Why: a front end shows the names people chose, and badges, where a text
# names a seat. Texts name seats as "Player {player}" (the ``cli.player``
# word before a field), so while SEAT_MARKS is set every such field is
# rendered between private-use marks, which :mod:`gameshelf.core.spoken`
# turns into structured seat references: the catalog's own template says
# where a seat is named, and no rendered text is ever searched.

#: set (by :func:`gameshelf.core.spoken.spoken`) while a text is rendered with its seats marked
SEAT_MARKS: ContextVar[bool] = ContextVar("gameshelf_seat_marks", default=False)
MARK_OPEN, MARK_SEP, MARK_CLOSE = "\ue000", "\ue001", "\ue002"


@cache
def seat_word(lang: str) -> str:
    """The word a catalog of ``lang`` puts before a seat's number: the text
    of ``cli.player`` before its ``{n}`` ("Player ", "プレイヤー")."""
    template = catalog(lang).get("cli.player") or catalog(DEFAULT_LANGUAGE).get("cli.player", "")
    return template.partition("{n}")[0] if "{n}" in template else ""


@lru_cache(maxsize=8192)
def marked_template(template: str, lang: str) -> str:
    """``template`` with each field that follows the seat word wrapped as
    ``OPEN word SEP {field} CLOSE`` (the word kept as written: "player" or
    "Player")."""
    word = seat_word(lang).casefold()
    if not word or MARK_OPEN in template:
        return template
    try:
        pieces = list(Formatter().parse(template))
    except ValueError:
        return template
    out: list[str] = []
    for literal, field, spec, conv in pieces:
        head = literal
        said = ""
        if field is not None and field.isidentifier() and literal.casefold().endswith(word):
            head, said = literal[:len(literal) - len(word)], literal[len(literal) - len(word):]
        out.append(head.replace("{", "{{").replace("}", "}}"))
        if field is None:
            continue
        body = "{" + field + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}"
        out.append(MARK_OPEN + said + MARK_SEP + body + MARK_CLOSE if said else body)
    return "".join(out)


def _seats_named(value: Mapping[str, Any]) -> list[int] | None:
    """The seats of a :func:`seat_list` parameter: its English text is
    exactly the seats' names joined, or it is not one."""
    text = value.get(DEFAULT_LANGUAGE)
    if not isinstance(text, str) or not text:
        return None
    seats: list[int] = []
    for name in text.split(_JOINS[DEFAULT_LANGUAGE]):
        number = name[len(seat_word(DEFAULT_LANGUAGE)):]
        if not name.startswith(seat_word(DEFAULT_LANGUAGE)) or not number.isascii() \
                or not number.isdigit() or number.startswith("0"):
            return None
        seats.append(int(number) - 1)
    token = SEAT_MARKS.set(False)
    try:
        return seats if seat_list(seats) == dict(value) else None
    finally:
        SEAT_MARKS.reset(token)


def clear_cache() -> None:
    catalog.cache_clear()
    shipped_catalog.cache_clear()
    _seat_list.cache_clear()
    seat_word.cache_clear()
    marked_template.cache_clear()
