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
from functools import lru_cache
from typing import Any

from rich.cells import cell_len
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gameshelf.core import i18n
from gameshelf.core.i18n import t
from gameshelf.core.protocol import Event
from gameshelf.games.pay_dirt.components import (
    GEAR_SLOTS,
    KIND_CODES,
    MACHINES,
    ROWS,
    Components,
    components,
)
from gameshelf.games.pay_dirt.describe import hardship_text, money, money_t

KIND_STYLE = {"B": "grey62", "P": "yellow", "R": "bold gold1"}
SEAT_STYLE = ("cyan", "magenta", "green", "blue", "red")


def _v(key: str, lang: str | None, **params: Any) -> str:
    return t(f"pay_dirt.view.{key}", lang, **params)


def claim_name(comp: Components, claim: int, lang: str | None) -> str:
    """A claim's name in ``lang`` (Japanese names live in the catalogue,
    ``pay_dirt.names.claim.<id>``; the data file holds the English one)."""
    c = comp.claims[claim]
    cid = "greenhorn" if c.id.startswith("greenhorn-") else c.id  # five copies of one card
    key = f"pay_dirt.names.claim.{cid}"
    return t(key, lang) if i18n.has(key, "en") else c.name


def person_name(comp: Components, card: int, lang: str | None) -> str:
    """A personnel card's name in ``lang`` (see :func:`claim_name`)."""
    c = comp.personnel[card]
    key = f"pay_dirt.names.personnel.{c.id}"
    return t(key, lang) if i18n.has(key, "en") else c.name


def _c(key: str, lang: str | None, **params: Any) -> str:
    return t(f"pay_dirt.compact.{key}", lang, **params)


@lru_cache(maxsize=1)
def _names_by_print() -> dict[str, tuple[str, int]]:
    """Each claim's and personnel card's printed (English) name -> its kind and index,
    so a log line that carries the printed name can say it in the reader's language."""
    comp = components()
    names: dict[str, tuple[str, int]] = {c.name: ("claim", i) for i, c in enumerate(comp.claims)}
    names.update({c.name: ("personnel", i) for i, c in enumerate(comp.personnel)})
    return names


def _lot_in(name: Any, lang: str | None) -> Any:
    """A printed claim or personnel name in ``lang``; anything else as it is
    (equipment names are maker and model, the same in every language)."""
    found = _names_by_print().get(name) if isinstance(name, str) else None
    if found is None:
        return name
    kind, index = found
    return (claim_name if kind == "claim" else person_name)(components(), index, lang)


def event_text(event: Event, lang: str | None = None) -> str | None:
    """A log line as the terminal prints it: money via :func:`money` (never
    "$0,000") and claim and personnel names in the reader's language (the
    rules log the printed English name). None for events of other games."""
    if not event.key.startswith("pay_dirt."):
        return None
    params = {k: (_lot_in(v, lang) if k in ("lot", "name") else v) for k, v in event.params.items()}
    return money_t(event.key, lang, **params)


def render(obs: dict[str, Any], lang: str | None = None) -> Group:
    """The compact board that fits 100x30 with the move list: one header
    line (round, temperature, Head Miner, phase, auctioneer and auctions
    left), the lots one line per row, the gear for sale, what is pending,
    your hardship hand, then two lines per camp. The full panels are one
    key away (:func:`details`)."""
    comp = components()
    parts: list[Any] = [header_line(obs, lang)]
    if obs["phase"] in ("auction", "bidding"):
        parts.append(lots_text(obs, comp, lang))
    if obs["phase"] in ("auction", "gear", "work"):
        parts.append(gear_line(obs, comp, lang))
    if obs["pending"]:
        parts.append(pending_line(obs, comp, lang))
    hand = obs["hardships"].get("hand")
    if hand:
        text = Text(_v("hand", lang) + ":", style="bold red")
        for card in hand:
            h = comp.hardships[card]
            text.append(f"\n  {t('pay_dirt.hardship.' + h.id, lang)} (-{h.temperature}°): ", style="bold")
            text.append(hardship_text(card, lang))
        parts.append(text)
    passed = passed_line(obs, comp, lang)
    if passed is not None:
        parts.append(passed)
    parts.append(camps_table(obs, comp, lang))
    parts.append(Text(_c("legend", lang), style="grey50"))
    return Group(*parts)


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
        text.append(" " + _lot_short(comp, 0, pending["item"], lang).rsplit(" ", 1)[0], style="bold")
    return text


