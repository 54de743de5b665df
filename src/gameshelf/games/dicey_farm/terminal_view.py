"""Drawing Dicey Farm for the terminal, from an observation only.

The board reads like the original's screen, top to bottom::

    ┌ 🎲 Round 3/8 · Daily puzzle 2026-11-22 ───────────────────────┐
    │ Dice [2] [5] [6]   Now: choose a die or a free action          │
    │ 🍞 Food to eat at round end: 4 (have 3)                        │
    │ ┌ Stock ───────┐ ┌ Farm ──────────────┐ ┌ VP by source ──────┐ │
    │ │ ▲food 3 …    │ │ Fields 3 (1 empty) │ │ Tourism 5 …        │ │
    │ ┌ 👷 your craftsmen / for contract, with effects ────────────┐ │
    │ ┌ Merchants: slots 1..6 of each open merchant ───────────────┐ │
    │ (at the end) final breakdown and the rank title               │
    └──────────────────────────────────────────── Score: 12 VP ────┘
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gameshelf.core.i18n import t
from gameshelf.games.dicey_farm.texts import (
    ANIMALS,
    STOCK_ORDER,
    C,
    craftsman_name,
    good_name,
    list_sep,
    rank_title,
    score_sources,
    step_text,
)

DIE_FACES = "⚀⚁⚂⚃⚄⚅"


#: what the step's counter means, shown next to the step's name.
STEP_HINTS = {"sow": "left", "ship": "left", "oven": "left", "recruit": "keep", "contract": "cost", "tour": "pips",
              "slaughter": "pips"}


# -- the board ----------------------------------------------------------------------
def _dice_line(obs: dict[str, Any], lang: str | None) -> Text:
    line = Text(t("dicey_farm.view.dice", lang) + "  ", style="bold")
    if not obs["dice"]:
        line.append(t("dicey_farm.view.no-dice", lang), style="dim")
    held_marked = False
    for face in obs["dice"]:
        held = obs["phase"] == "die" and face == obs["held"] and not held_marked
        held_marked = held_marked or held
        style = "bold black on yellow" if held else "bold white on blue"
        line.append(f" {DIE_FACES[face - 1]} {face} ", style=style)
        line.append(" ")
    line.append("   " + t("dicey_farm.view.step", lang, step=step_text(obs, lang)), style="italic cyan")
    hint = STEP_HINTS.get(obs["phase"])
    if hint and obs["left"]:
        line.append("  " + t(f"dicey_farm.view.{hint}", lang, n=obs["left"], k=len(obs["kept"])), style="cyan")
    return line


def _stock(obs: dict[str, Any], lang: str | None) -> Table:
    # the name may wrap, the count never: a long name ("vegetable seed") in
    # the narrow stock panel used to squeeze the count column out of sight
    table = Table(box=None, show_header=False, padding=(0, 1))
    table.add_column(style="bold", overflow="fold")
    table.add_column(justify="right", no_wrap=True, min_width=2)
    goods = obs["goods"]
    for good in STOCK_ORDER:
        if goods[good] or good == "food":
            mark = "▲" if good in C.perishable else " "
            style = "red" if good in C.perishable else ""
            table.add_row(Text(mark + good_name(good, lang), style=style), str(goods[good]))
    return table


def _food_line(obs: dict[str, Any], lang: str | None) -> Text:
    need, food = obs["food_need"], obs["goods"]["food"]
    style = "green" if food >= need else "bold red"
    return Text("🍞 " + t("dicey_farm.view.food-need", lang, need=need, food=food), style=style)


def _farm(obs: dict[str, Any], lang: str | None) -> Group:
    empty = obs["empty_fields"]
    # one line: the fields, what grows on them (named, not only drawn) and the animals
    plots = Text(t("dicey_farm.view.fields", lang, fields=obs["fields"], empty=empty), style="bold green",
                 overflow="fold")
    for crop, n in obs["sown"].items():
        if n:
            icon = "🌾" if crop == "wheat" else "🥕" if crop == "vegetable" else "🌸"
            plots.append(f" {icon}{t(f'dicey_farm.crop.{crop}', lang)}×{n}", style="green")
    parts: list[Any] = [plots]
    goods = obs["goods"]
    for animal in ANIMALS:
        if goods[animal]:
            plots.append(f" [{good_name(animal, lang)}×{goods[animal]}]", style="yellow")
    # a dozen empty fields drawn one by one; more as a count (a big farm
    # once took three screen lines of boxes)
    plots.append(" ▢" * max(0, empty) if empty <= 12 else f" ▢×{empty}", style="dim")
    if obs["built"]:
        names = list_sep(lang).join(t(f"dicey_farm.facility.{f}.name", lang) for f in obs["built"])
        parts.append(Text(t("dicey_farm.view.facilities", lang) + ": " + names, style="magenta", overflow="fold"))
    if obs["used"]:
        used = [u for u in obs["used"] if not u.startswith("mod:") and u != "horse"]
        names = list_sep(lang).join(t(f"dicey_farm.action.{u}", lang) for u in used)
        parts.append(Text(t("dicey_farm.view.used", lang) + ": " + (names or t("dicey_farm.view.none", lang)),
                          style="dim", overflow="fold"))
    return Group(*parts)


def _craftsmen(obs: dict[str, Any], lang: str | None) -> Group:
    mine = Text(t("dicey_farm.view.hired", lang) + ": ", style="bold")
    mine.append(list_sep(lang).join(craftsman_name(c, lang) for c in obs["hired"]) or t("dicey_farm.view.none", lang))
    shown = Table(box=None, show_header=False, padding=(0, 1))
    shown.add_column(style="bold cyan", no_wrap=True)
    shown.add_column(style="dim", overflow="fold")
    for cid in obs["display"]:
        shown.add_row(craftsman_name(cid, lang), t(f"dicey_farm.craftsman.{cid}.effect", lang))
    title = Text(t("dicey_farm.view.display", lang) + " · " + t("dicey_farm.view.deck", lang, n=obs["deck_size"]), style="bold")
    return Group(mine, title, shown)


def _merchants(obs: dict[str, Any], lang: str | None) -> Table:
    table = Table(title=t("dicey_farm.view.merchants", lang), box=box.ROUNDED, title_justify="left")
    table.add_column("")
    for face in range(1, 7):
        table.add_column(f"{DIE_FACES[face - 1]} {face}", justify="center")
    for merchant, (owner, _) in C.merchants.items():
        if owner and owner not in obs["hired"]:
            continue
        items = obs["wares"][merchant][:6]
        table.add_row(t(f"dicey_farm.action.buy_{merchant}", lang),
                      *(f"{good_name(g, lang)}×{n}" for g, n in items))
    return table


def breakdown_table(obs: dict[str, Any], lang: str | None) -> Table:
    """VP by source (the final one once the game is over)."""
    final = "final" in obs
    table = Table(title=t("dicey_farm.view.final", lang) if final else None, box=None,
                  show_header=False, padding=(0, 1))
    table.add_column("", overflow="ellipsis", no_wrap=True)
    table.add_column(t("dicey_farm.view.vp", lang), justify="right", no_wrap=True, min_width=4)
    for source, value in score_sources(obs):
        table.add_row(t(f"dicey_farm.breakdown.{source}", lang), str(value))
    if final and obs["final"].get("ignored_beggars"):
        table.add_row(t("dicey_farm.breakdown.ignored_beggars", lang), f"({obs['final']['ignored_beggars']})")
    table.add_row(Text(t("dicey_farm.view.vp", lang), style="bold"), Text(f"{obs['score']:g}", style="bold"))
    return table


class _Flow:
    """A label and a list of items, put on lines as wide as the screen and
    broken between the items only: rich breaks at any space, so "wheat
    seed 2" once ended a line with "wheat" and began the next with "seed 2"
    (a no-break space does not help: rich counts it as a space too). A
    continued line is indented under the label."""

    def __init__(self, label: Text, items: list[Text], sep: str = "  ", indent: int = 2,
                 empty: str = "") -> None:
        self.label, self.items, self.sep, self.indent, self.empty = label, items, sep, indent, empty

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        line = self.label.copy()
        if not self.items:
            line.append(self.empty)
        for k, item in enumerate(self.items):
            if k and line.cell_len + len(self.sep) + item.cell_len > width:
                line.append(self.sep.rstrip())
                yield line
                line = Text(" " * self.indent)
            elif k:
                line.append(self.sep)
            line.append_text(item)
        yield line


def _stock_line(obs: dict[str, Any], lang: str | None) -> _Flow:
    """The stock on one line: ▲ marks goods that rot at round end."""
    goods = obs["goods"]
    items = []
    for good in (g for g in STOCK_ORDER if goods[g] and g not in ANIMALS):
        rots = good in C.perishable
        items.append(Text(("▲" if rots else "") + f"{good_name(good, lang)} {goods[good]}", style="red" if rots else ""))
    return _Flow(Text(t("dicey_farm.view.stock", lang) + ": ", style="bold"), items,
                 empty=t("dicey_farm.view.none", lang))


def _merchant_lines(obs: dict[str, Any], lang: str | None) -> Group:
    """One line per merchant you can use: a die showing N buys item N."""
    lines: list[Any] = [Text(t("dicey_farm.view.merchants", lang), style="bold")]
    for merchant, (owner, _) in C.merchants.items():
        if owner and owner not in obs["hired"]:
            continue
        items = obs["wares"][merchant][:6]
        lines.append(_Flow(Text(f"  {t(f'dicey_farm.action.buy_{merchant}', lang)}: ", style="bold"),
                           [Text(f"{DIE_FACES[k]}{good_name(g, lang)}×{n}") for k, (g, n) in enumerate(items)],
                           indent=4))
    return Group(*lines)


def _names_line(label: str, names: list[str], lang: str | None, style: str = "") -> _Flow:
    """"Your craftsmen: A, B, C", broken between names."""
    return _Flow(Text(label + ": ", style="bold"), [Text(n, style=style) for n in names], sep=list_sep(lang),
                 empty=t("dicey_farm.view.none", lang))


def _craftsmen_lines(obs: dict[str, Any], lang: str | None) -> Any:
    """Your craftsmen, and those for contract: with their effects while you
    choose whom to keep, by name otherwise (a contract's move lines carry
    the effects; otherwise they are behind d)."""
    if obs["phase"] == "recruit":  # "Keep the X" lines do not carry the effects
        return _craftsmen(obs, lang)
    return Group(
        _names_line(t("dicey_farm.view.hired", lang), [craftsman_name(c, lang) for c in obs["hired"]], lang),
        _names_line(t("dicey_farm.view.display", lang), [craftsman_name(c, lang) for c in obs["display"]], lang,
                    style="cyan"),
    )


def render(obs: dict[str, Any], lang: str | None = None) -> Any:
    """The compact board for 100x30: round and score, dice, food, stock,
    farm, craftsmen and merchants in a few lines each. The details (VP by
    source, craftsmen's effects, the whole board) are behind ``d``; the
    final board is :func:`render_final`."""
    if "final" in obs:
        return render_final(obs, lang)
    title = t("dicey_farm.view.round", lang, round=obs["round"], rounds=obs["rounds"])
    if obs["daily"]:
        title += " · " + t("dicey_farm.view.daily", lang, date=obs["daily"])
    head = Text(f"🎲 {title}   ", style="bold bright_blue")
    head.append(t("dicey_farm.view.score", lang, score=f"{obs['score']:g}"))
    if obs["beggars"]:
        head.append(f" · {t('dicey_farm.view.beggars', lang)} {obs['beggars']}", style="red")
    return Group(head, _dice_line(obs, lang), _food_line(obs, lang), _stock_line(obs, lang), _farm(obs, lang),
                 _craftsmen_lines(obs, lang), _merchant_lines(obs, lang))


def sources_line(obs: dict[str, Any], lang: str | None) -> Text:
    """VP by source on one line ("Tourism 20 · Market shipping 14 · … = 41
    VP"): every source that scored, tourism and beggars always."""
    parts = [f"{t(f'dicey_farm.breakdown.{k}', lang)} {v}" for k, v in score_sources(obs)]
    return Text(" · ".join(parts) + f" = {obs['score']:g} {t('dicey_farm.view.vp', lang)}", overflow="fold")


def render_final(obs: dict[str, Any], lang: str | None = None) -> Any:
    """The board at the game's end, compact enough to stay on a 100x30
    screen with the result table below it: the final score and the
    rulebook's rank, VP by source on one line, and what the farm held."""
    title = f"{t('dicey_farm.view.final', lang)}: {obs['score']:g} {t('dicey_farm.view.vp', lang)}"
    if obs["daily"]:
        title += " · " + t("dicey_farm.view.daily", lang, date=obs["daily"])
    head = Text(f"🎲 {title}   ", style="bold bright_blue")
    head.append(t("dicey_farm.view.rank", lang, rank=rank_title(obs, lang)), style="bold magenta")
    label = Text(t("dicey_farm.view.sources", lang) + ": ", style="bold")
    label.append_text(sources_line(obs, lang))
    hired = _names_line(t("dicey_farm.view.hired", lang), [craftsman_name(c, lang) for c in obs["hired"]], lang)
    return Group(head, label, _stock_line(obs, lang), _farm(obs, lang), hired)


def details(game: Any, obs: dict[str, Any], lang: str | None = None) -> list[tuple[str, Any]]:
    """The screens behind the compact board: VP by source, the craftsmen with
    their effects, the whole board."""
    return [
        (t("dicey_farm.view.sources", lang), breakdown_table(obs, lang)),
        ("👷 " + t("dicey_farm.view.craftsmen-effects", lang), _craftsmen(obs, lang)),
        (t("dicey_farm.view.whole-board", lang), render_full(obs, lang)),
    ]


def render_full(obs: dict[str, Any], lang: str | None = None) -> Any:
    """The whole board as a rich renderable."""
    title = t("dicey_farm.view.round", lang, round=obs["round"], rounds=obs["rounds"])
    if obs["daily"]:
        title += " · " + t("dicey_farm.view.daily", lang, date=obs["daily"])
    score = t("dicey_farm.view.score", lang, score=f"{obs['score']:g}")
    if obs["beggars"]:
        score += f" · {t('dicey_farm.view.beggars', lang)} {obs['beggars']}"
    body: list[Any] = [_dice_line(obs, lang), _food_line(obs, lang)]
    panels = [
        Panel(_stock(obs, lang), title=t("dicey_farm.view.stock", lang), border_style="yellow"),
        Panel(_farm(obs, lang), title=t("dicey_farm.view.farm", lang), border_style="green"),
    ]
    if "final" not in obs:  # at the end the breakdown gets its own panel below
        panels.append(Panel(breakdown_table(obs, lang), title=t("dicey_farm.view.sources", lang)))
    grid = Table.grid(expand=True, padding=(0, 1))
    for ratio in (3, 4, 4)[: len(panels)]:
        grid.add_column(ratio=ratio)
    grid.add_row(*panels)
    body.append(grid)
    body.append(Panel(_craftsmen(obs, lang), title="👷 " + t("dicey_farm.view.craftsmen-effects", lang),
                      border_style="cyan"))
    body.append(_merchants(obs, lang))
    if "final" in obs:
        rank = rank_title(obs, lang)
        body.append(Panel(Group(breakdown_table(obs, lang),
                                Text(t("dicey_farm.view.rank", lang, rank=rank), style="bold magenta")),
                          border_style="magenta"))
    return Panel(Group(*body), title=f"🎲 {title}", subtitle=score, border_style="bright_blue")
