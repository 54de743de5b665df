"""``gameshelf report``: the summary drawn as PNG plots and one HTML page.

Why one self-contained HTML file: a report gets mailed, attached to an
issue or opened from a CI artefact, so its images are embedded (base64)
and it needs no server and no network. matplotlib runs on the Agg back
end, so no display is needed either.
"""

from __future__ import annotations

import base64
import html
import math
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from gameshelf.sim.console import pct, play_time
from gameshelf.sim.names import item_label

TOP_ITEMS = 15
COLOURS = ("#4C72B0", "#DD8452", "#55A868", "#C44E52", "#8172B3", "#937860", "#DA8BC3")


def _save(fig: Any, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def _unit(x: Any) -> float:
    """``x`` as a number in [0, 1]; NaN (a group with no games) is 0."""
    value = float(x)
    return 0.0 if math.isnan(value) else min(1.0, max(0.0, value))


def interval_errors(entries: list[dict[str, Any]]) -> tuple[list[float], list[float], list[float]]:
    """Rates and the (below, above) error-bar lengths of their intervals.

    Why clamp: a Wilson bound computed in floating point lands a hair
    outside [0, 1] or past the rate itself (a bot that always or never wins),
    and matplotlib refuses a negative error length. Every value is kept in
    [0, 1] and every length at 0 or more, so the bars always draw.
    """
    rates = [_unit(e["win_rate"]) for e in entries]
    below = [max(0.0, r - _unit(e["low"])) for r, e in zip(rates, entries, strict=True)]
    above = [max(0.0, _unit(e["high"]) - r) for r, e in zip(rates, entries, strict=True)]
    return rates, below, above


def _win_bars(ax: Any, labels: list[str], entries: list[dict[str, Any]], fair: float) -> None:
    """Win rates as bars with their 95% Wilson intervals, and the fair line."""
    rates, below, above = interval_errors(entries)
    colours = [COLOURS[i % len(COLOURS)] for i in range(len(entries))]
    ax.bar(labels, rates, yerr=[below, above], capsize=6, color=colours)
    ax.axhline(fair, color="grey", linestyle="--", linewidth=1, label=f"fair share {fair:.0%}")
    ax.set_ylim(0, 1.16)  # headroom: a rate near 100% keeps its label clear of the legend
    ax.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    ax.set_ylabel("win rate (ties split)")
    ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    ax.legend(loc="upper left", fontsize=8)
    for i, rate in enumerate(rates):
        # above the interval's cap with a gap, so the label never sits on it
        ax.text(i, rate + above[i] + 0.03, f"{rate:.1%}", ha="center", va="bottom", fontsize=9)


def plot_win_rates(
    labels: list[str], entries: list[dict[str, Any]], fair: float, title: str, path: Path
) -> Path:
    """Bars of ``win_rate`` with their ``low``-``high`` intervals."""
    fig, ax = plt.subplots(figsize=(7, 4))
    _win_bars(ax, labels, entries, fair)
    ax.set_title(title)
    ax.tick_params(axis="x", labelrotation=15)
    return _save(fig, path)


def plot_bot_win_rates(summary: dict[str, Any], path: Path) -> Path:
    bots = summary["bots"]
    title = "Win rate per bot (95% Wilson interval)"
    return plot_win_rates([b["bot"] for b in bots], bots, 1 / summary["players"], title, path)


def plot_seat_win_rates(summary: dict[str, Any], path: Path) -> Path:
    fig, ax = plt.subplots(figsize=(7, 4))
    seats = summary["seats"]
    _win_bars(ax, [f"seat {s['seat'] + 1}" for s in seats], seats, 1 / summary["players"])
    ax.set_title("Win rate per seat: does going first pay?")
    return _save(fig, path)


def plot_score_distributions(
    scores_by_bot: dict[str, list[float]],
    path: Path,
    bands: list[tuple[float, str]] | None = None,
    title: str = "Score distribution per bot (box: quartiles, triangle: mean)",
) -> Path:
    """Box plots of each bot's scores; ``bands`` (lowest score, label),
    lowest first, shade a game's rank table behind them."""
    fig, ax = plt.subplots(figsize=(7, 4))
    labels = list(scores_by_bot)
    ax.boxplot([scores_by_bot[b] for b in labels], showmeans=True)
    ax.set_xticks(range(1, len(labels) + 1), labels, rotation=15)
    if bands:
        low, high = ax.get_ylim()
        for k, (start, label) in enumerate(bands):
            end = bands[k + 1][0] if k + 1 < len(bands) else high
            if end <= low or start >= high:
                continue
            ax.axhspan(max(start, low), min(end, high), color=COLOURS[k % len(COLOURS)], alpha=0.08, zorder=0)
            ax.text(len(labels) + 0.45, max(start, low), f" {label}", va="bottom", fontsize=8, color="grey")
        ax.set_ylim(low, high)
        ax.set_xlim(0.5, len(labels) + 1.1)
    ax.set_ylabel("final score")
    ax.set_title(title)
    return _save(fig, path)


def plot_game_lengths(lengths: list[int], path: Path) -> Path:
    fig, ax = plt.subplots(figsize=(7, 3.5))
    bins = min(40, max(5, len(set(lengths))))
    ax.hist(lengths, bins=bins, color=COLOURS[0], edgecolor="white")
    ax.set_xlabel("moves per game (every atomic decision)")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    return _save(fig, path)


def plot_items(summary: dict[str, Any], path: Path) -> Path:
    """Best and worst items: holders' win rate (or score lift in solitaire)."""
    items = summary["items"]
    shown = items if len(items) <= 2 * TOP_ITEMS else items[:TOP_ITEMS] + items[-TOP_ITEMS:]
    shown = list(reversed(shown))  # best at the top of a horizontal chart
    fig, ax = plt.subplots(figsize=(7.5, max(3.0, 0.32 * len(shown) + 1.2)))
    labels = [item_label(e) for e in shown]
    if summary["solitaire"]:
        values = [e["score_lift"] for e in shown]
        ax.barh(labels, values, color=[COLOURS[0] if v >= 0 else COLOURS[3] for v in values])
        ax.axvline(0, color="grey", linewidth=1)
        ax.set_xlabel("mean score of holders minus everybody else's")
        ax.set_title("Cards/tiles: score lift of the players who acquired them")
    else:
        values, below, above = interval_errors(shown)
        errors = [below, above]
        fair = 1 / summary["players"]
        ax.barh(
            labels,
            values,
            xerr=errors,
            capsize=3,
            color=[COLOURS[0] if v >= fair else COLOURS[3] for v in values],
        )
        ax.axvline(fair, color="grey", linestyle="--", linewidth=1, label=f"fair share {fair:.0%}")
        ax.xaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
        ax.set_xlim(0, 1)
        ax.legend(loc="lower right")
        ax.set_xlabel("win rate of the players who acquired it (95% CI)")
        ax.set_title("Cards/tiles: is one overpowered?")
    return _save(fig, path)


def write_plots(summary: dict[str, Any], seats: list[dict[str, Any]], out: Path) -> list[Path]:
    """Every PNG the report shows, written into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    scores: dict[str, list[float]] = {}
    for row in seats:
        scores.setdefault(row["bot"], []).append(row["score"])
    lengths = list({r["game"]: r["length"] for r in seats}.values())
    paths = []
    if not summary["solitaire"]:
        paths.append(plot_bot_win_rates(summary, out / "win_rate_by_bot.png"))
        paths.append(plot_seat_win_rates(summary, out / "win_rate_by_seat.png"))
    paths.append(plot_score_distributions(dict(sorted(scores.items())), out / "scores_by_bot.png"))
    paths.append(plot_game_lengths(lengths, out / "game_length.png"))
    if summary.get("items"):
        paths.append(plot_items(summary, out / "items.png"))
    return paths


# -- HTML -----------------------------------------------------------------------------------
def _table(header: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _fmt(x: float | None, spec: str = ".1f") -> str:
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else format(x, spec)


def _sections(summary: dict[str, Any]) -> list[str]:
    solitaire = summary["solitaire"]
    parts = []
    header = ["bot", "seat-games"] + ([] if solitaire else ["win rate [95% CI]", "mean place"])
    header += ["mean", "sd", "min", "q1", "median", "q3", "max"]
    rows = []
    for b in summary["bots"]:
        s = b["score"]
        row = [b["bot"], str(b["n"])] + (
            [] if solitaire else [pct(b), _fmt(b["mean_place"], ".2f")]
        )
        rows.append(row + [_fmt(s[k]) for k in ("mean", "sd", "min", "q1", "median", "q3", "max")])
    parts.append("<h2>Bots</h2>" + _table(header, rows))
    if not solitaire:
        rows = [
            [str(s["seat"] + 1), str(s["n"]), pct(s), _fmt(s["score"]["mean"])]
            for s in summary["seats"]
        ]
        first = summary["first_player"]
        parts.append(
            "<h2>Seats</h2>"
            + _table(["seat", "games", "win rate [95% CI]", "mean score"], rows)
            + f"<p>The first player wins {html.escape(pct(first))} against a fair "
            f"{first['expected']:.1%} (advantage {first['advantage']:+.1%}).</p>"
        )
    length = summary["length"]
    parts.append(
        f"<h2>Game length</h2><p>Mean {length['mean']:.1f} moves, median {length['median']:.0f}, "
        f"from {length['min']:.0f} to {length['max']:.0f}; "
        f"{play_time(summary)}.</p>"
    )
    items = summary.get("items")
    if items:
        header = ["item", "seat-games", "copies"] + ([] if solitaire else ["win rate [95% CI]"])
        header += ["mean score", "others", "lift"]
        rows = [
            [item_label(e), str(e["n"]), str(e["copies"])]
            + ([] if solitaire else [pct(e)])
            + [_fmt(e["mean_score"]), _fmt(e["others_mean_score"]), _fmt(e["score_lift"], "+.1f")]
            for e in items
        ]
        parts.append("<h2>Cards and tiles</h2>" + _table(header, rows))
    elif items is None:
        parts.append("<p>This game reports no acquisitions, so there is no per-card table.</p>")
    return parts


STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; color: #222; }
table { border-collapse: collapse; margin: .5rem 0 1.5rem; font-size: .9rem; }
th, td { border-bottom: 1px solid #ddd; padding: .25rem .6rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; display: block; margin: 1rem 0; }
code { background: #f4f4f4; padding: 0 .3rem; }
"""


def write_report(
    summary: dict[str, Any], job: dict[str, Any], out: Path, seats: list[dict[str, Any]]
) -> Path:
    """Write the PNGs and ``report.html`` (PNGs embedded) into ``out``."""
    images = write_plots(summary, seats, out)
    title = f"{job.get('game', 'simulation')}: {summary['games']} games"
    about = ", ".join(
        f"{k} <code>{html.escape(str(job[k]))}</code>"
        for k in ("game", "players", "bots", "games", "seed")
        if k in job
    )
    figures = "".join(
        f'<img alt="{html.escape(p.stem)}" src="data:image/png;base64,'
        f'{base64.b64encode(p.read_bytes()).decode("ascii")}">'
        for p in images
    )
    page = (
        f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1><p>{about}</p>"
        + "".join(_sections(summary))
        + f"<h2>Plots</h2>{figures}</body></html>"
    )
    path = out / "report.html"
    path.write_text(page, encoding="utf-8")
    return path
