"""Terminal drawing of an observation (rich renderables; the words are in :mod:`texts`).

Reads only the observation (never the state), so what is drawn is exactly
what the seat may see. The book is drawn as one 3x3 grid per page, bottom
page first, with the open page marked and the pages above it greyed out;
a fifth grid shows what is seen from above, i.e. what the dice can hit.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.columns import Columns
from rich.console import Group
from rich.table import Table
from rich.text import Text

from gameshelf.core.i18n import t
from gameshelf.core.interfaces import TerminalView
from gameshelf.core.protocol import Observation
from gameshelf.games.filthy_rich import book as bk
from gameshelf.games.filthy_rich.cards import BUSINESS, Catalog, catalog
from gameshelf.games.filthy_rich.describe import P, card_name, describe_card, luxury_name
from gameshelf.games.filthy_rich.texts import compact_text, seat_marks, shape_text, tax_due

COLOURS = ("red", "dodger_blue1", "green3", "magenta", "yellow3")
#: each seat's mark beside its colour (the browser's seat shapes), so that a
#: sign's owner can be told without telling colours apart
SHAPES = ("●", "■", "▲", "◆", "★")
CELL = 8  # characters per pocket: four pages side by side fit 120 columns


# -- the board ---------------------------------------------------------------------------
def _sign_label(cat: Catalog, sign: int, width: int, lang: str | None) -> str:
    """The sign's name cut to ``width`` terminal cells (a kanji takes two)."""
    name = t(f"{P}.card.{cat.signs[sign].key}", lang)
    if cell_len(name) <= width:
        return name
    while cell_len(name) > width - 1:
        name = name[:-1]
    return name + "…"


def _page_grid(obs: dict[str, Any], cat: Catalog, page: int, lang: str | None) -> Table:
    """One page as a 3x3 grid: pocket number, sign, owner colour; bold where
    the card is seen from above, dim where a higher page covers it."""
    open_page = obs["page"]
    rows = obs["book"]
    owners = obs["sign_owner"]
    if page > open_page:
        title, border = t(f"{P}.view.page-away", lang, page=page), "grey35"
    elif page == open_page:
        title, border = t(f"{P}.view.page-open", lang, page=page), "bold white"
    else:
        title, border = t(f"{P}.view.page", lang, page=page), "grey62"
    grid = Table(title=title, show_header=False, show_lines=True, border_style=border, padding=(0, 0))
    for _ in range(bk.SIDE):
        grid.add_column(width=CELL, justify="center", no_wrap=True)
    for r in range(bk.SIDE):
        cells = []
        for c in range(bk.SIDE):
            k = r * bk.SIDE + c
            sign = rows[page - 1][k]
            cell = Text(f"{k + 1}", style="grey50")
            if sign != bk.EMPTY:
                owner = owners[sign]
                cell.append(" " + SHAPES[owner % len(SHAPES)] + str(owner + 1), style=COLOURS[owner % len(COLOURS)])
            cell.append("\n")
            if sign == bk.EMPTY:
                cell.append(t(f"{P}.view.empty", lang), style="grey42")
            else:
                seen, _ = bk.visible([[], *rows], open_page, k)
                style = COLOURS[owners[sign] % len(COLOURS)]
                if page > open_page or seen != sign:
                    style += " dim"
                else:
                    style += " bold"
                cell.append(_sign_label(cat, sign, CELL, lang), style=style)
            cells.append(cell)
        grid.add_row(*cells)
    return grid


