"""How Above and Below looks in the terminal, and how its moves read.

Everything here works from an observation (never the state), so a player
only ever sees what the redaction in ``state.observation`` lets through.
Texts come from the catalogs; encounter texts from the book, by id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.columns import Columns
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gameshelf.core.actions import Action
from gameshelf.core.i18n import current_language, t
from gameshelf.games.above_and_below import actions as A
from gameshelf.games.above_and_below.components import GOODS, Building, load_components

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.game import AboveAndBelow

NS = "above_and_below"
COLOURS = ("red", "blue", "green", "yellow")
GOOD_COLOURS = {
    "mushroom": "magenta", "fish": "cyan", "fruit": "bright_red", "rope": "yellow",
    "pot": "dark_orange", "paper": "white", "ore": "grey70", "amethyst": "purple",
    "cider": "gold3", "potion": "spring_green3",
}  # fmt: skip


def _t(key: str, lang: str | None, **params: Any) -> str:
    return t(f"{NS}.{key}", lang, **params)


# -- words for things ---------------------------------------------------------------------------
def villager_name(vid: int, lang: str | None) -> str:
    return _t(f"villager.{vid}", lang)


def card_name(card: str, lang: str | None) -> str:
    return _t(f"card.{card}", lang)


def icons(vid: int, lang: str | None) -> str:
    """A villager's icons in words: what its explore die gives in lanterns
    (the symbols "1" and "2" of the rulebook's icon page, said as the die
    faces they pay on), then hammer, quill and specials."""
    v = load_components().villagers[vid]
    parts = [_t("icon.lanterns-" + "".join(map(str, sorted(v.lantern))), lang)] if v.lantern else []
    for icon in ("hammer", "quill"):
        level = getattr(v, icon)
        if level:
            parts.append(_t(f"icon.{icon}{'_plus' if level == 2 else ''}", lang))
    if v.reputation < 0:
        parts.append(_t("icon.reputation_down", lang))
    if v.special in ("cave_cat", "metal_man"):
        parts.append(_t(f"icon.{v.special}", lang))
    return _sep(lang).join(parts) or "—"


def abilities(b: Building, lang: str | None) -> str:
    """The icons of a card, as a short phrase."""
    parts: list[str] = []
    for name in ("beds", "rerolls", "reputation", "vp_per_villager", "potion_on_buy",
                 "potion_per_round", "income", "vp_per_house", "vp_per_empty_cave"):
        n = getattr(b, name)
        if n:
            parts.append(_t(f"ability.{name}", lang, n=n))
    for name in ("train_to_ready", "coin_on_build", "coin_on_explore", "cider_as_coin",
                 "potion_as_coin", "income_per_ore_amethyst"):
        if getattr(b, name):
            parts.append(_t(f"ability.{name}", lang))
    for name in ("goods_on_buy", "goods_refill"):
        good = getattr(b, name)
        if good:
            parts.append(_t(f"ability.{name}", lang, good=_t(f"item.{good}", lang)))
    if b.vp_per_good:
        items = "/".join(_t(f"item.{i}", lang) for i in b.vp_per_good_items)
        parts.append(_t("ability.vp_per_good", lang, n=b.vp_per_good, items=items))
    return _sep(lang).join(parts) or _t("ability.none", lang)


def _sep(lang: str | None) -> str:
    """The separator of a list of names: 、 in Japanese, a comma in English."""
    return "、" if (lang or current_language()) == "ja" else ", "


def _book_text(texts: dict[str, str], lang: str | None) -> str:
    return texts.get(lang or current_language()) or texts["en"]


# -- moves --------------------------------------------------------------------------------------
def describe(game: AboveAndBelow, action: Action, lang: str | None) -> str:
    comp = load_components()
    if isinstance(action, A.Act):
        return _t("do.act", lang, what=_t(f"act.{action.action}", lang))
    if isinstance(action, A.Pass | A.Done | A.Resolve | A.SetOut | A.Decline | A.Rested | A.Withdraw):
        return _t(f"do.{action.kind}", lang)
    if isinstance(action, A.Assign | A.Train):
        return _t(f"do.{action.kind}", lang, villager=villager_name(action.villager, lang),
                  icons=icons(action.villager, lang))
    if isinstance(action, A.Build):
        b = comp.buildings[action.card]
        return _t("do.build", lang, card=card_name(action.card, lang), cost=b.cost, vp=b.vp + 1,
                  abilities=abilities(b, lang))
    if isinstance(action, A.Harvest):
        b = comp.buildings[action.card]
        good = b.goods_refill or b.goods_on_buy or ""
        return _t("do.harvest", lang, good=_t(f"item.{good}", lang), card=card_name(action.card, lang))
    if isinstance(action, A.Choose):
        return describe_option(game, action.paragraph, action.option, lang)
    if isinstance(action, A.Reroll | A.Push):
        return _t(f"do.{action.kind}", lang, villager=villager_name(action.villager, lang))
    if isinstance(action, A.Offer):
        return _t("do.offer", lang, seller=action.seller + 1, price=action.price)
    if isinstance(action, A.Respond):
        return _t("do.accept" if action.accept else "do.refuse", lang)
    if isinstance(action, A.Sell | A.Spend):
        return _t(f"do.{action.kind}", lang, item=_t(f"item.{action.item}", lang))
    if isinstance(action, A.Track):
        return _t("do.track", lang, good=_t(f"item.{action.good}", lang))
    if isinstance(action, A.Refresh):
        return _t("do.refresh", lang, row=_t(f"row.{action.row}", lang))
    if isinstance(action, A.Rest):
        return _t("do.rest", lang, villager=villager_name(action.villager, lang),
                  remedy=_t(f"remedy.{action.remedy}", lang))
    return str(action)


def describe_option(game: AboveAndBelow, pid: int, index: int, lang: str | None) -> str:
    """An option as read aloud: its label and lantern values, never its rewards."""
    opt = game.book.paragraphs[pid].options[index]
    label = _book_text(opt.label, lang)
    if not opt.thresholds:
        text = _t("do.choose-goto", lang, label=label)
    else:
        values = " / ".join(str(th.lanterns) for th in opt.thresholds)
        text = _t("do.choose", lang, label=label, thresholds=values)
    if opt.bonuses:
        text += " — " + _sep(lang).join(
            _t(f"do.bonus-{b.kind}", lang, n=b.lanterns,
               item=_t(f"{'icon' if b.kind == 'per_icon' else 'item'}.{b.item}", lang))
            for b in opt.bonuses
        )
    if opt.cost:
        text += " — " + _t("do.choose-cost", lang, cost=_sep(lang).join(_cost(c, lang) for c in opt.cost))
    return text


def _cost(effect: Any, lang: str | None) -> str:
    """What an option costs, in words ("2 coins", "1 rope")."""
    if effect.kind == "coins":
        return _t("do.cost-coins", lang, n=-effect.n)
    item = effect.item if effect.kind == "good" else effect.kind
    return _t("do.cost-item", lang, n=-effect.n, item=_t(f"item.{item}", lang))


# -- the board ----------------------------------------------------------------------------------
def _cards_table(title: str, cards: list[str], lang: str | None) -> Table:
    comp = load_components()
    table = Table(title=title, show_header=False, expand=False, title_style="bold")
    for card in cards:
        b = comp.buildings[card]
        table.add_row(Text(card_name(card, lang), style="bold"), f"◉{b.cost}", f"{b.vp + 1} {_t('view.vp', lang)}",
                      abilities(b, lang))
    return table


def _board(obs: dict[str, Any], lang: str | None) -> Panel:
    slots = Table(title=_t("view.villagers-row", lang), show_header=False, title_style="bold")
    for vid, cost in zip(obs["slots"], obs["slot_costs"], strict=True):
        slots.add_row(f"◉{cost}", villager_name(vid, lang) if vid is not None else _t("view.empty", lang),
                      icons(vid, lang) if vid is not None else "")
    top = obs["cave_top"] if obs["cave_top"] is not None else _t("view.empty", lang)
    footer = Text.assemble(
        (_t("view.cider-board", lang) + ": ", "bold"), ("●" if obs["cider_on_board"] else "—", "gold3"),
        "   ", _t("view.cave-deck", lang, n=obs["decks"]["cave"], top=top),
    )
    return Panel(
        Group(
            Columns([
                _cards_table(_t("view.houses-row", lang), obs["house_row"], lang),
                _cards_table(_t("view.outposts-row", lang), obs["outpost_row"], lang),
            ]),
            Columns([
                _cards_table(_t("view.star-row", lang), obs["star_row"], lang),
                _cards_table(_t("view.key-row", lang), obs["key_row"], lang),
            ]),
            Columns([slots, footer]),
            *under_deck_lines(obs, lang),
        ),
        title=_t("view.market", lang),
    )


def under_deck_lines(obs: dict[str, Any], lang: str | None) -> list[Text]:
    """The cards everyone saw go under a deck, bottom block in order: they
    come back when the deck runs down, so a player planning late rounds wants
    them. Nothing at all while no card went under."""
    under = obs.get("under_decks") or {}
    lines = [
        Text(_c("under-deck", lang, deck=_c(f"deck-{deck}", lang),
                cards=_sep(lang).join(str(c) if deck == "cave" else card_name(c, lang) for c in cards)))
        for deck, cards in under.items() if cards
    ]
    return [Text(_c("under-decks", lang), style="bold"), *lines] if lines else []


def _goods(v: dict[str, Any], lang: str | None) -> Text:
    text = Text()
    for good in GOODS:
        if v["goods"][good]:
            text.append(f"{_t(f'item.{good}', lang)}×{v['goods'][good]} ", style=GOOD_COLOURS[good])
    if v["potions"]:
        text.append(f"{_t('item.potion', lang)}×{v['potions']} ", style=GOOD_COLOURS["potion"])
    if v["cider"]:
        text.append(f"{_t('item.cider', lang)}×{v['cider']} ", style=GOOD_COLOURS["cider"])
    return text if text.plain else Text(_t("view.empty", lang))


def _village(obs: dict[str, Any], p: int, lang: str | None) -> Panel:
    v = obs["villages"][p]
    score = obs["scores"][p]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold")
    grid.add_column()
    names = lambda ids: _sep(lang).join(villager_name(i, lang) for i in ids) or _t("view.empty", lang)  # noqa: E731
    grid.add_row(_t("view.coins", lang), f"{v['coins']}  ({_t('view.income', lang)} {v['income']})")
    rep_vp = load_components().tracks.reputation_vp[v["reputation"]]
    grid.add_row(_t("view.reputation", lang), _t("view.rep-position", lang, pos=v["reputation"], vp=f"{rep_vp:+d}",
                                                  bonus=score["reputation"] - rep_vp))
    grid.add_row(Text(_t("view.ready", lang), style="green"), names(v["ready"]))
    grid.add_row(Text(_t("view.exhausted", lang), style="yellow"), names(v["exhausted"]))
    grid.add_row(Text(_t("view.injured", lang), style="red"), names(v["injured"]))
    grid.add_row(_t("view.goods", lang), _goods(v, lang))
    sale = _t(f"item.{v['sale']}", lang) if v["sale"] else _t("view.empty", lang)
    grid.add_row(_t("view.for-sale", lang), sale)
    track = " ▸ ".join(f"{_t(f'item.{g}', lang)}×{n}" for g, n in v["track"]) or _t("view.empty", lang)
    grid.add_row(_t("view.track", lang), track)
    comp = load_components()

    def building(card: str) -> str:
        """A building with its abilities (beds, rerolls, ...) and the goods on it."""
        goods = v["card_goods"].get(card)
        on_it = f" [{_t(f'item.{_card_good(card)}', lang)}×{goods}]" if goods else ""
        return f"{card_name(card, lang)}{on_it}: {abilities(comp.buildings[card], lang)}"

    grid.add_row(_t("view.houses", lang), "\n".join(building(c) for c in v["houses"]) or _t("view.empty", lang))
    grid.add_row(_t("view.outposts", lang), "\n".join(building(c) for c in v["outposts"]) or _t("view.empty", lang))
    grid.add_row(_t("view.caves", lang), f"{len(v['caves'])}")
    grid.add_row(_t("view.score", lang), f"{score['total']}  ({score_parts(score, lang)})")
    title = _t("view.player", lang, n=p + 1)
    if obs["viewer"] == p:
        title += f" ({_t('view.you', lang)})"
    if obs["start_player"] == p:
        title += " ★"
    if v["passed"]:
        title += f" — {_t('view.passed', lang)}"
    style = "bold " + COLOURS[p % len(COLOURS)] if obs["current"] == p else COLOURS[p % len(COLOURS)]
    return Panel(grid, title=title, border_style=style)


def _encounter(game: AboveAndBelow, obs: dict[str, Any], lang: str | None) -> Panel | None:
    task = obs["task"]
    if not task or task["purpose"] != "explore" or task.get("paragraph") is None:
        return None
    para = game.book.paragraphs[task["paragraph"]]
    parts: list[Any] = [Text(f"§{para.id}  " + _book_text(para.text, lang), style="italic")]
    for i in range(len(para.options)):
        marker = "▶ " if task["option"] == i else "  "
        parts.append(Text(marker + describe_option(game, para.id, i, lang)))
    if task["dice"]:
        dice = Text(_t("view.dice", lang) + ": ", style="bold")
        villagers = load_components().villagers
        for k, (vid, die) in enumerate(zip(task["villagers"], task["dice"], strict=True)):
            note = f" ({_t('view.pushed', lang)} +1)" if vid in task["pushed"] else ""
            got = _t("view.die-lanterns", lang, n=villagers[vid].lanterns(die))
            dice.append(("  " if k else "") + villager_name(vid, lang) + " " + "⚀⚁⚂⚃⚄⚅"[die - 1] + f"{die}"
                        + f" → {got}{note}")
        parts.append(dice)
        parts.append(Text.assemble((_t("view.lanterns", lang, n=task.get("lanterns", 0)), "bold yellow"),
                                   "   ", _t("view.rerolls", lang, n=task["rerolls"])))
    title = _t("view.encounter", lang) + " — " + _t("view.cave", lang, cave=task["cave"])
    return Panel(Group(*parts), title=title, border_style="magenta")


# -- the compact board: fits 100x30 with the move list --------------------------------------------
def _c(key: str, lang: str | None, **params: Any) -> str:
    return t(f"{NS}.compact.{key}", lang, **params)


def _short_goods(v: dict[str, Any], lang: str | None) -> Text:
    """Goods as "mushroom 2 · fish 1", potions and cider included."""
    text = Text()
    items = [(g, v["goods"][g]) for g in GOODS if v["goods"][g]]
    items += [(k, v[k]) for k in ("potions", "cider") if v[k]]
    for k, (good, n) in enumerate(items):
        name = _t(f"item.{'potion' if good == 'potions' else good}", lang)
        text.append(("· " if k else "") + f"{name} {n} ", style=GOOD_COLOURS["potion" if good == "potions" else good])
    return text if text.plain else Text("—")


def players_table(obs: dict[str, Any], lang: str | None) -> Table:
    """One line per village: what a glance must tell."""
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold")
    for key in ("player", "vp", "coins", "reputation", "villagers", "goods", "sale", "track", "buildings", "caves"):
        heading = _t("view.reputation", lang) if key == "reputation" else _c(f"col-{key}", lang)
        table.add_column(heading, no_wrap=key != "goods")
    for p, v in enumerate(obs["villages"]):
        name = _t("view.player", lang, n=p + 1)
        if obs["viewer"] == p:
            name += f" ({_t('view.you', lang)})"
        if obs["start_player"] == p:
            name += " ★"
        if v["passed"]:
            name += " ⏸"
        style = ("bold " if obs["current"] == p else "") + COLOURS[p % len(COLOURS)]
        table.add_row(
            Text(("▶ " if obs["current"] == p else "  ") + name, style=style),
            str(obs["scores"][p]["total"]),
            f"{v['coins']} (+{v['income']})",
            f"{v['reputation']} ({obs['scores'][p]['reputation']:+d} {_t('view.vp', lang)})",
            Text.assemble((str(len(v["ready"])), "green"), "/", (str(len(v["exhausted"])), "yellow"), "/",
                          (str(len(v["injured"])), "red")),
            _short_goods(v, lang),
            _t(f"item.{v['sale']}", lang) if v["sale"] else "—",
            str(sum(n for _, n in v["track"])),
            f"{len(v['houses'])}+{len(v['outposts'])}",
            str(len(v["caves"])),
        )
    return table


def legend_line(lang: str | None) -> Text:
    """What the village table's cells mean ("2/1/0", "2+1", "3 (+1)", ★, ⏸)."""
    return Text(_c("legend", lang), style="dim")


