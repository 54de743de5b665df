"""Redis pub/sub between server workers: "table X moved".

Why only the table id: every worker rebuilds what it sends from the
database, so the message carries no state, cannot go stale, and a lost one
is caught by the workers' periodic check (``Server.watch``). Each worker
ignores its own messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("gameshelf.server")
CHANNEL = "gameshelf:tables"


class RedisBus:
    def __init__(self, url: str, on_change: Callable[[str], Awaitable[None]]) -> None:
        import redis.asyncio

        self.client: Any = redis.asyncio.Redis.from_url(url)
        self.on_change = on_change
        self.me = secrets.token_hex(8)
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._listen())

    async def publish(self, table_id: str) -> None:
        try:
            await self.client.publish(CHANNEL, json.dumps({"from": self.me, "table": table_id}))
        except Exception as exc:  # the database has the move; the watch will tell the others
            log.warning("redis publish failed: %s", exc)

    async def _listen(self) -> None:
        while True:
            try:
                pubsub = self.client.pubsub()
                await pubsub.subscribe(CHANNEL)
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    try:
                        data = json.loads(message["data"])
                        table, sender = data["table"], data["from"]
                    except (ValueError, KeyError, TypeError):
                        continue
                    if sender != self.me and isinstance(table, str):
                        await self.on_change(table)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("redis subscription lost (%s); retrying", exc)
                await asyncio.sleep(1.0)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        with contextlib.suppress(Exception):
            await self.client.aclose()
