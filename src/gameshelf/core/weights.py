"""A game's heuristic weights: named numbers in its ``data/heuristic.toml``.

Why a data file: nothing in a rulebook says what a cow or a card in hand is
worth to a bot; those numbers are a design decision that a tuner may rewrite
(``gameshelf tune``), not logic, so they live beside the game's other data.

Why a slot: bots reach a heuristic only through ``Game.evaluate`` and stay
game-agnostic, so rather than threading weights through every bot, a game's
heuristic reads its slot's ``current`` weights and a tuner swaps them.

The file: an optional ``status`` string ("designed" or "tuned") and tables
of ``name = number``; every number is >= 0 (a weight says how much
something counts, its sign is the code's business).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gameshelf.core.datafile import parse_toml, read_toml

if TYPE_CHECKING:
    from gameshelf.core.protocol import Game


class WeightsError(ValueError):
    """A weights file is malformed or does not match the game's weights."""


@dataclasses.dataclass(frozen=True)
class Weights:
    """Tables of named weights, e.g. ``weights["misc"]["die"]``."""

    tables: Mapping[str, Mapping[str, float]]

    def __getitem__(self, table: str) -> Mapping[str, float]:
        return self.tables[table]

    def flat(self) -> dict[str, float]:
        """``{"table.name": weight}``: the vector a tuner moves."""
        return {f"{t}.{k}": v for t, values in self.tables.items() for k, v in values.items()}

    def with_flat(self, flat: Mapping[str, float]) -> Weights:
        """A copy with the ``"table.name"`` weights of ``flat`` replaced."""
        tables = {t: dict(values) for t, values in self.tables.items()}
        for dotted, value in flat.items():
            table, _, key = dotted.partition(".")
            if key not in tables.get(table, {}):
                raise WeightsError(f"unknown heuristic weight {dotted!r}")
            tables[table][key] = float(value)
        return Weights(tables)

    def to_toml(self, status: str, comment: str) -> str:
        """The weights as the text of a ``heuristic.toml`` file."""
        lines = [f"# {line}".rstrip() for line in comment.splitlines()]
        lines += [f'status = "{status}"', ""]
        for table, values in self.tables.items():
            lines.append(f"[{table}]")
            lines += [f"{key} = {value!r}" for key, value in values.items()]  # exact: repr round-trips
            lines.append("")
        return "\n".join(lines)


def parse_weights(data: Mapping[str, Any], where: str, like: Weights | None = None) -> Weights:
    """Validated weights from a parsed file; with ``like``, the file must have
    exactly its tables and names (so a file for another game, or from before
    a weight was added, is refused rather than half-used)."""
    tables: dict[str, dict[str, float]] = {}
    for table, values in data.items():
        if table == "status":
            if not isinstance(values, str):
                raise WeightsError(f"{where}: status must be text, not {values!r}")
            continue
        if not isinstance(values, Mapping):
            raise WeightsError(f"{where}: {table} must be a table of weights")
        tables[table] = {}
        for key, value in values.items():
            if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
                raise WeightsError(f"{where}: [{table}] {key} must be a number >= 0, not {value!r}")
            tables[table][key] = float(value)
    if like is not None:
        expected, found = set(like.flat()), set(Weights(tables).flat())
        if expected != found:
            problems = [f"missing {', '.join(sorted(expected - found))}"] if expected - found else []
            problems += [f"unknown {', '.join(sorted(found - expected))}"] if found - expected else []
            raise WeightsError(f"{where}: does not match the game's weights ({'; '.join(problems)})")
    return Weights(tables)


class WeightSlot:
    """The weights a game's heuristic reads now (``current``), first the
    shipped ``data/heuristic.toml`` of ``package``."""

    def __init__(self, package: str) -> None:
        self.package = package
        where = f"{package}: data/heuristic.toml"
        self.shipped = parse_weights(
            read_toml(resources.files(package) / "data" / "heuristic.toml", where, WeightsError), where
        )
        self.current = self.shipped
        self._named: dict[str, Weights] = {}

    def named(self, name: str) -> Weights:
        """The weights of the package's ``data/heuristic-NAME.toml``, read
        once: a bot level may steer by weights of its own (``weights=NAME``)
        while the others keep the shipped ones.

        Raises:
            FileNotFoundError: the package has no such file.
            WeightsError: it does not hold exactly the shipped weights' names.
        """
        if name not in self._named:
            where = f"{self.package}: data/heuristic-{name}.toml"
            path = resources.files(self.package) / "data" / f"heuristic-{name}.toml"
            if not path.is_file():
                raise FileNotFoundError(where)
            self._named[name] = parse_weights(read_toml(path, where, WeightsError), where, like=self.shipped)
        return self._named[name]

    def use(self, weights: Weights) -> Weights:
        """Make ``weights`` current; returns the ones they replace."""
        previous, self.current = self.current, weights
        return previous

    def read(self, path: Path) -> Weights:
        """A weights file for this game (e.g. a tuner's output), validated."""
        return parse_weights(read_toml(path, str(path), WeightsError), str(path), like=self.shipped)

    def write(self, weights: Weights, path: Path, status: str, comment: str) -> None:
        """Write ``weights`` to ``path`` after checking they read back the same."""
        text = weights.to_toml(status, comment)
        if parse_weights(parse_toml(text, str(path), WeightsError), str(path), like=self.shipped) != weights:
            raise WeightsError(f"{path}: the weights did not survive a round trip through TOML")
        path.write_text(text, encoding="utf-8")


def weight_slot(game: Game) -> WeightSlot | None:
    """The tunable weights of ``game``'s declared heuristics; ``None`` for a
    game without heuristics or whose heuristics have no weights."""
    heuristics = game.heuristics()
    return None if heuristics is None else heuristics.weights


def unread_weights(slot: WeightSlot, values: Callable[[], list[float]]) -> list[str]:
    """The non-zero weights whose change (alone) leaves ``values()`` as it was.

    Why: a weight the heuristic never reads would be tuned for nothing and
    mislead whoever reads the file; a game's tests call this with positions
    that between them hold everything a weight is for, and expect ``[]``.
    """
    before = values()
    unread = []
    for name, value in slot.current.flat().items():
        if value == 0:
            continue
        # both ways: a term clipped at zero (a cost that is fully covered)
        # only shows a change in one direction
        if all(_values_with(slot, name, changed, values) == before for changed in (value * 2 + 0.5, value / 4)):
            unread.append(name)
    return unread


def _values_with(slot: WeightSlot, name: str, value: float, values: Callable[[], list[float]]) -> list[float]:
    previous = slot.use(slot.current.with_flat({name: value}))
    try:
        return values()
    finally:
        slot.use(previous)
