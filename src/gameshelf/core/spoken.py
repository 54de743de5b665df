"""A text as its parts: plain text, and references to seats.

Why: the browser shows the names people chose, with their badges, wherever
a line names a seat ("Player 2 bids $8,000." reads "▲ Carol bids $8,000.").
Searching the finished sentence for "Player 2" guessed (a card could be
called that, "Player 1" is the start of "Player 12"). Instead a text is
rendered once with its seats marked where the catalog's template names
them (:func:`gameshelf.core.i18n.marked_template`), and the marks become
parts: ``{"text": "..."}`` and ``{"seat": k}`` (counted from 0). Joining
the parts with each seat's generic name gives back exactly the plain text,
which older readers (the terminal's ``connect``) keep reading.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from gameshelf.core.i18n import MARK_CLOSE, MARK_OPEN, MARK_SEP, SEAT_MARKS
from gameshelf.core.protocol import Event

Part = dict[str, Any]

#: more seats than any game has: a larger number is not a seat but text
MAX_SEATS = 16


def spoken(render: Callable[[], str]) -> tuple[str, list[Part]]:
    """Run ``render`` (anything that returns text from the catalogs) with
    seats marked; return the plain text and its parts."""
    token = SEAT_MARKS.set(True)
    try:
        marked = render()
    finally:
        SEAT_MARKS.reset(token)
    return split(marked)


def split(marked: str) -> tuple[str, list[Part]]:
    """A marked text as (plain text, parts); a text without marks is one part."""
    parts: list[Part] = []
    plain: list[str] = []
    rest = marked
    while True:
        start = rest.find(MARK_OPEN)
        sep = rest.find(MARK_SEP, start + 1) if start >= 0 else -1
        end = rest.find(MARK_CLOSE, sep + 1) if sep >= 0 else -1
        if end < 0:
            _text(parts, plain, _clean(rest))
            break
        _text(parts, plain, _clean(rest[:start]))
        word, number = rest[start + 1:sep], rest[sep + 1:end]
        if number.isascii() and number.isdigit() and 1 <= int(number) <= MAX_SEATS:
            parts.append({"seat": int(number) - 1})
            plain.append(word + number)
        else:  # a field after the word that is not a seat's number: plain text
            _text(parts, plain, _clean(word + number))
        rest = rest[end + 1:]
    return "".join(plain), parts


def _text(parts: list[Part], plain: list[str], text: str) -> None:
    if not text:
        return
    plain.append(text)
    if parts and "text" in parts[-1]:
        parts[-1] = {"text": parts[-1]["text"] + text}
    else:
        parts.append({"text": text})


def _clean(text: str) -> str:
    """(A stray mark, never expected, must not reach a reader.)"""
    return text.replace(MARK_OPEN, "").replace(MARK_SEP, "").replace(MARK_CLOSE, "")


def spoken_all(render: Callable[[], list[str]]) -> list[tuple[str, list[Part]]]:
    """:func:`spoken` for a list of texts rendered by one call (a mover's
    whole offer of moves)."""
    token = SEAT_MARKS.set(True)
    try:
        marked = render()
    finally:
        SEAT_MARKS.reset(token)
    return [split(text) for text in marked]


def said(render: Callable[[], str]) -> dict[str, Any]:
    """``{"text", "parts"}`` of a text, as a view carries it."""
    text, parts = spoken(render)
    return {"text": text, "parts": parts}


def event_line(event: Event, lang: str | None) -> dict[str, Any]:
    """An event as a log line carries it: its key and parameters (for a
    reader that renders it itself), its text in ``lang`` and the parts."""
    return {"key": event.key, "params": {k: plain(v) for k, v in event.params.items()},
            **said(lambda: event.text(lang))}


def plain(value: Any) -> Any:
    """A parameter as JSON holds it (a tuple as a list; anything else that
    JSON has no word for, as its text)."""
    if value is None or isinstance(value, str | bool | int | float):
        return value
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    return str(value)
