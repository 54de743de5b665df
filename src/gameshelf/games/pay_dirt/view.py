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

import re
from typing import Any

from rich.cells import cell_len
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gameshelf.core.i18n import t
from gameshelf.games.pay_dirt.components import (
    GEAR_SLOTS,
    KIND_CODES,
    MACHINES,
    ROWS,
    Components,
    components,
    dollars,
)
from gameshelf.games.pay_dirt.describe import hardship_text, money
from gameshelf.games.pay_dirt.names import (
    claim_key,
    equipment_name,
    lot_name,
    model_name,
    person_key,
)

KIND_STYLE = {"B": "grey62", "P": "yellow", "R": "bold gold1"}
SEAT_STYLE = ("cyan", "magenta", "green", "blue", "red")


def _v(key: str, lang: str | None, **params: Any) -> str:
    return t(f"pay_dirt.view.{key}", lang, **params)


def claim_name(comp: Components, claim: int, lang: str | None) -> str:
    """A claim's name in ``lang`` (the Greenhorn Claim included)."""
    return t(claim_key(comp, claim), lang)


def person_name(comp: Components, card: int, lang: str | None) -> str:
    """A personnel card's name in ``lang``."""
    return t(person_key(comp, card), lang)


def _c(key: str, lang: str | None, **params: Any) -> str:
    return t(f"pay_dirt.compact.{key}", lang, **params)


#: the phases in which the compact board shows the auction and one line per camp
AUCTION_PHASES = ("auction", "bidding", "acquire")


def render(obs: dict[str, Any], lang: str | None = None) -> Group:
    """The compact board that fits 100x30 with the move list and the prompt.

    During the auction: one header line (round, temperature, Head Miner,
    phase, auction n of N and its auctioneer), the nine lots in a grid of
    two lines each, the high bid, one line per camp (gold, money, workers,
    claims, each machine's wear) and a legend: an auctioneer may list 37
    openings, 13 rows of moves. During labour and the draft: the Gear
    Supplier, what is pending, your hardship hand, two lines per camp with
    the tiles in the machines. Everything in full is one key away
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
        text = Text(_v("hand", lang) + ":", style="bold red")
        text.append(" " + _v("hand-note", lang), style="grey50")
        for card in hand:
            h = comp.hardships[card]
            text.append(f"\n  {t('pay_dirt.hardship.' + h.id, lang)} (-{h.temperature}°): ", style="bold")
            text.append(hardship_text(card, lang))
        parts.append(text)
    passed = passed_line(obs, comp, lang)
    if passed is not None:
        parts.append(passed)
    parts.append(camps_table(obs, comp, lang, one_line=auction))
    parts.append(Text(_c("legend-auction" if auction else "legend", lang), style="grey50"))
    return Group(*parts)


def bid_line(obs: dict[str, Any], comp: Components, lang: str | None) -> str:
    """The lot under the hammer in words (on the grid it is only reversed),
    its high bid and who holds it: "Claims #2 Sulphur Flats: high bid …"."""
    a = obs["auction"]
    row, slot = a["lot"][0], a["lot"][1]
    item = a["display"][row][slot]
    name = lot_name(comp, row, item, lang) if item is not None and item >= 0 else "?"
    lot = _c("lot", lang, row=t(f"pay_dirt.row.{ROWS[row]}", lang), slot=slot + 1, name=name)
    return _v("bid-line", lang, lot=lot, amount=dollars(a["high_bid"]), player=a["high_bidder"] + 1)


def passed_line(obs: dict[str, Any], comp: Components, lang: str | None) -> Text | None:
    """The hardship cards this seat passed on in this draft: it saw them, so
    it knows they are in someone else's hand now."""
    passed = obs["hardships"].get("passed")
    if not passed:
        return None
    names = ", ".join(t("pay_dirt.hardship." + comp.hardships[h].id, lang) for h in passed)
    return Text.assemble((_c("passed", lang) + ": ", "bold"), (names, "red"))


