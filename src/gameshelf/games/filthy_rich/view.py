"""Terminal drawing of an observation, and player-facing action sentences.

Reads only the observation (never the state), so what is drawn is exactly
what the seat may see. The book is drawn as one 3x3 grid per page, bottom
page first, with the open page marked and the pages above it greyed out;
a fifth grid shows what is seen from above, i.e. what the dice can hit.
"""

from __future__ import annotations

import re
from typing import Any

from rich.cells import cell_len
from rich.columns import Columns
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gameshelf.core.actions import Action
from gameshelf.core.i18n import t
from gameshelf.games.filthy_rich import book as bk
from gameshelf.games.filthy_rich.actions import (
    Bid,
    BuyLuxury,
    ChoosePage,
    DiscardCard,
    KeepBusinesses,
    PassBid,
    PlaceSign,
    PlayCard,
    Roll,
    SellBusiness,
    TargetPlayer,
    TorchBusiness,
)
from gameshelf.games.filthy_rich.cards import ASSET, BUSINESS, Catalog, catalog

COLOURS = ("red", "dodger_blue1", "green3", "magenta", "yellow3")
#: each seat's mark beside its colour (the browser's seat shapes), so that a
#: sign's owner can be told without telling colours apart
SHAPES = ("●", "■", "▲", "◆", "★")
P = "filthy_rich"
CELL = 8  # characters per pocket: four pages side by side fit 120 columns


def _name(cat: Catalog, card: int, lang: str | None) -> str:
    return t(f"{P}.card.{cat.card_key(card)}", lang)


def _lux_name(cat: Catalog, lux: int, lang: str | None) -> str:
    return t(f"{P}.card.{cat.luxuries[lux].key}", lang)


def _effect(effect: str, amount: int, lang: str | None) -> str:
    return t(f"{P}.effect.{effect}", lang, amount=amount)


def describe_card(cat: Catalog, card: int, lang: str | None) -> str:
    """What a deck card is and does, in one line."""
    kind, ref = cat.card_kind[card], cat.card_ref[card]
    name = _name(cat, card, lang)
    if kind == BUSINESS:
        b = cat.signs[ref]
        text = t(f"{P}.action.play-business", lang, card=name, cost=b.cost, tax=b.tax, hit=b.hit, size=b.size)
        if b.on_tax:
            text += " + " + _effect("on_tax", b.on_tax, lang)
        return text
    if kind == ASSET:
        a = cat.assets[ref]
        return t(f"{P}.action.play-asset", lang, card=name, cost=a.cost, tax=a.tax,
                 effect=_effect(a.effect, a.amount, lang))
    act = cat.actions[ref]
    key = "play-action-cost" if act.cost else "play-action"
    return t(f"{P}.action.{key}", lang, card=name, cost=act.cost, effect=_effect(act.effect, act.amount, lang))


def describe_action(action: Action, lang: str | None = None) -> str:
    """A localized sentence for one decision."""
    cat = catalog()
    a: Any = action
    kind = type(action)
    if kind is PlayCard:
        return describe_card(cat, a.card, lang)
    if kind is BuyLuxury:
        return t(f"{P}.action.buy", lang, card=_lux_name(cat, a.luxury, lang), cost=cat.luxuries[a.luxury].cost)
    if kind is SellBusiness and 0 <= a.card < cat.deck_size and cat.card_kind[a.card] == BUSINESS:
        total = cat.rules.sell_per_sign_card * cat.signs[cat.card_ref[a.card]].size
        return t(f"{P}.compact.move.sell-total", lang, card=_name(cat, a.card, lang), total=total)
    if kind in (DiscardCard, SellBusiness, TorchBusiness):
        verb = {DiscardCard: "discard", SellBusiness: "sell", TorchBusiness: "torch"}[kind]
        return t(f"{P}.action.{verb}", lang, card=_name(cat, a.card, lang))
    if kind is PlaceSign:
        return t(f"{P}.action.place", lang, pockets="+".join(map(str, a.pockets)))
    if kind is TargetPlayer:
        return t(f"{P}.action.target", lang, seat=a.seat + 1)
    if kind is ChoosePage:
        return t(f"{P}.action.page", lang, page=a.page)
    if kind is Bid:
        if a.raise_by == 0:
            return t(f"{P}.action.bid-min", lang)
        return t(f"{P}.action.bid", lang, amount=a.raise_by)
    simple = {Roll: "roll", KeepBusinesses: "keep", PassBid: "pass"}.get(kind)
    return t(f"{P}.action.{simple}", lang) if simple else str(action)


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


