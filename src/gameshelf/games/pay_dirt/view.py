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
)
from gameshelf.games.pay_dirt.describe import hardship_text

KIND_STYLE = {"B": "grey62", "P": "yellow", "R": "bold gold1"}
SEAT_STYLE = ("cyan", "magenta", "green", "blue", "red")


def _v(key: str, lang: str | None, **params: Any) -> str:
    return t(f"pay_dirt.view.{key}", lang, **params)


def money(amount: int) -> str:
    """Amounts are kept in thousands: 9 -> "$9,000"."""
    return f"${amount:,},000" if amount else "$0"


def render(obs: dict[str, Any], lang: str | None = None) -> Group:
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
        text = Text(person.name, style="bold")
        text.append(f"\n+{person.workers} {_v('workers', lang)}; {ability_text(comp, item, lang)}")
        text.append("\n" + _v("min-bid", lang, amount=money(person.min_bid)), style="green")
        return text
    claim = comp.claims[item]
    text = Text(claim.name + (" *" if claim.ordered else ""), style="bold")
    text.append("\n")
    text.append_text(tiles_text([KIND_CODES[k] for k in claim.tiles]))
    text.append("\n" + _v("min-bid", lang, amount=money(claim.min_bid)), style="green")
    return text


def ability_text(comp: Components, card: int, lang: str | None) -> str:
    c = comp.personnel[card]
    tags = ", ".join(t(f"pay_dirt.tag.{tag}", lang) for tag in c.tags)
    kind = t(f"pay_dirt.kind.{('barren', 'promising', 'rich')[c.kind]}", lang) if c.kind >= 0 else ""
    return t(f"pay_dirt.ability.{c.ability}", lang, amount=c.amount, tags=tags, kind=kind)


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
        title += "  —  " + _v("bid-line", lang, amount=auction["high_bid"], player=auction["high_bidder"] + 1)
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
        name = comp.claims[claim["claim"]].name
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
        extras.append(", ".join(f"{comp.personnel[c].name} ({ability_text(comp, c, lang)})" for c in camp["personnel"]) + "\n")
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
