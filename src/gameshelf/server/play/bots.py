"""Bot turns, computed in a process pool so that a thinking bot never holds
up the event loop or other tables.

The worker gets the game record by value, rebuilds the state (keeping the
last one per table, so a long game against bots is not replayed from the
start at every turn), and returns the chosen action as JSON. Storing it is
the server's job: if the table moved on meanwhile, or another worker's bot
stored its move first, the unique ``(table_id, seq)`` refuses the late one.

The same workers answer hints (a person waits: one short budget on the
move pool) and compute finished games' analyses (:mod:`.analyses`). An
analysis runs for many seconds, so it goes to a pool of its own whose
process runs at a lower priority (``nice``): a bot's move or a hint never
queues behind it, and the operating system gives the move pool the CPU
first when both want it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import concurrent.futures.process
import multiprocessing
import os
from collections.abc import Callable
from typing import Any, TypeVar

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


def hint_moves(record: dict[str, Any], seat: int, budget_s: float, seed: int,
               top: int) -> list[dict[str, Any]]:
    """In a pool worker: the analysis engine's best moves for ``seat``
    at the record's end, best first, each ``{"action", "score", "win",
    "worlds"}`` (the play-outs behind the figures, issue 42). The
    analysis engine sees the seat's information only (it deals the
    hidden cards again per world), never the record's own deal."""
    from gameshelf.analysis import rank_moves
    from gameshelf.core.record import replay

    state = replay(record)
    return [{"action": e.action.to_json(), "score": e.expected_score, "win": e.win_chance, "worlds": e.worlds}
            for e in rank_moves(state, seat, budget_s=budget_s, seed=seed, top=top)]


def analyse_game(record: dict[str, Any], seat: int, budget_s: float,
                 worlds: int | None) -> dict[str, Any]:
    """In the background pool's worker: the seat's analysis, as JSON
    (``budget_s``: for the whole game, shared among its decisions)."""
    from gameshelf.analysis.analyse import analyse_record
    from gameshelf.tools import coach

    # the game's own parts: Dicey Farm's rounds against the par solver and its
    # certain losses; with a budget in seconds, the top mistakes are judged
    # again with the seat at the hard level (none when the worlds are fixed)
    return analyse_record(record, seat, budget_s=budget_s, worlds=worlds, coach=coach(str(record["game"])),
                          plan_worlds=None if worlds is None else 0).to_json()


def _warm() -> None:
    """Import the bots once per worker, before the first turn waits on it."""
    import gameshelf.bots
    import gameshelf.core.registry

    gameshelf.bots.bot_names()
    for game_id in gameshelf.core.registry.games():
        gameshelf.core.registry.load_game(game_id)


def _warm_low() -> None:
    """A background worker: below the move pool's priority, then warm."""
    os.nice(10)
    _warm()


T = TypeVar("T")


class BotPool:
    """Lazily started process pools: one for bot moves and hints, one (of
    ``background`` processes, niced) for analyses."""

    def __init__(self, workers: int, context: str = "forkserver", background: int = 1) -> None:
        self.workers = workers
        self.context = context
        self.background = background
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._slow: concurrent.futures.ProcessPoolExecutor | None = None

    def _background(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._slow is None:
            self._slow = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.background,
                mp_context=multiprocessing.get_context(self.context),
                initializer=_warm_low,
            )
        return self._slow

    async def hint(self, record: dict[str, Any], seat: int, budget_s: float, seed: int,
                   top: int = 3) -> list[dict[str, Any]]:
        """Top moves for a person who asked (on the move pool: they wait)."""
        return await self._run(False, hint_moves, record, seat, budget_s, seed, top)

    async def analyse(self, record: dict[str, Any], seat: int, budget_s: float,
                      worlds: int | None = None) -> dict[str, Any]:
        """A finished game's analysis for one seat (on the background pool)."""
        return await self._run(True, analyse_game, record, seat, budget_s, worlds)

    async def _run(self, slow: bool, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        pool = self._background if slow else self._executor
        try:
            return await loop.run_in_executor(pool(), fn, *args)
        except concurrent.futures.process.BrokenProcessPool:
            self._drop(slow)  # a worker died: start that pool afresh once
            return await loop.run_in_executor(pool(), fn, *args)

    def _drop(self, slow: bool) -> None:
        if slow:
            if self._slow is not None:
                # an analysis may think for minutes: its process is ended, not
                # waited for (its row is claimed again, see analyses.py)
                for process in list((self._slow._processes or {}).values()):
                    process.terminate()
                self._slow.shutdown(wait=False, cancel_futures=True)
                self._slow = None
        elif self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

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
        self._drop(False)
        self._drop(True)
