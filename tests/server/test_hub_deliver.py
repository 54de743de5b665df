"""Two changes of one table in flight at once: the later change's view,
built before the socket was sent the earlier one, goes out without the log
lines the socket already has (each line reaches a socket once, in order),
and a view older than what the socket has is not sent at all."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from gameshelf.server.http.socket import Connection, Hub


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
