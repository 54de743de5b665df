"""The names of Pay Dirt's cards and tiles in the reader's language.

The data files hold the printed English names; the catalogues hold each
name in English and Japanese (``pay_dirt.names.claim.<id>``,
``names.personnel.<id>``, ``names.maker.<maker>``, ``names.model.<id>``).
Log events carry a name as something :func:`gameshelf.core.i18n.t` resolves
in the reader's language (an ``"@key"``, or an ``{"en", "ja"}`` mapping for
equipment, whose name is a maker and a model), so the terminal, the server
and the browser all print the same Japanese names.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from gameshelf.core import i18n
from gameshelf.core.i18n import t
from gameshelf.games.pay_dirt.components import ROWS, Components, components


def claim_key(comp: Components, claim: int) -> str:
    """A claim's catalogue key; the five Greenhorn Claims share one name."""
    cid = comp.claims[claim].id
    return "pay_dirt.names.claim." + ("greenhorn" if cid.startswith("greenhorn-") else cid)


def person_key(comp: Components, card: int) -> str:
    return "pay_dirt.names.personnel." + comp.personnel[card].id


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def maker_name(comp: Components, item: int, lang: str | None) -> str:
    maker = comp.equipment[item].maker
    key = "pay_dirt.names.maker." + _slug(maker)
    return t(key, lang) if i18n.has(key, "en") else maker


def model_name(comp: Components, item: int, lang: str | None) -> str:
    """The model alone ("B-2 Ridgeback", "B-2 リッジバック"): a model without a
    word in it ("FX-210") reads the same in every language."""
    e = comp.equipment[item]
    key = "pay_dirt.names.model." + e.id
    return t(key, lang) if i18n.has(key, "en") else e.model


def equipment_name(comp: Components, item: int, lang: str | None) -> str:
    return f"{maker_name(comp, item, lang)} {model_name(comp, item, lang)}"


@functools.cache
def equipment_param(item: int) -> dict[str, str]:
    """An equipment tile's name as a log parameter, in every language."""
    comp = components()
    return {lang: equipment_name(comp, item, lang) for lang in i18n.LANGUAGES}


#: each auction row's log name (``"@pay_dirt.row.<row>"``), built once
ROW_KEYS = tuple(f"@pay_dirt.row.{row}" for row in ROWS)


@functools.cache
def lot_param(row: int, item: int) -> Any:
    """A lot's name as a log parameter (row 0 equipment, 1 personnel, 2 claims)."""
    if row == 0:
        return equipment_param(item)
    comp = components()
    return "@" + (person_key(comp, item) if row == 1 else claim_key(comp, item))


def lot_name(comp: Components, row: int, item: int, lang: str | None) -> str:
    """A lot's name in ``lang``."""
    if row == 0:
        return equipment_name(comp, item, lang)
    return t(person_key(comp, item) if row == 1 else claim_key(comp, item), lang)
