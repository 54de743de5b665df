"""The numbered move list, shared by local play and ``gameshelf connect``.

Why folding (issue 43): a Pay Dirt auctioneer may open any of nine lots at
several prices, 34 lines of "Open Equipment #1 at $5,000", which left no
room for the lots themselves at 80×24. A long list folds each run of moves
that read the same but for one number into one line, "1–3) Open Equipment
#1 at $5,000…$7,000 (one number per $1,000)". The numbers stay those of
the moves (``2`` is still $6,000), so folding changes what is shown, never
what a number means. A short list is never folded: there every move keeps
its own line.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

from gameshelf.core.i18n import t
from gameshelf.terminal.fold import Folded

#: a list longer than this goes into columns, so a long list still fits a 30-line screen
LIST_ROWS = 8
#: screen lines a real terminal keeps beside the list: the turn's rule, the board's first
#: lines and "d shows the rest", the prompt (see :class:`MoveList`)
SCREEN_RESERVE = 6
#: a list longer than this folds its runs of like moves (see the module's docstring)
FOLD_OVER = 16
#: the fewest like moves worth a folded line (two: "$8,000, $9,000" on one line)
FOLD_RUN = 2
#: the fewest steps of one size shown as a range ("$3,000…$5,000"), not one by one
RANGE_RUN = 3

_NUMBER = re.compile(r"(\d[\d,]*)")


@dataclass(frozen=True)
class Entry:
    """One line of the list: the moves ``first``..``last`` (1-based) and its text."""

    first: int
    last: int
    text: str
    note: str = ""

    @property
    def label(self) -> str:
        return f"{self.first})" if self.first == self.last else f"{self.first}–{self.last})"


def usual_first(items: Sequence[Any], kind: Any, first: Sequence[str]) -> list[Any]:
    """``items`` with those whose action type (``kind(item)``) is in ``first``
    moved to the front in that order, the rest in the engine's order.

    Why: the engine lists moves in its id order, so a new kind of move
    (selling a business) can land before the usual one (the roll) and take
    its number; a number a player types by reflex must keep meaning the
    same move within a phase. Local play and ``connect`` number through this
    one function, so both show the same numbers."""
    rank = {name: k for k, name in enumerate(first)}
    return sorted(items, key=lambda item: rank.get(kind(item), len(rank)))


def _parts(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The sentence's words between its numbers, and its numbers."""
    pieces = _NUMBER.split(text)
    return tuple(pieces[0::2]), tuple(pieces[1::2])


def _varying(a: str, b: str) -> int | None:
    """The index of the one number in which sentences ``a`` and ``b``
    differ, when they differ in exactly one number and nothing else."""
    (words_a, numbers_a), (words_b, numbers_b) = _parts(a), _parts(b)
    if words_a != words_b or len(numbers_a) != len(numbers_b):
        return None
    diff = [k for k, (x, y) in enumerate(zip(numbers_a, numbers_b, strict=True)) if x != y]
    return diff[0] if len(diff) == 1 else None


def _value(number: str) -> int:
    return int(number.replace(",", ""))


def _symbols(text: str, *, tail: bool) -> str:
    """The currency or unit marks that stick to a number ("$", "#", "°"),
    never punctuation ("、", ","): the marks at the end (``tail``) or the
    start of ``text``."""
    chars = reversed(text) if tail else iter(text)
    run = []
    for ch in chars:
        if not (unicodedata.category(ch) in ("Sc", "So") or ch in "#%°"):
            break
        run.append(ch)
    return "".join(reversed(run) if tail else run)


def _spell(value: int, like: str) -> str:
    return f"{value:,}" if "," in like else str(value)


def _folded(texts: Sequence[str], index: int, lang: str | None) -> tuple[str, str]:
    """One sentence for the like moves ``texts`` (they differ only in
    their number at ``index``), and the note on the step between them."""
    words, numbers = _parts(texts[0])
    values = [_value(_parts(x)[1][index]) for x in texts]
    before, after = _symbols(words[index], tail=True), _symbols(words[index + 1], tail=False)
    steps = [b - a for a, b in itertools.pairwise(values)]
    step = max(set(steps), key=steps.count)
    groups: list[list[int]] = [[values[0]]]
    for value in values[1:]:
        if value - groups[-1][-1] == step:
            groups[-1].append(value)
        else:
            groups.append([value])
    like = numbers[index]
    shown: list[str] = []
    ranged = False
    for group in groups:
        if len(group) >= RANGE_RUN:
            ranged = True
            shown.append(f"{_spell(group[0], like)}{after}…{before}{_spell(group[-1], like)}")
        else:
            shown.extend(_spell(v, like) + after if k < len(group) - 1 else _spell(v, like)
                         for k, v in enumerate(group))
    joined = f"{after}, {before}".join(shown)
    pieces = [w for pair in zip(words, [*numbers, ""], strict=True) for w in pair]
    pieces[2 * index + 1] = joined
    note = t("cli.fold-step", lang, step=before + _spell(step, like) + after) if ranged else ""
    return "".join(pieces), note


