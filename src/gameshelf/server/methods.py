"""Which methods a path allows, said the same way everywhere: ``OPTIONS``
answers 204 with the full ``Allow`` list, and a 405 carries that same list.

Why: when two routes share a path (``GET`` and ``POST /api/tables``), the
router answers an unknown method from the first route it tried alone, so its
``Allow`` header left the other's methods out, and ``OPTIONS`` was refused.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class AllowedMethods:
    """ASGI middleware over the API's routes (static files keep their own)."""

    def __init__(self, app: ASGIApp, routes: Callable[[], Sequence[Any]],
                 prefix: str = "/api/") -> None:
        self.app = app
        self.routes = routes
        self.prefix = prefix

    def allowed(self, scope: Scope) -> list[str]:
        """Every method some route of this path answers (``OPTIONS`` too)."""
        methods: set[str] = set()
        probe = dict(scope, method="GET")
        for route in self.routes():
            if not getattr(route, "methods", None):
                continue  # a websocket or a mount
            match, _ = route.matches(probe)
            if match in (Match.FULL, Match.PARTIAL):
                methods |= set(route.methods)
        return sorted(methods | {"OPTIONS"}) if methods else []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(self.prefix):
            await self.app(scope, receive, send)
            return
        if scope["method"] == "OPTIONS":
            allowed = self.allowed(scope)
            if allowed:
                await send({"type": "http.response.start", "status": 204,
                            "headers": [(b"allow", ", ".join(allowed).encode())]})
                await send({"type": "http.response.body", "body": b""})
                return

        async def send_allow(message: Message) -> None:
            allowed = (self.allowed(scope) if message["type"] == "http.response.start"
                       and message["status"] == 405 else None)
            if allowed:
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"allow"]
                headers.append((b"allow", ", ".join(allowed).encode()))
                message = dict(message, headers=headers)
            await send(message)

        await self.app(scope, receive, send_allow)
