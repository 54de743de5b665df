"""Ratings: OpenSkill (Plackett–Luce) per game, moved once per rated game.

Why OpenSkill rather than Elo: it rates games of 2 to 5 players and ties
directly. Why inside the transaction that stores the last move
(:meth:`on_game_end`, a hook of :class:`~gameshelf.server.play.service.Service`):
the game ends and the ratings move together or not at all, so a server
killed in between never loses a rating change, and the move log's unique
``(table_id, seq)`` (plus ``gs_rating_events``' primary key) means a
restarted or second worker can never count a game twice.

Who is rated: an account (subject ``a:<id>``) and each bot level
(``bot:<level>``), per game. A seat that left or timed out (a bot played
for it, or its clock ran out: the result's ``marked``) counts as last, as on
Board Game Arena, and the game is on its record. Two seats of one subject
(two "hard" bots) are rated as separate players from the same rating; the
subject then takes the mean of their new ratings.

Shown rating: ``1000 + 40 × ordinal`` where the ordinal is OpenSkill's
``mu − 3·sigma`` (a conservative estimate that rises as the uncertainty
falls), with ``40 × sigma`` beside it as the uncertainty.

Fair play (issue 41, ``fair.py``): an aborted game rates nobody. A rating
is *provisional* for a subject's first :data:`PROVISIONAL_GAMES` games of a
game: with OpenSkill's start (sigma 8.33) a two-player game moves a new
rating by about 100 shown points, and after ten games its uncertainty has
roughly halved, so before that a rating says little. Points won from a
provisional opponent (one ranked below the winner) are damped to
:data:`DAMPING` of the change, mean and uncertainty both (the shown rating
also rises as the uncertainty falls), so a pack of fresh accounts is a
poor source of points (lichess limits them the same way).
"""

from __future__ import annotations

import logging
import time
from typing import Any

import sqlalchemy as sa
from openskill.models import PlackettLuce
from sqlalchemy.engine import Connection, Engine, Row

from gameshelf.server.store.account_tables import accounts, rating_events, ratings
from gameshelf.server.store.db import reading

log = logging.getLogger("gameshelf.server")

MODEL = PlackettLuce()
BASE, SCALE = 1000.0, 40.0
#: a subject's first games of a game, during which its rating is provisional
PROVISIONAL_GAMES = 10
#: the share of a rise a player keeps when the game beat a provisional opponent
DAMPING = 0.5


def shown(mu: float, sigma: float) -> dict[str, Any]:
    """A rating as people read it: the scaled ordinal and its uncertainty."""
    return {"rating": round(BASE + SCALE * (mu - 3 * sigma)), "uncertainty": round(SCALE * sigma),
            "mu": round(mu, 4), "sigma": round(sigma, 4)}


def provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES


def _damped(before: Row[Any], mu: float, sigma: float, beat_provisional: bool) -> tuple[float, float]:
    """The new (mu, sigma), a rise damped to :data:`DAMPING` when it came
    from beating a provisional opponent."""
    rises = mu - 3 * sigma > before.mu - 3 * before.sigma
    if not (beat_provisional and rises):
        return mu, sigma
    return (before.mu + DAMPING * (mu - before.mu), before.sigma + DAMPING * (sigma - before.sigma))


def subject_of(seat_row: Row[Any]) -> str | None:
    """Who a seat's result rates (``None``: a guest, who is never rated)."""
    if seat_row.kind == "bot":
        return f"bot:{seat_row.level}"
    if seat_row.account_id is not None:
        return f"a:{seat_row.account_id}"
    return None


def ranks_of(result: dict[str, Any], players: int) -> list[int]:
    """Each seat's place (1 = first; ties share), leavers and timed-out
    seats moved below everyone else."""
    marked = result.get("marked") or {}
    gone = set(marked.get("bot_played", [])) | set(marked.get("timed_out", []))
    ranks = [0] * players
    place = 0
    for group in result["ranking"]:
        stay = [s for s in group if s not in gone]
        if stay:
            place += 1
            for s in stay:
                ranks[s] = place
    for s in gone:
        ranks[s] = place + 1
    return ranks


def _insert_missing(conn: Connection, game: str, subjects: list[str], now: float) -> None:
    """Each subject's first rating, unless a concurrent game made it first."""
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert  # type: ignore[assignment]
    rows = [{"game": game, "subject": s, "mu": MODEL.mu, "sigma": MODEL.sigma, "games": 0,
             "wins": 0, "updated_at": now} for s in subjects]
    conn.execute(insert(ratings).on_conflict_do_nothing(), rows)