def market_lines(obs: dict[str, Any], lang: str | None) -> Text:
    """The rows for sale, one line each: name and cost (details: key d)."""
    comp = load_components()
    text = Text()
    for key, row in (("houses-row", "house_row"), ("outposts-row", "outpost_row"),
                     ("star-row", "star_row"), ("key-row", "key_row")):
        cards = " · ".join(f"{card_name(c, lang)} ◉{comp.buildings[c].cost}" for c in obs[row]) or "—"
        text.append(f"{_t('view.' + key, lang)}: ", style="bold")
        text.append(cards + "\n")
    trainees = " · ".join(f"{villager_name(vid, lang)} ◉{cost}"
                          for vid, cost in zip(obs["slots"], obs["slot_costs"], strict=True) if vid is not None)
    text.append(f"{_t('view.villagers-row', lang)}: ", style="bold")
    text.append(trainees or "—")
    return text


def _card_good(card: str) -> str:
    b = load_components().buildings[card]
    return b.goods_refill or b.goods_on_buy or ""


def offer_line(obs: dict[str, Any], lang: str | None) -> Text | None:
    """A pending trade offer, said in one line. The observation holds it as
    ``[seller, buyer, price, phase]``; the item is what the seller has for sale."""
    offer = obs.get("offer")
    if not isinstance(offer, list | tuple) or len(offer) < 3:
        return None
    seller, buyer, price = offer[0], offer[1], offer[2]
    item = obs["villages"][seller]["sale"]
    return Text(_c("offer", lang, buyer=buyer + 1, seller=seller + 1, price=price,
                   item=_t(f"item.{item}", lang) if item else "?"), style="bold yellow")


