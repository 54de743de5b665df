"""Read deadlines: a client has a few seconds to send a request's headers,
and a few more for its body, or the connection is closed.

Why: uvicorn arms no timer until a first response has been sent, so a
client that opens a socket and sends half a request line (or headers with a
``Content-Length`` and then nothing) held that socket, and its buffers, for
as long as it liked; a few thousand of them exhaust a server. The deadlines
live in the HTTP protocol (httptools, uvicorn's fast parser) because the
ASGI app is not called before the headers are complete. A load balancer in
front does the same (``client_header_timeout``, ``timeout http-request``;
see docs/deploy.md); this guard holds without one.

The limits come from the environment (``GAMESHELF_READ_TIMEOUT``, seconds)
because ``uvicorn --workers`` builds each worker's protocol afresh.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from gameshelf.server.config import DEFAULT_READ_TIMEOUT, READ_TIMEOUT_ENV

TIMEOUT_RESPONSE = (b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\n"
                    b"connection: close\r\n\r\n")


def read_timeout() -> float:
    raw = os.environ.get(READ_TIMEOUT_ENV, "")
    try:
        value = float(raw)
    except ValueError:
        return DEFAULT_READ_TIMEOUT
    return value if 0 < value < 3600 else DEFAULT_READ_TIMEOUT


class GuardedHttp(HttpToolsProtocol):
    """uvicorn's httptools protocol with a header deadline and a body deadline."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.read_timeout = read_timeout()
        self._deadline: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.read_timeout, self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expired(self) -> None:
        """Too slow: a 408 when nothing was answered yet, then close."""
        self._deadline = None
        if self.transport.is_closing():
            return
        if self.cycle is None or self.cycle.response_complete or not self.cycle.response_started:
            self.transport.write(TIMEOUT_RESPONSE)
        self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()  # the first request's headers

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_headers_complete(self) -> None:
        upgrading = self.parser.should_upgrade() and self._should_upgrade()
        super().on_headers_complete()
        if upgrading:
            self._disarm()  # a websocket: its own protocol takes over
        else:
            self._arm()  # the body (cleared when the whole message is in)

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # the next request's headers (keep-alive may close it sooner)
