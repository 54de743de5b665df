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

from gameshelf.core.actions import Action
from gameshelf.core.i18n import current_language, t
from gameshelf.games.dicey_farm import actions as A
from gameshelf.games.dicey_farm.components import components
from gameshelf.games.dicey_farm.state import rank_of

C = components()
DIE_FACES = "⚀⚁⚂⚃⚄⚅"
ANIMALS = ("chicken", "sheep", "pig", "cow", "horse")
STOCK_ORDER = (
    "food", "fish", "wheat", "vegetable", "flower", "meat", "egg", "milk", "wool",
    "wheat_seed", "vegetable_seed", "flower_seed", "whisky", "gem", "butter",
)


#: what the step's counter means, shown next to the step's name.
STEP_HINTS = {"sow": "left", "ship": "left", "oven": "left", "recruit": "keep", "contract": "cost", "tour": "pips",
              "slaughter": "pips"}


def _sep(lang: str | None) -> str:
    """The list separator of the language: "、" between Japanese names."""
    return "、" if (lang or current_language()) == "ja" else ", "


def _good(good: str, lang: str | None) -> str:
    return t(f"dicey_farm.good.{good}", lang)


def _craftsman(cid: str, lang: str | None) -> str:
    return t(f"dicey_farm.craftsman.{cid}.name", lang)


# -- action sentences ---------------------------------------------------------------
def describe_action(action: Action, lang: str | None = None) -> str:
    """A player-facing sentence for any Dicey Farm action."""
    key = f"dicey_farm.describe.{action.kind}"
    if isinstance(action, A.PickDie):
        return t(key, lang, face=action.face)
    if isinstance(action, A.Use):
        return t(key, lang, action=t(f"dicey_farm.action.{action.action}", lang))
    if isinstance(action, A.Modify):
        return t(key, lang, craftsman=_craftsman(action.craftsman, lang), face=action.face, to=action.to)
    if isinstance(action, A.ToFood):
        return t(key, lang, good=_good(action.good, lang))
    if isinstance(action, A.Cook):
        return t(key, lang, first=_good(action.first, lang), second=_good(action.second, lang))
    if isinstance(action, A.Sow):
        return t(key, lang, crop=t(f"dicey_farm.crop.{action.crop}", lang))
    if isinstance(action, A.Ship):
        qty, vp = C.market[action.good]
        return t(key, lang, good=_good(action.good, lang), n=qty, vp=vp)
    if isinstance(action, A.Deliver):
        return t(key, lang, recipe=t(f"dicey_farm.recipe.{action.recipe}", lang))
    if isinstance(action, A.Butcher):
        return t(key, lang, animal=_good(action.animal, lang), meat=C.livestock[action.animal][1])
    if isinstance(action, A.Hire | A.Keep):
        return t(key, lang, craftsman=_craftsman(action.craftsman, lang),
                 effect=t(f"dicey_farm.craftsman.{action.craftsman}.effect", lang))
    if isinstance(action, A.Build):
        return t(key, lang, facility=t(f"dicey_farm.facility.{action.facility}.name", lang),
                 effect=t(f"dicey_farm.facility.{action.facility}.effect", lang))
    if isinstance(action, A.Tour):
        return t(key, lang, pips=action.pips)
    return t(key, lang)


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
    line.append("   " + t("dicey_farm.view.step", lang, step=_step(obs, lang)), style="italic cyan")
    hint = STEP_HINTS.get(obs["phase"])
    if hint and obs["left"]:
        line.append("  " + t(f"dicey_farm.view.{hint}", lang, n=obs["left"], k=len(obs["kept"])), style="cyan")
    return line


def _step(obs: dict[str, Any], lang: str | None) -> str:
    """What the player is to do now: with every die spent, "choose a die"
    would send a newcomer looking for one; what is left is the free
    actions and the round's end."""
    if obs["phase"] == "main" and not obs["dice"]:
        return t("dicey_farm.view.step-no-dice", lang)
    return t(f"dicey_farm.phase.{obs['phase']}", lang)


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
            table.add_row(Text(mark + _good(good, lang), style=style), str(goods[good]))
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
            plots.append(f" [{_good(animal, lang)}×{goods[animal]}]", style="yellow")
    # a dozen empty fields drawn one by one; more as a count (a big farm
    # once took three screen lines of boxes)
    plots.append(" ▢" * max(0, empty) if empty <= 12 else f" ▢×{empty}", style="dim")
    if obs["built"]:
        names = _sep(lang).join(t(f"dicey_farm.facility.{f}.name", lang) for f in obs["built"])
        parts.append(Text(t("dicey_farm.view.facilities", lang) + ": " + names, style="magenta", overflow="fold"))
    if obs["used"]:
        used = [u for u in obs["used"] if not u.startswith("mod:") and u != "horse"]
        names = _sep(lang).join(t(f"dicey_farm.action.{u}", lang) for u in used)
        parts.append(Text(t("dicey_farm.view.used", lang) + ": " + (names or t("dicey_farm.view.none", lang)),
                          style="dim", overflow="fold"))
    return Group(*parts)


