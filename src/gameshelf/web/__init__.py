"""The browser client: static files (``index.html``, ``js/``, ``css/``) and
the data files it reads besides the API (``data/``, see :mod:`.export`).

``data_app()`` serves those data files computed from the live catalogues and
component data, so they can never be stale; a server mounts it at ``/data``
before the static files at ``/``. The committed ``data/*.json`` are the same
files written by ``python -m gameshelf.web.export``, for a server that does
not mount it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

WEB_DIR = Path(__file__).resolve().parent


@cache
def _data_files() -> dict[str, bytes]:
    from gameshelf.web.export import files

    return {name: text.encode("utf-8") for name, text in files().items()}


#: the media type of a data file, by its name's ending (a game's picture is SVG)
MEDIA_TYPES = {".json": "application/json", ".svg": "image/svg+xml"}


def data_file(name: str) -> bytes | None:
    """One data file by name (``i18n.en.json``, ``games.json``, a game's
    ``<id>.json`` and ``<id>.svg``), or None."""
    if not isinstance(name, str):
        return None
    return _data_files().get(name)


def data_app() -> Any:
    """A tiny ASGI app that serves :func:`data_file` by path (mount at ``/data``)."""
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route

    async def serve(request: Request) -> Response:
        body = data_file(request.path_params["name"])
        if body is None:
            return Response(b'{"detail":"not found"}', status_code=404, media_type="application/json")
        media = MEDIA_TYPES[Path(request.path_params["name"]).suffix]
        return Response(body, media_type=media, headers={"Cache-Control": "no-cache"})

    return Starlette(routes=[Route("/{name}", serve)])
