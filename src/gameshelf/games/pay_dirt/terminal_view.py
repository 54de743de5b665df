"""The terminal picture of an observation (rich renderables only).

Each player's camp is drawn as the machine row it is on the table::

    Claims          Excavator (Fiem Co FX-210)   Loader            Wash Plant
    1: B B B  ==>   [ P ][   ][   ]  ==>         [   ][ R ][   ]  ==>  [   ][   ][ $ ]
    2: R P*         wear ■■□□□                   wear ■□□          wear □□□ BROKEN

A pay-dirt tile is drawn by its kind only (B, P, R: the gold under it is
hidden from everyone). Wear is a bar of filled squares against the tool
icons; a broken machine is shown in red, one under repair in yellow. Claims
marked ``*`` are ordered: their first tile must be dug first.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gameshelf.core.i18n import t
from gameshelf.core.interfaces import TerminalView
from gameshelf.core.protocol import Observation
from gameshelf.games.pay_dirt.components import (
    GEAR_SLOTS,
    KIND_CODES,
    MACHINES,
    ROWS,
    Components,
    components,
)
from gameshelf.games.pay_dirt.describe import hardship_text, money
from gameshelf.games.pay_dirt.names import (
    equipment_name,
    model_name,
)
from gameshelf.games.pay_dirt.texts import (
    ability_text,
    bid_line,
    claim_name,
    compact_text,
    gear_text,
    gear_workers,
    lot_lines,
    person_name,
    view_text,
)

KIND_STYLE = {"B": "grey62", "P": "yellow", "R": "bold gold1"}
SEAT_STYLE = ("cyan", "magenta", "green", "blue", "red")


#: the phases in which the compact board shows the auction and one line per camp
AUCTION_PHASES = ("auction", "bidding", "acquire")


def render(obs: dict[str, Any], lang: str | None = None) -> Group:
    """The compact board that fits 80×24 with the move list and the prompt.

    During the auction: one header line (round, temperature, Head Miner,
    phase, auction n of N and its auctioneer), the nine lots in five lines
    (:func:`lots_grid`), the high bid, one line per camp (gold, money,
    workers, claims, each machine's wear) and a legend last, the first
    thing a short screen cuts: an auctioneer's openings fold into ten lines
    of moves. During labour and the draft: the Gear Supplier, what is
    pending, your hardship hand, two lines per camp with the tiles in the
    machines. Everything in full is one key away
    (:func:`details`)."""
    comp = components()
    auction = obs["phase"] in AUCTION_PHASES
    parts: list[Any] = [header_line(obs, lang)]
    if auction:
        parts.append(lots_grid(obs, comp, lang))
        if obs["auction"]["lot"]:
            parts.append(Text(bid_line(obs, comp, lang), style="bold green"))
    elif obs["phase"] == "gear":
        parts.append(gear_lines(obs, comp, lang))
    elif obs["phase"] == "work":
        parts.append(gear_line(obs, comp, lang))
    if obs["pending"]:
        parts.append(pending_line(obs, comp, lang))
    hand = obs["hardships"].get("hand")
    if hand:
        text = Text(view_text("hand", lang) + ":", style="bold red")
        text.append(" " + view_text("hand-note", lang), style="grey50")
        for card in hand:
            h = comp.hardships[card]
            text.append(f"\n  {t('pay_dirt.hardship.' + h.id, lang)} (-{h.temperature}°): ", style="bold")
            text.append(hardship_text(card, lang))
        parts.append(text)
    passed = passed_line(obs, comp, lang)
    if passed is not None:
        parts.append(passed)
    parts.append(camps_table(obs, comp, lang, one_line=auction))
    parts.append(Text(compact_text("legend-auction" if auction else "legend", lang), style="grey50"))
    return Group(*parts)


def passed_line(obs: dict[str, Any], comp: Components, lang: str | None) -> Text | None:
    """The hardship cards this seat passed on in this draft: it saw them, so
    it knows they are in someone else's hand now."""
    passed = obs["hardships"].get("passed")
    if not passed:
        return None
    names = ", ".join(t("pay_dirt.hardship." + comp.hardships[h].id, lang) for h in passed)
    return Text.assemble((compact_text("passed", lang) + ": ", "bold"), (names, "red"))


def pending_line(obs: dict[str, Any], comp: Components, lang: str | None) -> Text:
    """What the winner of the last lot must settle, in a line or two."""
    pending = obs["pending"]
    text = Text(view_text("pending", lang, player=pending["player"] + 1) + ": ", style="bold yellow")
    text.append(view_text("pending-" + pending["kind"], lang, left=pending["left"]))
    if pending["kind"] == "equipment":
        item = pending["item"]
        e = comp.equipment[item]
        text.append(f" {model_name(comp, item, lang)}{'!' if e.fragile else ''} "
                    f"{t('pay_dirt.machine.' + MACHINES[e.machine], lang)} "
                    f"{compact_text('spaces-tools', lang, spaces=e.spaces, tools=e.tools)}", style="bold")
    return text


def header_line(obs: dict[str, Any], lang: str | None) -> Text:
    """Round, temperature, Head Miner and phase on one line of 80 cells.
    Why no game name: the person chose the game, and at 80×24 the name
    pushed the auctioneer onto a second line that cost a camp's line
    (issue 43)."""
    temp = obs["temperature"]
    auction = obs["auction"]
    final = bool(obs["final_round"])  # said in the round's words: a word of its own took a line (issue 43)
    line = Text.assemble(
        (compact_text("round-final" if final else "round", lang, round=obs["round"], temperature=temp),
         "bold red" if final else ""),
        "  ",
        f"{view_text('head', lang)}: ",
        (view_text("player", lang, n=obs["head"] + 1), SEAT_STYLE[obs["head"] % len(SEAT_STYLE)]),
        "  ",
    )
    done = int(auction.get("events_done") or 0)
    if obs["phase"] in ("auction", "bidding") and done < obs["players"]:
        # "auction 2 of 5 · auctioneer: player 3 · bidding" instead of the bare phase
        line.append(compact_text("auction-n", lang, n=done + 1, total=obs["players"]), style="bold")
        if obs["phase"] != "auction":  # bidding: the bid line below names the lot and who leads
            line.append(f" · {t('pay_dirt.phase.' + obs['phase'], lang)}")
        elif auction.get("auctioneer") is not None:
            line.append(" " + compact_text("auctioneer", lang, player=auction["auctioneer"] + 1), style="bold")
    else:
        line.append(t("pay_dirt.phase." + obs["phase"], lang), style="bold")
    step = (obs.get("labor") or {}).get("step")
    if step in ("place", "buy"):
        line.append(" " + compact_text(f"gear-step-{step}", lang), style="bold")
    return line


def lots_grid(obs: dict[str, Any], comp: Components, lang: str | None) -> Table:
    """The nine lots, a row of three per kind (longer text ends in "…": the
    full card is behind d); the lot under the hammer reversed, the row under
    the No-Bid disc marked, lots you cannot open (blocked, or a minimum above
    your cash) in grey. Equipment and personnel take two lines each, claims
    one (their tiles, then their name): with four camps below, the five
    lines are what leaves an 80×24 turn room for every camp, the folded
    openings and the prompt (issue 43)."""
    auction = obs["auction"]
    lot = auction["lot"]
    you = obs.get("you")
    cash = min(obs["camps"][you]["money"], comp.rules.bid_cap) if type(you) is int else 10**9
    table = Table(box=None, show_header=False, pad_edge=False, padding=(0, 1), expand=True)
    table.add_column(no_wrap=True)
    for _ in range(3):
        table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    for row in range(3):
        label = Text(t(f"pay_dirt.row.{ROWS[row]}", lang), style="bold")
        if auction["no_bid"] == row:  # under the lot rows' name, on the second of their two lines
            label.append("\n")
            label.append(compact_text("no-bid", lang), style="bold white on red")
        cells: list[Any] = [label]
        for slot, item in enumerate(auction["display"][row]):
            if item is None or item < 0:
                cells.append(Text("—", style="grey35"))
                continue
            style = "reverse" if lot and lot[0] == row and lot[1] == slot else ""
            minimum = (comp.equipment, comp.personnel, comp.claims)[row][item].min_bid
            grey = "grey50" if auction["no_bid"] == row or minimum > cash else ""  # not for you now
            cells.append(LotCell(slot, lot_lines(comp, row, item, lang), style or grey))
        while len(cells) < 4:
            cells.append("")
        table.add_row(*cells)
    return table


class LotCell:
    """One lot of the table: "#n" and its lines, each line the longest of
    its wordings that fits the cell (the card's name where there is room,
    else the plain words: "+1 Lars th…" said less than "workers +1"); a
    line that no wording fits is cut with "…"."""

    def __init__(self, slot: int, lines: list[tuple[str, ...]], style: str) -> None:
        self.slot = slot
        self.lines = lines
        self.style = style

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f"#{self.slot + 1} ", style="bold cyan")  # "#": apart from the move numbers
        used = cell_len(text.plain)
        for k, choices in enumerate(self.lines):
            line = next((c for c in choices if used + cell_len(c) <= options.max_width), choices[-1])
            text.append(("\n" if k else "") + line, style=self.style)
            used = 0
        yield text

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        prefix = cell_len(f"#{self.slot + 1} ")
        widths = [[cell_len(c) + (prefix if k == 0 else 0) for c in choices] for k, choices in enumerate(self.lines)]
        return Measurement(max(min(w) for w in widths), max(max(w) for w in widths)).clamp(max_width=options.max_width)


