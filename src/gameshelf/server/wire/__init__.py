"""Every shape that crosses the wire, as pydantic models: the requests,
the view and the websocket's messages (here), the accounts' and the
analysis's shapes (:mod:`.accounts`, :mod:`.analysis`).

A new request body, reply or message is declared here; the routes
(:mod:`..http`) and the OpenAPI document take their shapes from this
package.
"""

from __future__ import annotations

from gameshelf.server.wire.messages import (
    CLIENT_MESSAGES,
    SERVER_MESSAGES,
    Ack,
    ErrorMessage,
    Hello,
    MoveMessage,
    Ping,
    Pong,
    Resume,
    ServerMessage,
    UndoMessage,
    ViewMessage,
)
from gameshelf.server.wire.tables import (
    BotSeat,
    Clock,
    CreateTable,
    HumanSeat,
    Join,
    Leave,
    Move,
    OpenSeat,
    Seat,
    Strict,
    Undo,
)
from gameshelf.server.wire.view import (
    LegalMove,
    LogLine,
    TableInfo,
    View,
)

__all__ = [
    "CLIENT_MESSAGES",
    "SERVER_MESSAGES",
    "Ack",
    "BotSeat",
    "Clock",
    "CreateTable",
    "ErrorMessage",
    "Hello",
    "HumanSeat",
    "Join",
    "Leave",
    "LegalMove",
    "LogLine",
    "Move",
    "MoveMessage",
    "OpenSeat",
    "Ping",
    "Pong",
    "Resume",
    "Seat",
    "ServerMessage",
    "Strict",
    "TableInfo",
    "Undo",
    "UndoMessage",
    "View",
    "ViewMessage",
]
