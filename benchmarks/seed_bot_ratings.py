"""Seed the bots' ratings: rated bot-versus-bot games of each multiplayer game.

Why: a rating means something only against others, and people arrive one
at a time. Each bot level (easy, normal, hard) of each game plays rated
games against the other levels here, through the server's own service and
rating hook (the same transaction that ends a game moves its ratings), so
the lobby can say "hard: 1,650" from the first day and a person sees how
far they are from each level. Seats get levels at random, so every pairing
(and a level against itself) occurs.

Usage::

    python benchmarks/seed_bot_ratings.py --db sqlite:///server.sqlite3 --games 100   # the real seeding
    python benchmarks/seed_bot_ratings.py --games 2 --game filthy-rich             # a quick look (throwaway DB)

Without ``--db`` it writes to a throwaway SQLite file, prints the table and
leaves the server's database alone. It prints each game's bot levels with
their shown rating, uncertainty and record, and how long the games took.

Why it resumes: a Pay Dirt ladder of 200 games takes about two hours of one
core, longer than a sitting. ``--games N`` counts the rated games the
database already holds for that game, and every game's table size and
levels come from its own index (``seed``, game, index), so a run stopped
by ``--minutes`` (between games) or killed (its unfinished table is played
on first) and started again with the same ``--db`` seats the table sizes and
levels one uninterrupted run would have (the deals and the bots' seeds are
the server's own, drawn fresh, as for any table)::

    python benchmarks/seed_bot_ratings.py --db sqlite:///benchmarks/runs/pay-dirt-ladder-seed6.sqlite3 \
        --games 200 --game pay-dirt --seed 6 --minutes 50
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from gameshelf.core.registry import load_game
from gameshelf.server import wire
from gameshelf.server.features import ratings
from gameshelf.server.play.bots import choose_move
from gameshelf.server.play.rows import OVER
from gameshelf.server.play.service import Service
from gameshelf.server.store.db import make_engine, migrate, tables

GAMES = ["filthy-rich", "pay-dirt", "above-and-below"]
LEVELS = ["easy", "normal", "hard"]


def play_one(service: Service, game_id: str, rng: random.Random) -> None:
    game = load_game(game_id)
    players = rng.randint(max(2, game.min_players), min(game.max_players, 4))
    seats: list[wire.Seat] = [wire.BotSeat(kind="bot", level=rng.choice(LEVELS))  # type: ignore[arg-type]
                                 for _ in range(players)]
    created = service.create_table(wire.CreateTable(game=game_id, players=players, seats=seats,
                                                       rated=True))
    play_on(service, created["id"])


def play_on(service: Service, table_id: str) -> None:
    """Let the bots play the table to its end (a new one, or one a killed run left)."""
    while (job := service.bot_job(table_id)) is not None:
        action = choose_move(job.table_id, job.record, job.level, job.bot_seed)
        if not service.submit_bot(job, action):
            raise RuntimeError(f"table {job.table_id}: a bot move was refused")


def rated_tables(service: Service, game_id: str) -> tuple[int, list[str]]:
    """How many rated tables of ``game_id`` the database holds, and the ids
    of those not over (a run killed mid-game leaves one)."""
    with service.engine.connect() as conn:
        rows = conn.execute(sa.select(tables.c.id, tables.c.status)
                            .where(tables.c.game == game_id, tables.c.rated)
                            .order_by(tables.c.created_at)).all()
    return len(rows), [row.id for row in rows if row.status != OVER]


def game_rng(seed: int, game_id: str, index: int) -> random.Random:
    """The draw of one game's table size and levels: its own, so a resumed
    run seats the levels an uninterrupted one would have."""
    return random.Random(f"{seed}:{game_id}:{index}")


def ladder_verdict(bots: list[dict[str, Any]]) -> str:
    """Whether the shown ratings put easy < normal < hard with no overlap of
    their shown uncertainty (rating ± uncertainty, as the lobby shows them):
    issue 26 asks for that of the bot ladder, and a person choosing a level
    reads exactly those figures."""
    by_level = {e["level"]: e for e in bots}
    missing = [level for level in LEVELS if level not in by_level]
    if missing:
        return f"not rated yet: {', '.join(missing)}"
    gaps = []
    for low, high in itertools.pairwise(LEVELS):
        top = by_level[low]["rating"] + by_level[low]["uncertainty"]
        bottom = by_level[high]["rating"] - by_level[high]["uncertainty"]
        gaps.append(f"{low} < {high}: {'yes' if top < bottom else 'NO'} ({top:,} vs {bottom:,})")
    verdict = "met" if all(": yes" in g for g in gaps) else "not met"
    return f"{verdict}; " + "; ".join(gaps)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="database URL (default: a throwaway SQLite file)")
    parser.add_argument("--games", type=int, default=30,
                        help="rated games per game in the database, counting those already there (default 30)")
    parser.add_argument("--game", action="append", choices=GAMES, help="only this game (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=None,
                        help="start no game after this many minutes; run again with the same --db to go on")
    args = parser.parse_args(argv)
    if args.games < 1 or (args.minutes is not None and not args.minutes > 0):
        parser.error("--games must be at least 1 and --minutes above 0")
    stop_at = None if args.minutes is None else time.monotonic() + 60 * args.minutes
    url = args.db or f"sqlite:///{Path(tempfile.mkdtemp(prefix='gameshelf-seed-')) / 'seed.sqlite3'}"
    engine = make_engine(url)
    migrate(engine)
    service = Service(engine)
    service.ending.append(ratings.on_game_end)
    try:
        for game_id in args.game or GAMES:
            start = time.perf_counter()
            held, unfinished = rated_tables(service, game_id)
            for table_id in unfinished:
                play_on(service, table_id)
            played = 0
            while held + played < args.games and (stop_at is None or time.monotonic() < stop_at):
                play_one(service, game_id, game_rng(args.seed, game_id, held + played))
                played += 1
            spent = time.perf_counter() - start
            done = held + played
            print(f"{game_id}: {done} of {args.games} rated bot games ({played} this run, "
                  f"{len(unfinished)} finished from before) in {spent:.1f} s "
                  f"({spent / max(1, played + len(unfinished)):.2f} s a game)"
                  + ("" if done >= args.games else "; stopped by --minutes: run again with the same --db"))
            bots = [e for e in ratings.leaderboard(engine, game_id) if e["kind"] == "bot"]
            for entry in bots:
                print(f"  {entry['level']:<7} {entry['rating']:>6,} ±{entry['uncertainty']:<4} "
                      f"games {entry['games']:>4}  wins {entry['wins']:>4}")
            print(f"  ladder: {ladder_verdict(bots)}")
    finally:
        service.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
