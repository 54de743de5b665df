"""How sure an estimate is, and which mark a loss earns (issue 42).

Why one module: the analysis's marks, its "unclear", the racing that
decides where the next play-outs go and the hints' "almost certain" must
all read one table (``data/marks.toml``) and one rule, or the terminal, the
browser and a hint would disagree about the same move.

The rule: every estimate is a mean over play-outs, so it has a sample
count and a confidence interval (Student's t on the per-world values, the
spread pooled with a few pseudo-samples of a typical spread, so that two
play-outs that happen to agree never read as certain). A loss earns the
mark its mean falls in only when the interval's low end clears that mark's
threshold; otherwise it is "unclear" and unmarked. So a bigger loss never
gets a milder mark: it gets its own mark or, when the samples cannot tell,
none at all, and it says why.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Sequence
from importlib import resources
from statistics import fmean
from typing import Any

from gameshelf.core.datafile import read_toml

#: the marks, mildest first ("" is no mark)
MARKS = ("", "?!", "?", "??")
#: half the width of the interval of a single sample (it says nothing)
UNBOUNDED = 1e6


class MarksError(ValueError):
    """``analysis/data/marks.toml`` is malformed."""


@dataclasses.dataclass(frozen=True)
class Interval:
    """A mean with its sample count and a 90% interval (``low`` is also the
    one-sided 95% bound a mark needs). A certain figure has ``n == 0`` and
    ``low == mean == high``."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def certain(self) -> bool:
        return self.n == 0

    @staticmethod
    def exact(value: float) -> Interval:
        """A figure the rules decide, with no sampling behind it."""
        return Interval(value, value, value, 0)


@dataclasses.dataclass(frozen=True)
class Table:
    """``data/marks.toml`` read and checked."""

    thresholds: dict[str, tuple[float, float, float]]
    t95: tuple[float, ...]
    normal: float
    prior_weight: float
    spread: dict[str, float]
    sure_samples: int


@functools.cache
def table() -> Table:
    """The marks table (read once)."""
    path = resources.files("gameshelf.analysis") / "data" / "marks.toml"
    data = read_toml(path, "gameshelf.analysis: data/marks.toml", MarksError)
    thresholds: dict[str, tuple[float, float, float]] = {}
    for name, key in (("solo", "score"), ("multiplayer", "win")):
        values = data.get(name, {}).get(key)
        if (not isinstance(values, list) or len(values) != 3
                or not all(type(v) in (int, float) and v > 0 for v in values)
                or sorted(values) != values):
            raise MarksError(f"data/marks.toml: [{name}] {key} must be three rising positive numbers")
        thresholds[key] = (float(values[0]), float(values[1]), float(values[2]))
    iv: dict[str, Any] = data.get("interval", {})
    t95 = iv.get("t95")
    numbers = ("normal", "prior_weight", "win_sd", "score_sd")
    if (not isinstance(t95, list) or not t95 or not all(type(v) in (int, float) and v > 0 for v in t95)
            or not all(type(iv.get(k)) in (int, float) and iv[k] > 0 for k in numbers)):
        raise MarksError("data/marks.toml: [interval] needs t95 (positive numbers), normal, prior_weight, "
                         "win_sd and score_sd (positive numbers)")
    sure = data.get("hints", {}).get("sure_samples")
    if type(sure) is not int or sure < 1:
        raise MarksError("data/marks.toml: [hints] sure_samples must be a whole number of at least 1")
    return Table(thresholds, tuple(float(v) for v in t95), float(iv["normal"]), float(iv["prior_weight"]),
                 {"win": float(iv["win_sd"]), "score": float(iv["score_sd"])}, sure)


def thresholds(players: int) -> tuple[float, float, float]:
    """The least losses for "?!", "?" and "??": chance to win in
    multiplayer, expected score in solitaire."""
    return table().thresholds["score" if players == 1 else "win"]


def measure(players: int) -> str:
    """What a game's marks measure: ``"score"`` alone, else ``"win"``."""
    return "score" if players == 1 else "win"


def quantile(n: int) -> float:
    """The t quantile for a mean of ``n`` samples (n - 1 degrees of freedom)."""
    t95 = table().t95
    return t95[n - 2] if n - 2 < len(t95) else table().normal


def clipped(iv: Interval, low: float, high: float) -> Interval:
    """``iv`` kept within what the measure can be (a chance lies in 0..1,
    a difference of chances in -1..1): "a loss of 0%-308%" means nothing."""
    return Interval(iv.mean, max(low, iv.low), min(high, iv.high), iv.n)


def interval(values: Sequence[float], what: str) -> Interval:
    """The mean of ``values`` (play-outs of one move, or world-by-world
    differences of two) with its interval. ``what`` (``"win"`` or
    ``"score"``) picks the prior spread pooled in. One value, or none,
    says nothing: its interval is unbounded."""
    n = len(values)
    if n <= 1:
        # (n stays 1 for none too: 0 is kept for certain figures)
        mean = fmean(values) if values else 0.0
        return Interval(mean, mean - UNBOUNDED, mean + UNBOUNDED, 1)
    mean = fmean(values)
    tab = table()
    squares = sum((v - mean) ** 2 for v in values)
    pooled = (squares + tab.prior_weight * tab.spread[what] ** 2) / (n - 1 + tab.prior_weight)
    half = quantile(n) * math.sqrt(pooled / n)
    return Interval(mean, mean - half, mean + half, n)


def mark_for(loss: Interval, players: int) -> tuple[str, bool]:
    """The mark a loss earns and whether it is "unclear": the mark of the
    band its mean falls in, given only when the interval's low end clears
    that band's threshold too (a certain loss always does). Unclear: the
    mean reaches a mark but the interval does not."""
    least = thresholds(players)
    band = 0
    for k, threshold in enumerate(least, start=1):
        if loss.mean >= threshold - 1e-9:
            band = k
    if band == 0:
        return "", False
    if loss.certain or loss.low >= least[band - 1] - 1e-9:
        return MARKS[band], False
    return "", True
