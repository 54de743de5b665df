"""What a simulation leaves on disk, and reading it back for reports.

Layout of an output folder::

    job.json            the job's parameters (game, bots, seed, ...)
    records.jsonl       one game record per line, written as games finish,
                        so an interrupted job keeps every finished game;
                        each replays with ``gameshelf.replay``
    results.parquet     one row per seat per game (CSV when pyarrow is absent)
    items.parquet       one row per item a seat acquired (when the game
                        reports acquisitions)
    summary.json        the statistics ``gameshelf simulate`` printed

The long "one row per seat" shape is what every statistic groups by (bot,
seat, starter), and what pandas or DuckDB users expect.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from gameshelf.sim.job import GameResult, Job

SEAT_COLUMNS = (
    "game",
    "seed",
    "players",
    "seat",
    "bot",
    "score",
    "win_share",
    "place",
    "starter",
    "length",
    "seconds",
)
ITEM_COLUMNS = ("game", "seat", "bot", "item", "count", "win_share", "score")


def seat_rows(results: Iterable[GameResult]) -> list[dict[str, Any]]:
    rows = []
    for r in results:
        for seat, bot in enumerate(r.seats):
            rows.append(
                {
                    "game": r.index,
                    "seed": r.seed,
                    "players": len(r.seats),
                    "seat": seat,
                    "bot": bot,
                    "score": r.scores[seat],
                    "win_share": r.win_shares[seat],
                    "place": r.places[seat],
                    "starter": seat == r.starter,
                    "length": r.length,
                    "seconds": r.seconds,
                }
            )
    return rows


def item_rows(results: Iterable[GameResult]) -> list[dict[str, Any]]:
    rows = []
    for r in results:
        for seat, items in sorted((r.acquisitions or {}).items()):
            counts: dict[str, int] = {}
            for item in items:
                counts[item] = counts.get(item, 0) + 1
            for item, count in sorted(counts.items()):
                rows.append(
                    {
                        "game": r.index,
                        "seat": seat,
                        "bot": r.seats[seat],
                        "item": item,
                        "count": count,
                        "win_share": r.win_shares[seat],
                        "score": r.scores[seat],
                    }
                )
    return rows


class RecordWriter:
    """Writes each finished game's record to ``records.jsonl`` the moment it
    finishes (in finishing order; ``meta.index`` says which game it was).
    ``append`` adds to the file a resumed job found there."""

    def __init__(self, out: Path, *, release: bool = False, append: bool = False) -> None:
        self.release = release
        out.mkdir(parents=True, exist_ok=True)
        self.path = out / "records.jsonl"
        self._file = self.path.open("a" if append else "w", encoding="utf-8")

    def __call__(self, result: GameResult) -> None:
        self._file.write(json.dumps(result.record, ensure_ascii=False) + "\n")
        self._file.flush()
        if self.release:
            result.record = {}  # on disk now; 10,000 records need not stay in memory

    def close(self) -> None:
        self._file.close()


def write_job(job: Job, out: Path, extra: dict[str, Any] | None = None) -> None:
    out.mkdir(parents=True, exist_ok=True)
    data = {**job.to_json(), **(extra or {})}
    (out / "job.json").write_text(json.dumps(data, indent=1), encoding="utf-8")


def read_job(out: Path) -> dict[str, Any]:
    path = out / "job.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def write_tables(results: Sequence[GameResult], out: Path) -> list[Path]:
    """Write the seat and item tables; returns the files written."""
    written = [write_table(seat_rows(results), SEAT_COLUMNS, out / "results")]
    items = item_rows(results)
    if items:
        written.append(write_table(items, ITEM_COLUMNS, out / "items"))
    return written


def write_table(rows: list[dict[str, Any]], columns: Sequence[str], stem: Path) -> Path:
    """Parquet when pyarrow is installed, else CSV (same columns)."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        path = stem.with_suffix(".csv")
        with path.open("w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=list(columns))
            writer.writeheader()
            writer.writerows(rows)
        return path
    table = pa.table({c: [row[c] for row in rows] for c in columns})
    path = stem.with_suffix(".parquet")
    pq.write_table(table, path)
    return path


def read_table(stem: Path) -> list[dict[str, Any]] | None:
    """Rows of ``<stem>.parquet`` or ``<stem>.csv``; ``None`` if neither exists."""
    parquet, text = stem.with_suffix(".parquet"), stem.with_suffix(".csv")
    if parquet.exists():
        import pyarrow.parquet as pq

        rows: list[dict[str, Any]] = pq.read_table(parquet).to_pylist()
        return rows
    if text.exists():
        with text.open(encoding="utf-8") as f:
            return [_typed(row) for row in csv.DictReader(f)]
    return None


def _typed(row: dict[str, str]) -> dict[str, Any]:
    """CSV cells back to the types the Parquet table has."""
    out: dict[str, Any] = {}
    for key, value in row.items():
        if key in ("bot", "item"):
            out[key] = value
        elif key == "starter":
            out[key] = value == "True"
        elif key in ("score", "win_share", "place", "seconds"):
            out[key] = float(value)
        else:
            out[key] = int(value)
    return out
