"""A game's manifest: what the front ends and adapters need to know about it.

Why a file in the game's own folder: the browser's status bar, the results
page, the replay chart, the lobby, the analysis and the OpenSpiel adapter
each need a few facts per game (which moves close a decision, whether its
score means anything, how long a game can be...). Kept in tables inside
those front ends, a fifth game had to edit eight files outside its folder,
and missing one degraded silently. Now each game says them once, in
``data/manifest.toml`` beside its rules, and the front ends read them here;
a game that lacks an entry fails :func:`manifest` with a sentence.

The file (every table and key is required; docs/develop/new-game.md)::

    [status]                  # the browser's status bar
    primary = ["done", "pass"]         # move types the bar always offers
    steppers = {bid = "amount"}        # move type = its number field (a -/+ stepper)

    [results]
    scores = true             # false: scores() means nothing to show (1 for the winner)

    [replay]                  # what the replay's chart follows per seat
    progress = "scores"       # "scores", or a public observation field holding one number per seat
    label = "web.replay.score"         # the catalogue key of the chart's label

    [openspiel]               # the longest game (gameshelf.rl.openspiel)
    rounds = 8                # rounds (or turns) the rules allow at most
    moves = 64                # moves per round (per seat when per_seat)
    per_seat = true

    [analysis.fields]         # a seat's figures a mistake's reason may name
    vp = "score"              # name = path into the seat's observation

    [lobby]
    picture = "picture.svg"   # a drawing in data/, shown on the home page

Words live in the game's ``locales/``, not here: ``<ns>.pitch`` (the lobby's
line), ``<ns>.howto`` (the short how-to) and ``<ns>.field.<name>`` (each
analysis field's label), where ``<ns>`` is the game id with ``_`` for ``-``.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Mapping
from importlib import resources
from typing import Any
from xml.etree import ElementTree

from gameshelf.core.datafile import read_toml
from gameshelf.core.i18n import namespace
from gameshelf.core.protocol import Game
from gameshelf.core.registry import game_package, load_game

MANIFEST = "manifest.toml"
#: a move type, field or figure name: lower-case words joined by - or _
_NAME = re.compile(r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*")
#: an observation path: names or numbers, ``{seat}`` for the seat's index
_PATH = re.compile(r"(?:[a-z][a-z0-9_]*|\d+|\{seat\})(?:\.(?:[a-z][a-z0-9_]*|\d+|\{seat\}))*")
_KEY = re.compile(r"[a-z][a-z0-9_]*(?:[.-][a-z0-9_]+)+")
#: the most rounds and moves a game may declare (OpenSpiel sizes buffers by them)
MAX_LENGTH = 10_000
#: the largest picture, in bytes: a home-page drawing, not a photograph
MAX_PICTURE = 64 * 1024


class ManifestError(ValueError):
    """A game's ``data/manifest.toml`` (or its picture) is malformed."""


class MissingManifest(ManifestError):
    """The game has no ``data/manifest.toml``. Every shipped game has one
    (``tests/core/test_manifest.py``); a game a test or a plugin registers
    at run time may not, and the adapters then use their defaults."""


@dataclasses.dataclass(frozen=True)
class LengthRule:
    """The longest game in OpenSpiel's terms: ``rounds`` x ``moves`` (x the
    seats when ``per_seat``)."""

    rounds: int
    moves: int
    per_seat: bool


@dataclasses.dataclass(frozen=True)
class Manifest:
    """One game's entries (the module docstring shows the file)."""

    primary: tuple[str, ...]
    steppers: Mapping[str, str]
    scores: bool
    progress: str
    progress_label: str
    length: LengthRule
    fields: Mapping[str, str]
    picture: str

    def client(self) -> dict[str, Any]:
        """What the browser reads (``web/data/games.json``), JSON-ready."""
        return {"primary": list(self.primary), "steppers": dict(self.steppers), "scores": self.scores}


__all__ = ["LengthRule", "Manifest", "ManifestError", "MissingManifest", "check_picture", "manifest",
           "namespace", "parse_manifest"]


def manifest(game_id: str) -> Manifest:
    """The manifest of the registered game ``game_id`` (read once). Raises
    ``KeyError`` for an unknown game, :class:`MissingManifest` for a game
    without the file and :class:`ManifestError` for a malformed one."""
    return _manifest_of(load_game(game_id))


@functools.cache
def _manifest_of(game: Game) -> Manifest:
    package = game_package(game)
    folder = resources.files(package) / "data"
    where = f"{package}: data/{MANIFEST}"
    if not (folder / MANIFEST).is_file():
        raise MissingManifest(f"{where}: missing; every game needs one (docs/develop/new-game.md)")
    data = read_toml(folder / MANIFEST, where, ManifestError)
    return parse_manifest(data, where, lambda name: _read_picture(folder, name, where))


