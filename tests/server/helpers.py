"""Small helpers shared by the server tests."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from gameshelf.core.protocol import State
from gameshelf.core.record import replay


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_table(client: TestClient, game: str = "filthy-rich", seats: list[dict[str, Any]] | None = None,
              **extra: Any) -> tuple[str, dict[int, str]]:
    seats = seats or [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
    r = client.post("/api/tables", json={"game": game, "players": len(seats), "seats": seats, **extra})
    assert r.status_code == 201, r.text
    data = r.json()
    return data["id"], {int(k): v for k, v in data["tokens"].items()}


def view(client: TestClient, table: str, token: str | None = None, lang: str = "en") -> dict[str, Any]:
    r = client.get(f"/api/tables/{table}/view?lang={lang}", headers=auth(token) if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def secret_state(client: TestClient, table: str) -> State:
    """The real game behind a table, rebuilt from the database (what only
    the server knows: its seed), to compare what clients are sent with."""
    from gameshelf.server.app import Server

    server: Server = client.app.state.server  # type: ignore[attr-defined]
    service = server.service
    from gameshelf.server.store.db import reading

    with reading(service.engine) as conn:
        row, _ = service.table_rows(conn, table)
        live = service.live_game(conn, row)
        return replay(live.state.record())


def secrets_of(state: State) -> list[str]:
    """Strings that must never appear in what a running game sends: the
    seed and every random stream's state."""
    out = [str(state.seed)]
    for stream in state.rng.streams.values():
        out.extend([str(stream.state), f"{stream.state:#x}"])
    return out


def text(payload: Any) -> str:
    return json.dumps(payload, ensure_ascii=False)