def header_line(obs: dict[str, Any], lang: str | None) -> Text:
    temp = obs["temperature"]
    auction = obs["auction"]
    line = Text.assemble(
        (f"{t('pay_dirt.name', lang)}  ", "bold"),
        f"{_v('round', lang)} {obs['round']}  ",
        f"{temp}°  ",
        f"{_v('head', lang)}: ",
        (_v("player", lang, n=obs["head"] + 1), SEAT_STYLE[obs["head"] % len(SEAT_STYLE)]),
        f"  {_v('phase', lang)}: {t('pay_dirt.phase.' + obs['phase'], lang)}",
    )
    if obs["phase"] in ("auction", "bidding", "acquire"):
        left = max(0, obs["players"] - int(auction.get("events_done") or 0))
        line.append("  " + _c("auctions-left", lang, n=left))
        if auction.get("auctioneer") is not None:
            line.append("  " + _c("auctioneer", lang, player=auction["auctioneer"] + 1), style="bold")
    step = (obs.get("labor") or {}).get("step")
    if step in ("place", "buy"):
        line.append("  " + _c(f"gear-step-{step}", lang), style="bold")
    if obs["final_round"]:
        line.append(f"  {_v('final', lang)}", style="bold red")
    return line


def _lot_short(comp: Components, row: int, item: int, lang: str | None) -> str:
    """A lot in a few words and its minimum bid."""
    if row == 0:
        e = comp.equipment[item]
        machine = _c(f"machine-{MACHINES[e.machine]}", lang)
        sizes = _c("spaces-tools", lang, spaces=e.spaces, tools=e.tools)
        what = f"{e.model}{'!' if e.fragile else ''} {machine} {sizes}"
        price = e.min_bid
    elif row == 1:
        person = comp.personnel[item]
        what = f"{person_name(comp, item, lang)} +{person.workers}: {ability_text(comp, item, lang)}"
        price = person.min_bid
    else:
        claim = comp.claims[item]
        tiles = "".join(KIND_CODES[k] for k in claim.tiles)
        what = f"{claim_name(comp, item, lang)}{' *' if claim.ordered else ''} [{tiles}]"
        price = claim.min_bid
    return f"{what} {money(price)}+"


def lots_text(obs: dict[str, Any], comp: Components, lang: str | None) -> Text:
    """The three auction rows, one line each, the lot under the hammer
    reversed and the No-Bid row marked."""
    auction = obs["auction"]
    lot = auction["lot"]
    text = Text()
    for row in range(3):
        text.append(f"{t(f'pay_dirt.row.{ROWS[row]}', lang)}: ", style="bold")
        if auction["no_bid"] == row:
            text.append(_v("no-bid", lang) + " ", style="bold white on red")
        for slot, item in enumerate(auction["display"][row]):
            if item is None or item < 0:
                continue
            piece = f"#{slot + 1} {_lot_short(comp, row, item, lang)}"  # "#": apart from move numbers
            style = "reverse" if lot and lot[0] == row and lot[1] == slot else ""
            text.append(piece, style=style)
            text.append("  ")
        if row < 2:
            text.append("\n")
    if lot:
        text.append("\n" + money_t("pay_dirt.view.bid-line", lang, amount=auction["high_bid"], player=auction["high_bidder"] + 1),
                    style="bold green")
    return text


def gear_line(obs: dict[str, Any], comp: Components, lang: str | None) -> Text:
    text = Text(f"{_v('gear-supplier', lang)}: ", style="bold")
    items = [f"#{slot + 1} {t('pay_dirt.gear.' + comp.gear[g].id, lang)} {money(comp.gear[g].price)}"
             for slot, g in enumerate(obs["gear"]["display"]) if g >= 0]
    text.append("  ".join(items) or _v("empty", lang))
    return text


def _machines_short(camp: dict[str, Any], comp: Components, lang: str | None) -> Text:
    """claims ==> Ex [..] ==> Lo [..] ==> Wa [..]$ with wear after each."""
    text = Text()
    for m, machine in enumerate(camp["machines"]):
        text.append("⇒ " if m else _c("claims-arrow", lang) + " ⇒ ", style="grey50")
        text.append(_c(f"machine-{machine['name']}", lang) + " ", style="bold")
        text.append_text(tiles_text(machine["spaces"]))
        if m == 2:
            text.append("$", style="bold gold1")
        text.append(" ")
        text.append_text(_wear_bar(machine["wear"], machine["durability"]))
        if machine["wear"] >= machine["durability"]:
            text.append("!", style="bold red")
        text.append(" ")
    return text


def gear_workers(obs: dict[str, Any], seat: int) -> int:
    """How many workers ``seat`` has standing at the Gear Supplier (0 outside the labour phase)."""
    labor = obs.get("labor") or {}
    workers = labor.get("gear_workers") or []
    return int(workers[seat]) if seat < len(workers) else 0


