"""Dicey Farm's sentence for a move, as its mover reads it (``Game.describe_action``).

Needs no observation: a move reads the same whatever the position. The
words that depend on the position (what a die will give now) are in
:mod:`texts`.
"""

from __future__ import annotations

from gameshelf.core.actions import Action
from gameshelf.core.i18n import t
from gameshelf.games.dicey_farm import actions as A
from gameshelf.games.dicey_farm.components import components


def good_name(good: str, lang: str | None) -> str:
    return t(f"dicey_farm.good.{good}", lang)


def craftsman_name(cid: str, lang: str | None) -> str:
    return t(f"dicey_farm.craftsman.{cid}.name", lang)



C = components()


# -- action sentences ---------------------------------------------------------------
def describe_action(action: Action, lang: str | None = None) -> str:
    """A player-facing sentence for any Dicey Farm action."""
    key = f"dicey_farm.describe.{action.kind}"
    if isinstance(action, A.PickDie):
        return t(key, lang, face=action.face)
    if isinstance(action, A.Use):
        return t(key, lang, action=t(f"dicey_farm.action.{action.action}", lang))
    if isinstance(action, A.Modify):
        return t(key, lang, craftsman=craftsman_name(action.craftsman, lang), face=action.face, to=action.to)
    if isinstance(action, A.ToFood):
        return t(key, lang, good=good_name(action.good, lang))
    if isinstance(action, A.Cook):
        return t(key, lang, first=good_name(action.first, lang), second=good_name(action.second, lang))
    if isinstance(action, A.Sow):
        return t(key, lang, crop=t(f"dicey_farm.crop.{action.crop}", lang))
    if isinstance(action, A.Ship):
        qty, vp = C.market[action.good]
        return t(key, lang, good=good_name(action.good, lang), n=qty, vp=vp)
    if isinstance(action, A.Deliver):
        return t(key, lang, recipe=t(f"dicey_farm.recipe.{action.recipe}", lang))
    if isinstance(action, A.Butcher):
        return t(key, lang, animal=good_name(action.animal, lang), meat=C.livestock[action.animal][1])
    if isinstance(action, A.Hire | A.Keep):
        return t(key, lang, craftsman=craftsman_name(action.craftsman, lang),
                 effect=t(f"dicey_farm.craftsman.{action.craftsman}.effect", lang))
    if isinstance(action, A.Build):
        return t(key, lang, facility=t(f"dicey_farm.facility.{action.facility}.name", lang),
                 effect=t(f"dicey_farm.facility.{action.facility}.effect", lang))
    if isinstance(action, A.Tour):
        return t(key, lang, pips=action.pips)
    return t(key, lang)
