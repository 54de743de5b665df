"""The small steps inside a die action, and the free actions.

Each function does one table gesture: sow one seed, make one shipment, bake
one wheat, hire one craftsman... Sub-steps end by themselves when nothing
more can be done, or when the player says "done".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.games.dicey_farm.components import components
from gameshelf.games.dicey_farm.rules.dice import give_die, start_shipping
from gameshelf.games.dicey_farm.rules.season import refill_craftsmen

if TYPE_CHECKING:
    from gameshelf.games.dicey_farm.state import DiceyFarmState

C = components()
K = C.constants


def back_to_main(s: DiceyFarmState) -> None:
    s.phase = "main"
    s.left = 0


# -- 種を蒔く ------------------------------------------------------------------------
def can_sow(s: DiceyFarmState, crop: str) -> bool:
    return s.left > 0 and s.empty_fields() > 0 and s.goods[C.crops[crop][0]] > 0


def sowable(s: DiceyFarmState) -> bool:
    return any(can_sow(s, c) for c in C.crops)


def sow(s: DiceyFarmState, crop: str) -> None:
    """任意の数だけ畑に種を蒔きます: one seed per empty field, up to the die's
    face (「使ったダイスの目の回数まで」); the step ends by itself when no
    more can be sown."""
    s.goods[C.crops[crop][0]] -= 1
    s.sown[crop] += 1
    s.left -= 1
    # logged so the dice that may come back at once never stand alone for the move
    s.log("dicey_farm.log.sow", crop=f"@dicey_farm.crop.{crop}", left=s.left)
    if not sowable(s):
        finish_sow(s)


def finish_sow(s: DiceyFarmState) -> None:
    """「回数が残っていた場合、その分の目のダイスが返却され」 (D15), then the
    sower's 「種を蒔くアクションの後、1のダイスを得る」. Sowing nothing at
    all spends the whole die (D33): the original game does so, and returning
    it made the sower a free die every round."""
    if 0 < s.left < s.sow_face:
        give_die(s, s.left)
    s.sow_face = 0
    if s.has("sower"):
        give_die(s, C.craftsmen["sower"].params["sow_die"])
    back_to_main(s)


# -- 出荷 -------------------------------------------------------------------------------
def can_ship(s: DiceyFarmState, good: str) -> bool:
    return s.goods[good] >= C.market[good][0]


def ship(s: DiceyFarmState, good: str) -> None:
    """市場への出荷: e.g. 麦 2つで1VP, 花 2VP."""
    qty, vp = C.market[good]
    s.goods[good] -= qty
    s.vp["market"] += vp
    s.log("dicey_farm.log.ship", good=f"@dicey_farm.good.{good}", n=qty, vp=vp)
    shipment_done(s)


def can_deliver(s: DiceyFarmState, recipe: str) -> bool:
    r = C.recipes[recipe]
    g = s.goods
    return s.has(r.craftsman) and all(g[good] >= n for good, n in r.inputs)


def deliver(s: DiceyFarmState, recipe: str) -> None:
    """職人への出荷: one conversion of a hired craftsman uses one shipment."""
    r = C.recipes[recipe]
    g = s.goods
    for good, n in r.inputs:
        g[good] -= n
    for good, n in r.outputs:
        g[good] += n
    s.vp["craftsmen"] += r.vp
    s.log("dicey_farm.log.deliver", recipe=f"@dicey_farm.recipe.{recipe}")
    shipment_done(s)


def shipment_done(s: DiceyFarmState) -> None:
    s.left -= 1
    if s.left <= 0:
        back_to_main(s)


def horse_ship(s: DiceyFarmState) -> None:
    """馬: 毎ラウンドに1回、ダイスを使わずに2回まで出荷できます (D8)."""
    s.used["horse"] = True
    start_shipping(s, K["horse_shipments"])


# -- パン焼き釜 / 解体小屋 ---------------------------------------------------------------
def bake(s: DiceyFarmState) -> None:
    """パン焼き釜: 1 wheat -> 2 food, up to N times; the rest comes back as a die."""
    spec = C.facilities["bread_oven"]
    s.goods["wheat"] -= spec["wheat"]
    s.goods["food"] += spec["food"]
    s.left -= 1
    s.log("dicey_farm.log.bake", wheat=spec["wheat"], n=spec["food"])
    if s.left == 0 or s.goods["wheat"] < spec["wheat"]:
        finish_oven(s)


def finish_oven(s: DiceyFarmState) -> None:
    if s.left > 0:
        give_die(s, s.left)
    back_to_main(s)


def slaughter(s: DiceyFarmState, animal: str) -> None:
    """解体小屋: 家畜1頭を肉に変え、2以上であれば1小さい目のダイスが返却."""
    face = s.left
    meat = C.livestock[animal][1]
    s.goods[animal] -= 1
    s.goods["meat"] += meat
    s.log("dicey_farm.log.slaughter", animal=f"@dicey_farm.good.{animal}", n=meat)
    if face >= 2:
        give_die(s, face - C.facilities["slaughterhouse"]["returns"])
    back_to_main(s)


# -- 契約 / 募集 / 増築 / 観光化 ----------------------------------------------------------
def hire(s: DiceyFarmState, craftsman: str) -> None:
    """契約: 食料Nを払って職人1人と契約 (the cost was fixed when the die was used)."""
    s.goods["food"] -= s.left
    s.display.remove(craftsman)
    s.hired = (*s.hired, craftsman)
    s.acquired = (*s.acquired, craftsman)
    s.log("dicey_farm.log.hire", craftsman=f"@dicey_farm.craftsman.{craftsman}.name", food=s.left)
    back_to_main(s)


def keep(s: DiceyFarmState, craftsman: str) -> None:
    s.kept.append(craftsman)
    if len(s.kept) == s.left:
        finish_recruit(s)


def finish_recruit(s: DiceyFarmState) -> None:
    """募集: 職人N人を残して、残りを破棄し、6人になるまで新たに補填します."""
    kept = set(s.kept)
    leaving = [c for c in s.display if c not in kept]
    s.gone = (*s.gone, *leaving)
    s.display = [c for c in s.display if c in kept]
    s.kept = []
    refill_craftsmen(s)
    for craftsman in leaving:
        s.log("dicey_farm.log.leave", craftsman=f"@dicey_farm.craftsman.{craftsman}.name")
    if leaving:
        s.log("dicey_farm.log.recruit", kept=len(kept), n=len(s.display) - len(kept))
    back_to_main(s)


def build(s: DiceyFarmState, facility: str) -> None:
    """増築: 設備を1つ選んで建てます; the stable brings a horse."""
    s.built = (*s.built, facility)
    s.acquired = (*s.acquired, facility)
    if facility == "stable":
        s.goods["horse"] += C.facilities["stable"]["horses"]
    s.log("dicey_farm.log.build", facility=f"@dicey_farm.facility.{facility}.name")
    back_to_main(s)


def tour(s: DiceyFarmState, pips: int) -> None:
    """観光化: 目を任意の数だけ減らしてVPに変え、残りを返却 (D2: a real 20 VP cap)."""
    face = s.left
    room = K["tourism_cap"] - s.vp["tourism"]
    gained = min(pips, room)
    s.vp["tourism"] += gained
    s.log("dicey_farm.log.tour", pips=pips, vp=gained, total=s.vp["tourism"])
    if face > pips:
        give_die(s, face - pips)
    back_to_main(s)


# -- ダイスを使わないアクション --------------------------------------------------------------
def to_food(s: DiceyFarmState, good: str) -> None:
    """食材1つを食料1つに変えます."""
    s.goods[good] -= 1
    s.goods["food"] += K["ingredient_food"]


def cook(s: DiceyFarmState, first: str, second: str) -> None:
    """異なる2種類の食材を1つずつ使って料理し、食料3を得ます."""
    s.goods[first] -= 1
    s.goods[second] -= 1
    s.goods["food"] += K["cook_food"]