def parse_manifest(data: Mapping[str, Any], where: str, picture: Any) -> Manifest:
    """The manifest in ``data`` (a parsed TOML file), every entry checked
    for its exact type; ``picture(name)`` reads the drawing the file names.
    Raises :class:`ManifestError` naming ``where`` and the entry."""
    _keys(data, {"status", "results", "replay", "openspiel", "analysis", "lobby"}, where)
    status = _table(data, "status", where)
    _keys(status, {"primary", "steppers"}, f"{where}: [status]")
    primary = status["primary"]
    if not isinstance(primary, list) or not all(isinstance(p, str) and _NAME.fullmatch(p) for p in primary):
        raise ManifestError(f"{where}: [status] primary must be a list of move types")
    if len(set(primary)) != len(primary):
        raise ManifestError(f"{where}: [status] primary names a move type twice")
    steppers = _table(status, "steppers", f"{where}: [status]")
    if not all(isinstance(v, str) and _NAME.fullmatch(k) and _NAME.fullmatch(v) for k, v in steppers.items()):
        raise ManifestError(f"{where}: [status] steppers must map move types to number fields")
    results = _table(data, "results", where)
    _keys(results, {"scores"}, f"{where}: [results]")
    scores = _exact(results, "scores", bool, f"{where}: [results]")
    replay = _table(data, "replay", where)
    _keys(replay, {"progress", "label"}, f"{where}: [replay]")
    progress = _exact(replay, "progress", str, f"{where}: [replay]")
    if not _NAME.fullmatch(progress):
        raise ManifestError(f"{where}: [replay] progress must be \"scores\" or an observation field")
    label = _exact(replay, "label", str, f"{where}: [replay]")
    if not _KEY.fullmatch(label):
        raise ManifestError(f"{where}: [replay] label must be a catalogue key")
    spiel = _table(data, "openspiel", where)
    _keys(spiel, {"rounds", "moves", "per_seat"}, f"{where}: [openspiel]")
    length = LengthRule(
        _count(spiel, "rounds", f"{where}: [openspiel]"),
        _count(spiel, "moves", f"{where}: [openspiel]"),
        _exact(spiel, "per_seat", bool, f"{where}: [openspiel]"),
    )
    analysis = _table(data, "analysis", where)
    _keys(analysis, {"fields"}, f"{where}: [analysis]")
    fields = _table(analysis, "fields", f"{where}: [analysis]")
    for name, path in fields.items():
        if not _NAME.fullmatch(name) or not isinstance(path, str) or not _PATH.fullmatch(path):
            raise ManifestError(f"{where}: [analysis.fields] {name} must be an observation path")
    lobby = _table(data, "lobby", where)
    _keys(lobby, {"picture"}, f"{where}: [lobby]")
    name = _exact(lobby, "picture", str, f"{where}: [lobby]")
    if not re.fullmatch(r"[a-z0-9_-]+\.svg", name):
        raise ManifestError(f"{where}: [lobby] picture must name an .svg file in data/")
    return Manifest(tuple(primary), dict(steppers), scores, progress, label, length, dict(fields), picture(name))


def _keys(table: Mapping[str, Any], expected: set[str], where: str) -> None:
    missing, unknown = expected - set(table), set(table) - expected
    if missing:
        raise ManifestError(f"{where}: missing {', '.join(sorted(missing))}")
    if unknown:
        raise ManifestError(f"{where}: unknown {', '.join(sorted(unknown))}")


def _table(table: Mapping[str, Any], key: str, where: str) -> dict[str, Any]:
    value = table.get(key)
    if not isinstance(value, dict):
        raise ManifestError(f"{where}: [{key}] must be a table")
    return value


def _exact(table: Mapping[str, Any], key: str, kind: type[Any], where: str) -> Any:
    value = table[key]
    if type(value) is not kind:  # exact: a bool is not an int here
        raise ManifestError(f"{where}: {key} must be a {kind.__name__}, not {value!r}")
    return value


def _count(table: Mapping[str, Any], key: str, where: str) -> int:
    value: int = _exact(table, key, int, where)
    if not 1 <= value <= MAX_LENGTH:
        raise ManifestError(f"{where}: {key} must be 1..{MAX_LENGTH}, not {value}")
    return value


def _read_picture(folder: Any, name: str, where: str) -> str:
    path = folder / name
    if not path.is_file():
        raise ManifestError(f"{where}: [lobby] picture data/{name} is missing")
    return check_picture(path.read_bytes(), f"{where}: data/{name}")


def check_picture(raw: bytes, where: str) -> str:
    """``raw`` as the text of a plain SVG drawing: at most
    :data:`MAX_PICTURE` bytes of UTF-8, an ``<svg>`` root, no document type,
    no script, no event handler and no link outside the file. Why so strict:
    the export copies it to the browser, and a drawing must never run code
    or fetch anything."""
    if len(raw) > MAX_PICTURE:
        raise ManifestError(f"{where}: larger than {MAX_PICTURE} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ManifestError(f"{where}: not UTF-8") from None
    if "<!" in text:
        raise ManifestError(f"{where}: no DOCTYPE, entity or CDATA allowed")
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as exc:
        raise ManifestError(f"{where}: not well-formed XML ({exc})") from None
    if root.tag != "{http://www.w3.org/2000/svg}svg":
        raise ManifestError(f"{where}: the root must be an <svg> in the SVG namespace")
    for element in root.iter():
        tag = element.tag.rpartition("}")[2]
        if tag in {"script", "foreignObject", "image", "use", "a", "iframe"}:
            raise ManifestError(f"{where}: <{tag}> is not allowed in a picture")
        for attr, value in element.attrib.items():
            name = attr.rpartition("}")[2].lower()
            squeezed = value.replace(" ", "").lower()
            if name.startswith("on") or name == "href" or re.search(r"url\((?!#)", squeezed):
                raise ManifestError(f"{where}: {attr}= is not allowed in a picture")
    return text
