"""Adapter speed: random-play moves/s through each research adapter, next to
the engine's own figure measured in the same run.

Seconds are this process's CPU seconds (``time.process_time``), not wall
time: on a machine shared with other work, wall time measures the others'
load as much as ours.

Every figure counts moves (every seat's, as the engine benchmark does) per
second of random play: the engine through ``apply`` (checked, as the
adapters play) and ``apply_unchecked``; Gymnasium (one seat the agent, the
rest random bots, one observation tensor and mask per agent step);
PettingZoo (every seat an agent: ``last()``, i.e. a tensor and a mask, per
move); OpenSpiel (``legal_actions`` and ``apply_action``, no observation,
as OpenSpiel's own random simulations play). A report, not a test.

Usage::

    python benchmarks/adapters.py                  # every game, 3 players where allowed
    python benchmarks/adapters.py --seconds 1 --rounds 2 --json --game pay-dirt
    python benchmarks/adapters.py --breakdown 6     # where an adapter's time goes, per move
    python benchmarks/adapters.py --without-tensors # the adapters' own cost, tensors aside
    python benchmarks/adapters.py --bare            # adds what a move costs with no library at all

``--without-tensors`` is a diagnosis, not a result: every observation
tensor is replaced by zeros of its length (the engine rows are unchanged),
so the table shows how near the adapters' own machinery (masks, ids, the
libraries' bookkeeping and wrappers, the bots) comes to the engine before
any tensor is paid for.

``--bare`` is the other diagnosis: it adds two rows that play with no
library around the game, only what any adapter handing out a mask (and a
tensor) at every move must do: the mask from ``LegalNow``, an id picked from
it and played through ``LegalNow.play``, and, in the second, the seat's
tensor from ``SeatTensors`` first. The second is as near the engine as a
PettingZoo environment could come if PettingZoo's own machinery (wrappers,
``agent_iter``, ``last()``, the reward and flag dicts) cost nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from gameshelf.core.registry import games, load_game


@dataclass
class Row:
    game: str
    players: int
    moves_per_s: dict[str, float] = field(default_factory=dict)

    def ratio(self, name: str, base: str = "engine (apply)") -> float:
        return self.moves_per_s[name] / self.moves_per_s[base]


def timed(play_one: Callable[[int], int], seconds: float, first_seed: int = 0) -> tuple[int, float, int]:
    """Play games (``play_one(seed)`` returns its move count) for ``seconds``;
    returns (moves, elapsed seconds, next seed)."""
    moves = 0
    seed = first_seed
    start = time.process_time()
    while time.process_time() - start < seconds or seed == first_seed:
        moves += play_one(seed)
        seed += 1
    return moves, time.process_time() - start, seed


def engine(game_id: str, players: int, *, checked: bool) -> Callable[[int], int]:
    game = load_game(game_id)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_game(players, seed)
        step = state.apply if checked else state.apply_unchecked
        while not state.is_over:
            step(rng.choice(state.legal_actions()))
        return len(state.history)

    return play


def gymnasium_env(game_id: str, players: int) -> Callable[[int], int]:
    from gameshelf.rl.gymnasium import GameshelfEnv

    env = GameshelfEnv(game_id, players=players, opponents="random")

    def play(seed: int) -> int:
        rng = random.Random(seed)
        _, info = env.reset(seed=seed)
        terminated = False
        while not terminated:
            legal = info["action_mask"].nonzero()[0]
            _, _, terminated, _, info = env.step(int(legal[rng.randrange(len(legal))]))
        assert env.state is not None
        return len(env.state.history)

    return play


def pettingzoo_env(game_id: str, players: int) -> Callable[[int], int]:
    from gameshelf.rl.pettingzoo import env as make_env

    env = make_env(game_id, players=players)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
        return len(env.unwrapped.state.history)

    return play


def openspiel_game(game_id: str, players: int) -> Callable[[int], int]:
    import pyspiel

    from gameshelf.rl.openspiel import game_name

    game = pyspiel.load_game(game_name(game_id), {"players": players})

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.randrange(256))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        return len(state.engine.history)

    return play


def bare(game_id: str, players: int, *, tensor: bool) -> Callable[[int], int]:
    """Random play through what an AEC adapter must do at every move and
    nothing else (see ``--bare``): the mask, the seat's tensor if ``tensor``,
    an id picked from the mask as the benchmark's agents pick it, played
    through ``LegalNow.play`` as the adapters play it."""
    from gameshelf.rl._common import LegalNow, SeatTensors

    game = load_game(game_id)
    tensors = SeatTensors()

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state, legal = game.new_game(players, seed), LegalNow()
        while not state.is_over:
            if tensor:
                tensors(state, state.current_player)
            ids = legal.mask(state).nonzero()[0]
            legal.play(state, int(ids[rng.randrange(len(ids))]))
        return len(state.history)

    return play


def breakdown(game_id: str, players: int, games: int) -> dict[str, float]:
    """CPU microseconds per move of what an adapter adds to a move: the
    seat's tensor as the adapters take it (the game's state encoder, one
    kept per seat), the legal-action mask; next to the checked move, and to
    the reference path the tensor used to take (the seat's observation, log
    set aside, then its encoding)."""
    from gameshelf.core.tensor import encode
    from gameshelf.rl._common import LegalNow, SeatTensors

    game = load_game(game_id)
    keys = ("move (apply)", "tensor (state encoder)", "mask", "reference: observation", "reference: encoding")
    spent = dict.fromkeys(keys, 0.0)
    moves = 0
    clock = time.process_time
    tensors = SeatTensors()
    for seed in range(games):
        state, rng, legal = game.new_game(players, seed), random.Random(seed), LegalNow()
        while not state.is_over:
            t0 = clock()
            tensors(state, state.current_player)
            t1 = clock()
            legal.mask(state)
            t2 = clock()
            events, state.events = state.events, []
            seen = state.observation(state.current_player)
            state.events = events
            t3 = clock()
            encode(game, seen)
            t4 = clock()
            state.apply(rng.choice(state.legal_actions()))
            t5 = clock()
            for key, dt in zip(spent, (t5 - t4, t1 - t0, t2 - t1, t3 - t2, t4 - t3), strict=True):
                spent[key] += dt
            moves += 1
    return {key: total / moves * 1e6 for key, total in spent.items()}


@contextlib.contextmanager
def tensors_stubbed() -> Iterator[None]:
    """While inside, every adapter's observation tensor is zeros of its
    length (for ``--without-tensors``): the adapters keep their tensors in
    ``SeatTensors``, so that is the one place to replace, and it is put
    back on the way out."""
    import numpy as np

    from gameshelf.core.tensor import tensor_size
    from gameshelf.rl._common import SeatTensors

    zeros: dict[str, np.ndarray] = {}

    def stub(self: SeatTensors, state: Any, seat: int | None) -> np.ndarray:
        found = zeros.get(state.game.id)
        if found is None:
            found = zeros[state.game.id] = np.zeros(tensor_size(state.game), np.float32)
        return found.copy()

    real = SeatTensors.__call__
    SeatTensors.__call__ = stub  # type: ignore[method-assign]
    try:
        yield
    finally:
        SeatTensors.__call__ = real  # type: ignore[method-assign]


ADAPTERS: dict[str, Callable[[str, int], Callable[[int], int]]] = {
    "engine (apply)": lambda g, p: engine(g, p, checked=True),
    "engine (apply_unchecked)": lambda g, p: engine(g, p, checked=False),
    "gymnasium": gymnasium_env,
    "pettingzoo": pettingzoo_env,
    "openspiel": openspiel_game,
}


#: the rows ``--bare`` adds (see the module's docstring).
BARE: dict[str, Callable[[str, int], Callable[[int], int]]] = {
    "bare (mask, play)": lambda g, p: bare(g, p, tensor=False),
    "bare (mask, tensor, play)": lambda g, p: bare(g, p, tensor=True),
}


def measure(game_id: str, players: int, seconds: float, rounds: int,
            adapters: dict[str, Callable[[str, int], Callable[[int], int]]] = ADAPTERS) -> Row:
    """Each adapter plays ``rounds`` slices of ``seconds / rounds``, taking
    turns, so a machine whose load drifts slows every adapter alike."""
    players_of = {name: make(game_id, players) for name, make in adapters.items()}
    totals = {name: [0, 0.0, 0] for name in adapters}
    for _ in range(rounds):
        for name, play in players_of.items():
            moves, elapsed, seed = timed(play, seconds / rounds, int(totals[name][2]))
            totals[name] = [totals[name][0] + moves, totals[name][1] + elapsed, seed]
    print(f"measured {game_id} ({players}p)", file=sys.stderr)
    return Row(game_id, players, {name: t[0] / t[1] for name, t in totals.items()})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--game", action="append", help="only these game ids")
    parser.add_argument("--rounds", type=int, default=3, help="turns each adapter takes (spreads load drift)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--breakdown", type=int, metavar="GAMES", default=0,
                        help="instead: CPU us per move of a move, the tensor, the mask and the old tensor path")
    parser.add_argument("--without-tensors", action="store_true",
                        help="diagnosis: every observation tensor replaced by zeros of its length")
    parser.add_argument("--bare", action="store_true",
                        help="diagnosis: add random play through a mask (and a tensor) and no library")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds positive")
    if args.breakdown:
        return print_breakdown(args.game or games(), args.breakdown, as_json=args.json)
    rows = []
    adapters = {**ADAPTERS, **BARE} if args.bare else ADAPTERS
    with tensors_stubbed() if args.without_tensors else contextlib.nullcontext():
        for game_id in args.game or games():
            game = load_game(game_id)
            players = max(game.min_players, min(3, game.max_players))
            rows.append(measure(game_id, players, args.seconds, args.rounds, adapters))
    if args.json:
        print(json.dumps([asdict(r) for r in rows], indent=1))
        return 0
    print("| game | players | " + " | ".join(adapters) + " |")
    print("|---|---|" + "---|" * len(adapters))
    for r in rows:
        cells = [f"{r.moves_per_s[n]:,.0f} ({r.ratio(n):.0%})" for n in adapters]
        print(f"| {r.game} | {r.players} | " + " | ".join(cells) + " |")
    print("\nmoves/s of random play; in brackets, the share of the engine's own figure through apply")
    if args.without_tensors:
        print("(--without-tensors: every observation tensor replaced by zeros; a diagnosis, not a result)")
    if args.bare:
        print("(bare: a mask, a tensor and the move at every move, no library around them; a diagnosis)")
    return 0


def print_breakdown(game_ids: list[str], n_games: int, *, as_json: bool) -> int:
    table = {}
    for game_id in game_ids:
        game = load_game(game_id)
        table[game_id] = breakdown(game_id, max(game.min_players, min(3, game.max_players)), n_games)
    if as_json:
        print(json.dumps(table, indent=1))
        return 0
    keys = list(next(iter(table.values())))
    print("| game | " + " | ".join(keys) + " |")
    print("|---|" + "---|" * len(keys))
    for game_id, costs in table.items():
        print(f"| {game_id} | " + " | ".join(f"{costs[k]:.0f} µs" for k in keys) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