def gear_lines(obs: dict[str, Any], comp: Components, lang: str | None) -> Text:
    """The Gear Supplier while gear is bought: one line per gear with what it
    does, its price and its tool icons (a line too long is cut)."""
    text = Text(f"{view_text('gear-supplier', lang)}:", style="bold")
    for slot, g in enumerate(obs["gear"]["display"]):
        if g < 0:
            continue
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(f"\n  #{slot + 1} {money(comp.gear[g].price)} ", style="bold")
        line.append(gear_text(comp, g, lang) + " · " + view_text("tools", lang, n=comp.gear[g].durability))
        text.append_text(line)
    return text


def gear_line(obs: dict[str, Any], comp: Components, lang: str | None) -> Text:
    text = Text(f"{view_text('gear-supplier', lang)}: ", style="bold")
    items = [f"#{slot + 1} {t('pay_dirt.gear.' + comp.gear[g].id, lang)} {money(comp.gear[g].price)}"
             for slot, g in enumerate(obs["gear"]["display"]) if g >= 0]
    text.append("  ".join(items) or view_text("empty", lang))
    return text


def _machines_short(camp: dict[str, Any], comp: Components, lang: str | None) -> Text:
    """claims ⇒ Ex [..] ⇒ Lo [..] ⇒ Wa [..]$ with wear after each."""
    text = Text()
    for m, machine in enumerate(camp["machines"]):
        text.append("⇒ " if m else compact_text("claims-arrow", lang) + " ⇒ ", style="grey50")
        text.append(compact_text(f"machine-{machine['name']}", lang) + " ", style="bold")
        text.append_text(tiles_text(machine["spaces"]))
        if m == 2:
            text.append("$", style="bold gold1")
        text.append(" ")
        text.append_text(_wear_mark(machine))
        text.append(" ")
    return text


