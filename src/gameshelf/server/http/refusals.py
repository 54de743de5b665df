"""How a refusal is answered: the server's own and a game's errors as
``{"detail": {code, message, params}}`` in the request's language, and
FastAPI's own 422 list made safe to write."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from gameshelf.core.errors import GameshelfError
from gameshelf.server.errors import ApiError, json_safe
from gameshelf.server.http.params import lang_of


def install(app: FastAPI) -> None:
    """Answer ``app``'s refusals as this module says."""

    @app.exception_handler(GameshelfError)
    async def _refused(request: Request, exc: GameshelfError) -> JSONResponse:
        """The server's own refusals keep their status; a game's (a
        malformed or illegal move) are 422. Either way: code, sentence in the
        request's language, and plain parameters."""
        params = {k: json_safe(v) if isinstance(v, str | int | float | bool) or v is None
                  else str(v) for k, v in exc.params.items()}
        status = exc.status if isinstance(exc, ApiError) else 422
        return JSONResponse({"detail": {"code": exc.code, "message": exc.message_in(lang_of(request)),
                                        "params": params}}, status_code=status,
                            headers=getattr(exc, "headers", None))  # Retry-After of a 429

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        """FastAPI's own 422 list, with whatever it echoes made writable
        (a NaN that reached a check must not turn the refusal into a 500)."""
        return JSONResponse({"detail": json_safe(jsonable_encoder(exc.errors()))},
                            status_code=422)