def _seen_grid(obs: dict[str, Any], cat: Catalog, lang: str | None) -> Table:
    rows = [[], *obs["book"]]
    grid = Table(title=t(f"{P}.view.seen", lang), show_header=False, show_lines=True,
                 border_style="bold yellow", padding=(0, 0))
    for _ in range(bk.SIDE):
        grid.add_column(width=CELL, justify="center", no_wrap=True)
    for r in range(bk.SIDE):
        cells = []
        for c in range(bk.SIDE):
            k = r * bk.SIDE + c
            sign, page = bk.visible(rows, obs["page"], k)
            cell = Text(f"{k + 1}", style="bold")
            if sign == bk.EMPTY:
                cell.append("\n" + t(f"{P}.view.empty", lang), style="grey42")
            else:
                owner = obs["sign_owner"][sign]
                style = COLOURS[owner % len(COLOURS)] + " bold"
                cell.append(" " + SHAPES[owner % len(SHAPES)], style=style)
                cell.append(f" p{page}\n", style="grey50")
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
        lux = _c("sep", lang).join(_lux_name(cat, x, lang) for x in obs["luxuries"][p]) or "—"
        biz = _c("sep", lang).join(_name(cat, c, lang) for c in obs["businesses"][p]) or "—"
        assets = _c("sep", lang).join(_name(cat, c, lang) for c in obs["assets"][p]) or "—"
        table.add_row(who, f"${obs['money'][p]}", f"{len(obs['luxuries'][p])}/3 {lux}", biz, assets,
                      str(obs["hand_sizes"][p]), f"{_marks(obs, cat, p)} (${tax_due(obs, cat, p)})")
    return table


def _marks(obs: dict[str, Any], cat: Catalog, p: int) -> int:
    marks = sum(cat.signs[cat.card_ref[c]].tax for c in obs["businesses"][p])
    marks += sum(cat.assets[cat.card_ref[c]].tax for c in obs["assets"][p])
    return marks + sum(cat.luxuries[x].tax for x in obs["luxuries"][p])


def _market(obs: dict[str, Any], cat: Catalog, lang: str | None) -> Text:
    text = Text(_c("label", lang, label=t(f"{P}.view.market", lang)) + " ", style="bold")
    for x in obs["luxury_pool"]:
        lux = cat.luxuries[x]
        tax = t(f"{P}.view.col-tax", lang)  # each $ mark is $1 at every tax
        text.append(f"{_lux_name(cat, x, lang)} ${lux.cost} ({tax} ${lux.tax})  ", style="gold1")
    if obs["luxuries_removed"]:
        text.append("\n" + _c("label", lang, label=t(f"{P}.view.removed", lang)) + " ", style="bold")
        text.append(_c("sep", lang).join(_lux_name(cat, x, lang) for x in obs["luxuries_removed"]), style="grey50")
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
        return Text(t(f"{P}.view.{key}", lang, card=_lux_name(cat, a["luxury"], lang),
                      cost=cat.luxuries[a["luxury"]].cost, high=high, leader=leader, player=player),
                    style="bold magenta")
    if phase == "sell":
        text = _c("sell-phase", lang, player=player, due=tax_due(obs, cat, player - 1))
        more = obs.get("taxes_left", 1) - 1
        if more > 0:
            text += " " + _c("taxes-more", lang, n=more)
        return Text(text, style="bold yellow")
    card = _name(cat, obs["pending"], lang) if obs["pending"] is not None else ""
    return Text(t(f"{P}.view.phase-{phase}", lang, player=player, card=card), style="bold yellow")


def tax_due(obs: dict[str, Any], cat: Catalog, p: int) -> int:
    """What seat ``p`` pays at the next tax: its $ marks less its tax shelter
    (the rule of ``rules.effects.tax_due``, from what everyone can see)."""
    shelter = sum(cat.assets[cat.card_ref[c]].amount for c in obs["assets"][p]
                  if cat.assets[cat.card_ref[c]].effect == "tax_shelter")
    return max(0, _marks(obs, cat, p) - shelter)


