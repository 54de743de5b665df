"""Who wants which view, and the views built for them.

A view is built for one viewer: the seat its token opens (or a spectator),
its language, and the log lines after the last state it was sent. One
change of a table is seen by all its sockets at once, so the views are
built together, from one read of the table, and what they share (the
table's public information, the decision in each language) is built once;
viewers of the same kind (a table's spectators) share one view.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy.engine import Row

from gameshelf.core.protocol import PlayerId
from gameshelf.server.config import RECENT_ITEMS
from gameshelf.server.errors import ApiError
from gameshelf.server.play import story
from gameshelf.server.play.clocks import clocks
from gameshelf.server.play.live import Live
from gameshelf.server.play.rows import OVER, RUNNING, public, seat_of

#: A viewer's view: a dict of the shape :class:`gameshelf.server.wire.View` declares.
View = dict[str, Any]


@dataclasses.dataclass(frozen=True, slots=True)
class Want:
    """One viewer's ask: the view that ``token`` opens (``None``: a
    spectator's), in ``lang``, with the log lines after state ``since``
    (``None``: the whole recent log, as for a sync)."""

    token: str | None
    lang: str | None
    since: int | None


def build(row: Any, seat_rows: list[Row[Any]], live: Live,
          wants: Sequence[Want]) -> list[View | ApiError]:
    """Each want's view of the table as ``row``, ``seat_rows`` and ``live``
    show it, in the order of ``wants``; a bad token gets its refusal in its
    place."""
    out: list[View | ApiError] = []
    built: dict[tuple[PlayerId | None, str | None, int | None], View] = {}
    #: the parts every viewer of this state shares (the table's public
    #: info, the decision in each language), built once for all of them
    shared: dict[Any, Any] = {}
    for want in wants:
        try:
            seat = seat_of(seat_rows, want.token)
        except ApiError as exc:
            out.append(exc)
            continue
        # once per kind of viewer: a table's spectators share one view
        key = (seat, want.lang, want.since)
        if key not in built:
            built[key] = _view(row, seat_rows, live, seat, want.lang, want.since, shared)
        out.append(built[key])
    return out


def _view(row: Any, seat_rows: list[Row[Any]], live: Live,
          seat: PlayerId | None, lang: str | None, since: int | None,
          shared: dict[Any, Any]) -> View:
    state = live.state
    to_move = state.current_player if row.status == RUNNING else None
    mine = seat is not None and to_move == seat and seat_rows[seat].stand_in is None
    if since is not None and not 0 <= live.n - since <= RECENT_ITEMS:
        since = None  # too far behind (or ahead): the whole recent log, as for a sync
    if "table" not in shared:
        shared["table"] = public(row, seat_rows, live)
    if ("decision", lang) not in shared:
        shared["decision", lang] = story.decision_field(state, lang)
    return {
        "table": shared["table"],
        "state": live.n,
        "seat": seat,
        "to_move": to_move,
        "observation": live.observation(seat),
        "legal": live.legal(lang) if mine else [],
        "can_undo": mine and row.status == RUNNING and not row.rated and live.can_undo(seat),
        "events": live.items(seat, -1 if since is None else since, lang),
        "over": row.status == OVER,
        "clocks": clocks(row, seat_rows, to_move),
        "result": json.loads(row.result) if row.result else None,
        "decision": shared["decision", lang],
        "unavailable": story.unavailable_field(state, lang) if mine else [],
    }
