"""What a newcomer reads on the terminal and in the move lists: a discard
says it brings a dollar, a burning names whose business burns, the prompt
says "roll" once the card actions are used up, and a sign's owner shows by
a mark as well as by colour."""

from __future__ import annotations

import pytest
from rich.console import Console

from gameshelf.core.i18n import t
from gameshelf.core.registry import load_game
from gameshelf.games.filthy_rich.actions import DiscardCard, TorchBusiness
from gameshelf.games.filthy_rich.terminal_view import details
from gameshelf.games.filthy_rich.texts import describe_move
from tests.games.filthy_rich.helpers import card, hang, new

GAME = load_game("filthy-rich")


def _text(renderable: object, width: int = 100) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_a_discard_says_it_takes_a_dollar_not_that_it_costs_one() -> None:
    # "Play Dentist for $5" costs $5; "Discard Dentist for $1" read the same way
    lawsuit = card("lawsuit")
    assert GAME.describe_action(DiscardCard(lawsuit), "en") == "Discard Lawsuit and take $1"
    assert "$1もらう" in GAME.describe_action(DiscardCard(lawsuit), "ja")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_burning_a_business_names_its_owner(lang: str) -> None:
    s = new(3)
    taco = hang(s, 2, "svens_swedish_tacos", 1, [1, 2])
    line = describe_move(s.observation(0), TorchBusiness(taco), lang)
    assert line == t("filthy_rich.compact.move.torch", lang, card=t("filthy_rich.card.svens_swedish_tacos", lang), owner=3)
    assert "3" in line


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_with_both_card_actions_used_the_status_says_roll(lang: str) -> None:
    s = new(3)
    s.actions_left = 0
    text = _text(GAME.render(s.observation(0), lang))
    assert t("filthy_rich.view.roll-now", lang, player=1) in text
    assert t("filthy_rich.view.actions-left", lang, player=1, n=0) not in text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_signs_owner_shows_by_a_mark_not_only_by_colour(lang: str) -> None:
    s = new(3)
    hang(s, 1, "chapter_11_books", 1, [5])  # player 2's mark is ■
    hang(s, 2, "dentist", 1, [1])  # player 3's is ▲
    lines = _text(GAME.render(s.observation(0), lang)).splitlines()
    row = next(x for x in lines if x.startswith("│ 4 "))  # pockets 4, 5, 6
    assert "■5 " + t("filthy_rich.card.chapter_11_books", lang)[:3] in row
    assert "│▲1 " in next(x for x in lines if "2 " + t("filthy_rich.view.empty", lang) in x)
    # the players table carries the same marks
    assert any("■" + t("cli.player", lang, n=2) in x for x in lines)
    book = _text(details(GAME, s.observation(0), lang)[0][1], width=140)
    assert "■2" in book and "▲3" in book


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_five_players_with_marks_keep_whole_column_heads_at_100_columns(lang: str) -> None:
    s = new(5)
    hang(s, 1, "chapter_11_books", 1, [5])
    text = _text(GAME.render(s.observation(0), lang))
    for key in ("player", "money", "luxuries", "businesses", "hand", "tax-due"):
        assert t(f"filthy_rich.compact.col-{key}", lang) in text, key
    assert "★" + t("cli.player", lang, n=5) in text


