"""The game server: online play of every registered game over HTTP and
websockets, with tables kept in a database so that nothing lives only in
memory.

Layout, one package a job (the wings; docs/architecture.md, "The server's
wings"), each importing only those below it (``lint-imports`` holds the
order): :mod:`.http` (every route and the websocket), :mod:`.features`
(accounts, ratings, statistics, daily, hints, analyses), :mod:`.play`
(tables in play), :mod:`.wire` (every shape on the wire), :mod:`.auth` (who
is asking), :mod:`.store` (the database). At the top: :mod:`.app` (the
process put together), :mod:`.cli` (``gameshelf serve``), :mod:`.admin`,
and what every wing shares, :mod:`.config`, :mod:`.errors`,
:mod:`.collector`. The server speaks only the core protocol: there is no
per-game code here.
"""

from __future__ import annotations

from gameshelf.server.config import Settings

__all__ = ["Settings"]
