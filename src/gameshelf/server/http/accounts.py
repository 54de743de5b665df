"""The account routes, and how any route learns who is asking.

``/api/auth/register``, ``/api/auth/login``, ``/api/auth/logout``,
``/api/auth/password``, ``/api/me``, ``/api/me/claim``,
``/api/players/{name}`` and ``/api/ratings/{game}`` (docs/accounts.md).

:func:`credential` is what the table routes call instead of reading the
``Authorization`` header alone: a seat token when one is sent, else the
account of a valid session cookie (an :class:`AccountKey`; for a
state-changing request only with the session's CSRF token), else nobody.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Body, Path, Request, Response, WebSocket
from starlette.concurrency import run_in_threadpool

from gameshelf.server.auth import devices, sessions
from gameshelf.server.config import MAX_NAME
from gameshelf.server.errors import ApiError
from gameshelf.server.features import ratings
from gameshelf.server.features.accounts import Accounts
from gameshelf.server.http.params import Lang
from gameshelf.server.play.catalogue import game_or_404
from gameshelf.server.wire.accounts import Claim, Credentials, PasswordChange

PlayerName = Annotated[str, Path(min_length=1, max_length=MAX_NAME, description="An account name.")]
GameId = Annotated[str, Path(pattern=r"^[a-z0-9-]{1,64}$", description="A game id.")]

router = APIRouter(tags=["accounts"])


def _accounts(request: Request) -> Accounts:
    return request.app.state.server.accounts  # type: ignore[no-any-return]


async def current_session(request: Request) -> sessions.Session | None:
    """The request's live session, if its cookie names one."""
    cookie = request.cookies.get(sessions.COOKIE)
    if not cookie:
        return None
    return await run_in_threadpool(sessions.find, _accounts(request).engine, cookie)


async def session_for_write(request: Request) -> sessions.Session:
    """The session of a state-changing request: it must exist and carry its
    CSRF token."""
    session = await current_session(request)
    if session is None:
        raise ApiError(401, "login-required")
    sessions.check_csrf(session, request.headers, request.headers.get("host"))
    return session


async def credential(request: Request, token: str | None, *, write: bool) -> str | None:
    """Who acts: the seat ``token`` when sent; else the session's account
    (checked against CSRF when ``write``); else ``None`` (a spectator)."""
    if token is not None:
        return token
    session = await current_session(request)
    if session is None:
        return None
    if write:
        sessions.check_csrf(session, request.headers, request.headers.get("host"))
    return sessions.AccountKey(session.account_id, session.name)


def _same_site(request: Request) -> None:
    """Login and sign-up refuse a foreign ``Origin`` (login CSRF)."""
    origin = request.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc != request.headers.get("host"):
        raise ApiError(403, "csrf")


def _set_cookie(request: Request, response: Response, session_id: str, device: str) -> None:
    """The session's cookie and the device cookie (``devices.py``); both
    ``Secure`` when the request came over HTTPS (behind a trusted proxy:
    its ``X-Forwarded-Proto``, ``proxies.py``)."""
    secure = request.url.scheme == "https"
    response.set_cookie(value=session_id, max_age=sessions.LIFETIME, **sessions.cookie_args(secure))
    response.set_cookie(value=device, **devices.cookie_args(secure))


def _address(request: Request) -> str:
    """The client's address (behind a trusted proxy, from ``X-Forwarded-For``:
    ``proxies.py`` has rewritten it), what throttles count."""
    return request.client.host if request.client is not None else "unknown"


async def _enter(request: Request, response: Response, how: Callable[[str, str, str, str | None], tuple[str, dict[str, Any], str]],
                 body: Credentials) -> dict[str, Any]:
    """Sign up or log in (``how``) from this address and device, and hand back the session's cookies."""
    _same_site(request)
    session_id, me, device = await run_in_threadpool(
        how, body.name, body.password, _address(request), request.cookies.get(devices.COOKIE))
    _set_cookie(request, response, session_id, device)
    return me


