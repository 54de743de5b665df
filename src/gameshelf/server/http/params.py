"""What the routes share: the language, a table's id, a seat, the seat
token of an ``Authorization`` header (one declaration each, so every route
checks them alike), and the process that serves them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, Protocol, cast

from fastapi import Header, Path, Query, Request
from starlette.requests import HTTPConnection

from gameshelf.core.i18n import LANGUAGES
from gameshelf.server.errors import ApiError

if TYPE_CHECKING:  # (the socket's module reads these parameters too)
    from gameshelf.server.http.fanout import Delivery
    from gameshelf.server.http.socket import Hub
    from gameshelf.server.play.service import Service

Lang = Annotated[Literal["en", "ja"], Query(description="Language of all text: en or ja.")]
TableId = Annotated[str, Path(pattern=r"^[A-Za-z0-9_-]{1,24}$", description="A table id.")]
SeatNo = Annotated[int, Path(ge=0, le=15, description="A seat, counted from 0.")]
Authorization = Annotated[str | None, Header(description="Bearer <seat token>")]


def bearer(header: str | None) -> str | None:
    """The seat token of an ``Authorization: Bearer`` header (``None``: a
    spectator); anything else in the header is refused."""
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > 64 or not token.isascii():
        raise ApiError(401, "bad-token")
    return token


def lang_of(request: Request) -> str:
    """The request's language (``?lang=``), English when it names none we have."""
    lang = request.query_params.get("lang", "en")
    return lang if lang in LANGUAGES else "en"


class Process(Protocol):
    """What the table routes need of the process that serves them
    (:class:`gameshelf.server.app.Server`, held by the app): declared
    here so that http imports nothing above it."""

    service: Service
    hub: Hub

    async def changed(self, table_id: str, *, local_only: bool = False, bots: bool = True,
                      written: bool = False, delivery: Delivery | None = None) -> None: ...


def process_of(request: HTTPConnection) -> Process:
    """The process serving ``request`` (a request or a websocket)."""
    return cast(Process, request.app.state.server)
