"""The websocket's messages, both ways, as pydantic models.

Client -> server (:data:`CLIENT_MESSAGES`): each message the socket reads
is checked against these (exact types, no unknown fields). Server ->
client (:data:`SERVER_MESSAGES`, :data:`ServerMessage`): declared as the
view is (:mod:`.view`), so a client can rely on their fields; OpenAPI has
no route for a socket, so :func:`publish` adds them to the document.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import FastAPI
from pydantic import BaseModel, Field, StrictInt, StrictStr

from gameshelf.server.wire.tables import Move, Strict, Undo
from gameshelf.server.wire.view import Declared, StateNumber, View

# -- the websocket: client -> server (the socket checks each message against these) --

class Hello(Strict):
    """The first message (unless the token is in the query)."""

    type: Literal["hello"]
    token: Annotated[StrictStr, Field(max_length=64)] | None = None
    last: Annotated[StrictInt, Field(ge=0)] | None = None


class Ping(Strict):
    """Answered ``pong`` with the last state this socket was sent."""

    type: Literal["ping"]


class Resume(Strict):
    """Send what was missed since state ``last`` (``update``), or a ``sync``."""

    type: Literal["resume"]
    last: Annotated[StrictInt, Field(ge=0)] | None = None


class MoveMessage(Move):
    """A move over the socket: answered ``ack`` (its view follows) or ``error``."""

    type: Literal["move"]


class UndoMessage(Undo):
    """A take-back over the socket: answered ``ack`` (its view follows) or ``error``."""

    type: Literal["undo"]


CLIENT_MESSAGES: tuple[type[BaseModel], ...] = (Hello, Ping, Resume, MoveMessage, UndoMessage)


# -- the websocket: server -> client -------------------------------------------------

class ViewMessage(Declared):
    """A view: ``sync`` carries the recent log, ``update`` only the lines
    after the state this socket was last sent."""

    type: Literal["sync", "update"]
    n: StateNumber
    view: View


class Ack(Declared):
    """A move or take-back was stored as state ``n``; its view follows."""

    type: Literal["ack"]
    n: StateNumber


class Pong(Declared):
    type: Literal["pong"]
    n: StateNumber | None = Field(description="The last state this socket was sent.")


class ErrorMessage(Declared):
    """A refusal (nothing changed); a refused hello closes the socket."""

    type: Literal["error"]
    status: int
    code: str
    message: str


SERVER_MESSAGES: tuple[type[BaseModel], ...] = (ViewMessage, Ack, Pong, ErrorMessage)
ServerMessage = Annotated[ViewMessage | Ack | Pong | ErrorMessage, Field(discriminator="type")]


def publish(app: FastAPI) -> None:
    """Add the websocket's messages to ``app``'s OpenAPI components (they
    have no route for FastAPI to find them by), on top of whatever builds
    the schema now."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        schema = build()
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        if "ViewMessage" not in components:
            for model in (*CLIENT_MESSAGES, *SERVER_MESSAGES):
                found = model.model_json_schema(ref_template="#/components/schemas/{model}")
                components.update(found.pop("$defs", {}))
                components[model.__name__] = found
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