def _players(obs: dict[str, Any], cat: Catalog, lang: str | None) -> Table:
    table = Table(title=t(f"{P}.view.players", lang), header_style="bold")
    # the last column: the $ marks, and what they come to at a tax after a tax shelter ("3 ($1)")
    for col in ("col-player", "col-money", "col-luxuries", "col-businesses", "col-assets", "col-hand", "col-marks"):
        table.add_column(t(f"{P}.view.{col}", lang))
    for p in range(obs["players"]):
        who = Text(SHAPES[p % len(SHAPES)] + " " + t("cli.player", lang, n=p + 1), style=COLOURS[p % len(COLOURS)] + " bold")
        if p == obs["viewer"]:
            who.append(" " + t(f"{P}.view.you", lang))
        if p == obs["current"]:
            who = Text("▶ ") + who
        if not obs["alive"][p]:
            who.append(" ✗ " + t(f"{P}.view.out", lang), style="grey50")
        lux = compact_text("sep", lang).join(luxury_name(cat, x, lang) for x in obs["luxuries"][p]) or "—"
        biz = compact_text("sep", lang).join(card_name(cat, c, lang) for c in obs["businesses"][p]) or "—"
        assets = compact_text("sep", lang).join(card_name(cat, c, lang) for c in obs["assets"][p]) or "—"
        table.add_row(who, f"${obs['money'][p]}", f"{len(obs['luxuries'][p])}/3 {lux}", biz, assets,
                      str(obs["hand_sizes"][p]), f"{seat_marks(obs, cat, p)} (${tax_due(obs, cat, p)})")
    return table


def _market(obs: dict[str, Any], cat: Catalog, lang: str | None) -> Text:
    text = Text(compact_text("label", lang, label=t(f"{P}.view.market", lang)) + " ", style="bold")
    for x in obs["luxury_pool"]:
        lux = cat.luxuries[x]
        tax = t(f"{P}.view.col-tax", lang)  # each $ mark is $1 at every tax
        text.append(f"{luxury_name(cat, x, lang)} ${lux.cost} ({tax} ${lux.tax})  ", style="gold1")
    if obs["luxuries_removed"]:
        text.append("\n" + compact_text("label", lang, label=t(f"{P}.view.removed", lang)) + " ", style="bold")
        text.append(compact_text("sep", lang).join(luxury_name(cat, x, lang) for x in obs["luxuries_removed"]), style="grey50")
    return text


def _status(obs: dict[str, Any], cat: Catalog, lang: str | None) -> Text:
    phase = obs["phase"]
    player = (obs["current"] or 0) + 1
    if obs["winner"] is not None:
        return Text(t(f"{P}.view.winner", lang, player=obs["winner"] + 1), style="bold green")
    if phase == "turn":
        # with both card actions used, what is left is the roll (or a sale first)
        key = "actions-left" if obs["actions_left"] else "roll-now"
        return Text(t(f"{P}.view.{key}", lang, player=player, n=obs["actions_left"]))
    if phase == "auction":
        a = obs["auction"]
        leader = t(f"{P}.view.nobody", lang) if a["leader"] is None else t("cli.player", lang, n=a["leader"] + 1)
        high = f"${a['high']}" if a["leader"] is not None else "—"
        key = "phase-auction" if a["leader"] is not None else "phase-auction-open"
        return Text(t(f"{P}.view.{key}", lang, card=luxury_name(cat, a["luxury"], lang),
                      cost=cat.luxuries[a["luxury"]].cost, high=high, leader=leader, player=player),
                    style="bold magenta")
    if phase == "sell":
        text = compact_text("sell-phase", lang, player=player, due=tax_due(obs, cat, player - 1))
        more = obs.get("taxes_left", 1) - 1
        if more > 0:
            text += " " + compact_text("taxes-more", lang, n=more)
        return Text(text, style="bold yellow")
    card = card_name(cat, obs["pending"], lang) if obs["pending"] is not None else ""
    return Text(t(f"{P}.view.phase-{phase}", lang, player=player, card=card), style="bold yellow")


POCKET = 13  # cells per pocket in the compact grid (with the owner's mark): three pockets and a players table fit 100 columns
#: cells per pocket on a screen of WIDE columns or more: whole names ("ボウリング場", "Murphy's Fish Market") beside the owner's mark
POCKET_WIDE, WIDE = 26, 150


