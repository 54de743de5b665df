"""How Above and Below looks in the terminal (rich renderables only).

Everything here works from an observation (never the state), so a player
only ever sees what the redaction in ``state.observation`` lets through.
The words come from :mod:`texts`; encounter texts from the book, by id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.columns import Columns
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gameshelf.core.i18n import t
from gameshelf.core.interfaces import TerminalView
from gameshelf.core.protocol import Observation
from gameshelf.games.above_and_below.components import GOODS, load_components

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.game import AboveAndBelow
from gameshelf.games.above_and_below.describe import (
    abilities,
    book_text,
    card_name,
    describe_option,
    icons,
    list_sep,
    ns_text,
    villager_name,
)
from gameshelf.games.above_and_below.texts import card_good, compact_text, score_parts

COLOURS = ("red", "blue", "green", "yellow")
GOOD_COLOURS = {
    "mushroom": "magenta", "fish": "cyan", "fruit": "bright_red", "rope": "yellow",
    "pot": "dark_orange", "paper": "white", "ore": "grey70", "amethyst": "purple",
    "cider": "gold3", "potion": "spring_green3",
}  # fmt: skip


# -- the board ----------------------------------------------------------------------------------
def _cards_table(title: str, cards: list[str], lang: str | None) -> Table:
    comp = load_components()
    table = Table(title=title, show_header=False, expand=False, title_style="bold")
    for card in cards:
        b = comp.buildings[card]
        table.add_row(Text(card_name(card, lang), style="bold"), f"◉{b.cost}", f"{b.vp + 1} {ns_text('view.vp', lang)}",
                      abilities(b, lang))
    return table


def _board(obs: dict[str, Any], lang: str | None) -> Panel:
    slots = Table(title=ns_text("view.villagers-row", lang), show_header=False, title_style="bold")
    for vid, cost in zip(obs["slots"], obs["slot_costs"], strict=True):
        slots.add_row(f"◉{cost}", villager_name(vid, lang) if vid is not None else ns_text("view.empty", lang),
                      icons(vid, lang) if vid is not None else "")
    top = obs["cave_top"] if obs["cave_top"] is not None else ns_text("view.empty", lang)
    footer = Text.assemble(
        (ns_text("view.cider-board", lang) + ": ", "bold"), ("●" if obs["cider_on_board"] else "—", "gold3"),
        "   ", ns_text("view.cave-deck", lang, n=obs["decks"]["cave"], top=top),
    )
    return Panel(
        Group(
            Columns([
                _cards_table(ns_text("view.houses-row", lang), obs["house_row"], lang),
                _cards_table(ns_text("view.outposts-row", lang), obs["outpost_row"], lang),
            ]),
            Columns([
                _cards_table(ns_text("view.star-row", lang), obs["star_row"], lang),
                _cards_table(ns_text("view.key-row", lang), obs["key_row"], lang),
            ]),
            Columns([slots, footer]),
            *under_deck_lines(obs, lang),
        ),
        title=ns_text("view.market", lang),
    )


def under_deck_lines(obs: dict[str, Any], lang: str | None) -> list[Text]:
    """The cards everyone saw go under a deck, bottom block in order: they
    come back when the deck runs down, so a player planning late rounds wants
    them. Nothing at all while no card went under."""
    under = obs.get("under_decks") or {}
    lines = [
        Text(compact_text("under-deck", lang, deck=compact_text(f"deck-{deck}", lang),
                cards=list_sep(lang).join(str(c) if deck == "cave" else card_name(c, lang) for c in cards)))
        for deck, cards in under.items() if cards
    ]
    return [Text(compact_text("under-decks", lang), style="bold"), *lines] if lines else []


def _goods(v: dict[str, Any], lang: str | None) -> Text:
    text = Text()
    for good in GOODS:
        if v["goods"][good]:
            text.append(f"{ns_text(f'item.{good}', lang)}×{v['goods'][good]} ", style=GOOD_COLOURS[good])
    if v["potions"]:
        text.append(f"{ns_text('item.potion', lang)}×{v['potions']} ", style=GOOD_COLOURS["potion"])
    if v["cider"]:
        text.append(f"{ns_text('item.cider', lang)}×{v['cider']} ", style=GOOD_COLOURS["cider"])
    return text if text.plain else Text(ns_text("view.empty", lang))


def _village(obs: dict[str, Any], p: int, lang: str | None) -> Panel:
    v = obs["villages"][p]
    score = obs["scores"][p]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold")
    grid.add_column()
    def names(ids: list[int]) -> str:
        return list_sep(lang).join(villager_name(i, lang) for i in ids) or ns_text("view.empty", lang)

    grid.add_row(ns_text("view.coins", lang), f"{v['coins']}  ({ns_text('view.income', lang)} {v['income']})")
    rep_vp = load_components().tracks.reputation_vp[v["reputation"]]
    grid.add_row(ns_text("view.reputation", lang), ns_text("view.rep-position", lang, pos=v["reputation"], vp=f"{rep_vp:+d}",
                                                  bonus=score["reputation"] - rep_vp))
    grid.add_row(Text(ns_text("view.ready", lang), style="green"), names(v["ready"]))
    grid.add_row(Text(ns_text("view.exhausted", lang), style="yellow"), names(v["exhausted"]))
    grid.add_row(Text(ns_text("view.injured", lang), style="red"), names(v["injured"]))
    grid.add_row(ns_text("view.goods", lang), _goods(v, lang))
    sale = ns_text(f"item.{v['sale']}", lang) if v["sale"] else ns_text("view.empty", lang)
    grid.add_row(ns_text("view.for-sale", lang), sale)
    track = " ▸ ".join(f"{ns_text(f'item.{g}', lang)}×{n}" for g, n in v["track"]) or ns_text("view.empty", lang)
    grid.add_row(ns_text("view.track", lang), track)
    comp = load_components()

    def building(card: str) -> str:
        """A building with its abilities (beds, rerolls, ...) and the goods on it."""
        goods = v["card_goods"].get(card)
        on_it = f" [{ns_text(f'item.{card_good(card)}', lang)}×{goods}]" if goods else ""
        return f"{card_name(card, lang)}{on_it}: {abilities(comp.buildings[card], lang)}"

    grid.add_row(ns_text("view.houses", lang), "\n".join(building(c) for c in v["houses"]) or ns_text("view.empty", lang))
    grid.add_row(ns_text("view.outposts", lang), "\n".join(building(c) for c in v["outposts"]) or ns_text("view.empty", lang))
    grid.add_row(ns_text("view.caves", lang), f"{len(v['caves'])}")
    grid.add_row(ns_text("view.score", lang), f"{score['total']}  ({score_parts(score, lang)})")
    title = ns_text("view.player", lang, n=p + 1)
    if obs["viewer"] == p:
        title += f" ({ns_text('view.you', lang)})"
    if obs["start_player"] == p:
        title += " ★"
    if v["passed"]:
        title += f" — {ns_text('view.passed', lang)}"
    style = "bold " + COLOURS[p % len(COLOURS)] if obs["current"] == p else COLOURS[p % len(COLOURS)]
    return Panel(grid, title=title, border_style=style)


def _encounter(game: AboveAndBelow, obs: dict[str, Any], lang: str | None) -> Panel | None:
    task = obs["task"]
    if not task or task["purpose"] != "explore" or task.get("paragraph") is None:
        return None
    para = game.book.paragraphs[task["paragraph"]]
    parts: list[Any] = [Text(f"§{para.id}  " + book_text(para.text, lang), style="italic")]
    for i in range(len(para.options)):
        marker = "▶ " if task["option"] == i else "  "
        parts.append(Text(marker + describe_option(game, para.id, i, lang)))
    if task["dice"]:
        dice = Text(ns_text("view.dice", lang) + ": ", style="bold")
        villagers = load_components().villagers
        for k, (vid, die) in enumerate(zip(task["villagers"], task["dice"], strict=True)):
            note = f" ({ns_text('view.pushed', lang)} +1)" if vid in task["pushed"] else ""
            got = ns_text("view.die-lanterns", lang, n=villagers[vid].lanterns(die))
            dice.append(("  " if k else "") + villager_name(vid, lang) + " " + "⚀⚁⚂⚃⚄⚅"[die - 1] + f"{die}"
                        + f" → {got}{note}")
        parts.append(dice)
        parts.append(Text.assemble((ns_text("view.lanterns", lang, n=task.get("lanterns", 0)), "bold yellow"),
                                   "   ", ns_text("view.rerolls", lang, n=task["rerolls"])))
    title = ns_text("view.encounter", lang) + " — " + ns_text("view.cave", lang, cave=task["cave"])
    return Panel(Group(*parts), title=title, border_style="magenta")


def _short_goods(v: dict[str, Any], lang: str | None) -> Text:
    """Goods as "mushroom 2 · fish 1", potions and cider included."""
    text = Text()
    items = [(g, v["goods"][g]) for g in GOODS if v["goods"][g]]
    items += [(k, v[k]) for k in ("potions", "cider") if v[k]]
    for k, (good, n) in enumerate(items):
        name = ns_text(f"item.{'potion' if good == 'potions' else good}", lang)
        text.append(("· " if k else "") + f"{name} {n} ", style=GOOD_COLOURS["potion" if good == "potions" else good])
    return text if text.plain else Text("—")


#: below this width the players' table takes the short headings (issue 29:
#: at 80 columns the whole words were cut mid-word, "Reputati…", "cav…")
NARROW = 100


class PlayersTable:
    """:func:`players_table` with whole headings on a wide screen and the
    readable short ones (``above_and_below.compact.short.<col>``) on a
    narrow one; a heading is never cut."""

    def __init__(self, obs: dict[str, Any], lang: str | None) -> None:
        self.obs, self.lang = obs, lang

    def __rich_console__(self, console: Any, options: Any) -> Any:
        yield players_table(self.obs, self.lang, short=options.max_width < NARROW)


def players_table(obs: dict[str, Any], lang: str | None, *, short: bool = False) -> Table:
    """One line per village: what a glance must tell."""
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold")
    for key in ("player", "vp", "coins", "reputation", "villagers", "goods", "sale", "track", "buildings", "caves"):
        if short:
            heading = t(f"above_and_below.compact.short.{key}", lang)
        else:
            heading = ns_text("view.reputation", lang) if key == "reputation" else compact_text(f"col-{key}", lang)
        wraps = key in ("goods", "player")
        table.add_column(heading, no_wrap=not wraps, overflow="fold",
                         min_width=None if wraps else cell_len(heading))
    for p, v in enumerate(obs["villages"]):
        name = ns_text("view.player", lang, n=p + 1)
        if obs["viewer"] == p:
            name += f" ({ns_text('view.you', lang)})"
        if obs["start_player"] == p:
            name += " ★"
        if v["passed"]:
            name += " ⏸"
        style = ("bold " if obs["current"] == p else "") + COLOURS[p % len(COLOURS)]
        table.add_row(
            Text(("▶ " if obs["current"] == p else "  ") + name, style=style),
            str(obs["scores"][p]["total"]),
            f"{v['coins']} (+{v['income']})",
            f"{v['reputation']} ({obs['scores'][p]['reputation']:+d} {ns_text('view.vp', lang)})",
            Text.assemble((str(len(v["ready"])), "green"), "/", (str(len(v["exhausted"])), "yellow"), "/",
                          (str(len(v["injured"])), "red")),
            _short_goods(v, lang),
            ns_text(f"item.{v['sale']}", lang) if v["sale"] else "—",
            str(sum(n for _, n in v["track"])),
            f"{len(v['houses'])}+{len(v['outposts'])}",
            str(len(v["caves"])),
        )
    return table


def legend_line(lang: str | None) -> Text:
    """What the village table's cells mean ("2/1/0", "2+1", "3 (+1)", ★, ⏸)."""
    return Text(compact_text("legend", lang), style="dim")


