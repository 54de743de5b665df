"""The OpenAPI schema, made to say what the server really answers.

FastAPI documents each route's success and its own validation 422; the
server also refuses with 401, 403, 404, 409 and 413 (and its own 422s, such
as ``too-deep``, ``not-finite`` or ``bad-date``), all in the shape
``{"detail": {"code", "message", "params"}}``. Why here, after the routes
are built, rather than on every decorator: one rule per status covers every
route, the ones added later included, and the routes stay short.

- every operation: 422 is either FastAPI's list or a refusal;
- a path parameter (a table, a seat, a move, a date): 404;
- a body: 413;
- an ``Authorization`` header: 401 and 403;
- every POST but the one that opens a table, and a finished game's record,
  replay and analysis: 409;
- the account routes, and opening a table (a rated one needs a session):
  401 and 403 (CSRF); logging in and signing up, and a hint: 429;
- opening a table, while the server is overloaded: 503 with Retry-After;
- a body that is not UTF-8 JSON: 400 (FastAPI's own ``{"detail": str}``).

The schema is published as OpenAPI 3.0, whose types are those of JSON
Schema draft 4–5: there ``integer`` is "a JSON number without a fraction or
exponent part", so ``13.0`` is not one, exactly as the server decides (in
OpenAPI 3.1, ``13.0`` would count as an integer).
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

REFUSAL = "Refusal"
REFUSAL_SCHEMA: dict[str, Any] = {
    "title": REFUSAL,
    "type": "object",
    "required": ["detail"],
    "additionalProperties": False,
    "properties": {"detail": {
        "type": "object",
        "required": ["code", "message", "params"],
        "additionalProperties": False,
        "properties": {
            "code": {"type": "string", "description": "A stable code (docs/host/server-model.md)."},
            "message": {"type": "string", "description": "A sentence in the request's language."},
            "params": {"type": "object", "description": "The sentence's plain parameters."},
        },
    }},
}
OPENAPI_VERSION = "3.0.3"
PARSE_ERROR: dict[str, Any] = {"title": "ParseError", "type": "object", "required": ["detail"],
                               "properties": {"detail": {"type": "string"}}}
REASONS = {400: "The body is not UTF-8 JSON",
           401: "No token or session, or one this table does not know",
           403: "Not this token's seat, or not its turn",
           404: "No such table, seat, game or move",
           409: "The table is not in a state that allows this (stale, taken, over, …)",
           413: "The body is over 64 KiB",
           429: "Too many failed logins or sign-ups (try again after Retry-After seconds), or a hint still in the works",
           503: "The server is overloaded: no new table now (try again after Retry-After seconds)"}


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def statuses(method: str, path: str, operation: dict[str, Any]) -> list[int]:
    """The refusals (besides 422) that ``operation`` may answer."""
    params = operation.get("parameters", [])
    out = set()
    if any(p.get("in") == "path" for p in params) or "requestBody" in operation:
        out.add(404)  # (a body names a game, a table, …)
    if "requestBody" in operation:
        out |= {400, 413}
    if any(p.get("in") == "header" and p.get("name", "").lower() == "authorization"
           for p in params):
        out |= {401, 403}
    if (method == "post" and path != "/api/tables") or path.endswith(("/record", "/analysis")) \
            or "/replay/" in path:
        out.add(409)
    if path.startswith(("/api/auth/", "/api/me")) or (method == "post" and path == "/api/tables"):
        out |= {401, 403}  # accounts: a session is needed (a rated table), and CSRF is checked
    if path in ("/api/auth/login", "/api/auth/register") or path.endswith("/hint"):
        out.add(429)  # too many failed logins (name, address) or sign-ups (address); a hint in the works
    if method == "post" and path == "/api/tables":
        out.add(503)  # overloaded: no new table now (server/http/overload.py)
    return sorted(out)


def document(app: FastAPI) -> None:
    """Make ``app.openapi()`` return the schema with every refusal documented."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        schema = get_openapi(title=app.title, version=app.version, description=app.description,
                             routes=app.routes, openapi_version=OPENAPI_VERSION)
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        components[REFUSAL] = REFUSAL_SCHEMA
        components[PARSE_ERROR["title"]] = PARSE_ERROR
        for path, operations in schema.get("paths", {}).items():
            for method, operation in operations.items():
                responses = operation.setdefault("responses", {})
                for status in statuses(method, path, operation):
                    body = PARSE_ERROR["title"] if status == 400 else REFUSAL
                    responses[str(status)] = _json(_ref(body), REASONS[status])
                validation = ([_ref("HTTPValidationError")]
                              if "HTTPValidationError" in components else [])
                responses["422"] = _json({"anyOf": [*validation, _ref(REFUSAL)]},
                                         "A malformed or illegal request")
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
