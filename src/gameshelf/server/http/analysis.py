"""The analysis and hint routes (docs/hints.md, docs/host/server-model.md).

- ``GET /api/tables/{id}/analysis?seat=K``: seat K's analysis of a finished
  game, ``pending`` until the bot workers have computed it, then ``ready``
  with its estimates, marks and biggest mistakes in the request's language;
- ``POST /api/tables/{id}/hint``: the analysis engine's top three moves
  ("what would hard do here?") for the asking seat now, at a casual table opened with hints on.

Who may read an analysis: anyone with the table's id, once the game is
over, as with its record and replay (both already public then, seed and
every hidden card included), so an analysis tells nothing that the record
does not; it is computed from what its seat could see at each decision.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Query, Request
from starlette.concurrency import run_in_threadpool

from gameshelf.analysis import AnalysisError
from gameshelf.server.features.analysis_view import render
from gameshelf.server.http.accounts import credential
from gameshelf.server.http.params import Authorization, Lang, TableId, bearer
from gameshelf.server.wire.analysis import AnalysisReply, AnalysisView, HintReply, HintRequest

# a whole number written plainly: "1.0", " 1" or "01" are no seat (pydantic would take them)
SeatQuery = Annotated[str, Query(pattern=r"^(0|[1-9][0-9]?)$",
                                 description="Whose decisions: a seat counted from 0, as digits.")]

router = APIRouter(tags=["analysis"])


@router.get("/api/tables/{table_id}/analysis", response_model=AnalysisReply,
            summary="A finished game's analysis of one seat's decisions")
async def get_analysis(request: Request, table_id: TableId, seat: SeatQuery,
                       lang: Lang = "en") -> AnalysisReply:
    server = request.app.state.server
    k = int(seat)
    status, data, record = await run_in_threadpool(server.analyses.read, table_id, k)
    analysis = None
    if status == "ready" and data is not None:
        try:
            analysis = AnalysisView.model_validate(await run_in_threadpool(render, data, record, k, lang))
        except AnalysisError:  # stored by an older version, or damaged: made again
            await run_in_threadpool(server.analyses.redo, table_id, k)
            status = "pending"
    return AnalysisReply(table=table_id, seat=k, status=status, analysis=analysis)


@router.post("/api/tables/{table_id}/hint", response_model=HintReply,
             summary="What hard would play for you now (casual tables with hints on)")
async def post_hint(request: Request, table_id: TableId, body: Annotated[HintRequest, Body()],
                    authorization: Authorization = None, lang: Lang = "en") -> HintReply:
    server = request.app.state.server
    who = await credential(request, bearer(authorization), write=True)
    reply = await server.hints.ask(table_id, who, body.after, lang)
    await server.changed(table_id, bots=False)  # the seat's hint count shows in every view
    return HintReply.model_validate(reply)