def _craftsmen(obs: dict[str, Any], lang: str | None) -> Group:
    mine = Text(t("dicey_farm.view.hired", lang) + ": ", style="bold")
    mine.append(_sep(lang).join(_craftsman(c, lang) for c in obs["hired"]) or t("dicey_farm.view.none", lang))
    shown = Table(box=None, show_header=False, padding=(0, 1))
    shown.add_column(style="bold cyan", no_wrap=True)
    shown.add_column(style="dim", overflow="fold")
    for cid in obs["display"]:
        shown.add_row(_craftsman(cid, lang), t(f"dicey_farm.craftsman.{cid}.effect", lang))
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
                      *(f"{_good(g, lang)}×{n}" for g, n in items))
    return table


def breakdown_table(obs: dict[str, Any], lang: str | None) -> Table:
    """VP by source (the final one once the game is over)."""
    final = "final" in obs
    table = Table(title=t("dicey_farm.view.final", lang) if final else None, box=None,
                  show_header=False, padding=(0, 1))
    table.add_column("", overflow="ellipsis", no_wrap=True)
    table.add_column(t("dicey_farm.view.vp", lang), justify="right", no_wrap=True, min_width=4)
    for source, value in _sources(obs):
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
        items.append(Text(("▲" if rots else "") + f"{_good(good, lang)} {goods[good]}", style="red" if rots else ""))
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
                           [Text(f"{DIE_FACES[k]}{_good(g, lang)}×{n}") for k, (g, n) in enumerate(items)],
                           indent=4))
    return Group(*lines)


def _names_line(label: str, names: list[str], lang: str | None, style: str = "") -> _Flow:
    """"Your craftsmen: A, B, C", broken between names."""
    return _Flow(Text(label + ": ", style="bold"), [Text(n, style=style) for n in names], sep=_sep(lang),
                 empty=t("dicey_farm.view.none", lang))


