"""What one post-game analysis costs (issue 26): `gameshelf analyse` on a
finished game of each game at the default budget, next to one greedy
self-play game of the same game measured in the same run (the analysis's
play-outs are greedy games, so the ratio says how many play-outs it ran).

The budget is wall-clock and anytime, so on a loaded machine an analysis
still takes about its budget but plays fewer worlds: read the worlds per
decision beside the seconds, and the CPU seconds beside the wall seconds.
Every decision gets at least two worlds, so a long game can overrun the
budget; Dicey Farm adds its round review (the par solver, once per round).
A report, not a test.

Usage::

    python benchmarks/analysis.py                        # every game, default budget
    python benchmarks/analysis.py --game pay-dirt --budget 30
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from statistics import fmean

from gameshelf.analysis.analyse import DEFAULT_BUDGET_S, analyse_record
from gameshelf.bots import PlayerView
from gameshelf.bots.greedy import GreedyBot
from gameshelf.core.record import load_record, replay
from gameshelf.core.registry import load_game
from gameshelf.tools import coach

GOLDEN = Path(__file__).parents[1] / "tests" / "games"
RECORDS = {
    "dicey-farm": GOLDEN / "dicey_farm" / "golden" / "par-daily-2026-11-22.json",
    "filthy-rich": GOLDEN / "filthy_rich" / "golden" / "2p-seed2-heuristic.json",
    "pay-dirt": GOLDEN / "pay_dirt" / "golden" / "2p-seed11-greedy.json",
    "above-and-below": GOLDEN / "above_and_below" / "golden" / "2p-seed11.json",
}


def greedy_game(game_id: str, players: int, games: int = 5) -> float:
    """Mean wall seconds of a greedy self-play game (the reference); several,
    since one game may end early (a Filthy Rich luxury run)."""
    wall = time.perf_counter()
    for seed in range(games):
        state = load_game(game_id).new_game(players, seed)
        bots = [GreedyBot(seed=p) for p in range(players)]
        while not state.is_over:
            mover = state.current_player
            assert mover is not None
            state.apply_unchecked(bots[mover].choose(PlayerView(state, mover)))
    return (time.perf_counter() - wall) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(RECORDS), action="append")
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET_S)
    args = parser.parse_args()
    print(f"{'game':<17}{'decisions':>10}{'wall s':>9}{'cpu s':>8}{'worlds/dec':>11}"
          f"{'greedy game s':>14}{'ratio':>8}")
    for game_id in args.game or sorted(RECORDS):
        record = load_record(RECORDS[game_id])
        players = replay(record).players
        ref_wall = greedy_game(game_id, players)
        wall, cpu = time.perf_counter(), time.process_time()
        # as `gameshelf analyse` runs it: the game's own parts (whole choices, certain
        # losses, Dicey Farm's rounds) and the hard level's second opinion
        analysis = analyse_record(record, 0, budget_s=args.budget, coach=coach(game_id), plan_worlds=None)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        worlds = fmean(d.played.worlds for d in analysis.decisions)
        print(f"{game_id:<17}{len(analysis.decisions):>10}{wall:>9.1f}{cpu:>8.1f}{worlds:>11.1f}"
              f"{ref_wall:>14.2f}{wall / ref_wall:>8.0f}", flush=True)


if __name__ == "__main__":
    main()
