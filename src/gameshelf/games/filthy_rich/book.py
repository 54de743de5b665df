"""The game book: four 9-pocket pages stacked on top of each other.

Why a module of its own: visibility through the transparent pockets is the
heart of Filthy Rich, and every rule that touches signs (placing, covering,
hits, selling, bankruptcy) asks the same two questions of it: which sign is
seen in pocket *k* now, and where does a shape fit on the open page.

Pockets are numbered row by row, as the rulebook's examples imply (a
two-card vertical sign fits at 1+4, 2+5, 3+6, 6+9)::

    pocket numbers         the book opened on page 3 (top page first)

    +---+---+---+          page 4   flipped away: not in play (C3, C4)
    | 1 | 2 | 3 |          page 3   . T .      <- the open page; new signs
    +---+---+---+                   . T .         go into its EMPTY pockets
    | 4 | 5 | 6 |                   . . .
    +---+---+---+          page 2   F F .      <- seen through page 3 where
    | 7 | 8 | 9 |                   . . F         page 3 is empty
    +---+---+---+          page 1   M . .
                                    M . .
                                    . . .
    seen from above:  pocket 1 = F (page 2)   pocket 2 = T (page 3)
                      pocket 4 = M (page 1)   pocket 5 = T (page 3)
                      pocket 9 = F (page 2)   M's pocket 1 is covered by F

A sign that is partly covered shows only its uncovered cards, and only those
cards are hit. Internally pages are 1-4 and pockets 0-8; people see 1-9.
"""

from __future__ import annotations

from collections.abc import Sequence

EMPTY = -1
POCKETS = 9
SIDE = 3

Cells = tuple[tuple[int, int], ...]
Placement = tuple[int, tuple[int, ...]]  # (anchor pocket 0-8, pockets 0-8)


def parse_shape(rows: Sequence[str]) -> Cells:
    """The (row, col) cells of a sign drawn as rows of ``#`` and ``.``,
    shifted so that its top-left bounding corner is (0, 0).

    Raises:
        ValueError: the drawing is empty, wider or taller than a page, uses
            other characters, or is not one connected piece.
    """
    cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"]
    if any(ch not in "#." for row in rows for ch in row):
        raise ValueError("a sign is drawn with '#' (a card) and '.' (a gap) only")
    if not 1 <= len(cells) <= 4:
        raise ValueError("a sign has one to four cards")
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    shifted = tuple(sorted((r - top, c - left) for r, c in cells))
    if max(r for r, _ in shifted) >= SIDE or max(c for _, c in shifted) >= SIDE:
        raise ValueError("a sign must fit on a 3x3 page")
    if not _connected(shifted):
        raise ValueError("a sign's cards must touch edge to edge")
    return shifted


def _connected(cells: Cells) -> bool:
    todo = [cells[0]]
    seen = {cells[0]}
    while todo:
        r, c = todo.pop()
        for nxt in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == len(cells)


def placements(cells: Cells) -> tuple[Placement, ...]:
    """Every position of a shape on an empty page, keeping its printed
    orientation ("ビジネスカードの右側に書かれているのと同じ形状を保つように"),
    ordered by anchor pocket."""
    height = max(r for r, _ in cells) + 1
    width = max(c for _, c in cells) + 1
    out = []
    for top in range(SIDE - height + 1):
        for left in range(SIDE - width + 1):
            pockets = tuple(sorted((top + r) * SIDE + left + c for r, c in cells))
            out.append((top * SIDE + left, pockets))
    return tuple(out)


def visible(book: Sequence[Sequence[int]], page: int, pocket: int) -> tuple[int, int]:
    """``(sign, page)`` seen in ``pocket`` when the book is open on ``page``:
    the card on the highest page at or below it; ``(EMPTY, 0)`` if none."""
    for q in range(page, 0, -1):
        sign = book[q][pocket]
        if sign != EMPTY:
            return sign, q
    return EMPTY, 0


def visible_grid(book: Sequence[Sequence[int]], page: int) -> list[int]:
    """The sign seen in each of the nine pockets (``EMPTY`` where none)."""
    out = [EMPTY] * POCKETS
    for pocket in range(POCKETS):
        for q in range(page, 0, -1):
            sign = book[q][pocket]
            if sign != EMPTY:
                out[pocket] = sign
                break
    return out


def new_book(pages: int) -> list[list[int]]:
    """Index 0 is unused so that ``book[p]`` is page ``p``."""
    return [[EMPTY] * POCKETS for _ in range(pages + 1)]


def remove_sign(book: list[list[int]], sign: int) -> None:
    """Take a sign's cards out of every pocket; whatever they covered shows."""
    for page in book:
        for pocket in range(POCKETS):
            if page[pocket] == sign:
                page[pocket] = EMPTY


def pockets_of(book: Sequence[Sequence[int]], sign: int) -> tuple[int, list[int]]:
    """``(page, pockets)`` of a sign in the book, ``(0, [])`` when it is out."""
    for q in range(1, len(book)):
        found = [k for k in range(POCKETS) if book[q][k] == sign]
        if found:
            return q, found
    return 0, []
