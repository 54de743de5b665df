"""Every shape that crosses the wire, as pydantic models: the requests,
the view and the websocket's messages (here), the accounts' and the
analysis's shapes (:mod:`.accounts`, :mod:`.analysis`).

A new request body, reply or message is declared here; the routes
(:mod:`..http`) and the OpenAPI document take their shapes from this
package.
"""

from __future__ import annotations

from gameshelf.server.wire.tables import (
    CLIENT_MESSAGES,
    Ack,
    BotSeat,
    Clock,
    CreateTable,
    ErrorMessage,
    Hello,
    HumanSeat,
    Join,
    Leave,
    LegalMove,
    LogLine,
    Move,
    MoveMessage,
    OpenSeat,
    Ping,
    Pong,
    Resume,
    Seat,
    ServerMessage,
    TableInfo,
    Undo,
    UndoMessage,
    View,
    ViewMessage,
)

__all__ = ["CLIENT_MESSAGES", "Ack", "BotSeat", "Clock", "CreateTable", "ErrorMessage", "Hello", "HumanSeat", "Join", "Leave", "LegalMove", "LogLine", "Move", "MoveMessage", "OpenSeat", "Ping", "Pong", "Resume", "Seat", "ServerMessage", "TableInfo", "Undo", "UndoMessage", "View", "ViewMessage"]
