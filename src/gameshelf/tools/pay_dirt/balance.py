"""Balance figures from simulated games (``python -m gameshelf.tools.pay_dirt.balance``).

Plays seeded games between bots and prints what tuning the designed
components needs: how many rounds a game lasts, the winning gold, how often
the buyer of each lot went on to win (no single purchase should decide the
game), and how the seats fare (first-seat advantage).

Example:
    python -m gameshelf.tools.pay_dirt.balance --games 200 --players 3 --bot greedy
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from gameshelf.bots import PlayerView, make_bot
from gameshelf.core.registry import load_game
from gameshelf.games.pay_dirt.actions import Install, Scrap
from gameshelf.games.pay_dirt.state import PayDirtState


@dataclass
class Tally:
    games: int = 0
    rounds: Counter[int] = field(default_factory=Counter)
    winner_gold: list[int] = field(default_factory=list)
    all_gold: list[int] = field(default_factory=list)
    seat_wins: Counter[tuple[int, int]] = field(default_factory=Counter)
    seat_games: Counter[tuple[int, int]] = field(default_factory=Counter)
    bought: Counter[str] = field(default_factory=Counter)
    bought_won: Counter[str] = field(default_factory=Counter)
    actions: int = 0


def play(players: int, seed: int, bot: str, noise: float) -> tuple[PayDirtState, list[tuple[int, str]]]:
    """One seeded game; returns the final state and (buyer, lot) purchases,
    read from the "won" events (an auctioneer can win without any bidding)."""
    state = load_game("pay-dirt").new_game(players, seed)
    assert isinstance(state, PayDirtState)
    bots = [make_bot(bot, seed=seed * 10 + p, game=state.game, noise=noise) for p in range(players)]
    purchases: list[tuple[int, str]] = []
    while not state.is_over:
        p = state.current_player
        assert p is not None
        action = bots[p].choose(PlayerView(state, p))
        seen = len(state.events)
        state.apply(action, p)
        for event in state.events[seen:]:
            if event.key == "pay_dirt.log.won":
                row = str(event.params["row"]).rsplit(".", 1)[1]  # "@pay_dirt.row.claims"
                purchases.append((int(event.params["player"]) - 1, f"{row}:{event.params['id']}"))
        if isinstance(action, Install | Scrap):
            buyer, name = purchases[-1]
            purchases[-1] = (buyer, f"{name}:{action.kind}")
    return state, purchases


def simulate(games: int, player_counts: Iterable[int], bot: str, noise: float, seed: int = 0) -> Tally:
    tally = Tally()
    counts = list(player_counts)
    for g in range(games):
        players = counts[g % len(counts)]
        state, purchases = play(players, seed + g, bot, noise)
        tally.games += 1
        tally.actions += len(state.history)
        tally.rounds[state.round] += 1
        winner = state.winners()[0]
        tally.winner_gold.append(state.camps[winner].gold)
        tally.all_gold += [c.gold for c in state.camps]
        for p in range(players):
            tally.seat_games[players, p] += 1
        tally.seat_wins[players, winner] += 1
        for buyer, name in purchases:
            tally.bought[name] += 1
            tally.bought_won[name] += buyer == winner
    return tally


def report(t: Tally) -> str:
    lines = [f"games: {t.games}   decisions per game: {t.actions / max(1, t.games):.0f}"]
    lines.append("rounds per game: " + "  ".join(f"{r}:{c}" for r, c in sorted(t.rounds.items())))
    mean_rounds = sum(r * c for r, c in t.rounds.items()) / max(1, t.games)
    lines.append(f"mean rounds: {mean_rounds:.2f}")
    wg = sorted(t.winner_gold)
    lines.append(
        f"winner's gold: mean {sum(wg) / len(wg):.1f}  median {wg[len(wg) // 2]}  "
        f"range {wg[0]}-{wg[-1]};  mean gold per player {sum(t.all_gold) / len(t.all_gold):.1f}"
    )
    for n in sorted({n for n, _ in t.seat_games}):
        games = t.seat_games[n, 0]
        rates = "  ".join(f"{t.seat_wins[n, p] / games:.2f}" for p in range(n))
        lines.append(f"{n} players ({games} games): seat win rates {rates}   (fair {1 / n:.2f})")
    lines.append("purchases (bought n times, buyer won %), sorted by buyer win rate:")
    rows = sorted(t.bought, key=lambda k: -t.bought_won[k] / t.bought[k])
    for name in rows:
        if t.bought[name] >= 5:
            lines.append(f"  {name:34s} {t.bought[name]:5d}  {100 * t.bought_won[name] / t.bought[name]:5.1f}%")
    by_row: defaultdict[str, list[int]] = defaultdict(lambda: [0, 0])
    for name, n in t.bought.items():
        by_row[name.split(":")[0]][0] += n
        by_row[name.split(":")[0]][1] += t.bought_won[name]
    lines.append("by row: " + "  ".join(f"{r}: {w / n:.2f} of {n}" for r, (n, w) in sorted(by_row.items())))
    return "\n".join(lines)


def speed(seconds: float = 3.0) -> str:
    """Random-playout steps per second, clones per second and legal-action
    lists per second (the figures search bots depend on)."""
    import time

    from gameshelf.core.rng import Stream

    game = load_game("pay-dirt")
    stream = Stream(7)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_game(2 + games % 4, games)
        while not state.is_over:
            state.apply_unchecked(stream.choice(state.legal_actions()))
            steps += 1
        games += 1
    playout = steps / (time.perf_counter() - start)
    state = game.new_game(4, 1)
    for _ in range(60):
        state.apply_unchecked(stream.choice(state.legal_actions()))
    start = time.perf_counter()
    n = 0
    while time.perf_counter() - start < seconds / 3:
        state.clone()
        n += 1
    clones = n / (time.perf_counter() - start)
    return f"random playouts: {playout:,.0f} steps/s over {games} games; clone: {clones:,.0f}/s"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5])
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--noise", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--speed", action="store_true", help="measure playout speed instead")
    args = parser.parse_args(argv)
    if args.speed:
        print(speed())
        return
    tally = simulate(args.games, args.players, args.bot, args.noise, args.seed)
    print(report(tally))


if __name__ == "__main__":
    main()