def pending_line(obs: dict[str, Any], comp: Components, lang: str | None) -> Text:
    """What the winner of the last lot must settle, in a line or two."""
    pending = obs["pending"]
    text = Text(_v("pending", lang, player=pending["player"] + 1) + ": ", style="bold yellow")
    text.append(_v("pending-" + pending["kind"], lang, left=pending["left"]))
    if pending["kind"] == "equipment":
        item = pending["item"]
        e = comp.equipment[item]
        text.append(f" {model_name(comp, item, lang)}{'!' if e.fragile else ''} "
                    f"{t('pay_dirt.machine.' + MACHINES[e.machine], lang)} "
                    f"{_c('spaces-tools', lang, spaces=e.spaces, tools=e.tools)}", style="bold")
    return text


def header_line(obs: dict[str, Any], lang: str | None) -> Text:
    temp = obs["temperature"]
    auction = obs["auction"]
    line = Text.assemble(
        (f"{t('pay_dirt.name', lang)}  ", "bold"),
        _c("round", lang, round=obs["round"], temperature=temp) + "  ",
        f"{_v('head', lang)}: ",
        (_v("player", lang, n=obs["head"] + 1), SEAT_STYLE[obs["head"] % len(SEAT_STYLE)]),
        "  ",
    )
    done = int(auction.get("events_done") or 0)
    if obs["phase"] in ("auction", "bidding") and done < obs["players"]:
        # "auction 2 of 5 · auctioneer: player 3 · bidding" instead of the bare phase
        line.append(_c("auction-n", lang, n=done + 1, total=obs["players"]), style="bold")
        if auction.get("auctioneer") is not None:
            line.append(" " + _c("auctioneer", lang, player=auction["auctioneer"] + 1), style="bold")
        if obs["phase"] != "auction":
            line.append(f" · {t('pay_dirt.phase.' + obs['phase'], lang)}")
    else:
        line.append(t("pay_dirt.phase." + obs["phase"], lang), style="bold")
    step = (obs.get("labor") or {}).get("step")
    if step in ("place", "buy"):
        line.append(" " + _c(f"gear-step-{step}", lang), style="bold")
    if obs["final_round"]:
        line.append(f"  {_v('final', lang)}", style="bold red")
    return line


def lot_lines(comp: Components, row: int, item: int, lang: str | None) -> tuple[str, str]:
    """A lot in two short lines, what matters first (the rest of a line that
    is too long is cut, the whole card is behind d): the price and the
    machine it replaces, then its spaces, tools and model; the price, the
    workers and the name, then the ability; the price and the tiles, then
    the claim's name."""
    if row == 0:
        e = comp.equipment[item]
        first = f"{money(e.min_bid)}+ {t('pay_dirt.machine.' + MACHINES[e.machine], lang)}{'!' if e.fragile else ''}"
        second = _c("spaces-tools", lang, spaces=e.spaces, tools=e.tools) + " " + model_name(comp, item, lang)
        return first, second
    if row == 1:
        person = comp.personnel[item]
        workers = f"+{person.workers} " if person.workers else ""
        return f"{money(person.min_bid)}+ {workers}{person_name(comp, item, lang)}", ability_text(comp, item, lang)
    claim = comp.claims[item]
    tiles = "".join(KIND_CODES[k] for k in claim.tiles)
    return f"{money(claim.min_bid)}+ [{tiles}]{' *' if claim.ordered else ''}", claim_name(comp, item, lang)


def lots_grid(obs: dict[str, Any], comp: Components, lang: str | None) -> Table:
    """The nine lots, a row of three per kind, two lines each (longer text
    ends in "…": the full card is behind d); the lot under the hammer
    reversed, the row under the No-Bid disc marked, lots you cannot open
    (blocked, or a minimum above your cash) in grey."""
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
            label.append(_c("no-bid", lang), style="bold white on red")
        cells: list[Any] = [label]
        for slot, item in enumerate(auction["display"][row]):
            if item is None or item < 0:
                cells.append(Text("—", style="grey35"))
                continue
            first, second = lot_lines(comp, row, item, lang)
            style = "reverse" if lot and lot[0] == row and lot[1] == slot else ""
            minimum = (comp.equipment, comp.personnel, comp.claims)[row][item].min_bid
            grey = "grey50" if auction["no_bid"] == row or minimum > cash else ""  # not for you now
            cell = Text()
            cell.append(f"#{slot + 1} ", style="bold cyan")  # "#": apart from the move numbers
            cell.append(first, style=style or grey)
            cell.append("\n" + second, style=style or grey)
            cells.append(cell)
        while len(cells) < 4:
            cells.append("")
        table.add_row(*cells)
    return table


