"""A rated table's result says how each seat's rating moved (issue 40): the
``ratings`` list the server puts in the result when the game ends is part
of the declared view and table info, before and after as the profile shows
them."""

from __future__ import annotations

import sqlalchemy as sa
from fastapi.testclient import TestClient

from gameshelf.server import wire
from gameshelf.server.features import ratings
from gameshelf.server.store.account_tables import rating_events
from gameshelf.server.store.db import reading
from gameshelf.server.wire.view import Result
from tests.server.accounts_helpers import csrf, play_out, register


def test_a_rated_result_declares_each_seats_rating_before_and_after(client: TestClient) -> None:
    web, name, token = register(client)
    table = web.post("/api/tables", headers=csrf(token), json={
        "game": "filthy-rich", "players": 2, "rated": True,
        "seats": [{"kind": "human", "name": name}, {"kind": "bot", "level": "easy"}]}).json()["id"]
    view = play_out(web, token, table)
    info = web.get(f"/api/tables/{table}").json()
    # the view and the table's information both carry it, as declared
    assert wire.View.model_validate(view).result.ratings == wire.TableInfo.model_validate(info).result.ratings
    changes = view["result"]["ratings"]
    assert [c["seat"] for c in changes] == [0, 1]
    # the numbers are the shown ratings of the recorded events
    engine = client.app.state.server.service.engine  # type: ignore[attr-defined]
    with reading(engine) as conn:
        events = list(conn.execute(sa.select(rating_events).where(rating_events.c.table_id == table)
                                   .order_by(rating_events.c.seat)))
    for change, event in zip(changes, events, strict=True):
        assert change["before"] == ratings.shown(event.mu_before, event.sigma_before)["rating"]
        assert change["after"] == ratings.shown(event.mu, event.sigma)["rating"]
        assert change["before"] != change["after"]


def test_an_unrated_result_has_no_ratings() -> None:
    assert Result.model_validate({"scores": [1.0, 0.0], "ranking": [[0], [1]]}).ratings is None
