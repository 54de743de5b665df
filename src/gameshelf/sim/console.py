"""The summary as rich tables on the terminal.

Why a module of its own: the statistics are data (``stats.summarize``); how
they look on a terminal is a separate job, and the HTML report draws the
same data differently.
"""

from __future__ import annotations

import math
from typing import Any

from rich.console import Console, Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from gameshelf.sim.names import item_label

TOP_ITEMS = 12


def pct(entry: dict[str, Any]) -> str:
    """``"54.2% [51.0–57.3]"``: a win rate with its 95% interval (a dash
    when there is none)."""
    if any(math.isnan(entry[k]) for k in ("win_rate", "low", "high")):
        return "–"
    return f"{entry['win_rate']:.1%} [{entry['low']:.1%}–{entry['high']:.1%}]"


def play_time(summary: dict[str, Any]) -> str:
    """The mean play time per game, or that no game of this folder kept one."""
    seconds = summary.get("seconds_per_game")
    return "play time not recorded" if seconds is None else f"{seconds:.2f} s of play per game"


def _num(x: float) -> str:
    """One decimal; a figure with no data (NaN: no other seat of that bot
    to compare with) reads as a dash, never ``nan``."""
    return "–" if math.isnan(x) else f"{x:.1f}"


def _signed(x: float) -> str:
    return "–" if math.isnan(x) else f"{x:+.1f}"


def summary_renderable(summary: dict[str, Any], title: str = "") -> Panel:
    parts: list[Any] = []
    solitaire = summary["solitaire"]
    bots = Table(title="Bots", title_justify="left")
    bots.add_column("bot", style="bold cyan", overflow="fold")
    bots.add_column("seat-games", justify="right")
    if not solitaire:
        bots.add_column("win rate [95% CI]", justify="right")
        bots.add_column("place", justify="right")
    for col in ("score mean ± sd", "median [q1–q3]", "min–max"):
        bots.add_column(col, justify="right")
    for b in summary["bots"]:
        s = b["score"]
        head = [escape(b["bot"]), str(b["n"])]
        if not solitaire:
            head += [pct(b), f"{b['mean_place']:.2f}"]
        bots.add_row(
            *head,
            f"{s['mean']:.1f} ± {s['sd']:.1f}",
            f"{s['median']:.1f} [{s['q1']:.1f}–{s['q3']:.1f}]",
            f"{s['min']:.0f}–{s['max']:.0f}",
        )
    parts.append(bots)

    if not solitaire:
        seats = Table(title="Seats", title_justify="left")
        for col in ("seat", "games", "win rate [95% CI]", "mean score"):
            seats.add_column(col, justify="right")
        for s in summary["seats"]:
            seats.add_row(str(s["seat"] + 1), str(s["n"]), pct(s), _num(s["score"]["mean"]))
        parts.append(seats)
        first = summary["first_player"]
        parts.append(
            f"First player wins {pct(first)} against a fair {first['expected']:.1%}"
            f" (advantage {first['advantage']:+.1%})."
        )

    length = summary["length"]
    parts.append(
        f"Game length: mean {length['mean']:.1f} moves (median {length['median']:.0f},"
        f" {length['min']:.0f}–{length['max']:.0f}); {play_time(summary)}."
    )

    items = summary.get("items")
    if items:
        parts.append(_items_table(items, solitaire))
    elif items is None:
        parts.append("[dim]This game reports no acquisitions, so there is no per-card table.[/]")
    return Panel(Group(*parts), title=title or f"{summary['games']} games", expand=False)


def _items_table(items: list[dict[str, Any]], solitaire: bool) -> Table:
    shown = items if len(items) <= 2 * TOP_ITEMS else items[:TOP_ITEMS] + items[-TOP_ITEMS:]
    label = "by score lift" if solitaire else "by win rate of the seats that acquired it"
    table = Table(title=f"Cards/tiles {label}", title_justify="left")
    table.add_column("item", style="bold")
    table.add_column("seat-games", justify="right")
    if not solitaire:
        table.add_column("win rate [95% CI]", justify="right")
    table.add_column("mean score", justify="right")
    table.add_column("others", justify="right")
    table.add_column("lift", justify="right")
    for e in shown:
        row = [escape(item_label(e)), str(e["n"])]
        if not solitaire:
            row.append(pct(e))
        row += [_num(e["mean_score"]), _num(e["others_mean_score"]), _signed(e["score_lift"])]
        table.add_row(*row)
    if len(shown) < len(items):
        table.caption = f"best and worst {TOP_ITEMS} of {len(items)}; all in summary.json"
    return table


def print_summary(summary: dict[str, Any], console: Console | None = None, title: str = "") -> None:
    (console or Console()).print(summary_renderable(summary, title))