def seen_compact(obs: dict[str, Any], cat: Catalog, lang: str | None, pocket: int = POCKET) -> Table:
    """What the dice can hit, one line per row of pockets: number, sign in
    its owner's colour (a sign's pockets share name and colour, so its shape
    shows), the page it hangs on."""
    rows = [[], *obs["book"]]
    grid = Table(title=t(f"{P}.view.seen", lang), show_header=False, padding=(0, 0), border_style="yellow")
    for _ in range(bk.SIDE):
        grid.add_column(width=pocket, no_wrap=True)
    for r in range(bk.SIDE):
        cells = []
        for c in range(bk.SIDE):
            k = r * bk.SIDE + c
            sign, page = bk.visible(rows, obs["page"], k)
            if sign == bk.EMPTY:
                cell = Text(f" {k + 1}", style="bold")
                cell.append(" " + t(f"{P}.view.empty", lang), style="grey42")
            else:
                # the owner's mark leads the pocket: "■5 Chapter… p1"
                owner = obs["sign_owner"][sign]
                style = COLOURS[owner % len(COLOURS)] + " bold"
                cell = Text(SHAPES[owner % len(SHAPES)], style=style)
                cell.append(f"{k + 1}", style="bold")
                cell.append(" " + _sign_label(cat, sign, pocket - 6, lang), style=style)
                cell.append(f" p{page}", style="grey50")
            cells.append(cell)
        grid.add_row(*cells)
    return grid


def players_compact(obs: dict[str, Any], cat: Catalog, lang: str | None) -> Table:
    """One line per player: cash, luxuries, businesses, hand, tax due."""
    table = Table(box=None, header_style="bold", pad_edge=False, padding=(0, 1, 0, 0))  # one space between columns
    # the figures' headings keep their whole width (issue 29: "ca… lux b…" on
    # an 80-column screen); the player's name is what gives way, by folding
    table.add_column(compact_text("col-player", lang), overflow="fold")
    for key in ("money", "luxuries", "businesses", "hand", "tax-due"):
        heading = compact_text(f"col-{key}", lang)
        table.add_column(heading, no_wrap=True, justify="right", min_width=cell_len(heading))
    for p in range(obs["players"]):
        who = Text(("▶ " if p == obs["current"] else "  ") + SHAPES[p % len(SHAPES)] + t("cli.player", lang, n=p + 1),
                   style=COLOURS[p % len(COLOURS)] + " bold")
        if p == obs["viewer"]:
            who.append(" " + t(f"{P}.view.you", lang))
        if not obs["alive"][p]:
            who.append(" ✗", style="grey50")
        due = tax_due(obs, cat, p)
        # more tax than cash: the next zero puts this seat out unless it sells (the browser's ⚠)
        short = obs["alive"][p] and due > obs["money"][p]
        table.add_row(who, f"${obs['money'][p]:,}", f"{len(obs['luxuries'][p])}/3",
                      str(len(obs["businesses"][p])), str(obs["hand_sizes"][p]),
                      Text(f"${due}!", style="bold red") if short else f"${due}")
    return table


class _SeenAndPlayers:
    """The pockets seen from above beside one line per player; on a wide
    screen the pockets are wide enough for whole sign names."""

    def __init__(self, obs: dict[str, Any], cat: Catalog, lang: str | None) -> None:
        self.obs, self.cat, self.lang = obs, cat, lang

    def __rich_console__(self, console: Any, options: Any) -> Any:
        pocket = POCKET_WIDE if options.max_width >= WIDE else POCKET
        side = Table.grid(padding=(0, 2))
        side.add_row(seen_compact(self.obs, self.cat, self.lang, pocket),
                     players_compact(self.obs, self.cat, self.lang))
        yield side