def gear_lines(obs: dict[str, Any], comp: Components, lang: str | None) -> Text:
    """The Gear Supplier while gear is bought: one line per gear with what it
    does, its price and its tool icons (a line too long is cut)."""
    text = Text(f"{_v('gear-supplier', lang)}:", style="bold")
    for slot, g in enumerate(obs["gear"]["display"]):
        if g < 0:
            continue
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(f"\n  #{slot + 1} {money(comp.gear[g].price)} ", style="bold")
        line.append(gear_text(comp, g, lang) + " · " + _v("tools", lang, n=comp.gear[g].durability))
        text.append_text(line)
    return text


def gear_line(obs: dict[str, Any], comp: Components, lang: str | None) -> Text:
    text = Text(f"{_v('gear-supplier', lang)}: ", style="bold")
    items = [f"#{slot + 1} {t('pay_dirt.gear.' + comp.gear[g].id, lang)} {money(comp.gear[g].price)}"
             for slot, g in enumerate(obs["gear"]["display"]) if g >= 0]
    text.append("  ".join(items) or _v("empty", lang))
    return text


def _machines_short(camp: dict[str, Any], comp: Components, lang: str | None) -> Text:
    """claims ⇒ Ex [..] ⇒ Lo [..] ⇒ Wa [..]$ with wear after each."""
    text = Text()
    for m, machine in enumerate(camp["machines"]):
        text.append("⇒ " if m else _c("claims-arrow", lang) + " ⇒ ", style="grey50")
        text.append(_c(f"machine-{machine['name']}", lang) + " ", style="bold")
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
        text.append(" " + _c(f"machine-{machine['name']}", lang), style="bold")
        text.append_text(_wear_mark(machine))
    return text


def gear_workers(obs: dict[str, Any], seat: int) -> int:
    """How many workers ``seat`` has standing at the Gear Supplier (0 outside the labour phase)."""
    labor = obs.get("labor") or {}
    workers = labor.get("gear_workers") or []
    return int(workers[seat]) if seat < len(workers) else 0


def camps_table(obs: dict[str, Any], comp: Components, lang: str | None, *, one_line: bool = False) -> Table:
    """Each camp: gold, money, workers, claims, gear and crew, then the
    machine row with its tiles; ``one_line`` (the auction) puts each
    machine's wear on the first line instead of the whole row."""
    names = []
    for p in range(len(obs["camps"])):
        name = ("▶ " if obs["current_player"] == p else "  ") + _v("player", lang, n=p + 1)
        if obs["you"] == p:
            name += " " + _v("you", lang)
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
        stats.append(f"{_v('gold', lang)} {camp['gold']}", style="bold gold1")
        stats.append(f"  {money(camp['money'])}", style="green")
        placing = obs["phase"] in ("gear", "work")  # "0/5 free" in the draft read as none left
        stats.append("  " + (_c("workers-free", lang, unused=camp["unused"], workers=camp["workers"]) if placing
                             else f"{_v('workers', lang)} {camp['workers']}"))
        if camp.get("idle"):  # a hardship's workers sitting out the coming labour phase
            stats.append("  " + _v("idle", lang, n=camp["idle"]), style="red")
        stats.append("  ")
        at_gear = gear_workers(obs, p)
        if at_gear:
            stats.append(_c("at-gear", lang, n=at_gear) + "  ", style="bold cyan")
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
        (_c("details-camp", lang, n=p + 1), _camp(obs, p, camp, comp, lang)) for p, camp in enumerate(obs["camps"])
    ]
    screens.append((t("pay_dirt.view.auction", lang), _auction(obs, comp, lang)))
    screens.append((_v("gear-supplier", lang), _gear_supplier(obs, comp, lang)))
    return screens