def on_game_end(conn: Connection, row: Row[Any], seat_rows: list[Row[Any]],
                result: dict[str, Any]) -> None:
    """Move the ratings of a rated table that has just ended (in the
    transaction of its last move, or of its forfeit) and put the change in
    its result. An aborted game (``fair.py``) rates nobody."""
    if not row.rated or (result.get("ended") or {}).get("how") == "aborted":
        return
    subjects = [subject_of(s) for s in seat_rows]
    if any(s is None for s in subjects):  # cannot happen: a rated table seats accounts and bots
        log.error("rated table %s has a seat with no account; not rated", row.id)
        return
    named = [str(s) for s in subjects]
    now = time.time()
    distinct = sorted(set(named))  # one order for every transaction: no deadlock between two
    _insert_missing(conn, row.game, distinct, now)
    current = {r.subject: r for r in conn.execute(
        sa.select(ratings).where(ratings.c.game == row.game, ratings.c.subject.in_(distinct))
        .order_by(ratings.c.subject).with_for_update())}
    ranks = ranks_of(result, row.players)
    teams = [[MODEL.rating(mu=current[s].mu, sigma=current[s].sigma)] for s in named]
    new = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    after: dict[str, list[tuple[float, float]]] = {}
    for seat, (s, team) in enumerate(zip(named, new, strict=True)):
        beat_provisional = any(ranks[other] > ranks[seat] and provisional(current[x].games)
                               for other, x in enumerate(named) if x != s)
        after.setdefault(s, []).append(_damped(current[s], team[0].mu, team[0].sigma,
                                               beat_provisional))
    changes = []
    for seat, s in enumerate(named):
        before = current[s]
        mu = sum(m for m, _ in after[s]) / len(after[s])
        sigma = sum(g for _, g in after[s]) / len(after[s])
        conn.execute(rating_events.insert().values(
            table_id=row.id, seat=seat, game=row.game, subject=s, rank=ranks[seat],
            mu_before=before.mu, sigma_before=before.sigma, mu=mu, sigma=sigma, at=now))
        changes.append({"seat": seat, "before": shown(before.mu, before.sigma)["rating"],
                        "after": shown(mu, sigma)["rating"]})
    for s in distinct:
        mu = sum(m for m, _ in after[s]) / len(after[s])
        sigma = sum(g for _, g in after[s]) / len(after[s])
        won = sum(1 for seat, x in enumerate(named) if x == s and ranks[seat] == 1)
        conn.execute(ratings.update().where(ratings.c.game == row.game, ratings.c.subject == s)
                     .values(mu=mu, sigma=sigma, games=ratings.c.games + named.count(s),
                             wins=ratings.c.wins + won, updated_at=now))
    result["ratings"] = changes


def leaderboard(engine: Engine, game: str, limit: int = 100) -> list[dict[str, Any]]:
    """The game's rated players and bot levels, best shown rating first."""
    ordinal = ratings.c.mu - 3 * ratings.c.sigma
    with reading(engine) as conn:
        rows = list(conn.execute(
            sa.select(ratings, accounts.c.name, accounts.c.disabled)
            .select_from(ratings.outerjoin(
                accounts, ratings.c.subject == sa.literal("a:") + sa.cast(accounts.c.id, sa.String)))
            .where(ratings.c.game == game, ratings.c.games > 0)
            .order_by(ordinal.desc(), ratings.c.subject).limit(limit)))
    out: list[dict[str, Any]] = []
    for r in rows:
        if r.subject.startswith("bot:"):
            who = {"kind": "bot", "level": r.subject[4:], "name": None}
        elif r.name is None or r.disabled:
            continue
        else:
            who = {"kind": "account", "level": None, "name": r.name}
        out.append({"rank": len(out) + 1, **who, **shown(r.mu, r.sigma),
                    "games": r.games, "wins": r.wins, "provisional": provisional(r.games)})
    return out


def of_subject(conn: Connection, subject: str) -> list[dict[str, Any]]:
    """A subject's rating in each game it played, with its history."""
    out = []
    for r in conn.execute(sa.select(ratings).where(ratings.c.subject == subject,
                                                   ratings.c.games > 0).order_by(ratings.c.game)):
        history = [{"at": e.at, "table": e.table_id, **shown(e.mu, e.sigma)} for e in conn.execute(
            sa.select(rating_events.c.at, rating_events.c.table_id, rating_events.c.mu,
                      rating_events.c.sigma)
            .where(rating_events.c.subject == subject, rating_events.c.game == r.game)
            .order_by(rating_events.c.at, rating_events.c.table_id))]
        out.append({"game": r.game, **shown(r.mu, r.sigma), "games": r.games, "wins": r.wins,
                    "provisional": provisional(r.games), "history": history})
    return out
