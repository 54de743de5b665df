"""The table routes and the table's websocket: open, list, join, leave,
claim a timeout, view, move, take back, the record and the replay.

Thin: each checks who asks (:func:`.accounts.credential`), runs the
blocking work of :class:`~gameshelf.server.play.service.Service` in a
thread and tells the process that the table changed (``Server.changed``:
its sockets get their views, its bots play). The websocket's messages are
read by :mod:`.socket`.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Body, Path, Query, Request, WebSocket
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from gameshelf.server import wire
from gameshelf.server.auth.sessions import AccountKey
from gameshelf.server.features.accounts import check_rated
from gameshelf.server.http.accounts import claim_on_join, credential, socket_credential
from gameshelf.server.http.overload import pool_queue
from gameshelf.server.http.params import Authorization, Lang, SeatNo, TableId, bearer, process_of
from gameshelf.server.play.catalogue import games_list

router = APIRouter()


@router.get("/api/games", summary="Every game, its player counts and options")
async def get_games(lang: Lang = "en") -> list[dict[str, Any]]:
    return await run_in_threadpool(games_list, lang)

@router.post("/api/tables", status_code=201, summary="Open a table")
async def post_table(request: Request, req: wire.CreateTable,
                     lang: Lang = "en") -> dict[str, Any]:
    who = await credential(request, None, write=True)
    owner = who.account_id if isinstance(who, AccountKey) else None
    req = check_rated(req, owner)  # (a rated table always has a clock)
    pressure = process_of(request).hub.pressure
    pressure.check(pool_queue())  # 503 + Retry-After when overloaded (server/http/overload.py)
    asked = asyncio.get_running_loop().time()
    created = await run_in_threadpool(process_of(request).service.create_table, req, owner)
    # (how long a table took to open is the next ones' wait: the thread pool's queue)
    pressure.note(asyncio.get_running_loop().time() - asked)
    await process_of(request).changed(created["id"],
                         bots=any(isinstance(s, wire.BotSeat) for s in req.seats))
    return created

@router.get("/api/tables", summary="Open and running tables")
async def get_tables(request: Request, lang: Lang = "en") -> list[dict[str, Any]]:
    return await run_in_threadpool(process_of(request).service.list_tables)

@router.get("/api/tables/{table_id}", summary="A table's public information")
async def get_table(request: Request, table_id: TableId, lang: Lang = "en") -> dict[str, Any]:
    return await run_in_threadpool(process_of(request).service.table_info, table_id)

@router.post("/api/tables/{table_id}/seats/{seat}/join", summary="Take or come back to a seat")
async def join(request: Request, table_id: TableId, seat: SeatNo,
               body: Annotated[wire.Join | None, Body()] = None,
               authorization: Authorization = None, lang: Lang = "en") -> dict[str, Any]:
    name = body.name if body is not None else None
    token = bearer(authorization)
    who = await credential(request, token, write=True)
    if isinstance(who, AccountKey) and name is None:
        name = who.name  # a logged-in person sits under their account's name
    done = await run_in_threadpool(process_of(request).service.join, table_id, seat, who, name)
    if isinstance(done["token"], AccountKey):
        done["token"] = None  # the session came back to its seat: no token to hand out
    elif token is not None:  # a guest seat's token, used while logged in: the seat is claimed
        await claim_on_join(request, table_id, seat, token)
    await process_of(request).changed(table_id)
    return done

@router.post("/api/tables/{table_id}/seats/{seat}/leave", summary="Leave a seat")
async def leave(request: Request, table_id: TableId, seat: SeatNo,
                body: Annotated[wire.Leave | None, Body()] = None,
                authorization: Authorization = None, lang: Lang = "en") -> dict[str, Any]:
    bot = body.bot if body is not None else "easy"
    who = await credential(request, bearer(authorization), write=True)
    done = await run_in_threadpool(process_of(request).service.leave, table_id, seat, who, bot)
    await process_of(request).changed(table_id)
    return done

@router.post("/api/tables/{table_id}/seats/{seat}/timeout",
          summary="Let a bot play a seat whose clock ran out")
async def timeout(request: Request, table_id: TableId, seat: SeatNo,
                  body: Annotated[wire.Leave | None, Body()] = None,
                  authorization: Authorization = None, lang: Lang = "en") -> dict[str, Any]:
    bot = (body.bot if body is not None else None) or "easy"
    who = await credential(request, bearer(authorization), write=True)
    done = await run_in_threadpool(process_of(request).service.claim_timeout, table_id, seat, who, bot)
    await process_of(request).changed(table_id)
    return done

@router.get("/api/tables/{table_id}/view", summary="What this seat (or a spectator) sees",
         response_model=wire.View)
async def view(request: Request, table_id: TableId, authorization: Authorization = None,
               lang: Lang = "en") -> JSONResponse:
    # declared by wire.View (tests/server/test_view_schema.py holds
    # every game's views to it), sent without validating it again
    who = await credential(request, bearer(authorization), write=False)
    return JSONResponse(await run_in_threadpool(process_of(request).service.view, table_id, who, lang))

@router.post("/api/tables/{table_id}/moves", summary="Make a move")
async def post_move(request: Request, table_id: TableId, move: wire.Move,
                    authorization: Authorization = None, lang: Lang = "en") -> dict[str, Any]:
    who = await credential(request, bearer(authorization), write=True)
    done = await run_in_threadpool(process_of(request).service.submit, table_id, who, move)
    await process_of(request).changed(table_id, bots=done.bot_next, written=True)
    return {"state": done.state, "over": done.over}

@router.post("/api/tables/{table_id}/undo", summary="Take back your latest move")
async def post_undo(request: Request, table_id: TableId, body: wire.Undo,
                    authorization: Authorization = None, lang: Lang = "en") -> dict[str, Any]:
    who = await credential(request, bearer(authorization), write=True)
    done = await run_in_threadpool(process_of(request).service.undo, table_id, who, body)
    # the same seat is to move again: no bot can be
    await process_of(request).changed(table_id, bots=False)
    return done

@router.get("/api/tables/{table_id}/record", summary="The whole game, once it is over")
async def record(request: Request, table_id: TableId, lang: Lang = "en") -> dict[str, Any]:
    return await run_in_threadpool(process_of(request).service.record, table_id)

@router.get("/api/tables/{table_id}/replay/{k}", summary="A finished game after k moves")
async def replay_frame(request: Request, table_id: TableId, k: Annotated[int, Path(ge=0, le=100_000)],
                       lang: Lang = "en") -> dict[str, Any]:
    return await run_in_threadpool(process_of(request).service.replay_frame, table_id, k, lang)

@router.websocket("/api/tables/{table_id}/ws")
async def ws(websocket: WebSocket, table_id: TableId,
             token: Annotated[str | None, Query(max_length=64)] = None,
             last: Annotated[int | None, Query(ge=0)] = None, lang: Lang = "en") -> None:
    # a logged-in page: its session acts for its seat unless a token is sent (same site only)
    session = await socket_credential(websocket) if token is None else None
    await process_of(websocket).hub.serve(websocket, table_id, token, last, lang, session)