def render_full(obs: dict[str, Any], lang: str | None = None) -> Group:
    """Every panel at once (the previous board, for wide screens)."""
    comp = components()
    parts: list[Any] = [_header(obs, lang)]
    parts.append(_auction(obs, comp, lang))
    parts.append(_gear_supplier(obs, comp, lang))
    if obs["pending"]:
        parts.append(_pending(obs, comp, lang))
    if obs["hardships"]["hand"]:
        parts.append(_draft(obs, comp, lang))
    for p, camp in enumerate(obs["camps"]):
        parts.append(_camp(obs, p, camp, comp, lang))
    return Group(*parts)


def _header(obs: dict[str, Any], lang: str | None) -> Panel:
    temp = obs["temperature"]
    bar = Text("▮" * max(0, temp), style="bright_blue") + Text("▯" * max(0, 15 - max(0, temp)), style="grey35")
    line = Text.assemble(
        (f"{t('pay_dirt.name', lang)}  ", "bold"),
        f"{_v('round', lang)} {obs['round']}   ",
        f"{_v('temperature', lang)} {temp}° ",
        bar,
        f"   {_v('head', lang)}: ",
        (_v("player", lang, n=obs["head"] + 1), SEAT_STYLE[obs["head"]]),
        f"   {_v('phase', lang)}: {t('pay_dirt.phase.' + obs['phase'], lang)}",
    )
    if obs["final_round"]:
        line.append(f"   {_v('final', lang)}", style="bold red")
    return Panel(line, expand=True)


def lot_cell(comp: Components, row: int, item: int, lang: str | None) -> Text:
    if item is None or item < 0:
        return Text(_v("empty", lang), style="grey35")
    if row == 0:
        e = comp.equipment[item]
        text = Text(equipment_name(comp, item, lang), style="bold red" if e.fragile else "bold")
        text.append(f"\n{t('pay_dirt.machine.' + MACHINES[e.machine], lang)}, ")
        text.append(_v("spaces", lang, n=e.spaces) + ", " + _v("tools", lang, n=e.tools))
        text.append("\n" + _v("min-bid", lang, amount=money(e.min_bid)), style="green")
        return text
    if row == 1:
        person = comp.personnel[item]
        text = Text(person_name(comp, item, lang), style="bold")
        workers = _v("plus-workers", lang, n=person.workers) + "; " if person.workers else ""
        text.append(f"\n{workers}{ability_text(comp, item, lang)}")
        text.append("\n" + _v("min-bid", lang, amount=money(person.min_bid)), style="green")
        return text
    claim = comp.claims[item]
    text = Text(claim_name(comp, item, lang) + (" *" if claim.ordered else ""), style="bold")
    text.append("\n")
    text.append_text(tiles_text([KIND_CODES[k] for k in claim.tiles]))
    text.append("\n" + _v("min-bid", lang, amount=money(claim.min_bid)), style="green")
    return text


def ability_text(comp: Components, card: int, lang: str | None) -> str:
    c = comp.personnel[card]
    tags = "/".join(t(f"pay_dirt.tag.{tag}", lang) for tag in c.tags)
    kind = t(f"pay_dirt.kind.{('barren', 'promising', 'rich')[c.kind]}", lang) if c.kind >= 0 else ""
    return t(f"pay_dirt.ability.{c.ability}", lang, amount=c.amount, dollars=dollars(c.amount), tags=tags, kind=kind)


def gear_text(comp: Components, gear: int, lang: str | None) -> str:
    g = comp.gear[gear]
    machines = "/".join(t(f"pay_dirt.machine.{MACHINES[m]}", lang) for m in g.machines)
    effect = t(f"pay_dirt.gear-effect.{g.effect}", lang, amount=g.amount, machines=machines)
    return f"{t('pay_dirt.gear.' + g.id, lang)} ({t('pay_dirt.slot.' + GEAR_SLOTS[g.slot], lang)}): {effect}"


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
        label.append("\n" + _v("deck", lang, n=auction["deck_sizes"][row]), style="grey50")
        if auction["no_bid"] == row:
            label.append("\n" + _v("no-bid", lang), style="bold white on red")
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
            lines.append(_v("empty", lang) + "\n", style="grey35")
            continue
        g = comp.gear[gear]
        lines.append(gear_text(comp, gear, lang))
        lines.append(f"  {money(g.price)}", style="green")
        lines.append(f"  {_v('tools', lang, n=g.durability)}\n", style="grey50")
    lines.append(_v("deck", lang, n=obs["gear"]["deck_size"]), style="grey50")
    return Panel(lines, title=_v("gear-supplier", lang))


