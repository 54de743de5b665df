"""Bot turns, computed in a process pool so that a thinking bot never holds
up the event loop or other tables.

The worker gets the game record by value, rebuilds the state (keeping the
last one per table, so a long game against bots is not replayed from the
start at every turn), and returns the chosen action as JSON. Storing it is
the server's job: if the table moved on meanwhile, or another worker's bot
stored its move first, the unique ``(table_id, seq)`` refuses the late one.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import concurrent.futures.process
import multiprocessing
from typing import Any

from gameshelf.core.protocol import State

_states: dict[str, State] = {}


def choose_move(table_id: str, record: dict[str, Any], level: str, bot_seed: int) -> dict[str, Any]:
    """In a pool worker: the move ``level`` plays at the record's end."""
    from gameshelf.bots import make_bot, play_bot_turn
    from gameshelf.core.record import replay

    actions = record["actions"]
    state = _states.pop(table_id, None)
    if (
        state is None
        or state.seed != record["seed"]
        or len(state.history) > len(actions)
        or [a.to_json() for a in state.history[-1:]] != actions[len(state.history) - 1 : len(state.history)]
    ):
        state = replay(record)
    else:
        game = state.game
        for obj in actions[len(state.history):]:
            state.apply(game.action_from_json(obj))
    bot = make_bot(level, seed=bot_seed, game=state.game)
    action = play_bot_turn(state, bot)
    if len(_states) > 64:
        _states.clear()
    _states[table_id] = state
    return action.to_json()


def _warm() -> None:
    """Import the bots once per worker, before the first turn waits on it."""
    import gameshelf.bots
    import gameshelf.core.registry

    gameshelf.bots.bot_names()
    for game_id in gameshelf.core.registry.games():
        gameshelf.core.registry.load_game(game_id)


class BotPool:
    """A lazily started process pool for bot moves."""

    def __init__(self, workers: int, context: str = "forkserver") -> None:
        self.workers = workers
        self.context = context
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context(self.context),
                initializer=_warm,
            )
        return self._pool

    async def choose(self, table_id: str, record: dict[str, Any], level: str,
                     bot_seed: int) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(
                self._executor(), choose_move, table_id, record, level, bot_seed
            )
        except concurrent.futures.process.BrokenProcessPool:
            # a worker died (killed, out of memory): start a fresh pool once
            self.close()
            return await loop.run_in_executor(
                self._executor(), choose_move, table_id, record, level, bot_seed
            )

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
