"""Line breaking that reads right in Japanese.

Why not leave it to rich: rich breaks a line only at spaces, and folds a
"word" longer than the line at the last cell. A Japanese sentence is one
such word, so "各ラウンド：1. 競り：…" came out as "各ラウンド：1." alone on a
line, and a "。" could start the next one. Japanese may break between any
two characters, except that closing marks (。、」）…) never start a line and
opening marks (「（…) never end one (kinsoku). Latin words and numbers stay
whole, as they do in English.
"""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

#: marks that may not start a line (they hang on the line before)
NO_START = frozenset("、。，．,.）」』】〕〉》｝]!?！？ー々ゝゞっゃゅょァィゥェォッャュョ・：；:;%％")
#: marks that may not end a line (they go down with what follows)
NO_END = frozenset("（「『【〔〈《｛[")

#: a run of non-space characters that are not wide (a Latin word, a number,
#: "$5,000"), a single wide character, or a run of spaces
_TOKEN = re.compile(r"[^\s\u2e80-\uffdc]+|[\u2e80-\uffdc]| +")


def fold(text: str, width: int) -> str:
    """``text`` with line breaks so no line is wider than ``width`` cells
    (a single token wider than that is left whole); existing breaks stay."""
    return fold_text(Text(text), width).plain


def fold_text(text: Text, width: int) -> Text:
    """:func:`fold` for styled text: the styles stay on their characters."""
    if width < 4:
        return text
    out: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        pieces = line.divide(breaks(line.plain, width))
        for piece in pieces:
            piece.rstrip()
        out.extend(pieces)
    return Text("\n").join(out)


def breaks(line: str, width: int) -> list[int]:
    """Where one line (no newline in it) is broken to fit ``width`` cells:
    character offsets, each the start of a new line."""
    if cell_len(line) <= width:
        return []
    lines: list[list[tuple[int, str]]] = [[]]
    used = 0
    for match in _TOKEN.finditer(line):
        token = match.group()
        size = cell_len(token)
        current = lines[-1]
        if token.isspace():
            if used + size <= width and (current or len(lines) == 1):  # a first line's indent counts
                current.append((match.start(), token))
                used += size
            continue  # spaces never start a line, nor push one over
        if used + size > width and current:
            carried = _carry(current, token)
            lines.append(carried)
            used = sum(cell_len(t) for _, t in carried)
        lines[-1].append((match.start(), token))
        used += size
    return [tokens[0][0] for tokens in lines[1:] if tokens]


def _carry(current: list[tuple[int, str]], token: str) -> list[tuple[int, str]]:
    """What moves down with ``token`` to the new line: while the new line
    would start with a closing mark, the character before it too (so
    "数える）。" breaks before "る"), then any opening mark that would end
    the old line."""
    carried: list[tuple[int, str]] = []
    while current and current[-1][1].isspace():
        current.pop()
    while len(current) > 1 and (carried[0][1] if carried else token)[0] in NO_START:
        carried.insert(0, current.pop())
    while len(current) > 1 and current[-1][1][-1] in NO_END:
        carried.insert(0, current.pop())
    return carried


class Folded:
    """Text that folds to the width it is drawn at (inside a panel, a table
    cell or the whole screen), the Japanese way; styles are kept."""

    def __init__(self, text: str | Text) -> None:
        self.text = text if isinstance(text, Text) else Text(text)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        folded = fold_text(self.text.copy(), options.max_width)
        folded.overflow = "fold"  # a token wider than the whole line is still never cut
        yield folded

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        plain = self.text.plain
        widest = max((cell_len(line) for line in plain.split("\n")), default=0)
        longest_token = max((cell_len(tok) for tok in _TOKEN.findall(plain)), default=0)
        return Measurement(min(longest_token, options.max_width), min(widest, options.max_width))