def _pending(obs: dict[str, Any], comp: Components, lang: str | None) -> Panel:
    """What the winner of the last lot must settle: install or scrap the
    equipment, the wear still to remove, or the claim to give up."""
    pending = obs["pending"]
    text = Text(_v("pending-" + pending["kind"], lang, left=pending["left"]) + "\n", style="bold")
    if pending["kind"] == "equipment":
        text.append_text(lot_cell(comp, 0, pending["item"], lang))
    title = _v("pending", lang, player=pending["player"] + 1)
    return Panel(text, title=title, border_style="yellow")


def _draft(obs: dict[str, Any], comp: Components, lang: str | None) -> Panel:
    text = Text(_v("hand-note", lang) + "\n", style="grey50")
    for card in obs["hardships"]["hand"]:
        h = comp.hardships[card]
        text.append(f"{t('pay_dirt.hardship.' + h.id, lang)} (-{h.temperature}°): ", style="bold")
        text.append(hardship_text(card, lang) + "\n")
    passed = passed_line(obs, comp, lang)
    if passed is not None:
        text.append_text(passed)
    return Panel(text, title=_v("hand", lang), border_style="red")


def _wear_bar(wear: int, durability: int) -> Text:
    broken = wear >= durability
    return Text("■" * wear, style="red" if broken else "orange3") + Text("□" * max(0, durability - wear), style="grey50")


def machine_row(camp: dict[str, Any], comp: Components, lang: str | None) -> Table:
    """The machine row drawn left to right: claims ==> Excavator ==> Loader ==> Wash Plant."""
    table = Table.grid(padding=(0, 1))
    for _ in range(7):
        table.add_column()
    heads: list[Any] = [Text(_v("claims", lang), style="bold")]
    bodies: list[Any] = []
    claims = Text()
    for i, claim in enumerate(camp["claims"]):
        name = claim_name(comp, claim["claim"], lang)
        claims.append(f"{i + 1}: {name}{' *' if claim['ordered'] else ''} ")
        claims.append_text(tiles_text(claim["tiles"]) if claim["tiles"] else Text(_v("empty", lang)))
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
        body.append("\n" + _v("wear", lang, wear=machine["wear"], durability=machine["durability"]) + " ")
        body.append_text(_wear_bar(machine["wear"], machine["durability"]))
        if machine["wear"] >= machine["durability"]:
            body.append(f" {_v('broken', lang)}", style="bold red")
        if machine["repaired"]:
            body.append(f" {_v('repairing', lang)}", style="yellow")
        bodies.append(body)
    table.add_row(*heads)
    table.add_row(*bodies)
    return table


