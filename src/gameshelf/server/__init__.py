"""The game server: online play of every registered game over HTTP and
websockets, with tables kept in a database so that nothing lives only in
memory.

Layout: :mod:`.config` (where the database is), :mod:`.db` (tables and
migrations), :mod:`.store` (database access), :mod:`.live` (states rebuilt
by replay, moves, and what each viewer may see), :mod:`.bots` (bot moves in a
process pool), :mod:`.hub` (websockets), :mod:`.app` (the FastAPI routes) and
:mod:`.cli` (``gameshelf serve``). The server speaks only the core protocol:
there is no per-game code here.
"""

from __future__ import annotations

from gameshelf.server.config import Settings

__all__ = ["Settings"]