def _own_line(obs: dict[str, Any], lang: str | None) -> Text | None:
    """The viewer's ready villagers by name: the ones the next move can send."""
    viewer = obs.get("viewer")
    if not isinstance(viewer, int):
        return None
    v = obs["villages"][viewer]
    comp = load_components()
    names = _sep(lang).join(villager_name(i, lang) for i in v["ready"]) or "—"
    line = Text.assemble((_t("view.ready", lang) + ": ", "bold green"), names)
    task = obs.get("task") or {}
    if obs.get("current") == viewer and task.get("villagers"):  # who went on the action under way
        sent = _sep(lang).join(villager_name(i, lang) for i in task["villagers"])
        line.append(f"   {_c('sent', lang)}: ", style="bold")
        line.append(sent)
    if v["card_goods"]:  # goods waiting on your buildings, to harvest
        stocked = _sep(lang).join(f"{card_name(c, lang)}: {_t(f'item.{_card_good(c)}', lang)}×{n}"
                            for c, n in v["card_goods"].items())
        line.append(f"   {_c('cards.on-cards', lang)}: ", style="bold")
        line.append(stocked)
    line.append(f"\n{_c('own-buildings', lang)}: ", style="bold")
    line.append(" · ".join(f"{card_name(c, lang)} ({abilities(comp.buildings[c], lang)})"
                           for c in [*v["houses"], *v["outposts"]]))
    rest = obs.get("rest")
    if rest and rest["player"] == viewer:  # the round end: what the beds can still do
        line.append("\n" + _c("beds", lang, beds=rest["beds"], used=rest["used"]), style="bold")
    left = (obs.get("flags") or {}).get("sale_left") or []
    if left and obs.get("current") == viewer:  # B32: what left the sale space may not go back up this turn
        items = _sep(lang).join(_t(f"item.{i}", lang) for i in left)
        line.append("\n" + _c("sale-left", lang, items=items), style="yellow")
    return line


