"""Balance figures for the designed deck, from simulated games.

Run ``python -m gameshelf.tools.filthy_rich.balance --games 200``. For each
policy (uniform random play, and one-step heuristic play on re-dealt copies
using ``heuristics.evaluate``) it prints:

* per card: how often it was acquired (played, bought or won at auction)
  and how often its acquirer went on to win, against the 1/players baseline
  (a card whose acquirers win far more than others decides games). The
  purchase that ends the game is left out: it is the win, not its cause.
  Lifts carry a selection bias (seats doing well acquire more), so compare
  cards with each other rather than with 1.0;
* the first seat's win rate with a 95% Wilson interval;
* game length in turns.

Why this and not a formula: the value of a sign depends on the book it
lands in, so simulated games are the honest test of the numbers in
``data/*.toml``. The figures in RULES.md come from this script.
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from gameshelf.core.actions import Action
from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream, derive_seed
from gameshelf.games.filthy_rich.heuristics import evaluate
from gameshelf.games.filthy_rich.state import FilthyRichState
from gameshelf.sim.stats import wilson

Policy = Callable[[FilthyRichState, Stream], Action]
ACQUIRE = ("filthy_rich.log.play", "filthy_rich.log.buy", "filthy_rich.log.sold")


def random_policy(state: FilthyRichState, stream: Stream) -> Action:
    return stream.choice(state.legal_actions())


def heuristic_policy(state: FilthyRichState, stream: Stream) -> Action:
    """The move whose result :func:`evaluate` likes best, judged on a copy
    re-dealt for the deciding seat (so it never sees the real dice)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.current_player
    assert seat is not None
    world = state.determinize(seat, stream.below(1 << 62))
    best: list[Action] = []
    top = -math.inf
    for action in legal:
        after = world.clone()
        after.apply_unchecked(action)
        value = evaluate(after, seat)  # type: ignore[arg-type]
        if value > top + 1e-9:
            top, best = value, [action]
        elif value > top - 1e-9:
            best.append(action)
    return stream.choice(best)


POLICIES: dict[str, Policy] = {"random": random_policy, "heuristic": heuristic_policy}


@dataclass
class Tally:
    games: int = 0
    first_seat_wins: int = 0
    by_count: dict[int, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    turns: list[int] = field(default_factory=list)
    baseline: float = 0.0  # sum of 1/players over acquisitions
    acquired: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    acquirer_won: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    expected: dict[str, float] = field(default_factory=lambda: defaultdict(float))


def play(players: int, seed: int, policy: Policy, options: dict[str, object] | None = None) -> FilthyRichState:
    """One full game with every seat using ``policy``."""
    state = load_game("filthy-rich").new_game(players, seed, options or {})
    assert isinstance(state, FilthyRichState)
    stream = Stream(derive_seed("balance", seed))
    while not state.is_over:
        state.apply_unchecked(policy(state, stream))
    return state


def record(tally: Tally, state: FilthyRichState) -> None:
    tally.games += 1
    tally.turns.append(state.turns)
    tally.first_seat_wins += state.winner == 0
    tally.by_count[state.players][0] += state.winner == 0
    tally.by_count[state.players][1] += 1
    seen: set[tuple[int, str]] = set()
    events = state.events
    for i, event in enumerate(events):
        if i + 1 < len(events) and events[i + 1].key == "filthy_rich.log.win-luxuries":
            continue  # the winning purchase is the win itself, not a cause of it
        if event.key in ACQUIRE:
            seat = event.params["player"] - 1
            key = str(event.params["card"]).rsplit(".", 1)[-1]
            if (seat, key) in seen:  # count each card once per acquirer and game
                continue
            seen.add((seat, key))
            tally.acquired[key] += 1
            tally.acquirer_won[key] += state.winner == seat
            tally.expected[key] += 1.0 / state.players


def report(name: str, tally: Tally, player_counts: Sequence[int]) -> str:
    lines = [f"== {name} play: {tally.games} games, players {', '.join(map(str, player_counts))}"]
    _, low, high = wilson(tally.first_seat_wins, tally.games)
    expected = sum(1 / n for n in player_counts) / len(player_counts)
    lines.append(
        f"first seat wins {tally.first_seat_wins / tally.games:.3f} "
        f"(95% CI {low:.3f}-{high:.3f}; fair share {expected:.3f})"
    )
    for n, (wins, games) in sorted(tally.by_count.items()):
        _, lo, hi = wilson(wins, games)
        lines.append(f"  {n} players: first seat wins {wins / games:.3f} (95% CI {lo:.3f}-{hi:.3f}; fair {1 / n:.3f})")
    turns = sorted(tally.turns)
    lines.append(
        f"game length: mean {statistics.mean(turns):.1f} turns, median {statistics.median(turns):.0f}, "
        f"10%-90% {turns[len(turns) // 10]}-{turns[(len(turns) * 9) // 10]}"
    )
    lines.append(f"{'card':<22}{'acquired':>9}{'won':>7}{'win rate':>10}{'lift':>7}")
    rows = []
    for key, n in tally.acquired.items():
        won = tally.acquirer_won[key]
        lift = won / tally.expected[key] if tally.expected[key] else 0.0
        rows.append((lift, key, n, won))
    for lift, key, n, won in sorted(rows, reverse=True):
        lines.append(f"{key:<22}{n:>9}{won:>7}{won / n:>10.3f}{lift:>7.2f}")
    return "\n".join(lines)


def run(games: int, player_counts: Sequence[int], policies: Sequence[str], seed: int = 0,
        options: dict[str, object] | None = None) -> dict[str, Tally]:
    out = {}
    for name in policies:
        tally = Tally()
        for i in range(games):
            players = player_counts[i % len(player_counts)]
            record(tally, play(players, seed + i, POLICIES[name], options))
        out[name] = tally
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per policy")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5])
    parser.add_argument("--policy", choices=[*POLICIES, "both"], default="both")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--single-tax", action="store_true", help="the one-tax-per-roll variant")
    args = parser.parse_args(argv)
    policies = list(POLICIES) if args.policy == "both" else [args.policy]
    options: dict[str, object] = {"single_tax": True} if args.single_tax else {}
    for name, tally in run(args.games, args.players, policies, args.seed, options).items():
        print(report(name, tally, args.players))
        print()


if __name__ == "__main__":
    main()
