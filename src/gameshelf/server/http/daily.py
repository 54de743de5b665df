"""The daily puzzle's routes (Dicey Farm Daily Mode, docs/play/daily.md):
the day's table to open, its attempts and leaderboard, and its par. The
work is :class:`~gameshelf.server.features.daily.Daily`'s."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Path, Query, Request
from starlette.concurrency import run_in_threadpool

from gameshelf.core.registry import load_game
from gameshelf.server.config import MAX_NAME
from gameshelf.server.errors import ApiError
from gameshelf.server.features.daily import GAME, PAR, Daily, check_date, number, utc_today
from gameshelf.server.http.params import Authorization, Lang, bearer
from gameshelf.server.wire.daily import Submit

#: a calendar date's shape (months 01-12, days 01-31, years from 2024), as
#: the schema states it (it said "any digits": ``0000-00-00`` matched). The
#: route checks it with :func:`check_date` (which also refuses the days a
#: month lacks and future dates), so a bad date is refused in the request's
#: language (``bad-date``), not with the validator's English list.
DATE_PATTERN = r"^20(?:2[4-9]|[3-9][0-9])-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])$"
DatePath = Annotated[str, Path(max_length=10, json_schema_extra={"pattern": DATE_PATTERN,
                                                                 "format": "date"}, description=(
    "A UTC date, YYYY-MM-DD, from 2024-01-01 to today (a real calendar date)."))]


def _daily(request: Request) -> Daily:
    server = request.app.state.server
    daily = getattr(server, "daily", None)
    if daily is None:
        daily = server.daily = Daily(server.service)
    return daily


router = APIRouter(prefix="/api/daily", tags=["daily"])


@router.get("/{date}", summary="How to start a date's Dicey Farm puzzle")
async def get_daily(request: Request, date: DatePath, lang: Lang = "en") -> dict[str, Any]:
    day = check_date(date)
    options = {"daily": date}
    return {"date": date, "game": GAME, "players": 1, "options": options,
            "today": day == utc_today(),
            # the body of POST /api/tables that starts it; a name is needed to enter an attempt
            "table": {"game": GAME, "players": 1, "seats": [{"kind": "human"}], "options": options}}


@router.post("/{date}/attempts", status_code=201, summary="Enter a finished daily table")
async def post_attempt(request: Request, date: DatePath, body: Annotated[Submit, Body()],
                       authorization: Authorization = None, lang: Lang = "en") -> dict[str, Any]:
    token = bearer(authorization)
    if token is None:
        raise ApiError(401, "bad-token")
    return await run_in_threadpool(_daily(request).submit, date, token, body.table)


@router.get("/{date}/attempts", summary="The leaderboard, and a name's own history")
async def get_attempts(request: Request, date: DatePath,
                       name: Annotated[str | None, Query(max_length=MAX_NAME * 4)] = None,
                       lang: Lang = "en") -> dict[str, Any]:
    return await run_in_threadpool(_daily(request).board, date, name)


@router.get("/{date}/par", summary="The solver's par, after your attempt or after the day")
async def get_par(request: Request, date: DatePath,
                  table: Annotated[str | None, Query(pattern=r"^[A-Za-z0-9_-]{1,24}$")] = None,
                  authorization: Authorization = None, lang: Lang = "en") -> dict[str, Any]:
    token = bearer(authorization)
    whole = await run_in_threadpool(_daily(request).par_allowed, date, token, table)
    score, line = await run_in_threadpool(PAR.get, date)
    out: dict[str, Any] = {"date": date, "score": number(score), "line": None}
    if whole:
        game = load_game(GAME)
        out["line"] = [{"action": a.to_json(), "text": game.describe_action(a, lang)} for a in line]
    return out