def _craftsmen_lines(obs: dict[str, Any], lang: str | None) -> Any:
    """Your craftsmen, and those for contract: with their effects while you
    choose whom to keep, by name otherwise (a contract's move lines carry
    the effects; otherwise they are behind d)."""
    if obs["phase"] == "recruit":  # "Keep the X" lines do not carry the effects
        return _craftsmen(obs, lang)
    return Group(
        _names_line(t("dicey_farm.view.hired", lang), [_craftsman(c, lang) for c in obs["hired"]], lang),
        _names_line(t("dicey_farm.view.display", lang), [_craftsman(c, lang) for c in obs["display"]], lang,
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
    parts = [f"{t(f'dicey_farm.breakdown.{k}', lang)} {v}" for k, v in _sources(obs)]
    return Text(" · ".join(parts) + f" = {obs['score']:g} {t('dicey_farm.view.vp', lang)}", overflow="fold")


def _sources(obs: dict[str, Any]) -> list[tuple[str, int]]:
    values = obs["final"] if "final" in obs else obs["breakdown"]
    return [(k, v) for k, v in values.items() if k != "ignored_beggars" and (v or k in ("tourism", "beggars"))]


def rank_title(obs: dict[str, Any], lang: str | None) -> str:
    info = rank_of(obs["score"])
    return str(info.get(lang or current_language(), info["en"]))


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
    hired = _names_line(t("dicey_farm.view.hired", lang), [_craftsman(c, lang) for c in obs["hired"]], lang)
    return Group(head, label, _stock_line(obs, lang), _farm(obs, lang), hired)


def result_columns(state: Any, lang: str | None) -> list[tuple[str, list[str]]]:
    """The end-of-game table's columns: the score, VP by source (one line
    per source in the cell) and the rulebook's rank (スコアの目安)."""
    obs = state.observation(None)
    lines = "\n".join(f"{t(f'dicey_farm.breakdown.{k}', lang)} {v}" for k, v in _sources(obs))
    return [
        (t("dicey_farm.score.name", lang), [f"{obs['score']:g}"]),
        (t("dicey_farm.view.sources", lang), [lines]),
        (t("dicey_farm.view.rank-col", lang), [rank_title(obs, lang)]),
    ]


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


def describe_move(obs: dict[str, Any], action: Action, lang: str | None = None) -> str:
    """A move as the farmer reads it now: contracting a craftsman says the
    food it costs (the board's "cost: N food"), which the bare sentence
    cannot know."""
    text = describe_action(action, lang)
    if isinstance(action, A.Hire) and obs.get("phase") == "contract" and obs.get("left"):
        return f"{text} — {t('dicey_farm.view.cost', lang, n=obs['left'])}"
    if isinstance(action, A.EndRound):
        return f"{text} — {round_end_preview(obs, lang)}"
    if isinstance(action, A.Tour) and obs.get("phase") == "tour":
        return f"{text} — {_tour_gain(obs, action, lang)}"
    if isinstance(action, A.Sow):
        return f"{text} — {_sow_gain(obs, action.crop, lang)}"
    if isinstance(action, A.Butcher) and obs.get("phase") == "slaughter" and int(obs.get("left", 0)) >= 2:
        back = int(obs["left"]) - C.facilities["slaughterhouse"]["returns"]
        return f"{text} — {t('dicey_farm.view.done-die', lang, face=back)}"
    if isinstance(action, A.Done):
        done = _done_what(obs, lang)
        return f"{text} — {done}" if done else text
    gain = _use_gain(obs, action, lang)
    return f"{text} — {gain}" if gain else text


def round_end_preview(obs: dict[str, Any], lang: str | None) -> str:
    """What ending the round will do, before it is done: the food eaten (and
    the beggar counters for what is missing), the goods that rot, the two
    craftsmen who leave. The log afterwards says only the food eaten."""
    goods = dict(obs["goods"])
    need = int(obs["food_need"])
    parts = [t("dicey_farm.view.end-eat", lang, n=need)]
    if goods.get("food", 0) < need:
        short = need - goods.get("food", 0)
        parts.append(t("dicey_farm.view.end-short", lang, n=short, vp=short * C.constants["beggar_penalty"]))
    goods["food"] = max(0, goods.get("food", 0) - need)
    if goods.get("whisky", 0):  # whisky scores at every round end, the shepherd's wool comes then (D4)
        parts.append(t("dicey_farm.view.end-whisky", lang, vp=goods["whisky"] * C.constants["whisky_vp"]))
    if "shepherd" in obs.get("hired", []) and goods.get("sheep", 0) >= 2:
        wool = goods["sheep"] // 2 * C.craftsmen["shepherd"].params["wool_per_sheep_pair"]
        parts.append(t("dicey_farm.view.end-wool", lang, n=wool))
    keep = C.smoked if "smokehouse" in obs.get("built", []) else frozenset()
    rots = [f"{_good(g, lang)} {goods[g]}" for g in STOCK_ORDER if g in C.perishable and g not in keep
            and goods.get(g, 0)]
    if rots:
        parts.append(t("dicey_farm.view.end-rots", lang, goods=_sep(lang).join(rots)))
    last = obs.get("round") == obs.get("rounds")
    leaving = [] if obs.get("recruited") or last else obs["display"][: C.constants["display_removed"]]
    if leaving:
        parts.append(t("dicey_farm.view.end-leave", lang, names=_sep(lang).join(_craftsman(c, lang) for c in leaving)))
    return "; ".join(parts) if (lang or current_language()) != "ja" else "、".join(parts)


def _use_gain(obs: dict[str, Any], action: Action, lang: str | None) -> str | None:
    """What fishing, ploughing or a merchant gives at once for the picked die
    ("fish +3", "fields +1", "wheat seed +2"): the log of fishing only says
    the die went to the action, and a merchant's slot N is easy to misread."""
    face = obs.get("held")
    if not isinstance(action, A.Use) or obs.get("phase") != "die" or not isinstance(face, int) or not 1 <= face <= 6:
        return None
    hired = obs.get("hired", [])
    if action.action == "fish":
        bonus = C.craftsmen["fisherman"].params["fishing_bonus"] if "fisherman" in hired else 0
        n = C.constants["fishing"][face - 1] + bonus
        return t("dicey_farm.view.gain", lang, what=_good("fish", lang), n=n)
    if action.action == "plough":
        cow = "cowherd" in hired and obs.get("goods", {}).get("cow", 0) > 0
        n = C.craftsmen["cowherd"].params["plough_fields"] if cow else 1
        return t("dicey_farm.view.gain", lang, what=t("dicey_farm.view.field", lang), n=n)
    wares = obs.get("wares", {}).get(action.action.removeprefix("buy_")) if action.action.startswith("buy_") else None
    if wares and len(wares) >= face:
        good, n = wares[face - 1]
        return _animal_note(obs, good, lang) + t("dicey_farm.view.gain", lang, what=_good(good, lang), n=n)
    return _use_what(obs, action.action, face, lang)


def _animal_note(obs: dict[str, Any], good: str, lang: str | None) -> str:
    """What an animal bought brings along: a new kind takes an empty field
    (one field per kind; a horse needs none with the stable), and each head
    gives its product at every harvest. Neither was said anywhere, so a
    newcomer bought a cow not knowing it gives milk, or that it costs a field.
    The notes come first, so the line still ends on what the die gives."""
    if good not in ANIMALS:
        return ""
    goods = obs.get("goods", {})
    notes = []
    if not goods.get(good) and not (good == "horse" and "stable" in obs.get("built", [])):
        notes.append(t("dicey_farm.view.animal-field", lang))
    product = C.livestock[good][0]
    if product:
        notes.append(t("dicey_farm.view.animal-product", lang, product=_good(product, lang)))
    return "".join(t("dicey_farm.view.animal-note", lang, note=note) for note in notes)


def _use_what(obs: dict[str, Any], action: str, face: int, lang: str | None) -> str | None:
    """What the other die actions will do with a die showing ``face``: the
    shipments, the food a contract costs, the VP tourism can still give..."""
    hired = obs.get("hired", [])
    goods = obs.get("goods", {})
    if action == "sow":
        seeds = sum(goods.get(seed, 0) for seed, _, _ in C.crops.values())
        n = min(face, int(obs.get("empty_fields", 0)), seeds)
        text = t("dicey_farm.view.use-sow", lang, n=n) if n else t("dicey_farm.view.use-sow-none", lang)
        if "sower" in hired:  # the sower's die is why one sows with no seed at all (D32)
            text += _sep(lang) + t("dicey_farm.view.done-sower", lang)
        return text
    if action == "ship":
        porter = C.craftsmen["porter"].params["shipments_bonus"] if "porter" in hired else 0
        n = face + C.constants["ship_bonus"] + goods.get("horse", 0) + porter
        return t("dicey_farm.view.use-ship", lang, n=n)
    if action == "contract":
        cost = C.craftsmen["broker"].params["contract_cost"] if "broker" in hired else face
        return t("dicey_farm.view.use-contract", lang, n=cost)
    if action == "recruit":  # a die equal to the display keeps them all at once: there is no "rest"
        if face >= len(obs.get("display", [])):
            return t("dicey_farm.view.use-recruit-all", lang, n=face)
        return t("dicey_farm.view.use-recruit", lang, n=face)
    if action == "build":
        return t("dicey_farm.view.use-build", lang)
    if action == "tourism":
        total = obs.get("breakdown", {}).get("tourism", 0)
        room = max(0, C.constants["tourism_cap"] - total)
        return t("dicey_farm.view.use-tourism", lang, n=min(face, room), total=total)
    if action == "bread_oven":
        return t("dicey_farm.view.use-oven", lang, n=face)
    if action == "slaughterhouse":
        if face >= 2:
            return t("dicey_farm.view.use-slaughter", lang, back=face - C.facilities["slaughterhouse"]["returns"])
        return t("dicey_farm.view.use-slaughter-1", lang)
    return None


def _sow_gain(obs: dict[str, Any], crop: str, lang: str | None) -> str:
    """Sowing one seed: the seed it uses and what the field gives at the next
    harvest (with the compost shed and the beekeeper as things stand now)."""
    seed, crop_yield, seed_back = C.crops[crop]
    if "compost_shed" in obs.get("built", []):
        heads = sum(obs["goods"].get(a, 0) for a in ANIMALS if a != "horse")
        crop_yield += max((extra for low, extra in C.facilities["compost_shed"]["tiers"] if heads >= low),
                          default=0)
    if "beekeeper" in obs.get("hired", []):
        seed_back += C.craftsmen["beekeeper"].params["seed_bonus"]
    text = t("dicey_farm.view.sow-gives", lang, seed=_good(seed, lang), crop=_good(crop, lang), n=crop_yield)
    if seed_back:
        text += t("dicey_farm.view.sow-seed-back", lang, seed=_good(seed, lang), n=seed_back)
    return text


def _done_what(obs: dict[str, Any], lang: str | None) -> str | None:
    """Stopping a step: the shipments given up, or the die that comes back."""
    phase, left = obs.get("phase"), int(obs.get("left", 0))
    if phase == "ship" and left:
        return t("dicey_farm.view.done-ship", lang, n=left)
    parts = []
    if phase in ("sow", "oven") and left:
        parts.append(t("dicey_farm.view.done-die", lang, face=left))
    if phase == "sow" and "sower" in obs.get("hired", []):
        parts.append(t("dicey_farm.view.done-sower", lang))
    return _sep(lang).join(parts) or None


def _tour_gain(obs: dict[str, Any], action: A.Tour, lang: str | None) -> str:
    """A tourism choice: the VP it really adds (the 20 VP cap) and the die back."""
    total = obs.get("breakdown", {}).get("tourism", 0)
    vp = max(0, min(action.pips, C.constants["tourism_cap"] - total))
    parts = [t("dicey_farm.view.tour-gives", lang, vp=vp)]
    back = int(obs.get("left", 0)) - action.pips
    if back > 0:
        parts.append(t("dicey_farm.view.tour-back", lang, face=back))
    return ("; " if (lang or current_language()) != "ja" else "、").join(parts)