def _wear_mark(machine: dict[str, Any]) -> Text:
    """The wear bar; "!" before it for Fiem Co equipment, "✗" after it when
    the machine is broken."""
    e = machine.get("equipment")
    text = Text("!", style="bold red") if e is not None and components().equipment[e].fragile else Text()
    text.append_text(_wear_bar(machine["wear"], machine["durability"]))
    if machine["wear"] >= machine["durability"]:
        text.append("✗", style="bold red")
    return text


def _wear_only(camp: dict[str, Any], lang: str | None) -> Text:
    """Ex ■□□□ Lo □□□□ Wa □□□□: each machine's wear, for the one-line camp."""
    text = Text()
    for machine in camp["machines"]:
        text.append(" " + compact_text(f"machine-{machine['name']}", lang), style="bold")
        text.append_text(_wear_mark(machine))
    return text


def camps_table(obs: dict[str, Any], comp: Components, lang: str | None, *, one_line: bool = False) -> Table:
    """Each camp: gold, money, workers, claims, gear and crew, then the
    machine row with its tiles; ``one_line`` (the auction) puts each
    machine's wear on the first line instead of the whole row."""
    names = []
    for p in range(len(obs["camps"])):
        name = ("▶ " if obs["current_player"] == p else "  ") + view_text("player", lang, n=p + 1)
        if obs["you"] == p:
            name += " " + view_text("you", lang)
        if obs["head"] == p:
            name += " ★"
        names.append(name)
    table = Table(box=None, show_header=False, pad_edge=False, padding=(0, 1))
    table.add_column(no_wrap=True, min_width=max(cell_len(n) for n in names))
    table.add_column(overflow="ellipsis")  # the rest of a camp is behind d; its Text does not wrap
    for p, camp in enumerate(obs["camps"]):
        name = names[p]
        mark = "▶ " if obs["current_player"] == p else ""
        stats = Text(no_wrap=True, overflow="ellipsis")  # a cut line ends in "…": more behind d
        stats.append(f"{view_text('gold', lang)} {camp['gold']}", style="bold gold1")
        stats.append(f"  {money(camp['money'])}", style="green")
        placing = obs["phase"] in ("gear", "work")  # "0/5 free" in the draft read as none left
        stats.append("  " + (compact_text("workers-free", lang, unused=camp["unused"], workers=camp["workers"]) if placing
                             else f"{view_text('workers', lang)} {camp['workers']}"))
        if camp.get("idle"):  # a hardship's workers sitting out the coming labour phase
            stats.append("  " + view_text("idle", lang, n=camp["idle"]), style="red")
        stats.append("  ")
        at_gear = gear_workers(obs, p)
        if at_gear:
            stats.append(compact_text("at-gear", lang, n=at_gear) + "  ", style="bold cyan")
        for i, claim in enumerate(camp["claims"]):
            stats.append(f"{i + 1}:")
            if one_line:
                stats.append("".join(c or "" for c in claim["tiles"]) or "—")
            else:
                stats.append_text(tiles_text(claim["tiles"]) if claim["tiles"] else Text("—"))
            stats.append("* " if claim["ordered"] else " ")
        if one_line:
            stats.append_text(_wear_only(camp, lang))
        gear = [t("pay_dirt.gear." + comp.gear[g["gear"]].id, lang) for g in camp["gear"] if g is not None]
        crew = [person_name(comp, c, lang) for c in camp["personnel"]]
        if gear or crew:
            stats.append("  " + ", ".join(gear + crew), style="cyan")
        if camp["ongoing"]:
            stats.append("  " + ", ".join(t("pay_dirt.hardship." + comp.hardships[h].id, lang)
                                          for h in camp["ongoing"]), style="red")
        table.add_row(Text(name, style=("bold " if mark else "") + SEAT_STYLE[p % len(SEAT_STYLE)]),
                      stats)
        if not one_line:
            table.add_row("", _machines_short(camp, comp, lang))
    return table