def tax_income(obs: dict[str, Any], cat: Catalog, p: int) -> int:
    """What seat ``p`` takes from the bank just before paying a tax (the
    rule of ``rules.effects.tax_income``: businesses that pay at a tax and
    the Stock Portfolio kind of asset)."""
    income = sum(cat.signs[cat.card_ref[c]].on_tax for c in obs["businesses"][p])
    return income + sum(cat.assets[cat.card_ref[c]].amount for c in obs["assets"][p]
                        if cat.assets[cat.card_ref[c]].effect == "tax_income")


def _c(key: str, lang: str | None, **params: Any) -> str:
    return t(f"{P}.compact.{key}", lang, **params)


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
    table.add_column(_c("col-player", lang), no_wrap=True)
    for key in ("money", "luxuries", "businesses", "hand", "tax-due"):
        table.add_column(_c(f"col-{key}", lang), no_wrap=True, justify="right")
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
            tail = cell_len(_c(self.more_key, self.lang, n=left)) + 2 if left and len(lines) == 2 else 0
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
            text.append("  " + _c(self.more_key, self.lang, n=len(self.items) - shown), style="grey62")
        yield text


def market_compact(obs: dict[str, Any], cat: Catalog, lang: str | None) -> Any:
    """The luxuries for sale, cheapest first, on at most two lines."""
    items = [f"{_lux_name(cat, x, lang)} ${cat.luxuries[x].cost}" for x in obs["luxury_pool"]] or ["—"]
    return _Market(_c("label", lang, label=t(f"{P}.view.market", lang)), items, "market-more", lang)


def render(obs: dict[str, Any], lang: str | None = None) -> Any:
    """The compact table for 100x30: the turn, page and dice on one line;
    what the dice can hit beside one line per player; the luxuries for sale;
    your hand; what the game waits for. The four pages, the players' cards
    and the luxuries' tax marks are one key away (:func:`details`)."""
    cat = catalog()
    if obs["dice"]:
        dice = _c("dice", lang, dice=" ".join(map(str, obs["dice"])), page_die=obs["page_die"] or "—")
    else:
        dice = t(f"{P}.view.no-dice", lang)
    head = Text(_c("title", lang, turns=obs["turns"], page=obs["page"]), style="bold gold1")
    head.append(f"   {dice}   " + _c("deck", lang, deck=obs["deck_size"], discard=len(obs["discard"])))
    parts: list[Any] = [head, _SeenAndPlayers(obs, cat, lang), market_compact(obs, cat, lang)]
    if obs["hand"] is not None:
        hand = Text(t(f"{P}.view.hand", lang) + "   ", style="bold")
        if any(cat.card_kind[card] == BUSINESS for card in obs["hand"]):
            hand.append(_c("shape-legend", lang), style="grey62")
        for card in obs["hand"]:
            hand.append("\n  " + describe_card(cat, card, lang), style="")
            if cat.card_kind[card] == BUSINESS:
                hand.append("  " + shape_text(cat.signs[cat.card_ref[card]].cells), style="bold cyan")
                if obs["sign_owner"][cat.card_ref[card]] != bk.EMPTY:
                    # the other copy's sign is in the book: this one cannot start until it leaves
                    hand.append("  " + _c("sign-out", lang), style="grey62")
        parts.append(hand)
    parts.append(_status(obs, cat, lang))
    return Group(*parts)


def shape_text(cells: tuple[tuple[int, int], ...]) -> str:
    """A sign's shape on one line, row by row: an L of three is "■·/■■"."""
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    return "/".join("".join("■" if (r, c) in cells else "·" for c in range(cols)) for r in range(rows))


def details(game: Any, obs: dict[str, Any], lang: str | None = None) -> list[tuple[str, Any]]:
    """The screens behind the compact table: the book's four pages, the
    players with their cards, the luxuries with their tax marks."""
    cat = catalog()
    pages = [_page_grid(obs, cat, page, lang) for page in range(1, cat.rules.pages + 1)]
    book = Group(Columns(pages, padding=(0, 1)), Text(t(f"{P}.view.legend", lang), style="grey50"))
    return [
        (_c("details-book", lang), book),
        (t(f"{P}.view.players", lang), _players(obs, cat, lang)),
        (t(f"{P}.view.market", lang), _market(obs, cat, lang)),
    ]