class _Market:
    """The luxuries for sale, cheapest first, on at most two lines of the
    screen it is drawn on; what does not fit is counted ("+3 more: d"), the
    whole list being one key away (:func:`details`). Laid out here, not by
    rich's wrapping, so that a name is never cut and the count is exact."""

    def __init__(self, head: str, items: list[str], more_key: str, lang: str | None) -> None:
        self.head, self.items, self.more_key, self.lang = head, items, more_key, lang

    def __rich_console__(self, console: Any, options: Any) -> Any:
        width = options.max_width
        lines = [[self.head]]
        used = cell_len(self.head)
        shown = 0
        for k, item in enumerate(self.items):
            left = len(self.items) - k - 1
            # room for this item, and for the "+N more" note when items remain after it
            tail = cell_len(compact_text(self.more_key, self.lang, n=left)) + 2 if left and len(lines) == 2 else 0
            if used + 2 + cell_len(item) + tail > width:
                if len(lines) == 2:
                    break
                lines.append([])
                used = -2
            lines[-1].append(item)
            used += 2 + cell_len(item)
            shown += 1
        text = Text()
        for i, line in enumerate(lines):
            if i:
                text.append("\n")
            start = 0
            if i == 0:
                text.append(line[0] + ("  " if len(line) > 1 else ""), style="bold")
                start = 1
            text.append("  ".join(line[start:]), style="gold1")
        if shown < len(self.items):
            text.append("  " + compact_text(self.more_key, self.lang, n=len(self.items) - shown), style="grey62")
        yield text


def market_compact(obs: dict[str, Any], cat: Catalog, lang: str | None) -> Any:
    """The luxuries for sale, cheapest first, on at most two lines."""
    items = [f"{luxury_name(cat, x, lang)} ${cat.luxuries[x].cost}" for x in obs["luxury_pool"]] or ["—"]
    return _Market(compact_text("label", lang, label=t(f"{P}.view.market", lang)), items, "market-more", lang)


def render(obs: dict[str, Any], lang: str | None = None) -> Any:
    """The compact table for 100x30: the turn, page and dice on one line;
    what the dice can hit beside one line per player; the luxuries for sale;
    your hand; what the game waits for. The four pages, the players' cards
    and the luxuries' tax marks are one key away (:func:`details`)."""
    cat = catalog()
    if obs["dice"]:
        dice = compact_text("dice", lang, dice=" ".join(map(str, obs["dice"])), page_die=obs["page_die"] or "—")
    else:
        dice = t(f"{P}.view.no-dice", lang)
    head = Text(compact_text("title", lang, turns=obs["turns"], page=obs["page"]), style="bold gold1")
    head.append(f"   {dice}   " + compact_text("deck", lang, deck=obs["deck_size"], discard=len(obs["discard"])))
    parts: list[Any] = [head, _SeenAndPlayers(obs, cat, lang), market_compact(obs, cat, lang)]
    if obs["hand"] is not None:
        hand = Text(t(f"{P}.view.hand", lang) + "   ", style="bold")
        if any(cat.card_kind[card] == BUSINESS for card in obs["hand"]):
            hand.append(compact_text("shape-legend", lang), style="grey62")
        for card in obs["hand"]:
            hand.append("\n  " + describe_card(cat, card, lang), style="")
            if cat.card_kind[card] == BUSINESS:
                hand.append("  " + shape_text(cat.signs[cat.card_ref[card]].cells), style="bold cyan")
                if obs["sign_owner"][cat.card_ref[card]] != bk.EMPTY:
                    # the other copy's sign is in the book: this one cannot start until it leaves
                    hand.append("  " + compact_text("sign-out", lang), style="grey62")
        parts.append(hand)
    parts.append(_status(obs, cat, lang))
    return Group(*parts)


def details(game: Any, obs: dict[str, Any], lang: str | None = None) -> list[tuple[str, Any]]:
    """The screens behind the compact table: the book's four pages, the
    players with their cards, the luxuries with their tax marks."""
    cat = catalog()
    pages = [_page_grid(obs, cat, page, lang) for page in range(1, cat.rules.pages + 1)]
    book = Group(Columns(pages, padding=(0, 1)), Text(t(f"{P}.view.legend", lang), style="grey50"))
    return [
        (compact_text("details-book", lang), book),
        (t(f"{P}.view.players", lang), _players(obs, cat, lang)),
        (t(f"{P}.view.market", lang), _market(obs, cat, lang)),
    ]


class FilthyRichView(TerminalView):
    """Filthy Rich on the terminal: the compact board and the screens behind it."""

    first_moves = ("roll",)

    def render(self, observation: Observation, lang: str | None) -> Any:
        return render(observation, lang)

    def details(self, observation: Observation, lang: str | None) -> list[tuple[str, Any]]:
        return details(None, observation, lang)