def details(game: Any, obs: dict[str, Any], lang: str | None = None) -> list[tuple[str, Any]]:
    """The full panels behind the compact board: each camp, the auction
    with every lot's text, the Gear Supplier."""
    comp = components()
    screens: list[tuple[str, Any]] = [
        (compact_text("details-camp", lang, n=p + 1), _camp(obs, p, camp, comp, lang)) for p, camp in enumerate(obs["camps"])
    ]
    screens.append((t("pay_dirt.view.auction", lang), _auction(obs, comp, lang)))
    screens.append((view_text("gear-supplier", lang), _gear_supplier(obs, comp, lang)))
    return screens


def lot_cell(comp: Components, row: int, item: int, lang: str | None) -> Text:
    if item is None or item < 0:
        return Text(view_text("empty", lang), style="grey35")
    if row == 0:
        e = comp.equipment[item]
        text = Text(equipment_name(comp, item, lang), style="bold red" if e.fragile else "bold")
        text.append(f"\n{t('pay_dirt.machine.' + MACHINES[e.machine], lang)}, ")
        text.append(view_text("spaces", lang, n=e.spaces) + ", " + view_text("tools", lang, n=e.tools))
        text.append("\n" + view_text("min-bid", lang, amount=money(e.min_bid)), style="green")
        return text
    if row == 1:
        person = comp.personnel[item]
        text = Text(person_name(comp, item, lang), style="bold")
        workers = view_text("plus-workers", lang, n=person.workers) + "; " if person.workers else ""
        text.append(f"\n{workers}{ability_text(comp, item, lang)}")
        text.append("\n" + view_text("min-bid", lang, amount=money(person.min_bid)), style="green")
        return text
    claim = comp.claims[item]
    text = Text(claim_name(comp, item, lang) + (" *" if claim.ordered else ""), style="bold")
    text.append("\n")
    text.append_text(tiles_text([KIND_CODES[k] for k in claim.tiles]))
    text.append("\n" + view_text("min-bid", lang, amount=money(claim.min_bid)), style="green")
    return text


