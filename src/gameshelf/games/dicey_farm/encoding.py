"""Dicey Farm's fixed-shape observation tensor (see ``gameshelf.core.tensor``).

Built from :meth:`DiceyFarmState.observation` alone; the slot table is in
``docs/research/index.md``. Vocabularies come from the rule data, so a new
craftsman or good gets its slot; caps are generous and values are clipped,
so an unusual game never changes the length. The per-round history of rolls
(``rolled``) and the score breakdown are left out: the score and the goods
they come from are in.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from gameshelf.core.interfaces import Encoding
from gameshelf.core.tensor import TensorWriter, Vocab
from gameshelf.games.dicey_farm.components import components

if TYPE_CHECKING:
    from gameshelf.core.protocol import Game
    from gameshelf.core.tensor import StateEncoder

PHASES = ("main", "die", "sow", "ship", "contract", "recruit", "build", "tour", "oven", "slaughter")
MAX_DICE = 6
STOCK_CAP = 30
MERCHANT_CAP = 5


@cache
def _texts() -> dict[str, Any]:
    """Meanings that depend on the rule data, made once (an f-string per
    field per tensor cost more than writing the field)."""
    c = components()
    return {
        "round": f"the round, 0 to {c.constants['rounds']}",
        "deck": f"craftsmen left in the deck / {len(c.deck)}",
        "wares": tuple(
            (merchant, f"wares.{merchant}", f"what {merchant} offers: quantity of each good, 0 to {MERCHANT_CAP}")
            for merchant in c.merchants
        ),
    }


_DICE = f"the unused dice (sorted), face / 6, up to {MAX_DICE}; 0 = none"


@cache
def _vocabs() -> dict[str, Vocab]:
    from gameshelf.games.dicey_farm.rules.dice import die_actions

    c = components()
    craftsmen = sorted(c.craftsmen)
    return {
        "phase": Vocab(PHASES),
        "goods": Vocab(c.resources),
        "crops": Vocab(sorted(c.crops)),
        "craftsmen": Vocab(craftsmen),
        "facilities": Vocab(c.facilities),
        "merchants": Vocab(c.merchants),
        "used": Vocab((*die_actions(), "horse", *(f"mod:{m}" for m in craftsmen))),
    }


def write(obs: Mapping[str, Any], w: TensorWriter) -> None:
    """Lay one Dicey Farm observation out in ``w``."""
    v = _vocabs()
    c = components()
    texts = _texts()
    w.number("round", obs["round"], c.constants["rounds"], meaning=texts["round"])
    w.one_hot("phase", obs["phase"], v["phase"])
    w.numbers("dice", obs["dice"], MAX_DICE, 6, meaning=_DICE)
    w.number("held", obs["held"], 6, meaning="the face of the die being spent / 6 (0 = none)")
    w.number("left", obs["left"], 12, meaning="what the current step has left to do (shipments, cost, ...), 0 to 12")
    w.many_hot("kept", obs["kept"], v["craftsmen"], "craftsmen kept so far while recruiting")
    w.counts("goods", obs["goods"], v["goods"], STOCK_CAP)
    w.number("fields", obs["fields"], 12, meaning="fields owned, 0 to 12")
    w.number("empty_fields", obs["empty_fields"], 12, meaning="empty fields, 0 to 12")
    w.counts("sown", obs["sown"], v["crops"], 6, "fields sown with each crop; each 0 to 6")
    w.many_hot("built", obs["built"], v["facilities"], "facilities built")
    w.many_hot("hired", obs["hired"], v["craftsmen"], "craftsmen hired")
    w.many_hot("display", obs["display"], v["craftsmen"], "craftsmen on display")
    w.number("deck_size", obs["deck_size"], len(c.deck), meaning=texts["deck"])
    w.many_hot("gone", obs["gone"], v["craftsmen"], "craftsmen out of the game")
    wares = obs.get("wares") or {}
    goods = v["goods"]
    for merchant, field, meaning in texts["wares"]:
        offered: dict[str, int] = {}
        for item in wares.get(merchant, ()):
            good, qty = item[0], item[1]
            if isinstance(qty, int) and isinstance(good, str):
                offered[good] = offered.get(good, 0) + qty
        w.counts(field, offered, goods, MERCHANT_CAP, meaning)
    w.many_hot("used", obs["used"], v["used"], "die actions and craftsman powers used this round")
    w.number("plough_face", obs["plough_face"], 6, meaning="the plough die's face / 6")
    w.number("ploughs", obs["ploughs"], c.constants["plough_limit"], meaning="ploughs used / the limit")
    w.flag("recruited", obs["recruited"], "1 if this round's recruit is done")
    w.number("food_need", obs["food_need"], 10, meaning="food needed at the round's end, 0 to 10")
    w.number("beggars", obs["beggars"], 30, meaning="beggar cards, 0 to 30")
    w.number("score", obs["score"], 150, low=-100, meaning="the score, -100 to 150, scaled to 0-1 and clipped")
    w.flag("over", "final" in obs, "1 once the game is over")


class DiceyFarmEncoding(Encoding):
    """Dicey Farm's observation tensor (:func:`write`)."""

    def write(self, observation: Mapping[str, Any], w: TensorWriter) -> None:
        write(observation, w)

    def state_encoder(self, game: Game) -> StateEncoder:
        from gameshelf.games.dicey_farm.state_encoding import DiceyFarmStateEncoder

        return DiceyFarmStateEncoder(game)
