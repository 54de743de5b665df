"""Above and Below's sentence for a move, as its mover reads it
(``Game.describe_action``), and the words for the things it names: villagers
and their icons, cards and their abilities, encounter options. The words
that depend on the position (a training's price now) are in :mod:`texts`,
what the others read in :mod:`public`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.core.actions import Action
from gameshelf.core.i18n import current_language, t
from gameshelf.games.above_and_below import actions as A
from gameshelf.games.above_and_below.components import Building, load_components

if TYPE_CHECKING:
    from gameshelf.games.above_and_below.game import AboveAndBelow

NS = "above_and_below"


def ns_text(key: str, lang: str | None, **params: Any) -> str:
    return t(f"{NS}.{key}", lang, **params)


# -- words for things ---------------------------------------------------------------------------
def villager_name(vid: int, lang: str | None) -> str:
    return ns_text(f"villager.{vid}", lang)


def card_name(card: str, lang: str | None) -> str:
    return ns_text(f"card.{card}", lang)


def icons(vid: int, lang: str | None) -> str:
    """A villager's icons in words: what its explore die gives in lanterns
    (the symbols "1" and "2" of the rulebook's icon page, said as the die
    faces they pay on), then hammer, quill and specials."""
    v = load_components().villagers[vid]
    parts = [ns_text("icon.lanterns-" + "".join(map(str, sorted(v.lantern))), lang)] if v.lantern else []
    for icon in ("hammer", "quill"):
        level = getattr(v, icon)
        if level:
            parts.append(ns_text(f"icon.{icon}{'_plus' if level == 2 else ''}", lang))
    if v.reputation < 0:
        parts.append(ns_text("icon.reputation_down", lang))
    if v.special in ("cave_cat", "metal_man"):
        parts.append(ns_text(f"icon.{v.special}", lang))
    return list_sep(lang).join(parts) or "—"


def abilities(b: Building, lang: str | None) -> str:
    """The icons of a card, as a short phrase."""
    parts: list[str] = []
    for name in ("beds", "rerolls", "reputation", "vp_per_villager", "potion_on_buy",
                 "potion_per_round", "income", "vp_per_house", "vp_per_empty_cave"):
        n = getattr(b, name)
        if n:
            parts.append(ns_text(f"ability.{name}", lang, n=n))
    for name in ("train_to_ready", "coin_on_build", "coin_on_explore", "cider_as_coin",
                 "potion_as_coin", "income_per_ore_amethyst"):
        if getattr(b, name):
            parts.append(ns_text(f"ability.{name}", lang))
    for name in ("goods_on_buy", "goods_refill"):
        good = getattr(b, name)
        if good:
            parts.append(ns_text(f"ability.{name}", lang, good=ns_text(f"item.{good}", lang)))
    if b.vp_per_good:
        items = "/".join(ns_text(f"item.{i}", lang) for i in b.vp_per_good_items)
        parts.append(ns_text("ability.vp_per_good", lang, n=b.vp_per_good, items=items))
    return list_sep(lang).join(parts) or ns_text("ability.none", lang)


def list_sep(lang: str | None) -> str:
    """The separator of a list of names: 、 in Japanese, a comma in English."""
    return "、" if (lang or current_language()) == "ja" else ", "


def book_text(texts: dict[str, str], lang: str | None) -> str:
    return texts.get(lang or current_language()) or texts["en"]


# -- moves --------------------------------------------------------------------------------------
def describe(game: AboveAndBelow, action: Action, lang: str | None) -> str:
    comp = load_components()
    if isinstance(action, A.Act):
        return ns_text("do.act", lang, what=ns_text(f"act.{action.action}", lang))
    if isinstance(action, A.Pass | A.Done | A.Resolve | A.SetOut | A.Decline | A.Rested | A.Withdraw):
        return ns_text(f"do.{action.kind}", lang)
    if isinstance(action, A.Assign | A.Train):
        return ns_text(f"do.{action.kind}", lang, villager=villager_name(action.villager, lang),
                  icons=icons(action.villager, lang))
    if isinstance(action, A.Build):
        b = comp.buildings[action.card]
        return ns_text("do.build", lang, card=card_name(action.card, lang), cost=b.cost, vp=b.vp + 1,
                  abilities=abilities(b, lang))
    if isinstance(action, A.Harvest):
        b = comp.buildings[action.card]
        good = b.goods_refill or b.goods_on_buy or ""
        return ns_text("do.harvest", lang, good=ns_text(f"item.{good}", lang), card=card_name(action.card, lang))
    if isinstance(action, A.Choose):
        return describe_option(game, action.paragraph, action.option, lang)
    if isinstance(action, A.Reroll | A.Push):
        return ns_text(f"do.{action.kind}", lang, villager=villager_name(action.villager, lang))
    if isinstance(action, A.Offer):
        return ns_text("do.offer", lang, seller=action.seller + 1, price=action.price)
    if isinstance(action, A.Respond):
        return ns_text("do.accept" if action.accept else "do.refuse", lang)
    if isinstance(action, A.Sell | A.Spend):
        return ns_text(f"do.{action.kind}", lang, item=ns_text(f"item.{action.item}", lang))
    if isinstance(action, A.Track):
        return ns_text("do.track", lang, good=ns_text(f"item.{action.good}", lang))
    if isinstance(action, A.Refresh):
        return ns_text("do.refresh", lang, row=ns_text(f"row.{action.row}", lang))
    if isinstance(action, A.Rest):
        return ns_text("do.rest", lang, villager=villager_name(action.villager, lang),
                  remedy=ns_text(f"remedy.{action.remedy}", lang))
    return str(action)


def describe_option(game: AboveAndBelow, pid: int, index: int, lang: str | None) -> str:
    """An option as read aloud: its label and lantern values, never its rewards."""
    opt = game.book.paragraphs[pid].options[index]
    label = book_text(opt.label, lang)
    if not opt.thresholds:
        text = ns_text("do.choose-goto", lang, label=label)
    else:
        values = " / ".join(str(th.lanterns) for th in opt.thresholds)
        text = ns_text("do.choose", lang, label=label, thresholds=values)
    if opt.bonuses:
        text += " — " + list_sep(lang).join(
            ns_text(f"do.bonus-{b.kind}", lang, n=b.lanterns,
               item=ns_text(f"{'icon' if b.kind == 'per_icon' else 'item'}.{b.item}", lang))
            for b in opt.bonuses
        )
    if opt.cost:
        text += " — " + ns_text("do.choose-cost", lang, cost=list_sep(lang).join(_cost(c, lang) for c in opt.cost))
    return text


def _cost(effect: Any, lang: str | None) -> str:
    """What an option costs, in words ("2 coins", "1 rope")."""
    if effect.kind == "coins":
        return ns_text("do.cost-coins", lang, n=-effect.n)
    item = effect.item if effect.kind == "good" else effect.kind
    return ns_text("do.cost-item", lang, n=-effect.n, item=ns_text(f"item.{item}", lang))