def test_a_wide_screen_still_names_a_long_sign_in_full_beside_its_mark() -> None:
    s = new(5)
    hang(s, 1, "murphys_fish_market", 1, [1, 4, 5])
    text = _text(GAME.render(s.observation(0), "en"), width=160)
    assert "■1 Murphy's Fish Market p1" in text
    assert all(len(line) <= 160 for line in text.splitlines())


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_players_screen_shows_marks_and_the_tax_they_come_to(lang: str) -> None:
    """Three marks less a Tax Lawyer's 2 is $1: "tax 3" beside the compact
    table's "tax due $1" looked like two answers to one question."""
    from tests.games.filthy_rich.helpers import own_asset

    s = new(3)
    own_asset(s, 0, "yakuza_loan")
    own_asset(s, 0, "tax_lawyer")
    screen = dict(details(GAME, s.observation(0), lang))[t("filthy_rich.view.players", lang)]
    text = _text(screen, width=160)
    assert t("filthy_rich.view.col-marks", lang) in text
    row = next(x for x in text.splitlines() if t("cli.player", lang, n=1) in x)
    assert row.rstrip(" │").endswith("3 ($1)")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_auction_before_any_bid_says_so(lang: str) -> None:
    """"high bid — by nobody" read as a riddle; before the first bid the
    status says there is no bid yet."""
    from tests.games.filthy_rich.test_auction_rules import _sued

    s, _ = _sued(20, ())
    assert s.phase == "auction" and s.observation(0)["auction"]["leader"] is None
    text = _text(GAME.render(s.observation(0), lang), width=160)
    assert t("filthy_rich.view.phase-auction-open", lang, card=t("filthy_rich.card.personal_trainer", lang),
             cost=6, player=1) in text
    riddle = t("filthy_rich.view.phase-auction", lang, card=t("filthy_rich.card.personal_trainer", lang), cost=6,
               high="—", leader=t("filthy_rich.view.nobody", lang), player=1)
    assert riddle not in text


def test_a_tax_beyond_ones_cash_is_flagged_in_the_compact_table() -> None:
    """$3 in hand and $5 due: the browser marks it ⚠; the terminal now
    marks it "!" (and red), the others' dues stay plain."""
    from tests.games.filthy_rich.helpers import own_asset, set_money

    s = new(3)
    own_asset(s, 0, "yakuza_loan")  # 3 marks
    set_money(s, 0, 2)
    lines = _text(GAME.render(s.observation(0), "en")).splitlines()
    mine = next(x for x in lines if "Player 1 (you)" in x)
    assert mine.rstrip().endswith("$3!")
    other = next(x for x in lines if "Player 2" in x)
    assert other.rstrip().endswith("$0")


def test_japanese_texts_use_full_width_colons_and_exclamation_marks() -> None:
    """"プレイヤー1の番:カード…" beside "…：…" elsewhere: a half-width ':' or
    '!' after kana or kanji reads cramped, and the texts mixed both."""
    import re
    import tomllib
    from pathlib import Path

    import gameshelf.games.filthy_rich as pkg

    data = tomllib.loads((Path(pkg.__file__).parent / "locales" / "ja.toml").read_text(encoding="utf-8"))
    found = []

    def walk(node: object, path: str) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, f"{path}.{k}")
        elif isinstance(node, str) and re.search(r"[^\x00-\x7f][:!]|:[^\x00-\x7f]", node):
            found.append(path)

    walk(data, "")
    assert not found, found


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_roll_says_how_many_dice_and_the_rules_say_why(lang: str) -> None:
    """One business die per page number (rulebook: 現在のページ数と同じ数の10面体ダイス):
    nothing on screen said so, and the number of dice changed from turn to turn."""
    from gameshelf.games.filthy_rich.actions import Roll

    s = new(3)
    s.page = 3
    line = describe_move(s.observation(0), Roll(), lang)
    assert line == t("filthy_rich.compact.move.roll", lang, n=3, page=3)
    assert "3" in line
    rules = t("filthy_rich.help.rules", lang)
    assert ("ten-sided" in rules and "page die" in rules and "5-6" in rules) if lang == "en" else (
        "10面体" in rules and "5・6" in rules)


def test_one_business_die_is_a_die() -> None:
    from gameshelf.games.filthy_rich.actions import Roll

    s = new(3)
    assert s.page == 1
    assert describe_move(s.observation(0), Roll(), "en").startswith("Roll 1 business die (")


def test_the_market_heading_takes_the_language_s_colon() -> None:
    s = new(3)
    assert "売りに出ている贅沢品：" in _text(GAME.render(s.observation(0), "ja"))
    assert "Luxuries for sale: " in _text(GAME.render(s.observation(0), "en"))