def tiles_text(codes: list[str | None]) -> Text:
    text = Text()
    for code in codes:
        if code is None:
            text.append("[ ]", style="grey35")
        else:
            text.append(f"[{code}]", style=KIND_STYLE[code])
    return text


def _auction(obs: dict[str, Any], comp: Components, lang: str | None) -> Panel:
    auction = obs["auction"]
    table = Table(expand=True, show_lines=True)
    table.add_column("")
    for slot in range(3):
        table.add_column(str(slot + 1))
    lot = auction["lot"]
    for row in range(3):
        label = Text(t(f"pay_dirt.row.{ROWS[row]}", lang), style="bold")
        label.append("\n" + view_text("deck", lang, n=auction["deck_sizes"][row]), style="grey50")
        if auction["no_bid"] == row:
            label.append("\n" + view_text("no-bid", lang), style="bold white on red")
        cells = []
        for slot, item in enumerate(auction["display"][row]):
            cell = lot_cell(comp, row, item, lang)
            if lot and lot[0] == row and lot[1] == slot:
                cell.stylize("reverse")
            cells.append(cell)
        table.add_row(label, *cells)
    title = t("pay_dirt.view.auction", lang)
    if lot:
        title += "  —  " + bid_line(obs, comp, lang)
    return Panel(table, title=title)


def _gear_supplier(obs: dict[str, Any], comp: Components, lang: str | None) -> Panel:
    lines = Text()
    for slot, gear in enumerate(obs["gear"]["display"]):
        lines.append(f"{slot + 1}. ")
        if gear < 0:
            lines.append(view_text("empty", lang) + "\n", style="grey35")
            continue
        g = comp.gear[gear]
        lines.append(gear_text(comp, gear, lang))
        lines.append(f"  {money(g.price)}", style="green")
        lines.append(f"  {view_text('tools', lang, n=g.durability)}\n", style="grey50")
    lines.append(view_text("deck", lang, n=obs["gear"]["deck_size"]), style="grey50")
    return Panel(lines, title=view_text("gear-supplier", lang))


def _wear_bar(wear: int, durability: int) -> Text:
    broken = wear >= durability
    return Text("■" * wear, style="red" if broken else "orange3") + Text("□" * max(0, durability - wear), style="grey50")