def camps_table(obs: dict[str, Any], comp: Components, lang: str | None) -> Table:
    """Two lines per camp: gold, money, workers, gear and crew; the machine row."""
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
        stats.append(f"  {_v('workers', lang)} {camp['unused']}/{camp['workers']}  ")
        at_gear = gear_workers(obs, p)
        if at_gear:
            stats.append(_c("at-gear", lang, n=at_gear) + "  ", style="bold cyan")
        for i, claim in enumerate(camp["claims"]):
            stats.append(f"{i + 1}:")
            stats.append_text(tiles_text(claim["tiles"]) if claim["tiles"] else Text("—"))
            stats.append("* " if claim["ordered"] else " ")
        gear = [t("pay_dirt.gear." + comp.gear[g["gear"]].id, lang) for g in camp["gear"] if g is not None]
        crew = [person_name(comp, c, lang) for c in camp["personnel"]]
        if gear or crew:
            stats.append("  " + ", ".join(gear + crew), style="cyan")
        if camp["ongoing"]:
            stats.append("  " + ", ".join(t("pay_dirt.hardship." + comp.hardships[h].id, lang)
                                          for h in camp["ongoing"]), style="red")
        table.add_row(Text(name, style=("bold " if mark else "") + SEAT_STYLE[p % len(SEAT_STYLE)]),
                      stats)
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
        text = Text(f"{e.maker} {e.model}", style="bold red" if e.fragile else "bold")
        text.append(f"\n{t('pay_dirt.machine.' + MACHINES[e.machine], lang)}, ")
        text.append(_v("spaces", lang, n=e.spaces) + ", " + _v("tools", lang, n=e.tools))
        text.append("\n" + _v("min-bid", lang, amount=money(e.min_bid)), style="green")
        return text
    if row == 1:
        person = comp.personnel[item]
        text = Text(person_name(comp, item, lang), style="bold")
        text.append(f"\n+{person.workers} {_v('workers', lang)}; {ability_text(comp, item, lang)}")
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
    tags = ", ".join(t(f"pay_dirt.tag.{tag}", lang) for tag in c.tags)
    kind = t(f"pay_dirt.kind.{('barren', 'promising', 'rich')[c.kind]}", lang) if c.kind >= 0 else ""
    return money_t(f"pay_dirt.ability.{c.ability}", lang, amount=c.amount, tags=tags, kind=kind)


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
        title += "  —  " + money_t("pay_dirt.view.bid-line", lang, amount=auction["high_bid"], player=auction["high_bidder"] + 1)
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
    text = Text()
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
            head.append(f"\n{eq.maker} {eq.model}", style="red" if eq.fragile else "cyan")
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
    stats.append(f"   {_v('workers', lang)} {camp['workers']} ({_v('unused', lang)} {camp['unused']})")
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
    from gameshelf.games.pay_dirt.actions import Bid, BuyGear, Nominate
    from gameshelf.games.pay_dirt.describe import describe

    comp = components()
    if isinstance(action, Nominate):
        item = obs["auction"]["display"][action.row][action.slot]
        if item is not None and item >= 0:  # named as the board numbers it: "Claims #2"
            minimum = (comp.equipment, comp.personnel, comp.claims)[action.row][item].min_bid
            return _c("move.nominate", lang, row=t(f"pay_dirt.row.{ROWS[action.row]}", lang),
                      slot=action.slot + 1, amount=money(minimum + action.over))
    if isinstance(action, Bid):
        return _c("move.bid", lang, amount=money(action.amount))
    if isinstance(action, BuyGear) and isinstance(obs.get("you"), int):
        gear = obs["gear"]["display"][action.slot]
        if gear is not None and gear >= 0:
            camp = obs["camps"][obs["you"]]
            price = comp.gear[gear].price  # as the rules price it: crew discounts, ongoing markups
            price -= sum(comp.personnel[c].amount for c in camp["personnel"] if comp.personnel[c].ability == "gear_discount")
            price += sum(comp.hardships[h].amount for h in camp["ongoing"] if comp.hardships[h].effect == "gear_penalty")
            return _c("buy.buy-gear", lang, slot=action.slot + 1, gear=t("pay_dirt.gear." + comp.gear[gear].id, lang),
                      price=money(max(0, price)))
    return describe(action, lang)


def describe_played(seen: dict[str, Any], action: Any, lang: str | None = None) -> str | None:
    """A move as the feed tells it once played, from the spectator's view
    just after it: a nomination with the opening bid it set (the game's own
    sentence can only say "minimum bid + $N"); None for other moves."""
    from gameshelf.games.pay_dirt.actions import Nominate

    auction = seen.get("auction") or {}
    if type(action) is not Nominate or auction.get("lot") != [action.row, action.slot]:
        return None
    opening = auction.get("high_bid")
    if type(opening) is not int:
        return None
    return _c("move.nominate", lang, row=t(f"pay_dirt.row.{ROWS[action.row]}", lang), slot=action.slot + 1,
              amount=money(opening))


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
    """The prompt's reminder that the auctioneer may open at any total."""
    return _c("typed.hint", lang) if _auctioneer_now(obs) else None
