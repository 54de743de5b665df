"""One simulation job, cut into self-contained games that any worker can play.

Why tasks carry everything (game id, lineup, seeds, plugin modules): a game
must come out the same in this process, in a pool worker or on a Ray node,
so a task may depend on nothing but its own fields. Seats rotate from game
to game so that every bot sits in every seat equally often; otherwise a
first-player advantage would be mistaken for a strong bot.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from importlib import import_module
from typing import Any

from gameshelf.bots import make_bot_from_spec, parse_bot_spec, play_bot_turn
from gameshelf.bots._outcome import rank_positions, win_shares
from gameshelf.core.protocol import State
from gameshelf.core.registry import load_game
from gameshelf.core.rng import derive_seed

_SEED_MASK = (1 << 31) - 1


@dataclasses.dataclass(frozen=True)
class Job:
    """What ``gameshelf simulate`` was asked to do.

    Args:
        game: game id.
        players: seats per game.
        bots: bot specs. Seat ``s`` of game ``i`` is played by
            ``bots[(i + s) % len(bots)]``: with as many bots as seats that
            rotates the seats; fewer bots repeat (``ismcts,random`` at 4
            players is i, r, i, r then r, i, r, i); more bots than seats (or
            a solitaire game) take turns from game to game.
        games: how many games.
        seed: the job seed; every game and bot seed derives from it.
        plugins: modules each worker imports first (games registered at run
            time, e.g. a fifth game that is not built in yet).
        max_steps: a game still running after this many moves is a bug.
    """

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    plugins: tuple[str, ...] = ()
    options: tuple[tuple[str, Any], ...] = ()
    max_steps: int = 100_000

    def __post_init__(self) -> None:
        if not self.bots:
            raise ValueError("a job needs at least one bot")
        if self.games < 1:
            raise ValueError("a job needs at least one game")
        for spec in self.bots:
            parse_bot_spec(spec)

    def seats(self, index: int) -> tuple[str, ...]:
        """Who plays each seat in game ``index``."""
        return tuple(self.bots[(index + s) % len(self.bots)] for s in range(self.players))

    def task(self, index: int) -> GameTask:
        return GameTask(
            game=self.game,
            players=self.players,
            seats=self.seats(index),
            index=index,
            seed=derive_seed("sim-game", self.seed, index) & _SEED_MASK,
            bot_seed=derive_seed("sim-bots", self.seed, index) & _SEED_MASK,
            plugins=self.plugins,
            options=self.options,
            max_steps=self.max_steps,
        )

    def tasks(self, skip: Sequence[int] = ()) -> list[GameTask]:
        done = set(skip)
        return [self.task(i) for i in range(self.games) if i not in done]

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["options"] = dict(self.options)
        return data


@dataclasses.dataclass(frozen=True)
class GameTask:
    """One game of a job: everything a worker needs to play it."""

    game: str
    players: int
    seats: tuple[str, ...]
    index: int
    seed: int
    bot_seed: int
    plugins: tuple[str, ...] = ()
    options: tuple[tuple[str, Any], ...] = ()
    max_steps: int = 100_000


@dataclasses.dataclass
class GameResult:
    """What one finished game contributes to the tables and the records."""

    index: int
    seed: int
    seats: list[str]
    scores: list[float]
    win_shares: list[float]
    places: list[float]
    starter: int
    length: int
    seconds: float
    acquisitions: dict[int, list[str]] | None
    record: dict[str, Any]


def load_plugins(plugins: Sequence[str]) -> None:
    for module in plugins:
        import_module(module)


def play_game(task: GameTask) -> GameResult:
    """Play one game to the end with the task's bots (runs in a worker)."""
    load_plugins(task.plugins)
    started = time.perf_counter()
    game = load_game(task.game)
    state = game.new_game(task.players, task.seed, dict(task.options))
    starter = state.current_player if state.current_player is not None else 0
    bots = [
        make_bot_from_spec(spec, seed=task.bot_seed + s, game=game)
        for s, spec in enumerate(task.seats)
    ]
    while not state.is_over:
        if len(state.history) >= task.max_steps:
            raise RuntimeError(
                f"{task.game} game {task.index} (seed {task.seed}) is not over after {task.max_steps} moves"
            )
        play_bot_turn(state, bots[state.current_player])  # type: ignore[index]
    seconds = time.perf_counter() - started
    record = state.record()
    record["meta"] = {"index": task.index, "bots": list(task.seats), "seconds": round(seconds, 3)}
    return finished_result(task, state, starter, seconds, record)


def finished_result(
    task: GameTask, state: State, starter: int, seconds: float, record: dict[str, Any]
) -> GameResult:
    """The result of ``task``'s finished game ``state``: shared by a worker
    that just played it and a resumed job that replayed its record, so both
    count a game the same way."""
    ranking = state.ranking()
    acquired = state.acquisitions()
    return GameResult(
        index=task.index,
        seed=task.seed,
        seats=list(task.seats),
        scores=[float(s) for s in state.scores()],
        win_shares=win_shares(ranking, task.players),
        places=rank_positions(ranking, task.players),
        starter=starter,
        length=len(state.history),
        seconds=seconds,
        acquisitions=None if acquired is None else {int(p): list(items) for p, items in acquired.items()},
        record=record,
    )


def play_games(tasks: Sequence[GameTask]) -> list[GameResult]:
    """A batch of games (the unit of work sent to a Ray node)."""
    return [play_game(t) for t in tasks]