def market_lines(obs: dict[str, Any], lang: str | None) -> Text:
    """The rows for sale, one line each: name and cost (details: key d)."""
    comp = load_components()
    text = Text()
    for key, row in (("houses-row", "house_row"), ("outposts-row", "outpost_row"),
                     ("star-row", "star_row"), ("key-row", "key_row")):
        cards = " · ".join(f"{card_name(c, lang)} ◉{comp.buildings[c].cost}" for c in obs[row]) or "—"
        text.append(f"{ns_text('view.' + key, lang)}: ", style="bold")
        text.append(cards + "\n")
    trainees = " · ".join(f"{villager_name(vid, lang)} ◉{cost}"
                          for vid, cost in zip(obs["slots"], obs["slot_costs"], strict=True) if vid is not None)
    text.append(f"{ns_text('view.villagers-row', lang)}: ", style="bold")
    text.append(trainees or "—")
    return text


def offer_line(obs: dict[str, Any], lang: str | None) -> Text | None:
    """A pending trade offer, said in one line. The observation holds it as
    ``[seller, buyer, price, phase]``; the item is what the seller has for sale."""
    offer = obs.get("offer")
    if not isinstance(offer, list | tuple) or len(offer) < 3:
        return None
    seller, buyer, price = offer[0], offer[1], offer[2]
    item = obs["villages"][seller]["sale"]
    return Text(compact_text("offer", lang, buyer=buyer + 1, seller=seller + 1, price=price,
                   item=ns_text(f"item.{item}", lang) if item else "?"), style="bold yellow")


