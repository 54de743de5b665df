"""Which methods a path allows, said the same way everywhere: ``OPTIONS``
answers 204 with the full ``Allow`` list, and a 405 carries that same list.

Why: when two routes share a path (``GET`` and ``POST /api/tables``), the
router answers an unknown method from the first route it tried alone, so its
``Allow`` header left the other's methods out, and ``OPTIONS`` was refused.
The methods are read from the OpenAPI schema's paths, so ``Allow`` says
exactly what the schema documents, for every route, those of included
routers too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

_PARAM = re.compile(r"\{[^/{}]+\}")


class AllowedMethods:
    """ASGI middleware over the API's routes (static files keep their own)."""

    def __init__(self, app: ASGIApp, schema: Callable[[], dict[str, Any]],
                 prefix: str = "/api/") -> None:
        self.app = app
        self.schema = schema
        self.prefix = prefix
        self._paths: list[tuple[re.Pattern[str], set[str]]] | None = None

    def allowed(self, scope: Scope) -> list[str]:
        """Every method the schema documents for this path (``OPTIONS`` too)."""
        if self._paths is None:
            self._paths = [
                (re.compile("^" + _PARAM.sub("[^/]+", re.escape(path).replace(r"\{", "{")
                                             .replace(r"\}", "}")) + "$"),
                 {m.upper() for m in operations})
                for path, operations in self.schema().get("paths", {}).items()]
        methods: set[str] = set()
        for pattern, verbs in self._paths:
            if pattern.match(scope["path"]):
                methods |= verbs
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
        allowed = self.allowed(scope)
        method = "GET" if scope["method"] == "HEAD" else scope["method"]
        if allowed and method not in allowed:
            # Why here and not in the router: a GET to a POST-only API path
            # fell through to the static client mounted at "/" and came back
            # 404, as if the path did not exist.
            await send({"type": "http.response.start", "status": 405,
                        "headers": [(b"allow", ", ".join(allowed).encode()),
                                    (b"content-type", b"application/json")]})
            await send({"type": "http.response.body", "body": b'{"detail":"Method Not Allowed"}'})
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