def render_full(obs: dict[str, Any], lang: str | None = None) -> Any:
    """The whole table at once: the book, the players, the market, the hand."""
    cat = catalog()
    pages = [_page_grid(obs, cat, page, lang) for page in range(1, cat.rules.pages + 1)]
    book = Columns(pages, padding=(0, 1))
    if obs["dice"]:
        dice = t(f"{P}.view.dice", lang, dice=" ".join(map(str, obs["dice"])), page_die=obs["page_die"] or "—")
    else:
        dice = t(f"{P}.view.no-dice", lang)
    info = Text(f"{dice}   ·   " + t(f"{P}.view.deck", lang, deck=obs["deck_size"], discard=len(obs["discard"])))
    side = Table.grid(padding=(0, 2))
    side.add_row(_seen_grid(obs, cat, lang), Group(info, _players(obs, cat, lang), _market(obs, cat, lang)))
    parts: list[Any] = [book, Text(t(f"{P}.view.legend", lang), style="grey50"), side]
    if obs["hand"] is not None:
        hand = Table(title=t(f"{P}.view.hand", lang), show_header=False, box=None)
        for card in obs["hand"]:
            hand.add_row(f"#{card}", describe_card(cat, card, lang))
        parts.append(hand)
    parts.append(_status(obs, cat, lang))
    title = t(f"{P}.view.title", lang, turns=obs["turns"], page=obs["page"])
    return Panel(Group(*parts), title=title, border_style="gold1")


def result_columns(state: Any, lang: str | None = None) -> list[tuple[str, list[str]]]:
    """The end-of-game table's columns: what decided the game. A win is
    three luxuries or being the last one standing, so the table shows the
    luxuries, who went bankrupt, and the cash (the designed tie-break), not
    the 1-or-0 score."""
    obs = state.observation(None)
    cat = catalog()
    out = t(f"{P}.view.out", lang)
    return [
        (t(f"{P}.view.col-luxuries", lang),
         [f"{len(lux)}/3 " + _c("sep", lang).join(_lux_name(cat, x, lang) for x in lux) for lux in obs["luxuries"]]),
        (t(f"{P}.view.col-money", lang),
         [(f"${m:,}" if alive else out) for m, alive in zip(obs["money"], obs["alive"], strict=True)]),
    ]


