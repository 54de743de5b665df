"""Limits on what a client may send: body size, JSON nesting depth, and
numbers JSON cannot carry (``NaN``, ``Infinity``, or a literal such as
``1e999`` that overflows to infinity: Python's parser accepts all three, but
no answer that echoes one can be written back as JSON).

Why in an ASGI middleware rather than in the routes: the body must be
refused before anything parses it (a 100 MB body or a JSON document nested a
million deep costs memory and time in the parser itself), and one place
guards every route, the ones added later included.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gameshelf.server.errors import message as error_message

_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(rb"[\[\]{}]")
_CONSTANT = re.compile(rb"NaN|Infinity")
#: a number with a fraction or an exponent: the ones the parser makes floats
_FLOAT = re.compile(rb"-?\d+(?:\.\d+)?[eE][+-]?\d+|-?\d+\.\d+")


def json_depth(raw: bytes) -> int:
    """The deepest nesting of brackets in ``raw``, ignoring those in strings
    (linear time; it never recurses)."""
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub(b'""', raw)):
        if match.group() in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def non_finite(raw: bytes | str) -> bool:
    """Whether ``raw`` (JSON) holds a number that is not finite: ``NaN``,
    ``Infinity`` or a float literal too large for a double. Strings are
    skipped; linear time."""
    bare = _STRING.sub(b'""', raw.encode("utf-8", "replace") if isinstance(raw, str) else raw)
    if _CONSTANT.search(bare):
        return True
    return any(not math.isfinite(float(m.group())) for m in _FLOAT.finditer(bare))


class BodyLimits:
    """Refuse bodies over ``max_body`` bytes (413), nested deeper than
    ``max_depth`` (422 ``too-deep``) or holding a non-finite number (422
    ``not-finite``) before the app sees them."""

    def __init__(self, app: ASGIApp, max_body: int, max_depth: int) -> None:
        self.app = app
        self.max_body = max_body
        self.max_depth = max_depth

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.max_body):
                await _refuse(send, 413, "too-large", n=self.max_body)
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay([message], receive), send)
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                await _refuse(send, 413, "too-large", n=self.max_body)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body and json_depth(body) > self.max_depth:
            await _refuse(send, 422, "too-deep", n=self.max_depth)
            return
        if body and non_finite(body):
            await _refuse(send, 422, "not-finite", _lang(scope))
            return
        first: Message = {"type": "http.request", "body": body, "more_body": False}
        await self.app(scope, _replay([first], receive), send)


def _lang(scope: Scope) -> str:
    """The language a request asked for (``?lang=ja``), for a refusal made
    before the app reads the query."""
    query = scope.get("query_string", b"").decode("latin-1")
    return "ja" if "lang=ja" in query.split("&") else "en"


def _replay(messages: list[Message], then: Receive) -> Receive:
    """The messages already read, then the real channel (which reports the
    client's disconnect when it comes)."""
    pending = list(messages)

    async def receive() -> Message:
        if pending:
            return pending.pop(0)
        return await then()

    return receive


async def _refuse(send: Send, status: int, code: str, lang: str = "en", **params: Any) -> None:
    body = json.dumps({"detail": {"code": code, "message": error_message(code, lang, params),
                                  "params": params}}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