def _camp(obs: dict[str, Any], p: int, camp: dict[str, Any], comp: Components, lang: str | None) -> Panel:
    stats = Text()
    stats.append(f"{_v('gold', lang)} {camp['gold']}", style="bold gold1")
    stats.append(f"   {_v('money', lang)} {money(camp['money'])}", style="green")
    stats.append(f"   {_v('workers', lang)} {camp['workers']}")
    if obs["phase"] in ("gear", "work"):  # "(unused 0)" during the auction read as none left
        stats.append(f" ({_v('unused', lang)} {camp['unused']})")
    if camp.get("idle"):
        stats.append("   " + _v("idle", lang, n=camp["idle"]), style="red")
    if gear_workers(obs, p):
        stats.append("   " + _c("at-gear", lang, n=gear_workers(obs, p)), style="bold cyan")
    extras = Text()
    for slot, gear in enumerate(camp["gear"]):
        extras.append(f"{t('pay_dirt.slot.' + GEAR_SLOTS[slot], lang)}: ", style="bold")
        if gear is None:
            extras.append(_v("none", lang) + "\n")
            continue
        extras.append(gear_text(comp, gear["gear"], lang) + " ")
        extras.append_text(_wear_bar(gear["wear"], gear["durability"]))
        if gear["used"]:
            extras.append(f" {_v('used', lang)}", style="grey50")
        if gear["repaired"]:
            extras.append(f" {_v('repairing', lang)}", style="yellow")
        extras.append("\n")
    if camp["personnel"]:
        extras.append(f"{_v('personnel', lang)}: ", style="bold")
        extras.append(", ".join(f"{person_name(comp, c, lang)} ({ability_text(comp, c, lang)})" for c in camp["personnel"]) + "\n")
    if camp["ongoing"]:
        extras.append(f"{_v('ongoing', lang)}: ", style="bold red")
        extras.append(" / ".join(f"{t('pay_dirt.hardship.' + comp.hardships[h].id, lang)} {hardship_text(h, lang)}" for h in camp["ongoing"]))
        extras.append("\n")
    kept = obs["hardships"]["kept"][p]
    if isinstance(kept, int):
        extras.append(f"{_v('kept', lang)}: {t('pay_dirt.hardship.' + comp.hardships[kept].id, lang)}\n", style="red")
    title = _v("player", lang, n=p + 1)
    if obs["you"] == p:
        title += " " + _v("you", lang)
    if obs["head"] == p:
        title += f" — {_v('head', lang)}"
    style = SEAT_STYLE[p]
    if obs["current_player"] == p:
        style = "bold " + style
    return Panel(Group(stats, machine_row(camp, comp, lang), extras), title=title, border_style=style)


def describe_move(obs: dict[str, Any], action: Any, lang: str | None = None) -> str:
    """A move as its player reads it now: an auctioneer's nomination names
    the lot as the board numbers it and its opening bid in dollars (never
    "minimum + $0,000"), a bid its dollars. Other moves keep the game's own
    sentence."""
    from gameshelf.games.pay_dirt.actions import (
        BY,
        Bid,
        BuyGear,
        DiscardClaim,
        Install,
        Nominate,
        PlaceGear,
        Scrap,
        Sell,
    )

    comp = components()
    if isinstance(action, Nominate):
        item = obs["auction"]["display"][action.row][action.slot]
        if item is not None and item >= 0:  # named as the board numbers it: "Claims #2"
            minimum = (comp.equipment, comp.personnel, comp.claims)[action.row][item].min_bid
            return _c("move.nominate", lang, row=t(f"pay_dirt.row.{ROWS[action.row]}", lang),
                      slot=action.slot + 1, amount=money(minimum + action.over))
    if isinstance(action, Bid):
        return _c("move.bid", lang, amount=money(action.amount))
    if isinstance(action, PlaceGear) and isinstance(obs.get("you"), int):
        left = obs["camps"][obs["you"]]["unused"] - action.workers
        return _c("move.place-gear", lang, workers=action.workers, left=left)
    pending = obs.get("pending") or {}
    if isinstance(action, DiscardClaim) and pending.get("kind") == "discard-claim" and obs.get("you") == pending.get("player"):
        claims = obs["camps"][pending["player"]]["claims"]
        if 0 <= action.slot < len(claims):
            claim = claims[action.slot]
            return _c("move.discard", lang, slot=action.slot + 1, name=claim_name(comp, claim["claim"], lang),
                      tiles="".join(c or "" for c in claim["tiles"]))
    if isinstance(action, Install | Scrap) and pending.get("kind") == "equipment" and obs.get("you") == pending.get("player"):
        item = pending["item"]
        e = comp.equipment[item]
        camp = obs["camps"][pending["player"]]
        # in words: the "!" of the board is explained only by the terminal's legend
        lot = model_name(comp, item, lang) + (f" ({_c('fragile', lang)})" if e.fragile else "")
        if isinstance(action, Install):
            return _c("move.install", lang, lot=lot, machine=t(f"pay_dirt.machine.{MACHINES[e.machine]}", lang),
                      spaces=e.spaces, tools=e.tools, wear=camp["machines"][e.machine]["wear"])
        wear = sum(m["wear"] for m in camp["machines"]) + sum(g["wear"] for g in camp["gear"] if g)
        return _c("move.scrap", lang, lot=lot, tools=e.tools, wear=wear)
    if isinstance(action, Sell) and isinstance(obs.get("you"), int):
        camp = obs["camps"][obs["you"]]
        price = comp.rules.sell_price  # as the rules price it: crew bonuses, ongoing penalties
        price += sum(comp.personnel[c].amount for c in camp["personnel"] if comp.personnel[c].ability == "sell_bonus")
        price -= sum(comp.hardships[h].amount for h in camp["ongoing"] if comp.hardships[h].effect == "sell_penalty")
        return _c("move.sell", lang, gold=action.gold, money=money(action.gold * max(0, price)),
                  by=t(f"pay_dirt.by.{BY[action.by]}", lang))
    if isinstance(action, BuyGear) and isinstance(obs.get("you"), int):
        gear = obs["gear"]["display"][action.slot]
        if gear is not None and gear >= 0:
            camp = obs["camps"][obs["you"]]
            price = comp.gear[gear].price  # as the rules price it: crew discounts, ongoing markups
            price -= sum(comp.personnel[c].amount for c in camp["personnel"] if comp.personnel[c].ability == "gear_discount")
            price += sum(comp.hardships[h].amount for h in camp["ongoing"] if comp.hardships[h].effect == "gear_penalty")
            return _c("buy.buy-gear", lang, slot=action.slot + 1, gear=t("pay_dirt.gear." + comp.gear[gear].id, lang),
                      price=money(max(0, price)))
    return _labor_move(action, lang) + _machine_effect(obs, action, lang)


