"""Hostile HTTP input: huge bodies, deep JSON, wrong types, unknown ids.
Each gets a 4xx, changes nothing, and other tables keep working; then
schemathesis fuzzes every route of /openapi.json (bounded) with its
response-conformance checks on: every status, header and body answered is
the one the schema documents."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from jsonschema import Draft4Validator
from schemathesis.specs.openapi.checks import positive_data_acceptance

from gameshelf.server.app import create_app
from gameshelf.server.config import Settings
from gameshelf.server.http.limits import json_depth
from tests.server.helpers import auth, new_table, view


def test_json_depth_ignores_brackets_in_strings() -> None:
    assert json_depth(b'{"a": [1, {"b": "[[[[{{{"}]}') == 3
    assert json_depth(b'"\\"[[["') == 0
    assert json_depth(b"[" * 100 + b"]" * 100) == 100


def test_huge_and_deep_bodies_are_refused(client: TestClient) -> None:
    table, tokens = new_table(client)
    mover = view(client, table)["to_move"]
    url = f"/api/tables/{table}/moves"
    huge = b'{"after": 0, "action": {"type": "buy", "pad": "' + b"x" * 200_000 + b'"}}'
    r = client.post(url, content=huge, headers={**auth(tokens[mover]), "Content-Type": "application/json"})
    assert r.status_code == 413 and r.json()["detail"]["code"] == "too-large"

    def chunks() -> Iterator[bytes]:  # no content-length: the limit counts what arrives
        for _ in range(100):
            yield b" " * 10_000

    r = client.post(url, content=chunks(), headers={**auth(tokens[mover]), "Content-Type": "application/json"})
    assert r.status_code == 413
    deep = b'{"after": 0, "action": ' + b"[" * 10_000 + b"]" * 10_000 + b"}"
    r = client.post(url, content=deep, headers={**auth(tokens[mover]), "Content-Type": "application/json"})
    assert r.status_code == 422 and r.json()["detail"]["code"] == "too-deep"
    for junk in [b"{", b"\xff\xfe", b"null", b'{"after": 0, "action": {"type": "buy", "luxury": 1e999}}']:
        r = client.post(url, content=junk, headers={**auth(tokens[mover]), "Content-Type": "application/json"})
        assert r.status_code == 422, junk
    r = client.post("/api/tables", content=b"x" * 100_000, headers={"Content-Length": "100000"})
    assert r.status_code == 413
    assert view(client, table)["state"] == 0
    other, other_tokens = new_table(client)
    legal = view(client, other, other_tokens[view(client, other)["to_move"]])["legal"]
    r = client.post(f"/api/tables/{other}/moves", json={"after": 0, "action": legal[0]["action"]},
                    headers=auth(other_tokens[view(client, other)["to_move"]]))
    assert r.status_code == 200


@pytest.mark.parametrize("path", [
    "/api/tables/zzzzzzzz/view", "/api/tables/zzzzzzzz/record", "/api/tables/zzzzzzzz/replay/0",
    "/api/tables/%00/view", "/api/tables/" + "a" * 300, "/api/tables/x/replay/-1",
])
def test_unknown_ids(client: TestClient, path: str) -> None:
    assert client.get(path).status_code in (404, 422)


def test_names_are_text(client: TestClient) -> None:
    name = "<img src=x onerror=alert(1)>"
    table, _ = new_table(client, seats=[{"kind": "human", "name": name}, {"kind": "human", "name": "é漢字"}])
    info = client.get(f"/api/tables/{table}").json()
    assert [s["name"] for s in info["seats"]] == [name, "é漢字"]
    assert client.get(f"/api/tables/{table}").headers["content-type"].startswith("application/json")


_folder = Path(tempfile.mkdtemp(prefix="gameshelf-fuzz-"))
fuzz_app = create_app(Settings(f"sqlite:///{_folder / 'fuzz.sqlite3'}", analysis_budget=0))
schema = schemathesis.openapi.from_asgi("/openapi.json", fuzz_app)


@schema.parametrize()
@settings(max_examples=15, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_fuzz_the_api(case: schemathesis.Case) -> None:
    """No generated request makes the server fail, every answer conforms to
    the schema (status, content type, headers, body), and none carries a
    seed. Left out: "schema-valid data is accepted", which no schema of
    this API can promise (a legal move, a player count a game allows or a
    date up to today are decided by the server, with a documented 422)."""
    response = case.call_and_validate(excluded_checks=[positive_data_acceptance])
    assert response.status_code < 500, (case.method, case.path, response.text[:300])
    if case.path != "/api/tables/{table_id}/record":
        assert '"seed":' not in response.text


def test_the_schema_says_what_is_answered(client: TestClient) -> None:
    """Integers are strict (13.0 is not one), and the refusals the routes
    answer are documented in the shape they have."""
    doc = client.get("/openapi.json").json()
    assert doc["openapi"].startswith("3.0")
    move = {**doc["components"]["schemas"]["Move"], "components": doc["components"]}
    assert Draft4Validator(move).is_valid({"after": 13, "action": {}})
    assert not Draft4Validator(move).is_valid({"after": 13.0, "action": {}})
    table, tokens = new_table(client)
    r = client.post(f"/api/tables/{table}/moves", json={"after": 13.0, "action": {}},
                    headers=auth(tokens[0]))
    assert r.status_code == 422
    moves = doc["paths"]["/api/tables/{table_id}/moves"]["post"]["responses"]
    assert {"200", "400", "401", "403", "404", "409", "413", "422"} <= set(moves)
    refusal = {**doc["components"]["schemas"]["Refusal"], "components": doc["components"]}
    for url in ("/api/daily/2024-13-01", "/api/tables/nosuchtable/view"):
        r = client.get(url)
        assert r.status_code in (404, 422) and Draft4Validator(refusal).is_valid(r.json()), r.text
    assert str(r.status_code) in doc["paths"]["/api/tables/{table_id}/view"]["get"]["responses"]


def test_options_and_405_list_every_method(client: TestClient) -> None:
    r = client.options("/api/tables")
    assert r.status_code == 204 and r.headers["allow"] == "GET, OPTIONS, POST"
    r = client.delete("/api/tables")
    assert r.status_code == 405 and r.headers["allow"] == "GET, OPTIONS, POST"
    table, _ = new_table(client)
    r = client.options(f"/api/tables/{table}/moves")
    assert r.status_code == 204 and r.headers["allow"] == "OPTIONS, POST"
    assert client.options("/api/no/such/route").status_code in (404, 405)  # no such route


def test_a_get_to_a_post_only_route_is_405_not_404(client: TestClient) -> None:
    """The static client mounted at "/" must not answer for the API: a GET
    to a route that only takes POST says so, with the methods it does take."""
    table, _ = new_table(client)
    for path in (f"/api/tables/{table}/moves", "/api/auth/login"):
        r = client.get(path)
        assert r.status_code == 405 and r.headers["allow"] == "OPTIONS, POST", (path, r.status_code)
