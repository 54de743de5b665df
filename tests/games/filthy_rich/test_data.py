"""The deck files: validated at load, designed values marked, names in both languages."""

from __future__ import annotations

from importlib import resources

import pytest

from gameshelf.core.i18n import catalog as messages
from gameshelf.games.filthy_rich.cards import DataError, load_catalog
from tests.games.filthy_rich.helpers import CAT

DATA = resources.files("gameshelf.games.filthy_rich") / "data"
DECK = (DATA / "deck.toml").read_text("utf-8")
LUX = (DATA / "luxuries.toml").read_text("utf-8")
RULES = (DATA / "rules.toml").read_text("utf-8")

BUSINESS = """
[[business]]
key = "shop"
cost = 5
tax = 1
hit = 2
sign = {sign}
"""


def test_the_packaged_deck_loads() -> None:
    assert len(CAT.signs) >= 15 and CAT.deck_size >= 40
    assert {b.size for b in CAT.signs} == {1, 2, 3, 4}
    assert CAT.luxuries[0].cost == 6 and max(x.cost for x in CAT.luxuries) == 45
    assert len(CAT.luxuries) > 10


def test_known_values_are_kept() -> None:
    """Components file §2, §4: Tornado Cleaners costs $12, two $ marks, hits $4, two
    cards stacked (all printed in the rulebook's diagram, C13); Personal Trainer $6,
    Space Shuttle $45."""
    tornado = next(b for b in CAT.signs if b.key == "tornado_cleaners")
    assert (tornado.cost, tornado.tax, tornado.hit, tornado.cells) == (12, 2, 4, ((0, 0), (1, 0)))
    prices = {x.key: x.cost for x in CAT.luxuries}
    assert prices["personal_trainer"] == 6 and prices["space_shuttle"] == 45


def test_every_card_is_marked_designed_where_it_is_ours() -> None:
    """Every value not in the components file is designed and says so."""
    known = {"personal_trainer", "space_shuttle"}
    for entry in (*CAT.signs, *CAT.assets, *CAT.actions, *CAT.luxuries):
        if entry.key == "tornado_cleaners":
            assert entry.designed is False
        elif entry.key in known:
            assert isinstance(entry.designed, tuple) and entry.designed, entry.key
        else:
            assert entry.designed is True or entry.designed, entry.key


def test_every_card_has_a_name_in_both_languages() -> None:
    for lang in ("en", "ja"):
        names = messages(lang)
        for entry in (*CAT.signs, *CAT.assets, *CAT.actions, *CAT.luxuries):
            assert f"filthy_rich.card.{entry.key}" in names, (lang, entry.key)


@pytest.mark.parametrize(
    ("sign", "message"),
    [('["####"]', "3x3"), ('["#.#"]', "touch"), ('["#x"]', "'#'"), ('"##"', "list of rows"),
     ('["##", "##", "#."]', "one to four"), ('["#..", "...", "..#"]', "touch")],
)
def test_bad_signs_are_refused_with_the_card_named(sign: str, message: str) -> None:
    with pytest.raises(DataError, match=message) as err:
        load_catalog(deck=BUSINESS.format(sign=sign), luxuries=LUX, rules=RULES)
    assert "shop" in str(err.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (BUSINESS.format(sign='["#"]').replace("cost = 5", "cost = -5"), "negative"),
        (BUSINESS.format(sign='["#"]').replace("cost = 5", 'cost = "5"'), "whole number"),
        (BUSINESS.format(sign='["#"]').replace("hit = 2\n", ""), "missing field 'hit'"),
        (BUSINESS.format(sign='["#"]') + "colour = 'red'\n", "unknown field"),
        (BUSINESS.format(sign='["#"]') + '[[asset]]\nkey = "a"\ncost = 1\ntax = 0\neffect = "magic"\n', "effect"),
        (BUSINESS.format(sign='["#"]') + '[[action]]\nkey = "b"\neffect = "gain"\ncopies = 0\n', "copies"),
        (BUSINESS.format(sign='["#"]') * 2, "unique"),
        ("[[asset]]\nkey = 'a'\ncost = 1\ntax = 0\neffect = 'loan'\n", "at least one business"),
        ("this is not toml", "not valid TOML"),
        (BUSINESS.format(sign='["#"]') + "designed = ['colour']\n", "designed"),
    ],
)
def test_bad_deck_files_are_refused(text: str, message: str) -> None:
    with pytest.raises(DataError, match=message):
        load_catalog(deck=text, luxuries=LUX, rules=RULES)


def test_too_few_luxuries_are_refused() -> None:
    """C15: with ten luxuries or fewer, five players holding two each could empty
    the pool with nobody at three."""
    ten = "".join(f'[[luxury]]\nkey = "l{i}"\ncost = {i + 1}\ntax = 1\n' for i in range(10))
    with pytest.raises(DataError, match="more than 10"):
        load_catalog(deck=DECK, luxuries=ten, rules=RULES)


def test_bad_rules_are_refused() -> None:
    with pytest.raises(DataError, match="bid_raises"):
        load_catalog(deck=DECK, luxuries=LUX, rules=RULES.replace("[0, 1, 2, 5, 10]", "[5, 1]"))
    with pytest.raises(DataError, match="missing field 'cover_fee'"):
        load_catalog(deck=DECK, luxuries=LUX, rules=RULES.replace("cover_fee = 2", ""))


def test_copies_share_one_sign() -> None:
    lemonade = [c for c in range(CAT.deck_size) if CAT.card_key(c) == "lemonade_stand"]
    assert len(lemonade) == 2 and len({CAT.card_ref[c] for c in lemonade}) == 1
