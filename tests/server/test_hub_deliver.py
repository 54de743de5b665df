"""Two changes of one table in flight at once: the later change's view,
built before the socket was sent the earlier one, goes out without the log
lines the socket already has (each line reaches a socket once, in order),
and a view older than what the socket has is not sent at all."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from gameshelf.server.http.fanout import Audience, Connection, Delivery
from gameshelf.server.http.socket import Hub
from gameshelf.server.play.views import Want


class _Socket:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))


class _NoService:
    """Any fresh build would be a failure of these cases."""

    def view(self, *_args: Any) -> None:
        raise AssertionError("the view was built again")


async def _nothing(*_args: Any, **_kwargs: Any) -> None:
    return None


def _view(state: int, since: int) -> dict[str, Any]:
    return {"state": state, "events": [{"n": k, "text": f"line {k}"} for k in range(since + 1, state + 1)]}


def test_a_view_in_flight_leaves_out_the_lines_already_sent() -> None:
    socket = _Socket()
    conn = Connection(socket, "t", None, "en")  # type: ignore[arg-type]
    hub = Hub(_NoService(), _nothing)  # type: ignore[arg-type]

    async def play() -> None:
        conn.last = 4
        # both changes' views were built while the socket was at state 4
        first, second = _view(5, 4), _view(6, 4)
        await hub._deliver(conn, 4, first)
        await hub._deliver(conn, 4, second)
        await hub._deliver(conn, 4, _view(5, 4))  # a late copy of the first: nothing to send

    asyncio.run(play())
    assert [(m["type"], m["n"]) for m in socket.sent] == [("update", 5), ("update", 6)]
    assert [[e["n"] for e in m["view"]["events"]] for m in socket.sent] == [[5], [6]]
    assert conn.last == 6


def _seen(state: int, since: int) -> dict[str, Any]:
    """A view as a notice reads it (whose turn: nobody's, no bot to drive)."""
    return {**_view(state, since), "to_move": None}


class _OneView:
    """Builds a view only for a socket that opened after the change."""

    def __init__(self) -> None:
        self.built = 0

    def view(self, *_args: Any) -> dict[str, Any]:
        self.built += 1
        return _seen(5, 4)


def test_a_delivery_skips_the_socket_sent_its_view_and_builds_for_a_late_one() -> None:
    service = _OneView()
    hub = Hub(service, _nothing)  # type: ignore[arg-type]
    mover, other, late = _Socket(), _Socket(), _Socket()
    conns = [Connection(s, "t", None, "en") for s in (mover, other, late)]  # type: ignore[arg-type]
    for conn in conns:
        conn.last = 4
        hub.tables["t"].add(conn)
    audience = Audience(tuple(conns[:2]), tuple(c.want() for c in conns[:2]))
    assert audience.wants[0] == Want(None, "en", 4)
    delivery = Delivery(audience, (_seen(5, 4), _seen(5, 4))).sent_to(conns[0])
    assert delivery.view_of(conns[0]) is None and delivery.view_of(conns[2]) is None
    assert delivery.view_of(conns[1]) == (Want(None, "en", 4), _seen(5, 4))

    asyncio.run(hub.notify("t", written=True, delivery=delivery))
    hub.close()
    assert mover.sent == []  # (its view went out right after its ack)
    assert [(m["type"], m["n"]) for m in other.sent] == [("update", 5)]
    assert [(m["type"], m["n"]) for m in late.sent] == [("update", 5)]
    assert service.built == 1  # only the late socket's view was built afresh


def test_a_delivery_holds_one_view_per_socket() -> None:
    conn = Connection(_Socket(), "t", None, "en")  # type: ignore[arg-type]
    audience = Audience((conn,), (conn.want(),))
    with pytest.raises(ValueError, match="one view per socket"):
        Delivery(audience, ())
