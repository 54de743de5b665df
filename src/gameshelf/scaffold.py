"""``gameshelf new-game ID``: a new game's folder, copied from the template.

Why a command: a game is its folder plus one registry line
(docs/develop/new-game.md), and the template game (``tests/template_game``)
holds every file a game needs, already passing the conformance kit and the
manifest check. Copying it by hand means renaming the package, the id, the
key prefix and the classes in a dozen files; a missed one fails late. The
command does it in one step and refuses, changing nothing, an id that is
malformed or taken.

It writes into a source checkout (the template is a test package, not
shipped): ``src/gameshelf/games/<package>/``, the browser's drawing
``src/gameshelf/web/js/games/<id>.js`` and the registry line.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

#: a game id: lower-case words joined by "-" ("sky-trade")
GAME_ID = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
#: the template's own names, replaced in every copied text file
TEMPLATE_ID = "hidden-high"
TEMPLATE_PACKAGE = "tests.template_game"
#: the files of the template that are not the game's (the browser's drawing goes to web/)
CLIENT = "client.js"
TEXT_SUFFIXES = {".py", ".toml", ".md", ".js", ".svg"}
_BUILTIN = re.compile(r"^BUILTIN: dict\[str, str\] = \{\n(?P<body>(?:    .*\n)*)\}\n", re.M)


class ScaffoldError(ValueError):
    """The game cannot be made: the id is malformed or taken, or the paths are missing."""


@dataclass(frozen=True)
class Names:
    """The spellings of one game's name in code and text."""

    id: str  # "sky-trade": the registry id, file names in web/
    package: str  # "sky_trade": the folder and the catalogue's key prefix
    cls: str  # "SkyTrade": the class prefix
    title: str  # "Sky Trade": the name players read until it is translated

    @staticmethod
    def of(game_id: str) -> Names:
        if not isinstance(game_id, str) or len(game_id) > 40 or not GAME_ID.fullmatch(game_id):
            raise ScaffoldError(f"a game id is lower-case words joined by '-' (e.g. sky-trade), not {game_id!r}")
        words = game_id.split("-")
        return Names(game_id, "_".join(words), "".join(w.capitalize() for w in words),
                     " ".join(w.capitalize() for w in words))


def _rename(text: str, names: Names) -> str:
    template = Names.of(TEMPLATE_ID)
    for old, new in ((TEMPLATE_PACKAGE, f"gameshelf.games.{names.package}"),
                     ("tests/template_game", f"src/gameshelf/games/{names.package}"),
                     (template.cls, names.cls), (template.title, names.title), ("ハイドゥン・ハイ", names.title),
                     (template.id, names.id), (template.package, names.package)):
        text = text.replace(old, new)
    return text


def registry_with(registry_text: str, names: Names) -> str:
    """``registry.py``'s text with the game's line added at the end of ``BUILTIN``."""
    found = _BUILTIN.search(registry_text)
    if found is None:
        raise ScaffoldError("registry.py: no BUILTIN table found")
    if f'"{names.id}"' in found.group("body"):
        raise ScaffoldError(f"{names.id} is already registered")
    line = f'    "{names.id}": "gameshelf.games.{names.package}.game:{names.cls}",\n'
    end = found.end("body")
    return registry_text[:end] + line + registry_text[end:]


def scaffold(game_id: str, template: Path, src: Path) -> Path:
    """Copy ``template`` into ``src/gameshelf/games/<package>`` as the game
    ``game_id``, write its browser drawing and its registry line; returns
    the new folder. Raises :class:`ScaffoldError` and writes nothing when
    the id is malformed or taken or a path is missing."""
    names = Names.of(game_id)
    root = src / "gameshelf"
    folder, client = root / "games" / names.package, root / "web" / "js" / "games" / f"{names.id}.js"
    registry = root / "core" / "registry.py"
    if not (template / "game.py").is_file() or not (template / CLIENT).is_file():
        raise ScaffoldError(f"no template game at {template} (run this from a source checkout)")
    if not registry.is_file():
        raise ScaffoldError(f"no registry at {registry}")
    if folder.exists() or client.exists():
        raise ScaffoldError(f"{folder} or {client} already exists")
    new_registry = registry_with(registry.read_text(encoding="utf-8"), names)
    shutil.copytree(template, folder, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", CLIENT))
    for path in sorted(folder.rglob("*")):
        if path.is_file() and path.suffix in TEXT_SUFFIXES:
            path.write_text(_rename(path.read_text(encoding="utf-8"), names), encoding="utf-8")
    (folder / "__init__.py").write_text(
        f'"""{names.title}: a game of the shelf, started from the template game\n'
        f'(docs/develop/new-game.md). Each job sits in the file of the same name in\nevery game."""\n',
        encoding="utf-8")
    client.write_text(_rename((template / CLIENT).read_text(encoding="utf-8"), names), encoding="utf-8")
    registry.write_text(new_registry, encoding="utf-8")
    return folder


def _checkout() -> tuple[Path, Path]:
    """The template and the ``src`` folder of the checkout this gameshelf runs from."""
    src = Path(__file__).resolve().parents[1]
    return src.parent / "tests" / "template_game", src


def new_game(game_id: Annotated[str, typer.Argument(help="The new game's id, e.g. sky-trade.")]) -> None:
    """Start a new game: copy the template game into src/gameshelf/games/ and register it."""
    template, src = _checkout()
    try:
        folder = scaffold(game_id, template, src)
    except ScaffoldError as exc:
        raise typer.BadParameter(str(exc), param_hint="ID") from None
    typer.echo(f"made {folder}, registered {game_id}; next: python -m gameshelf.web.export, "
               "then edit the rules (docs/develop/new-game.md)")
