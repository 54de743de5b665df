"""Numbers JSON cannot carry (``NaN``, ``Infinity``, ``1e999``) get the
documented 422 ``not-finite`` on every route that takes a body and on the
websocket, never a 500, and change nothing."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from gameshelf.server.errors import json_safe
from gameshelf.server.http.limits import non_finite
from tests.server.helpers import auth, new_table, view

BAD = [b"NaN", b"Infinity", b"-Infinity", b"1e999", b"-1.5e400", b"1" * 400 + b".0"]


def test_what_counts_as_not_finite() -> None:
    for literal in BAD:
        assert non_finite(b'{"a": [1, ' + literal + b"]}"), literal
    for fine in [b'{"a": 1e308, "b": -0.5, "c": 10000000000000000000000000, "d": 0e999}',
                 b'{"t": "NaN Infinity 1e999"}', b'{"t": "\\"NaN"}', b"[]"]:
        assert not non_finite(fine), fine
    assert json_safe({"a": [float("nan"), 1.5, float("-inf")]}) == {"a": ["nan", 1.5, "-inf"]}


def body_routes(client: TestClient) -> list[tuple[str, str]]:
    """Every route of the schema that takes a JSON body."""
    paths = client.get("/openapi.json").json()["paths"]
    return [(method, path) for path, ops in paths.items() for method, op in ops.items()
            if "requestBody" in op]


def test_every_route_with_a_body(client: TestClient) -> None:
    table, tokens = new_table(client)
    mover = view(client, table)["to_move"]
    fill = {"table_id": table, "seat": str(mover), "date": "2024-05-01"}
    routes = body_routes(client)
    assert ("post", "/api/tables/{table_id}/moves") in routes and len(routes) >= 6
    for method, path in routes:
        url = path.format(**fill)
        for literal in BAD:
            body = b'{"after": 0, "action": {"type": "x", "n": ' + literal + b'}, "x": ' + literal + b"}"
            for lang in ("en", "ja"):
                r = client.request(method.upper(), f"{url}?lang={lang}", content=body,
                                   headers={**auth(tokens[mover]), "Content-Type": "application/json"})
                assert r.status_code == 422, (path, literal, r.text)
                assert r.json()["detail"]["code"] == "not-finite"
                assert r.json()["detail"]["message"] != "not-finite"
    assert view(client, table)["state"] == 0


@pytest.mark.parametrize("literal", [b.decode() for b in BAD])
def test_the_websocket(client: TestClient, literal: str) -> None:
    table, tokens = new_table(client)
    mover = view(client, table)["to_move"]
    with client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[mover]}") as ws:
        assert ws.receive_json()["type"] == "sync"
        ws.send_text('{"type": "move", "after": ' + literal + ', "action": {}}')
        error: dict[str, Any] = ws.receive_json()
        assert error["type"] == "error" and error["status"] == 422
        assert error["code"] == "not-finite"
        ws.send_text('{"type": "ping"}')  # the socket stays open
        assert ws.receive_json()["type"] == "pong"
    assert view(client, table)["state"] == 0