@router.post("/api/auth/register", status_code=201, summary="Create an account and log in")
async def register(request: Request, response: Response, body: Annotated[Credentials, Body()],
                   lang: Lang = "en") -> dict[str, Any]:
    return await _enter(request, response, _accounts(request).register, body)


@router.post("/api/auth/login", summary="Log in")
async def login(request: Request, response: Response, body: Annotated[Credentials, Body()],
                lang: Lang = "en") -> dict[str, Any]:
    return await _enter(request, response, _accounts(request).login, body)


@router.post("/api/auth/logout", summary="Log out (this session only)")
async def logout(request: Request, response: Response, lang: Lang = "en") -> dict[str, Any]:
    session = await session_for_write(request)
    await run_in_threadpool(sessions.close, _accounts(request).engine, session)
    response.delete_cookie(**sessions.cookie_args(request.url.scheme == "https"))
    return {"ok": True}


@router.post("/api/auth/password", summary="Change your password (your other sessions end)")
async def change_password(request: Request, body: Annotated[PasswordChange, Body()],
                          lang: Lang = "en") -> dict[str, Any]:
    session = await session_for_write(request)
    await run_in_threadpool(_accounts(request).change_password, session, body.old, body.new)
    return {"ok": True}


@router.get("/api/me", summary="Your account and your tables, with whose turn it is")
async def me(request: Request, lang: Lang = "en") -> dict[str, Any]:
    session = await current_session(request)
    if session is None:
        raise ApiError(401, "login-required")
    return await run_in_threadpool(_accounts(request).me, session)


@router.post("/api/me/claim", summary="Bind this browser's guest seats to your account")
async def claim(request: Request, body: Annotated[Claim, Body()],
                lang: Lang = "en") -> dict[str, Any]:
    session = await session_for_write(request)
    done = await run_in_threadpool(_accounts(request).claim, session.account_id, body.seats)
    server = request.app.state.server
    for table in {d["table"] for d in done if d["status"] == "claimed"}:
        await server.changed(table, bots=False)
    return {"seats": done}


@router.get("/api/players/{name}", summary="A player's public profile")
async def player(request: Request, name: PlayerName, lang: Lang = "en") -> dict[str, Any]:
    return await run_in_threadpool(_accounts(request).profile, name, lang)


@router.get("/api/ratings/{game}", summary="A game's leaderboard")
async def leaderboard(request: Request, game: GameId, lang: Lang = "en") -> dict[str, Any]:
    found = game_or_404(game)
    rows = await run_in_threadpool(ratings.leaderboard, _accounts(request).engine, found.id)
    return {"game": found.id, "entries": rows}


async def claim_on_join(request: Request, table_id: str, seat: int, token: str) -> None:
    """A guest seat's token used while logged in (an invite link opened by
    a logged-in person) binds the seat to the account, when the request
    carries the session's CSRF token; otherwise it stays a guest seat."""
    session = await current_session(request)
    if session is None:
        return
    try:
        sessions.check_csrf(session, request.headers, request.headers.get("host"))
    except ApiError:
        return
    from gameshelf.server.wire.accounts import ClaimSeat

    item = ClaimSeat(table=table_id, seat=seat, token=token)
    await run_in_threadpool(_accounts(request).claim, session.account_id, [item])


async def socket_credential(websocket: WebSocket) -> str | None:
    """The account a websocket's session cookie names, when the socket was
    opened by a page of this site (a foreign page could otherwise act with
    the cookie a browser sends along: cross-site websocket hijacking)."""
    cookie = websocket.cookies.get(sessions.COOKIE)
    if not cookie:
        return None
    origin = websocket.headers.get("origin")
    if origin is None or urlsplit(origin).netloc != websocket.headers.get("host"):
        return None
    server = websocket.app.state.server
    session = await run_in_threadpool(sessions.find, server.accounts.engine, cookie)
    return sessions.AccountKey(session.account_id, session.name) if session is not None else None