#: phases whose compact board shows the market rows
MARKET_PHASES = frozenset({"turn", "assign", "respond"})


def render(game: AboveAndBelow, obs: dict[str, Any], lang: str | None = None) -> Any:
    """The compact board: a header, one line per village, the market rows,
    a pending offer and the encounter under way. Everything else is one key
    away (:func:`details`)."""
    header = Text(_t("view.round", lang, round=obs["round"], rounds=obs["rounds"]), style="bold")
    if obs["task"]:
        header.append("   " + _t("view.task", lang, what=_t(f"act.{obs['task']['purpose']}", lang)))
    top = obs["cave_top"] if obs["cave_top"] is not None else "—"
    header.append(f"   {_t('view.cider-board', lang)}: {'●' if obs['cider_on_board'] else '—'}"
                  f"   {_t('view.cave-deck', lang, n=obs['decks']['cave'], top=top)}")
    encounter = _encounter(game, obs, lang)
    parts: list[Any] = [header, players_table(obs, lang), legend_line(lang)]
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
        screens.append((_c("details-village", lang, n=p + 1), _village(obs, p, lang)))
    screens.append((_t("view.market", lang), _board(obs, lang)))
    return screens


def render_full(game: AboveAndBelow, obs: dict[str, Any], lang: str | None = None) -> Any:
    """Everything at once (the previous board, for wide screens and replays)."""
    header = Text(_t("view.round", lang, round=obs["round"], rounds=obs["rounds"]), style="bold")
    if obs["task"]:
        header.append("   " + _t("view.task", lang, what=_t(f"act.{obs['task']['purpose']}", lang)))
    parts: list[Any] = [header, _board(obs, lang)]
    parts.append(Columns([_village(obs, p, lang) for p in range(obs["players"])], width=64))
    encounter = _encounter(game, obs, lang)
    if encounter is not None:
        parts.append(encounter)
    return Group(*parts)


