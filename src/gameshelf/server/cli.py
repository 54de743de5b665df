"""``gameshelf serve``: the game server on uvicorn."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from gameshelf.server.config import (
    BOT_WORKERS_ENV,
    DATABASE_ENV,
    DEFAULT_READ_TIMEOUT,
    MAX_WS_MESSAGE,
    READ_TIMEOUT_ENV,
    REDIS_ENV,
    TRUSTED_PROXIES_ENV,
    default_database_url,
)


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(
        "--db", help="Database URL: sqlite:///FILE or postgresql+psycopg://… "
        f"(default: ${DATABASE_ENV}, else a SQLite file in your data folder).")] = None,
    redis: Annotated[str | None, typer.Option(
        "--redis", help="Redis URL that carries updates between workers "
        f"(default: ${REDIS_ENV}).")] = None,
    workers: Annotated[int, typer.Option(min=1, max=64, help="Server worker processes.")] = 1,
    bot_workers: Annotated[int, typer.Option(
        min=1, max=64, help="Bot processes per server worker.")] = 1,
    read_timeout: Annotated[float, typer.Option(
        min=0.1, max=600, help="Seconds a client has to send a request's headers, and again "
        "its body, before the connection is closed.")] = DEFAULT_READ_TIMEOUT,
    trusted_proxy: Annotated[list[str] | None, typer.Option(
        "--trusted-proxy", metavar="ADDR",
        help="A proxy (address or network, e.g. 10.0.0.5 or 10.0.0.0/24) whose X-Forwarded-For "
        "and X-Forwarded-Proto are believed; repeat for more "
        f"(default: ${TRUSTED_PROXIES_ENV}).")] = None,
) -> None:
    """Serve every game online: the browser client at /, the API at /api
    (documented at /docs)."""
    import uvicorn

    from gameshelf.server.config import parse_proxies

    try:  # checked before anything else is done
        trusted = parse_proxies(trusted_proxy or [])
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--trusted-proxy") from None
    # Workers import the app afresh, so the settings travel in the environment.
    os.environ[DATABASE_ENV] = db or os.environ.get(DATABASE_ENV) or default_database_url()
    if redis:
        os.environ[REDIS_ENV] = redis
    os.environ[BOT_WORKERS_ENV] = str(bot_workers)
    os.environ[READ_TIMEOUT_ENV] = str(read_timeout)
    if trusted:
        os.environ[TRUSTED_PROXIES_ENV] = " ".join(trusted)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    typer.echo(f"gameshelf is being served at http://{shown}:{port}/  (API docs: /docs)")
    uvicorn.run(
        "gameshelf.server.app:create_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        ws_max_size=MAX_WS_MESSAGE,
        ws_per_message_deflate=False,  # compressing every view cost more CPU than anything else
        log_level="warning",
        http="gameshelf.server.http.deadlines:GuardedHttp",  # read deadlines for slow clients
        timeout_keep_alive=5,
        # forwarded headers are read by server/http/proxies.py, from --trusted-proxy only
        # (uvicorn's own trusted 127.0.0.1 by default: a local client chose its address)
        proxy_headers=False,
    )

