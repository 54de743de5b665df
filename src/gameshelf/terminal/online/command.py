"""``gameshelf connect``: play (or watch) a table of a gameshelf server in
the terminal. The client speaks the server's JSON over HTTP (joining a
seat) and the table's websocket (moves and views), and imports nothing of
the server: it reads the messages as plain JSON (:mod:`.remote`)."""

from __future__ import annotations

from typing import Annotated

import typer


def connect(
    url: Annotated[str, typer.Argument(help="The server, e.g. http://localhost:8000")],
    table: Annotated[str, typer.Argument(help="The table id.")],
    token: Annotated[str | None, typer.Option(help="Your seat token (none: watch).")] = None,
    join: Annotated[int | None, typer.Option(help="Take this open seat (from 1).")] = None,
    name: Annotated[str | None, typer.Option(help="Your name when joining.")] = None,
    lang: Annotated[str, typer.Option(help="en or ja.")] = "en",
) -> None:
    """Play (or watch) a table of a gameshelf server in the terminal."""
    import httpx

    from gameshelf.terminal.online.connect import play_remote
    from gameshelf.terminal.online.remote import ConnectionLost, open_remote

    if lang not in ("en", "ja"):
        raise typer.BadParameter("en or ja", param_hint="--lang")
    with httpx.Client(base_url=url.rstrip("/"), timeout=30) as http:
        if join is not None:
            r = http.post(f"/api/tables/{table}/seats/{join - 1}/join",
                          json={"name": name} if name else {}, params={"lang": lang})
            if r.status_code != 200:
                raise typer.BadParameter(str(r.json().get("detail")), param_hint="--join")
            token = r.json()["token"]
            typer.echo(f"Your seat token (keep it to come back): {token}")
    try:  # moves and views go over the table's websocket (issue 24)
        with open_remote(url, table, token, lang) as remote:
            play_remote(remote)
    except ConnectionLost as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(1) from None