def _labor_move(action: Any, lang: str | None) -> str:
    """A labour move in a few words, for the menu (two columns at 100)."""
    from gameshelf.games.pay_dirt.actions import BY, Dig, Pull, Repair, Slide
    from gameshelf.games.pay_dirt.components import KINDS, TARGETS
    from gameshelf.games.pay_dirt.describe import describe

    if not isinstance(action, Dig | Pull | Repair | Slide):
        return describe(action, lang)
    by = _c(f"move.by-{BY[action.by]}", lang)
    if isinstance(action, Dig):
        return _c("move.dig", lang, kind=t(f"pay_dirt.kind.{KINDS[action.tile_kind]}", lang), claim=action.claim + 1, by=by)
    if isinstance(action, Repair):
        name = TARGETS[action.target]
        target = t(f"pay_dirt.machine.{name}" if action.target < 3 else f"pay_dirt.slot.{GEAR_SLOTS[action.target - 3]}", lang)
        return _c("move.repair", lang, target=target, by=by)
    machine = t(f"pay_dirt.machine.{MACHINES[action.machine]}", lang)
    if isinstance(action, Slide):
        return _c("move.slide", lang, machine=machine, space=action.space + 1, to=action.space + 2, by=by)
    source = t(f"pay_dirt.machine.{MACHINES[action.machine - 1]}", lang)
    return _c("move.pull", lang, machine=machine, source=source, by=by)


def _machine_effect(obs: dict[str, Any], action: Any, lang: str | None) -> str:
    """What a labour move does to your machines, said before you choose it:
    a dig or a pull adds wear (" → Excavator wear 2/4", "…, broken"), a
    repair removes it, a slide onto the Wash Plant's last space washes."""
    from gameshelf.games.pay_dirt.actions import WORKER, Dig, Pull, Repair, Slide

    you = obs.get("you")
    if not isinstance(action, Dig | Pull | Repair | Slide) or type(you) is not int:
        return ""
    comp = components()
    camp = obs["camps"][you]
    if isinstance(action, Slide):
        row = camp["machines"][action.machine]["spaces"]
        return " → " + _c("washes", lang) if action.machine == 2 and action.space + 2 == len(row) else ""
    if isinstance(action, Repair):
        if action.target < 3:
            target = camp["machines"][action.target]
        else:
            target = camp["gear"][action.target - 3]
        if not target:
            return ""
        if action.by == WORKER:
            amount = comp.rules.repair_amount + sum(
                comp.personnel[c].amount for c in camp["personnel"] if comp.personnel[c].ability == "repair_bonus")
        else:
            gear = camp["gear"][action.by - 1]
            amount = comp.gear[gear["gear"]].amount if gear else 0
        left = max(0, target["wear"] - amount)
        return " → " + _c("wear-left", lang, wear=left, durability=target["durability"])
    m = 0 if isinstance(action, Dig) else action.machine
    machine = camp["machines"][m]
    added = 1 + (sum(comp.hardships[h].amount for h in camp["ongoing"] if comp.hardships[h].effect == "dig_wear")
                 if m == 0 else 0)
    wear = min(machine["durability"], machine["wear"] + added)
    key = "wear-broken" if wear >= machine["durability"] else "wear-after"
    return " → " + _c(key, lang, machine=t(f"pay_dirt.machine.{MACHINES[m]}", lang), wear=wear,
                      durability=machine["durability"])


