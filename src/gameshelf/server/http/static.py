"""The browser client at ``/`` (src/gameshelf/web) and its data at
``/data``, or a page that says the client is missing."""

from __future__ import annotations

from importlib import resources

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

FALLBACK_PAGE = """<!doctype html><html lang="en"><meta charset="utf-8">
<title>gameshelf</title><h1>gameshelf server</h1>
<p>The browser client is not installed here. The API is at <a href="/docs">/docs</a>.</p></html>"""


def mount(app: FastAPI) -> None:
    """The browser client at ``/`` (src/gameshelf/web), or a page that says
    it is missing."""
    from fastapi.staticfiles import StaticFiles

    from gameshelf.web import data_app

    # the client's catalogues and component facts, computed from the live
    # locale and data files, so an edited locale is never served stale
    app.mount("/data", data_app(), name="web-data")
    web = resources.files("gameshelf") / "web"
    if (web / "index.html").is_file():
        app.mount("/", StaticFiles(directory=str(web), html=True), name="web")
    else:
        @app.get("/", include_in_schema=False)
        async def fallback() -> HTMLResponse:
            return HTMLResponse(FALLBACK_PAGE)
