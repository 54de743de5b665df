"""Writes the static JSON files the browser client reads besides the API.

Why a committed export and not a route: the client is plain static files
with no build step, and the things it needs besides the live API never
change while a server runs — the text catalogues (core, games and the
client's own ``web/locales``) and, for each game, its metadata
(:meth:`Game.meta`: player counts and the engine facts a board is laid out
by) and the component facts an observation names only by id
(:meth:`Game.client_data`: a Filthy Rich card number, a Pay Dirt claim, an
Above and Below house key), and ``games.json``: the games' ids in the
registry's order with what the browser needs from each game's manifest
(:mod:`gameshelf.core.manifest`), plus each game's picture ``<id>.svg``.
The browser knows the games from ``games.json`` alone. One loop over the
registry, so this module
imports no game; writing them once keeps the server free of per-game code,
and ``tests/web/test_export.py`` fails when a file here is stale, so the
data can never drift from the engines.

Run ``python -m gameshelf.web.export`` after changing a catalogue or a
game's data files.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from gameshelf.core import i18n
from gameshelf.core.manifest import manifest
from gameshelf.core.registry import load_game, shipped_games

WEB = Path(__file__).resolve().parent
DATA = WEB / "data"
LANGS = i18n.LANGUAGES
#: the games whose files are exported: those the registry ships (a game a
#: test registers at run time has no committed file).
GAMES = tuple(shipped_games())


def _flatten(table: Mapping[str, Any], prefix: str) -> Iterator[tuple[str, str]]:
    for key, value in table.items():
        if isinstance(value, Mapping):
            yield from _flatten(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", str(value)


def web_catalog(lang: str) -> dict[str, str]:
    """The client's own strings (``web/locales/<lang>.toml`` and its part
    files ``<lang>.<part>.toml``, as the core catalogs have), keys under ``web.``."""
    merged: dict[str, str] = {}
    for path in i18n.catalog_files(WEB / "locales", lang):
        with path.open("rb") as fh:
            merged.update(_flatten(tomllib.load(fh), "web."))
    return merged


def catalog(lang: str) -> dict[str, str]:
    """Everything the client may show in ``lang``: the project's catalogue
    (core and every shipped game) plus the client's own strings."""
    merged = dict(i18n.shipped_catalog(lang))
    merged.update(web_catalog(lang))
    return dict(sorted(merged.items()))


def _rules(game_id: str) -> dict[str, str]:
    """The game's rule decisions per language: ``RULES.md`` in English and
    ``RULES.ja.md`` in Japanese; a game without a Japanese copy gets the
    English text under ``ja`` (the page then says it is in English)."""
    game = load_game(game_id)
    module = __import__(type(game).__module__, fromlist=["x"])
    folder = Path(module.__file__ or "").parent
    english = (folder / "RULES.md").read_text(encoding="utf-8")
    japanese = folder / "RULES.ja.md"
    return {"en": english, "ja": japanese.read_text(encoding="utf-8") if japanese.is_file() else english}


def files() -> dict[str, str]:
    """Every exported file's name and its exact text: the catalogues,
    ``games.json`` (``{"games": [{"id", "primary", "steppers", "scores"}]}``,
    :meth:`Manifest.client`), and for each game the registry ships one file
    of ``{"meta": game.meta(), ...game.client_data(), "rules_md": ...}`` and
    its picture."""
    out: dict[str, str] = {}
    for lang in LANGS:
        out[f"i18n.{lang}.json"] = _dump(catalog(lang))
    out["games.json"] = _dump({"games": [{"id": game_id, **manifest(game_id).client()} for game_id in GAMES]})
    for game_id in GAMES:
        game = load_game(game_id)
        data = dict(game.client_data())
        data["meta"] = game.meta()
        data["rules_md"] = _rules(game_id)
        out[f"{game_id}.json"] = _dump(data)
        out[f"{game_id}.svg"] = manifest(game_id).picture
    return out


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


def main() -> None:
    """Write every file into ``web/data`` (a shipped game's manifest must be
    complete: a missing or malformed one stops the export with its sentence)."""
    DATA.mkdir(exist_ok=True)
    for name, text in files().items():
        (DATA / name).write_text(text, encoding="utf-8")
        print(f"wrote {DATA / name} ({len(text)} bytes)")


if __name__ == "__main__":
    main()