def machine_row(camp: dict[str, Any], comp: Components, lang: str | None) -> Table:
    """The machine row drawn left to right: claims ==> Excavator ==> Loader ==> Wash Plant."""
    table = Table.grid(padding=(0, 1))
    for _ in range(7):
        table.add_column()
    heads: list[Any] = [Text(view_text("claims", lang), style="bold")]
    bodies: list[Any] = []
    claims = Text()
    for i, claim in enumerate(camp["claims"]):
        name = claim_name(comp, claim["claim"], lang)
        claims.append(f"{i + 1}: {name}{' *' if claim['ordered'] else ''} ")
        claims.append_text(tiles_text(claim["tiles"]) if claim["tiles"] else Text(view_text("empty", lang)))
        claims.append("\n")
    bodies.append(claims)
    for m, machine in enumerate(camp["machines"]):
        heads.append(Text("==>", style="grey50"))
        bodies.append(Text("==>", style="grey50"))
        head = Text(t(f"pay_dirt.machine.{machine['name']}", lang), style="bold")
        e = machine["equipment"]
        if e is not None:
            eq = comp.equipment[e]
            head.append(f"\n{equipment_name(comp, e, lang)}", style="red" if eq.fragile else "cyan")
        heads.append(head)
        body = tiles_text(machine["spaces"])
        if m == 2:
            body.append(" $", style="bold gold1")
        body.append("\n" + view_text("wear", lang, wear=machine["wear"], durability=machine["durability"]) + " ")
        body.append_text(_wear_bar(machine["wear"], machine["durability"]))
        if machine["wear"] >= machine["durability"]:
            body.append(f" {view_text('broken', lang)}", style="bold red")
        if machine["repaired"]:
            body.append(f" {view_text('repairing', lang)}", style="yellow")
        bodies.append(body)
    table.add_row(*heads)
    table.add_row(*bodies)
    return table


def _camp(obs: dict[str, Any], p: int, camp: dict[str, Any], comp: Components, lang: str | None) -> Panel:
    stats = Text()
    stats.append(f"{view_text('gold', lang)} {camp['gold']}", style="bold gold1")
    stats.append(f"   {view_text('money', lang)} {money(camp['money'])}", style="green")
    stats.append(f"   {view_text('workers', lang)} {camp['workers']}")
    if obs["phase"] in ("gear", "work"):  # "(unused 0)" during the auction read as none left
        stats.append(f" ({view_text('unused', lang)} {camp['unused']})")
    if camp.get("idle"):
        stats.append("   " + view_text("idle", lang, n=camp["idle"]), style="red")
    if gear_workers(obs, p):
        stats.append("   " + compact_text("at-gear", lang, n=gear_workers(obs, p)), style="bold cyan")
    extras = Text()
    for slot, gear in enumerate(camp["gear"]):
        extras.append(f"{t('pay_dirt.slot.' + GEAR_SLOTS[slot], lang)}: ", style="bold")
        if gear is None:
            extras.append(view_text("none", lang) + "\n")
            continue
        extras.append(gear_text(comp, gear["gear"], lang) + " ")
        extras.append_text(_wear_bar(gear["wear"], gear["durability"]))
        if gear["used"]:
            extras.append(f" {view_text('used', lang)}", style="grey50")
        if gear["repaired"]:
            extras.append(f" {view_text('repairing', lang)}", style="yellow")
        extras.append("\n")
    if camp["personnel"]:
        extras.append(f"{view_text('personnel', lang)}: ", style="bold")
        extras.append(", ".join(f"{person_name(comp, c, lang)} ({ability_text(comp, c, lang)})" for c in camp["personnel"]) + "\n")
    if camp["ongoing"]:
        extras.append(f"{view_text('ongoing', lang)}: ", style="bold red")
        extras.append(" / ".join(f"{t('pay_dirt.hardship.' + comp.hardships[h].id, lang)} {hardship_text(h, lang)}" for h in camp["ongoing"]))
        extras.append("\n")
    kept = obs["hardships"]["kept"][p]
    if isinstance(kept, int):
        extras.append(f"{view_text('kept', lang)}: {t('pay_dirt.hardship.' + comp.hardships[kept].id, lang)}\n", style="red")
    title = view_text("player", lang, n=p + 1)
    if obs["you"] == p:
        title += " " + view_text("you", lang)
    if obs["head"] == p:
        title += f" — {view_text('head', lang)}"
    style = SEAT_STYLE[p]
    if obs["current_player"] == p:
        style = "bold " + style
    return Panel(Group(stats, machine_row(camp, comp, lang), extras), title=title, border_style=style)


class PayDirtView(TerminalView):
    """Pay Dirt on the terminal: the compact board and the screens behind it."""

    def render(self, observation: Observation, lang: str | None) -> Any:
        return render(observation, lang)

    def details(self, observation: Observation, lang: str | None) -> list[tuple[str, Any]]:
        return details(None, observation, lang)