def entries(texts: Sequence[str], lang: str | None) -> list[Entry]:
    """The list's lines: one per move, or (a list over :data:`FOLD_OVER`)
    runs of :data:`FOLD_RUN` or more like moves in one line each, their
    numbers rising."""
    if len(texts) <= FOLD_OVER:
        return [Entry(k + 1, k + 1, text) for k, text in enumerate(texts)]
    out: list[Entry] = []
    k = 0
    while k < len(texts):
        end, index = k + 1, None
        if k + 1 < len(texts):
            index = _varying(texts[k], texts[k + 1])
        while index is not None and end < len(texts) and _varying(texts[end - 1], texts[end]) == index \
                and _value(_parts(texts[end])[1][index]) > _value(_parts(texts[end - 1])[1][index]):
            end += 1
        if index is not None and end - k >= FOLD_RUN:
            text, note = _folded(texts[k:end], index, lang)
            out.append(Entry(k + 1, end, text, note))
        else:
            out.extend(Entry(j + 1, j + 1, texts[j]) for j in range(k, max(end, k + 1)))
        k = max(end, k + 1)
    return out


def _height(lines: list[str], columns: int, width: int) -> int:
    """Screen lines the list takes in ``columns`` columns (a sentence
    wider than its column wraps)."""
    rows = -(-len(lines) // columns)
    room = max(8, width // columns - 6)
    return sum(max(-(-cell_len(lines[k]) // room) for k in range(r, len(lines), rows)) for r in range(rows))


def move_table(texts: Sequence[str], lang: str | None, width: int = 100, typed: str | None = None) -> MoveList:
    """The moves as "  1) sentence" under their title; the bracket keeps a
    move's number apart from the numbers in its sentence. A long list is
    folded (see :func:`entries`) and laid out in up to three columns
    (numbered down each column) when the sentences fit the screen's
    ``width``; see :class:`MoveList` for a list too tall for the screen.
    ``typed``: what may be typed besides the numbers ("open c1 8: …"), on
    the title's line when the prompt has no room for it (see
    :func:`gameshelf.terminal.session.Session.prompt`). Why the title is a
    line of its own and not the table's title: a table's title wraps at the
    table's width, and a short list is narrow."""
    title = t("cli.legal-moves", lang)
    if typed:
        title = t("cli.legal-moves-typed", lang, moves=title, hint=typed)
    return MoveList(entries(texts, lang), title, width)


class MoveList:
    """The list as drawn: wrapped sentences in the columns that make it
    shortest, or, when that is still taller than a real screen leaves room
    for (:data:`SCREEN_RESERVE`), one line per move cut with "…". Why: the
    list is never cut (it is what the person answers), and an Above and
    Below builder offered seventeen houses took 33 lines at 80×24, the
    heading and the board scrolled off (issue 43); cut, each line still
    starts with what tells the moves apart ("Build Fishery (1 VP)…"), and
    ``d`` shows the cards whole."""

    def __init__(self, lines: list[Entry], title: str, width: int) -> None:
        self.lines, self.title, self.width = lines, title, width

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Folded(Text(self.title, style="table.title"))
        plain = [f"{e.text} {e.note}".strip() for e in self.lines]
        columns = 1
        if len(self.lines) > LIST_ROWS:
            columns = min(range(1, 4), key=lambda k: (_height(plain, k, self.width), k))
        table = self.table(columns, cut=False)
        if console.is_terminal:
            limit = max(LIST_ROWS, console.height - SCREEN_RESERVE)
            if len(console.render_lines(table, options, pad=False)) > limit:
                columns = next((k for k in range(1, 4) if -(-len(self.lines) // k) <= limit), 3)
                table = self.table(columns, cut=True)
        yield table

    def table(self, columns: int, *, cut: bool) -> Table:
        """The entries numbered down ``columns`` columns; ``cut``: one
        screen line each, ending in "…" where it is longer."""
        rows = -(-len(self.lines) // columns)
        table = Table(show_header=False, box=None, pad_edge=False)
        widest = max((cell_len(e.label) for e in self.lines), default=0)
        for _ in range(columns):
            # the number is never what gives way
            table.add_column(justify="right", style="bold cyan", no_wrap=True, min_width=widest)
            # Folded: a Japanese sentence breaks between characters, never cut (unless ``cut``:
            # then the column still gives way to the screen, and its Text ends in "…")
            table.add_column()
        for r in range(rows):
            cells: list[Any] = []
            for c in range(columns):
                k = c * rows + r
                if k >= len(self.lines):
                    cells += ["", ""]
                    continue
                entry = self.lines[k]
                text = Text(entry.text, no_wrap=cut, overflow="ellipsis" if cut else None)
                if entry.note:
                    text.append(" " + entry.note, style="dim")
                cells += [entry.label, text if cut else Folded(text)]
            table.add_row(*cells)
        return table