# -- an opening bid typed at the prompt (the terminal's typed_move hook) -------------------------
#: "open c2 7", "open c #2 $7,000", "open 3 2 7": row (e/p/c or 1-3), lot number, total in thousands
_TYPED_OPEN = re.compile(r"open\s*([epc1-3])\s*#?\s*([1-3])\s+(?:at\s+)?\$?\s*([0-9]{1,6})(?:,000)?", re.ASCII)
_OPEN_WORD = re.compile(r"open(?:\s|$)")
_ROW_KEYS = {"e": 0, "p": 1, "c": 2, "1": 0, "2": 1, "3": 2}


def _auctioneer_now(obs: dict[str, Any]) -> bool:
    you = obs.get("you")
    return obs.get("phase") == "auction" and type(you) is int and obs.get("current_player") == you


def typed_move(obs: dict[str, Any], text: str, lang: str | None = None) -> Any:
    """``open c2 7`` typed by the auctioneer: Claims #2 opened at $7,000, any
    total from the lot's minimum (the menu lists only a few); a message when
    the lot or the amount cannot be, None for text that is not ``open``.
    The cap and one's cash are the engine's to check (its refusal is shown)."""
    from gameshelf.games.pay_dirt.actions import Nominate

    if not isinstance(text, str) or not _OPEN_WORD.match(text):
        return None
    if not _auctioneer_now(obs):
        return _c("typed.not-now", lang)
    found = _TYPED_OPEN.fullmatch(text)
    if found is None:
        return _c("typed.usage", lang)
    row, slot, total = _ROW_KEYS[found[1]], int(found[2]) - 1, int(found[3])
    row_name = t(f"pay_dirt.row.{ROWS[row]}", lang)
    display = obs["auction"]["display"][row]
    item = display[slot] if slot < len(display) else None
    if item is None or item < 0:
        return _c("typed.no-lot", lang, row=row_name, slot=slot + 1)
    comp = components()
    minimum = (comp.equipment, comp.personnel, comp.claims)[row][item].min_bid
    if total < minimum:
        return _c("typed.low", lang, row=row_name, slot=slot + 1, minimum=money(minimum), amount=money(total))
    return Nominate(row, slot, total - minimum)


def typed_hint(obs: dict[str, Any], lang: str | None = None) -> str | None:
    """The prompt's reminder that the auctioneer may open at any total, shown
    on a lot that can be opened now: the cheapest one not under the No-Bid
    disc (claims first among equals), $5,000 over its minimum or at all your
    cash if that is less; none when no lot can be opened."""
    if not _auctioneer_now(obs):
        return None
    comp = components()
    auction = obs["auction"]
    cash = min(int(obs["camps"][obs["you"]]["money"]), comp.rules.bid_cap)
    lots = []
    for row in (2, 1, 0):
        if auction.get("no_bid") == row:
            continue
        for slot, item in enumerate(auction["display"][row]):
            if item is not None and item >= 0:
                minimum = (comp.equipment, comp.personnel, comp.claims)[row][item].min_bid
                if minimum <= cash:
                    lots.append((minimum, 2 - row, slot, row))
    if not lots:
        return None
    minimum, _, slot, row = min(lots)
    total = min(cash, minimum + 5)
    return _c("typed.hint", lang, code=f"{'epc'[row]}{slot + 1}", total=total,
              row=t(f"pay_dirt.row.{ROWS[row]}", lang), slot=slot + 1, amount=money(total))
