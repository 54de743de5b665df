"""The declared view contract (server/wire/view.py, server/wire/tables.py):
real views of every game, for every seat and a spectator, in both
languages and at random points of random games, validate against the
models; so do the websocket's messages both ways; the models are in
/openapi.json; and every text that names a seat carries it as a structured
reference whose parts give back the text exactly."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import TypeAdapter

from gameshelf.core import i18n
from gameshelf.core.registry import games, load_game
from gameshelf.server import wire
from gameshelf.server.app import create_app
from gameshelf.server.config import Settings
from gameshelf.server.wire.view import SeatPart
from tests.server.helpers import auth, new_table, view

SERVER_MESSAGE: TypeAdapter[Any] = TypeAdapter(wire.ServerMessage)
MARKS = (i18n.MARK_OPEN, i18n.MARK_SEP, i18n.MARK_CLOSE)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """(SQLite only: the contract does not depend on the database.)"""
    folder: Path = tmp_path_factory.mktemp("views")
    with TestClient(create_app(Settings(f"sqlite:///{folder / 's.sqlite3'}", analysis_budget=0))) as c:
        yield c


def said_back(text: str, parts: list[dict[str, Any]], lang: str) -> None:
    """The parts are the text: each seat reference is the seat's generic name
    there (as the sentence writes it: "player 2" mid-sentence)."""
    assert "".join(p["text"] if "text" in p else i18n.t("cli.player", lang, n=p["seat"] + 1)
                   for p in parts).casefold() == text.casefold()
    assert not any(mark in text for mark in MARKS)


def check_view(raw: dict[str, Any], lang: str, players: int) -> wire.View:
    v = wire.View.model_validate(raw)
    texts = [(line.text, line.parts) for line in v.events]
    texts += [(m.text, m.parts) for m in v.legal]
    if v.decision is not None:
        texts.append((v.decision.text, v.decision.parts))
    for u in v.unavailable:
        texts += [(u.move_text, u.move_parts), (u.reason_text, u.reason_parts)]
    for text, parts in texts:
        said_back(text, [p.model_dump() for p in parts], lang)
        assert all(p.seat < players for p in parts if isinstance(p, SeatPart))
    return v


def seat_counts(game_id: str) -> int:
    game = load_game(game_id)
    return min(max(2, game.min_players), game.max_players)


@pytest.mark.parametrize("game_id", games())
def test_every_view_of_every_game_is_declared(client: TestClient, game_id: str) -> None:
    players = seat_counts(game_id)
    table, tokens = new_table(client, game_id, [{"kind": "human"} for _ in range(players)])
    rng = random.Random(game_id)
    checks = set(rng.sample(range(1, 60), 6)) | {0}
    referenced = 0
    for step in range(60):
        spectator = view(client, table)
        if step in checks or spectator["over"]:
            for token in [None, *tokens.values()]:
                for lang in ("en", "ja"):
                    v = check_view(view(client, table, token, lang), lang, players)
                    referenced += sum(isinstance(p, SeatPart)
                                      for line in v.events for p in line.parts)
        if spectator["over"]:
            break
        mover = tokens[spectator["to_move"]]
        mine = view(client, table, mover)
        if mine["can_undo"] and rng.random() < 0.3:
            r = client.post(f"/api/tables/{table}/undo", json={"after": mine["state"]},
                            headers=auth(mover))
        else:
            r = client.post(f"/api/tables/{table}/moves", headers=auth(mover),
                            json={"after": mine["state"], "action": rng.choice(mine["legal"])["action"]})
        assert r.status_code == 200, r.text
    # a game whose log names players (all but solo-minded Dicey Farm) names them as references
    package = game_id.replace("-", "_") + "."
    names_seats = any(k.startswith(package) and "layer {" in v for k, v in i18n.catalog("en").items())
    assert referenced > 0 or not names_seats


def test_a_finished_game_and_its_replay_are_declared(client: TestClient) -> None:
    table, _tokens = new_table(client, "filthy-rich", [{"kind": "bot", "level": "easy"},
                                                      {"kind": "bot", "level": "easy"}])
    for _ in range(600):
        if view(client, table)["over"]:
            break
        time.sleep(0.05)
    final = check_view(view(client, table), "en", 2)
    assert final.over and final.result is not None and final.result.marked is not None
    frame = client.get(f"/api/tables/{table}/replay/3?lang=ja").json()
    lines = [wire.LogLine.model_validate(x) for x in frame["log"]]
    for line in lines:
        said_back(line.text, [p.model_dump() for p in line.parts], "ja")
    assert frame["move"]["parts"] == [p.model_dump() for p in lines[-1].parts] or frame["move"]["text"]


def test_the_websocket_speaks_the_declared_messages(client: TestClient) -> None:
    table, tokens = new_table(client, "pay-dirt", [{"kind": "human"}, {"kind": "human"}])
    mover = view(client, table)["to_move"]
    with client.websocket_connect(f"/api/tables/{table}/ws?lang=ja") as ws:
        hello = {"type": "hello", "token": tokens[mover]}
        wire.Hello.model_validate(hello)
        ws.send_json(hello)
        sync = SERVER_MESSAGE.validate_python(ws.receive_json())
        assert isinstance(sync, wire.ViewMessage) and sync.type == "sync"
        check_view(sync.view.model_dump(), "ja", 2)
        move = {"type": "move", "after": sync.n, "action": sync.view.legal[0].action}
        wire.MoveMessage.model_validate(move)
        ws.send_json(move)
        ack = SERVER_MESSAGE.validate_python(ws.receive_json())
        assert isinstance(ack, wire.Ack) and ack.n == sync.n + 1
        update = SERVER_MESSAGE.validate_python(ws.receive_json())
        assert isinstance(update, wire.ViewMessage) and update.type == "update"
        assert update.n == ack.n and min(line.n for line in update.view.events) == ack.n
        ws.send_json({"type": "move", "after": 0, "action": sync.view.legal[0].action})
        error = SERVER_MESSAGE.validate_python(ws.receive_json())
        assert isinstance(error, wire.ErrorMessage) and error.code == "stale"
        ws.send_json({"type": "ping"})
        pong = SERVER_MESSAGE.validate_python(ws.receive_json())
        assert isinstance(pong, wire.Pong) and pong.n == ack.n


@pytest.mark.parametrize("bad", [{"type": "hello", "token": 5}, {"type": "hello", "lst": 1},
                                 {"type": "hello", "last": True}, {"type": "ping"}])
def test_a_hello_that_breaks_the_model_closes_the_socket(client: TestClient, bad: dict[str, Any]) -> None:
    from starlette.websockets import WebSocketDisconnect

    table, _tokens = new_table(client)
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        ws.send_json(bad)
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
            ws.receive_json()
        assert closed.value.code == 1008


def test_the_contract_is_in_the_openapi_schema(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    components = schema["components"]["schemas"]
    ok = schema["paths"]["/api/tables/{table_id}/view"]["get"]["responses"]["200"]
    assert ok["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/View"}
    for name in ("View", "LogLine", "LegalMove", "SeatPart", "TextPart", "Hello", "Ping",
                 "Resume", "MoveMessage", "UndoMessage", "ViewMessage", "Ack", "Pong",
                 "ErrorMessage", "TableClock", "Clock"):
        assert name in components, name
    assert components["ViewMessage"]["properties"]["view"] == {"$ref": "#/components/schemas/View"}
    # every reference points at a component that is there
    import json

    refs = {part.split('"')[0] for part in json.dumps(schema).split('"$ref": "#/components/schemas/')[1:]}
    assert refs <= set(components)


def test_seats_are_references_where_the_template_names_them() -> None:
    from gameshelf.core.spoken import spoken

    text, parts = spoken(lambda: i18n.t("above_and_below.log.sold", "en", seller=2, buyer=1,
                                         item="x", price=3))
    assert text == i18n.t("above_and_below.log.sold", "en", seller=2, buyer=1, item="x", price=3)
    assert [p["seat"] for p in parts if "seat" in p] == [1, 0]
    # a seat list (Pay Dirt's draft order) is a reference per seat, in order
    order = i18n.seat_list([2, 0])
    for lang in ("ja", "en"):
        text, parts = spoken(lambda lang=lang: i18n.t("pay_dirt.log.draft", lang, order=order,
                                                      first=3, cards=2))
        assert [p["seat"] for p in parts if "seat" in p] == [2, 0, 2]
        said_back(text, parts, lang)
    # a number after the word that is not a seat stays text; outside spoken() nothing is marked
    assert spoken(lambda: i18n.t("cli.player", "en", n=99))[1] == [{"text": "Player 99"}]
    assert i18n.t("cli.player", "en", n=2) == "Player 2"
