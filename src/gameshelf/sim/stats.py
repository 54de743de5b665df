"""The statistics of a simulation, from the seat and item tables.

Why Wilson intervals: win rates near 0 or 1 and small samples are the
normal case (a rare card, a lopsided match-up), and the textbook normal
interval then runs past [0, 1] or collapses to zero width. Ties count as
fractional wins (a two-way tie for first is half a win to each), so the
win rates of a game's seats always add up to one.

Everything returned is JSON-ready, so the same summary is printed by
``gameshelf simulate``, saved as ``summary.json`` and drawn by
``gameshelf report``.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import Any

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """(rate, low, high) of the Wilson score interval; fractional successes
    (split ties) are fine.

    Example:
        >>> [round(x, 3) for x in wilson(8, 10)]
        [0.8, 0.49, 0.943]
    """
    if n <= 0:
        return (math.nan, 0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (p, max(0.0, centre - half), min(1.0, centre + half))


def distribution(values: Sequence[float]) -> dict[str, float]:
    """Mean, spread and quartiles of a sample."""
    ordered = sorted(values)
    if len(ordered) >= 2:
        q1, median, q3 = statistics.quantiles(ordered, n=4, method="inclusive")
        p10 = statistics.quantiles(ordered, n=10, method="inclusive")[0]
        p90 = statistics.quantiles(ordered, n=10, method="inclusive")[-1]
        sd = statistics.stdev(ordered)
    else:
        q1 = median = q3 = p10 = p90 = ordered[0] if ordered else math.nan
        sd = 0.0
    return {
        "n": len(ordered),
        "mean": statistics.fmean(ordered) if ordered else math.nan,
        "sd": sd,
        "min": ordered[0] if ordered else math.nan,
        "p10": p10,
        "q1": q1,
        "median": median,
        "q3": q3,
        "p90": p90,
        "max": ordered[-1] if ordered else math.nan,
    }


def _win_entry(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    rate, low, high = wilson(sum(r["win_share"] for r in rows), len(rows))
    return {"n": len(rows), "win_rate": rate, "low": low, "high": high}


def _grouped(
    rows: Iterable[dict[str, Any]], key: Callable[[dict[str, Any]], Any]
) -> dict[Any, list[dict[str, Any]]]:
    groups: dict[Any, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[key(row)].append(row)
    return dict(sorted(groups.items()))


def summarize(
    seats: Sequence[dict[str, Any]],
    items: Sequence[dict[str, Any]] | None = None,
    *,
    min_item_count: int = 5,
) -> dict[str, Any]:
    """Every statistic the CLI prints and the report draws.

    Args:
        seats: rows of the seat table (one per seat per game).
        items: rows of the item table, or ``None`` when the game reports no
            acquisitions.
        min_item_count: items held in fewer seat-games are left out (their
            interval would say nothing).
    """
    if not seats:
        raise ValueError("no finished games to summarise")
    players = max(r["players"] for r in seats)
    solitaire = players == 1
    per_game = {r["game"]: r for r in seats}
    summary: dict[str, Any] = {
        "games": len(per_game),
        "players": players,
        "solitaire": solitaire,
        "bots": [
            {
                "bot": bot,
                **_win_entry(rows),
                "mean_place": statistics.fmean(r["place"] for r in rows),
                "score": distribution([r["score"] for r in rows]),
            }
            for bot, rows in _grouped(seats, lambda r: r["bot"]).items()
        ],
        "seats": [
            {"seat": seat, **_win_entry(rows), "score": distribution([r["score"] for r in rows])}
            for seat, rows in _grouped(seats, lambda r: r["seat"]).items()
        ],
        "length": distribution([r["length"] for r in per_game.values()]),
        "seconds_per_game": _mean_of_timed([r["seconds"] for r in per_game.values()]),
    }
    if not solitaire:
        first = _win_entry([r for r in seats if r["starter"]])
        first["expected"] = 1 / players
        first["advantage"] = first["win_rate"] - first["expected"]
        summary["first_player"] = first
    summary["items"] = (
        None if items is None else _item_stats(seats, items, solitaire, min_item_count)
    )
    return summary


def _mean_of_timed(seconds: Sequence[float]) -> float | None:
    """Mean play time of the games that have one: games resumed from records
    written before play times were kept have NaN, which says nothing."""
    timed = [s for s in seconds if not math.isnan(s)]
    return statistics.fmean(timed) if timed else None


def _item_stats(
    seats: Sequence[dict[str, Any]],
    items: Sequence[dict[str, Any]],
    solitaire: bool,
    min_count: int,
) -> list[dict[str, Any]]:
    """Per item: how the seats that acquired it did, against the field.

    In multiplayer that is the holders' win rate (the field's is 1/players);
    in solitaire it is their mean score against the others'. The others are
    taken bot by bot: each holder is compared with the seats *of the same
    bot* that did not acquire the item, so a strong bot that acquires more
    does not make every item look strong (in a job mixing random and greedy
    play, the pooled comparison mostly measured which bot played).
    """
    totals: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    for r in seats:
        totals[r["bot"]][0] += r["score"]
        totals[r["bot"]][1] += 1
    table = []
    for item, rows in _grouped(items, lambda r: r["item"]).items():
        if len(rows) < min_count:
            continue
        entry: dict[str, Any] = {"item": item, **_win_entry(rows)}
        entry["copies"] = sum(r["count"] for r in rows)
        entry["mean_score"] = statistics.fmean(r["score"] for r in rows)
        held: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
        for r in rows:
            held[r["bot"]][0] += r["score"]
            held[r["bot"]][1] += 1
        baseline = {
            bot: (totals[bot][0] - s) / (totals[bot][1] - n) if totals[bot][1] > n else math.nan
            for bot, (s, n) in held.items()
        }
        paired = [(r["score"], baseline[r["bot"]]) for r in rows if not math.isnan(baseline[r["bot"]])]
        entry["others_mean_score"] = statistics.fmean(b for _, b in paired) if paired else math.nan
        entry["score_lift"] = statistics.fmean(s - b for s, b in paired) if paired else math.nan
        table.append(entry)
    order = "score_lift" if solitaire else "win_rate"
    table.sort(key=lambda e: (-(e[order] if not math.isnan(e[order]) else -math.inf), e["item"]))
    return table