def _own_line(obs: dict[str, Any], lang: str | None) -> Text | None:
    """The viewer's ready villagers by name: the ones the next move can send."""
    viewer = obs.get("viewer")
    if not isinstance(viewer, int):
        return None
    v = obs["villages"][viewer]
    comp = load_components()
    names = list_sep(lang).join(villager_name(i, lang) for i in v["ready"]) or "—"
    line = Text.assemble((ns_text("view.ready", lang) + ": ", "bold green"), names)
    task = obs.get("task") or {}
    if obs.get("current") == viewer and task.get("villagers"):  # who went on the action under way
        sent = list_sep(lang).join(villager_name(i, lang) for i in task["villagers"])
        line.append(f"   {compact_text('sent', lang)}: ", style="bold")
        line.append(sent)
    if v["card_goods"]:  # goods waiting on your buildings, to harvest
        stocked = list_sep(lang).join(f"{card_name(c, lang)}: {ns_text(f'item.{card_good(c)}', lang)}×{n}"
                            for c, n in v["card_goods"].items())
        line.append(f"   {compact_text('cards.on-cards', lang)}: ", style="bold")
        line.append(stocked)
    line.append(f"\n{compact_text('own-buildings', lang)}: ", style="bold")
    line.append(" · ".join(f"{card_name(c, lang)} ({abilities(comp.buildings[c], lang)})"
                           for c in [*v["houses"], *v["outposts"]]))
    rest = obs.get("rest")
    if rest and rest["player"] == viewer:  # the round end: what the beds can still do
        line.append("\n" + compact_text("beds", lang, beds=rest["beds"], used=rest["used"]), style="bold")
    left = (obs.get("flags") or {}).get("sale_left") or []
    if left and obs.get("current") == viewer:  # B32: what left the sale space may not go back up this turn
        items = list_sep(lang).join(ns_text(f"item.{i}", lang) for i in left)
        line.append("\n" + compact_text("sale-left", lang, items=items), style="yellow")
    return line


