"""The client's address and scheme behind trusted proxies (issue 41).

Why: behind nginx on another host every request came from nginx's address,
so 10 failed logins by anyone throttled every login through that balancer,
and behind TLS the session cookie lacked ``Secure``. With
``gameshelf serve --trusted-proxy ADDR`` (or ``GAMESHELF_TRUSTED_PROXIES``)
a request whose direct peer is one of those addresses (or networks) is
read as the proxy describes it:

- the client is the right-most address of ``X-Forwarded-For`` that is not
  itself a trusted proxy: each proxy appends the address it saw, so the
  entries left of the last trusted hop are whatever the client wrote and
  cannot be believed;
- ``X-Forwarded-Proto: https`` makes the request's scheme https (``wss``
  for a websocket), so cookies get ``Secure``.

A request from any other peer is taken as it came, its headers ignored
(anyone may send them). The scope itself is rewritten, so every route, the
throttles and any log see the same client. uvicorn's own proxy handling is
switched off (``cli.py``): it trusts 127.0.0.1 by default, which let a
local client choose its address. The addresses themselves are read and
checked with the settings (:func:`gameshelf.server.config.parse_proxies`).
"""

from __future__ import annotations

import ipaddress

from starlette.types import ASGIApp, Receive, Scope, Send

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class TrustedProxies:
    """ASGI middleware: rewrite the client and scheme of requests that come
    through a trusted proxy (see the module's doc)."""

    def __init__(self, app: ASGIApp, trusted: tuple[str, ...]) -> None:
        self.app = app
        self.networks: list[Network] = [ipaddress.ip_network(t, strict=False) for t in trusted]

    def trusted(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.networks)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.networks and scope["type"] in ("http", "websocket"):
            scope = self.seen_through(scope)
        await self.app(scope, receive, send)

    def seen_through(self, scope: Scope) -> Scope:
        client = scope.get("client")
        if not client or not self.trusted(client[0]):
            return scope
        forwarded: list[str] = []
        proto = None
        for name, value in scope.get("headers", ()):
            if name == b"x-forwarded-for":
                forwarded += [a.strip() for a in value.decode("latin-1").split(",")]
            elif name == b"x-forwarded-proto":
                proto = value.decode("latin-1").split(",")[-1].strip().lower()
        changed = dict(scope)
        for address in reversed([a for a in forwarded if a]):
            if not self.trusted(address):
                if len(address) <= 64 and address.isprintable():
                    changed["client"] = (address, 0)
                break
        if proto in ("https", "http"):
            secure = proto == "https"
            if scope["type"] == "websocket":
                changed["scheme"] = "wss" if secure else "ws"
            else:
                changed["scheme"] = "https" if secure else "http"
        return changed