def describe_move(obs: dict[str, Any], action: Action, lang: str | None = None) -> str:
    """A move as the player about to make it reads it, with what it costs
    and gives now: a bid's total in dollars, the cover fees a sign pays,
    the dollars a sale brings. Needs the mover's observation, which
    :func:`describe_action` does not have."""
    cat = catalog()
    text = describe_action(action, lang)
    a: Any = action
    if type(action) is Bid and obs.get("auction"):
        auction = obs["auction"]
        low = cat.luxuries[auction["luxury"]].cost if auction["leader"] is None else auction["high"] + 1
        return _c("move.bid-total", lang, total=low + a.raise_by)
    if type(action) is PlayCard and obs.get("hand") is not None:
        # the hand above says what the card does; the line says what it costs
        kind, ref = cat.card_kind[a.card], cat.card_ref[a.card]
        cost = (cat.signs, cat.assets, cat.actions)[kind][ref].cost
        name = _name(cat, a.card, lang)
        return _c("play.play-cost", lang, card=name, cost=cost) if cost else _c("play.play", lang, card=name)
    viewer = obs.get("viewer")
    if type(action) is SellBusiness:
        sign = cat.signs[cat.card_ref[a.card]]
        sale = _c("move.sell-total", lang, card=_name(cat, a.card, lang), total=cat.rules.sell_per_sign_card * sign.size)
        if obs.get("phase") == "sell" and type(viewer) is int:
            # selling lowers the tax about to be paid by the card's $ marks
            after = max(0, tax_due(obs, cat, viewer) - sign.tax)
            sale += " — " + _c("move.tax-after", lang, due=after)
        return sale
    if type(action) is KeepBusinesses and type(viewer) is int:
        due, income = tax_due(obs, cat, viewer), tax_income(obs, cat, viewer)
        line = _c("move.keep", lang, due=due)
        if income:
            line += " " + _c("move.keep-income", lang, income=income)
        if obs["money"][viewer] + income < due:
            line += " — " + _c("move.keep-broke", lang, cash=obs["money"][viewer] + income)
        return line
    if type(action) is TorchBusiness and 0 <= a.card < cat.deck_size and cat.card_kind[a.card] == BUSINESS:
        # which player loses it: two players' businesses may share a name only as copies, never a sign
        owner = obs["sign_owner"][cat.card_ref[a.card]]
        if owner != bk.EMPTY:
            return _c("move.torch", lang, card=_name(cat, a.card, lang), owner=owner + 1)
        return text
    if type(action) is Roll and type(obs.get("page")) is int:
        # how many dice: one per page number, the rule a newcomer cannot guess from "Roll the dice"
        return _c("move.roll" if obs["page"] != 1 else "move.roll-one", lang, n=obs["page"], page=obs["page"])
    if type(action) is TargetPlayer and 0 <= a.seat < obs["players"]:
        return _c("move.audit", lang, seat=a.seat + 1, due=tax_due(obs, cat, a.seat), cash=obs["money"][a.seat])
    if type(action) is PlaceSign:
        rows = [[], *obs["book"]]
        covered = 0
        for k in a.pockets:
            sign, _ = bk.visible(rows, obs["page"], k - 1)  # the move names pockets 1-9
            if sign != bk.EMPTY and obs["sign_owner"][sign] != viewer:
                covered += 1
        fee = cat.rules.cover_fee * covered
        pending = obs.get("pending")
        cost = cat.signs[cat.card_ref[pending]].cost if type(pending) is int else 0
        if fee:
            return text + " — " + _c("move.cover-fee", lang, fee=fee, n=covered, cost=cost, total=cost + fee)
        return text + " — " + _c("move.no-fee", lang, cost=cost)
    return text



# -- bids typed as totals at the prompt (the terminal's typed_move hook) ------------------------
#: "bid 12", "bid $12", "入札 12" (already folded: full-width digits and "＄" read as ASCII)
_TYPED_BID = re.compile(r"(?:bid|入札)\s*\$?\s*([0-9]{1,9})", re.ASCII)
#: the start of a typed bid, to answer a malformed one with how to write it
_BID_WORD = re.compile(r"(?:bid|入札)(?:\s|\$|$)")


def _bid_range(obs: dict[str, Any]) -> tuple[int, int] | None:
    """The lowest and highest total the viewer may bid now, if it is the
    viewer's turn to bid: from the auction's minimum up to its cash (C14)."""
    auction = obs.get("auction")
    viewer = obs.get("viewer")
    if not isinstance(auction, dict) or type(viewer) is not int or auction.get("bidder") != viewer:
        return None
    low = auction.get("minimum")
    return (low, obs["money"][viewer]) if type(low) is int else None


def typed_move(obs: dict[str, Any], text: str, lang: str | None = None) -> Action | str | None:
    """``bid N`` typed at the prompt: a bid of the total N, as the move lines
    show totals; a message when N is out of range or it is not the viewer's
    turn to bid; None for text that is not a bid at all."""
    if not isinstance(text, str) or not _BID_WORD.match(text):
        return None
    limits = _bid_range(obs)
    if limits is None:
        return _c("typed.not-now", lang)
    low, high = limits
    found = _TYPED_BID.fullmatch(text)
    if found is None:
        return _c("typed.usage", lang, low=low)
    amount = int(found[1])
    if not low <= amount <= high:
        return _c("typed.range", lang, low=low, high=high, amount=amount)
    return Bid(amount - low)


def typed_hint(obs: dict[str, Any], lang: str | None = None) -> str | None:
    """The prompt's reminder that any total may be typed, while it is the
    viewer's turn to bid and it can afford more than the minimum."""
    limits = _bid_range(obs)
    if limits is None or limits[1] <= limits[0]:
        return None
    return _c("typed.hint", lang, low=limits[0], high=limits[1])