#: phases whose compact board shows the market rows
MARKET_PHASES = frozenset({"turn", "assign", "respond"})


def render(game: AboveAndBelow, obs: dict[str, Any], lang: str | None = None) -> Any:
    """The compact board: a header, one line per village, the market rows,
    a pending offer and the encounter under way. Everything else is one key
    away (:func:`details`)."""
    header = Text(ns_text("view.round", lang, round=obs["round"], rounds=obs["rounds"]), style="bold")
    if obs["task"]:
        header.append("   " + ns_text("view.task", lang, what=ns_text(f"act.{obs['task']['purpose']}", lang)))
    top = obs["cave_top"] if obs["cave_top"] is not None else "—"
    header.append(f"   {ns_text('view.cider-board', lang)}: {'●' if obs['cider_on_board'] else '—'}"
                  f"   {ns_text('view.cave-deck', lang, n=obs['decks']['cave'], top=top)}")
    encounter = _encounter(game, obs, lang)
    parts: list[Any] = [header, PlayersTable(obs, lang), legend_line(lang)]
    # the market while a purchase is still ahead; in a cave, at rest, or when the move list
    # itself lists the cards or villagers with what they cost, it would only push the moves off screen
    if encounter is None and obs.get("phase") in MARKET_PHASES:
        parts.append(market_lines(obs, lang))
    for line in (_own_line(obs, lang), offer_line(obs, lang)):
        if line is not None:
            parts.append(line)
    if encounter is not None:
        parts.append(encounter)
    return Group(*parts)


def details(game: AboveAndBelow, obs: dict[str, Any], lang: str | None = None) -> list[tuple[str, Any]]:
    """The screens behind the compact board: each village in full, the market in full."""
    screens: list[tuple[str, Any]] = []
    for p in range(obs["players"]):
        screens.append((compact_text("details-village", lang, n=p + 1), _village(obs, p, lang)))
    screens.append((ns_text("view.market", lang), _board(obs, lang)))
    return screens


class AboveAndBelowView(TerminalView):
    """Above and Below on the terminal: the compact board and the screens behind it."""

    def __init__(self, game: AboveAndBelow) -> None:
        self.game = game

    def render(self, observation: Observation, lang: str | None) -> Any:
        return render(self.game, observation, lang)

    def details(self, observation: Observation, lang: str | None) -> list[tuple[str, Any]]:
        return details(self.game, observation, lang)