def describe_move(obs: dict[str, Any], action: Action, lang: str | None = None, *,
                  game: AboveAndBelow | None = None) -> str:
    """A move as its player reads it now, with what it costs and gives:
    training and building say the coins actually paid (1 less with a quill+
    or hammer+ villager doing the work, coins back from +1-per-build cards),
    not the printed price; starting a training says the range it will cost;
    sending a villager says the discount it brings or the coin it earns; an
    offer and its answer name the item."""
    from gameshelf.core.registry import load_game

    game = game or load_game("above-and-below")  # type: ignore[assignment]
    assert game is not None
    comp = load_components()
    villagers = comp.villagers
    task = obs.get("task") or {}
    workers = task.get("villagers") or []
    seat = obs.get("viewer")
    village = obs["villages"][seat] if isinstance(seat, int) else None
    if isinstance(action, A.Offer):
        item = obs["villages"][action.seller]["sale"]
        return _c("move.offer", lang, seller=action.seller + 1, price=action.price,
                  item=_t(f"item.{item}", lang) if item else "?")
    if isinstance(action, A.Respond) and isinstance(obs.get("offer"), list | tuple):
        seller, buyer, price = obs["offer"][:3]
        item = obs["villages"][seller]["sale"]
        words = _t(f"item.{item}", lang) if item else "?"
        if action.accept:
            return _c("move.accept", lang, item=words, buyer=buyer + 1, price=price)
        return _c("move.refuse", lang, item=words)
    text = describe(game, action, lang)
    if isinstance(action, A.Act) and action.action == "build" and village is not None:
        # a hammer+ worker pays 1 less, a plain hammer the printed price; only what the coins reach
        offs = {1 if villagers[v].hammer == 2 else 0 for v in village["ready"] if villagers[v].hammer}
        empty_cave = len(village["caves"]) > len(village["outposts"])
        rows = ["house_row", "star_row", "key_row", *(["outpost_row"] if empty_cave else [])]
        prices = [n for off in offs for row in rows for c in obs[row]
                  if (n := max(0, comp.buildings[c].cost - off)) <= village["coins"]] or [0]
        if min(prices) == max(prices):
            return text + " — " + _c("move.pay-one", lang, n=prices[0])
        return text + " — " + _c("move.pay-range", lang, low=min(prices), high=max(prices))
    if isinstance(action, A.Act) and action.action in ("explore", "harvest", "labor"):
        cider = action.action == "labor" and obs.get("cider_on_board")
        return text + " — " + _c(f"move.act-{action.action}{'-cider' if cider else ''}", lang)
    if isinstance(action, A.Act) and action.action == "train" and village is not None:
        # a quill+ teacher takes 1 off, a plain quill the slot's price; only what the coins reach
        offs = {1 if villagers[v].quill == 2 else 0 for v in village["ready"] if villagers[v].quill}
        prices = [n for off in offs for vid, c in zip(obs["slots"], obs["slot_costs"], strict=True)
                  if vid is not None and (n := max(0, c - off)) <= village["coins"]] or [0]
        if min(prices) == max(prices):
            return text + " — " + _c("move.pay-one", lang, n=prices[0])
        return text + " — " + _c("move.pay-range", lang, low=min(prices), high=max(prices))
    if isinstance(action, A.Assign) and task:
        v = villagers[action.villager]
        purpose = task.get("purpose")
        if (purpose == "train" and v.quill == 2) or (purpose == "build" and v.hammer == 2):
            return text + " — " + _c("move.discount", lang)
        if purpose == "labor":
            return text + " — " + _c("move.labor-cider" if obs.get("cider_on_board") else "move.labor", lang)
        return text
    if isinstance(action, A.Track) and village is not None:
        return text + " — " + _track_gain(village, action.good, lang)
    if isinstance(action, A.Rest) and village is not None:
        # a bed, a potion or a cider moves a villager one step (B13): say which, or "rest" reads as "ready"
        steps = {"injured": "exhausted", "exhausted": "ready"}
        before = next((k for k in steps if action.villager in village[k]), None)
        if before is not None:
            return text + " — " + _c("move.rest-step", lang, before=_t(f"view.{before}", lang),
                                     after=_t(f"view.{steps[before]}", lang))
        return text
    if isinstance(action, A.Train) and action.villager in obs["slots"]:
        cost = obs["slot_costs"][obs["slots"].index(action.villager)]
        if workers and villagers[workers[0]].quill == 2:
            cost = max(0, cost - 1)
        return text + " — " + _c("move.pay", lang, n=cost)
    if isinstance(action, A.Build) and task.get("purpose") == "build" and workers:
        b = comp.buildings[action.card]
        cost = max(0, b.cost - 1) if villagers[workers[0]].hammer == 2 else b.cost
        back = 0 if village is None else sum(
            1 for c in [*village["houses"], *village["outposts"]] if comp.buildings[c].coin_on_build)
        pay = _c("move.pay-back", lang, n=cost, back=back) if back else _c("move.pay", lang, n=cost)
        if cost != b.cost:
            pay += " " + _c("move.printed", lang, n=b.cost)
        return _c("move.build", lang, card=card_name(action.card, lang), vp=b.vp + 1,
                  abilities=abilities(b, lang), pay=pay)
    return text


