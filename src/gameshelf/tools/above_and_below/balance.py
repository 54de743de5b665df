"""Balance figures for the designed Above and Below data, by simulation.

    python -m gameshelf.tools.above_and_below.balance --games 300 --bot greedy

prints, per player count: each seat's win rate with a 95% Wilson interval
(ties share the win), the score distribution and its make-up, and for every
building and villager how often it was acquired and how often its acquirer
won — the figures used to tune ``data/*.toml``.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from dataclasses import dataclass, field

from gameshelf.bots import PlayerView, make_bot_from_spec
from gameshelf.core.registry import load_game
from gameshelf.games.above_and_below.rules.scoring import score_sheet
from gameshelf.games.above_and_below.state import AboveAndBelowState
from gameshelf.sim.stats import wilson


@dataclass
class Tally:
    games: int = 0
    seat_wins: list[float] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    parts: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    #: card or villager -> [games acquired, wins of the acquirer]
    acquired: dict[str, list[float]] = field(default_factory=lambda: defaultdict(lambda: [0, 0.0]))


def play_one(players: int, seed: int, bot: str) -> AboveAndBelowState:
    state = load_game("above-and-below").new_game(players, seed)
    bots = [make_bot_from_spec(bot, seed=seed * 10 + p, game=state.game) for p in range(players)]
    while not state.is_over:
        p = state.current_player
        assert p is not None
        state.apply_unchecked(bots[p].choose(PlayerView(state, p)))
    return state  # type: ignore[return-value]


def record(tally: Tally, state: AboveAndBelowState) -> None:
    comp = state.comp
    winners = state.winners()
    share = 1.0 / len(winners)
    if not tally.seat_wins:
        tally.seat_wins = [0.0] * state.players
    tally.games += 1
    for p in winners:
        tally.seat_wins[p] += share
    for p, sheet in enumerate(score_sheet(state)):
        tally.scores.append(sheet["total"])
        for key in ("track", "buildings", "reputation", "cards"):
            tally.parts[key].append(sheet[key])
        village = state.villages[p]
        owned = [c for c in village.buildings if comp.buildings[c].category != "starting"]
        owned += [f"villager:{comp.villagers[v].type}" for v in village.villagers
                  if comp.villagers[v].group != "starting"]
        for key in set(owned):
            tally.acquired[key][0] += 1
            tally.acquired[key][1] += share if p in winners else 0.0


def report(players: int, tally: Tally, *, top: int) -> None:
    n = tally.games
    print(f"\n== {players} players, {n} games ==")
    for seat, wins in enumerate(tally.seat_wins):
        _, low, high = wilson(wins, n)
        print(f"seat {seat + 1}: win rate {wins / n:5.1%}  (95% CI {low:5.1%} – {high:5.1%}; fair {1 / players:.1%})")
    s = sorted(tally.scores)
    q = statistics.quantiles(s, n=4)
    print(f"scores: mean {statistics.mean(s):.1f}  sd {statistics.pstdev(s):.1f}  min {s[0]}  "
          f"q1 {q[0]:.0f}  median {q[1]:.0f}  q3 {q[2]:.0f}  max {s[-1]}")
    parts = "  ".join(f"{k} {statistics.mean(v):.1f}" for k, v in tally.parts.items())
    print(f"mean make-up: {parts}")
    expected = 1 / players
    rows = sorted(tally.acquired.items(), key=lambda kv: kv[1][1] / kv[1][0], reverse=True)
    print(f"acquirer win rates (acquired in ≥10 games; fair {expected:.1%}):")
    shown = [(k, a, w) for k, (a, w) in rows if a >= 10]
    for k, a, w in shown[:top] + ([("…", 0, 0)] if len(shown) > 2 * top else []) + shown[-top:]:
        if k == "…":
            print("   …")
            continue
        _, low, high = wilson(w, int(a))
        print(f"   {k:24s} taken in {int(a):4d} games  acquirer won {w / a:5.1%}  ({low:4.0%}–{high:4.0%})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--bot", default="random", help="bot spec for every seat: random, greedy, ismcts[iterations=40], ...")
    parser.add_argument("--top", type=int, default=8, help="cards shown at each end of the table")
    args = parser.parse_args(argv)
    for players in args.players:
        tally = Tally()
        for seed in range(args.games):
            record(tally, play_one(players, seed, args.bot))
        report(players, tally, top=args.top)


if __name__ == "__main__":
    main()