def _track_gain(village: dict[str, Any], good: str, lang: str | None) -> str:
    """What one more ``good`` on the progress track brings: the VP of its slot
    (a new kind takes the next empty slot, the same kind stacks, B3) and, for
    a new kind, the income of that slot; +1 income per ore or amethyst with an
    income-per-ore/amethyst card."""
    comp = load_components()
    tracks = comp.tracks
    kinds = [g for g, _ in village["track"]]
    slot = kinds.index(good) if good in kinds else len(kinds)
    if slot >= len(tracks.progress_vp):
        return _c("move.track-full", lang)
    more = 0
    if good in ("ore", "amethyst"):
        more = sum(1 for c in [*village["houses"], *village["outposts"]]
                   if comp.buildings[c].income_per_ore_amethyst)
    now = tracks.progress_income[len(kinds) - 1] if kinds else tracks.base_income
    after = tracks.progress_income[slot] if good not in kinds else now
    if after + more == now:
        return _c("move.track-vp", lang, vp=tracks.progress_vp[slot])
    return _c("move.track", lang, vp=tracks.progress_vp[slot], income=after - now + more)


def score_parts(score: dict[str, Any], lang: str | None) -> str:
    """Where a seat's VP come from: "progress 0, buildings 2, reputation 3, cards 2"."""
    return _sep(lang).join(f"{_t('view.score-' + part, lang)} {score[part]}"
                     for part in ("track", "buildings", "reputation", "cards"))


def result_columns(state: Any, lang: str | None = None) -> list[tuple[str, list[str]]]:
    """The end-of-game table's columns: each seat's VP with where they came
    from, then the tie-break figures in order (coins, villagers, buildings),
    so a tie on VP shows who won it and by what, not only the rule."""
    sheets = state.observation(None)["scores"]
    keys = [state.tiebreak_key(p) for p in range(len(sheets))]
    return [
        (_t("score.name", lang), [f"{sheet['total']} ({score_parts(sheet, lang)})" for sheet in sheets]),
        *((_t(f"final.{name}", lang), [str(key[i]) for key in keys])
          for i, name in enumerate(("coins", "villagers", "buildings"))),
    ]
