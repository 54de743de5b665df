"""The terminal view and the texts: every phase draws, every text exists in en and ja."""

from __future__ import annotations

import pytest
from rich.console import Console

from gameshelf.core import i18n
from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream
from tests.games.filthy_rich.helpers import (
    choose,
    hang,
    new,
    own_luxury,
    rig,
    set_money,
    start_rolling,
)

GAME = load_game("filthy-rich")



def _text(renderable: object) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_action_has_a_sentence(lang: str) -> None:
    for index in range(GAME.num_distinct_actions):
        action = GAME.action_from_id(index)
        text = GAME.describe_action(action, lang)
        assert text and "filthy_rich." not in text, action


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_book_is_drawn_with_what_shows_and_what_is_covered(lang: str) -> None:
    s = new(3)
    s.page = 2
    hang(s, 1, "chapter_11_books", 1, [5])
    hang(s, 2, "tornado_cleaners", 2, [2, 5])
    from gameshelf.games.filthy_rich.terminal_view import details

    compact = _text(GAME.render(s.observation(0), lang))
    assert i18n.t("filthy_rich.card.tornado_cleaners", lang)[:3] in compact  # seen from above
    text = _text(details(GAME, s.observation(0), lang)[0][1])  # the book in full
    tornado = i18n.t("filthy_rich.card.tornado_cleaners", lang)[:3]  # a pocket holds a few letters
    books = i18n.t("filthy_rich.card.chapter_11_books", lang)[:3]
    assert tornado in text and books in text
    for page in range(1, 5):
        assert i18n.t("filthy_rich.view.page-open" if page == 2 else (
            "filthy_rich.view.page-away" if page > 2 else "filthy_rich.view.page"), lang, page=page) in text
    assert i18n.t("filthy_rich.view.seen", lang) in compact


def test_the_compact_table_fits_and_shows_the_tax_due() -> None:
    """A 5-player table with a hand fits 100 columns in under 20 lines, and
    the tax column is the marks less the tax shelter."""
    from gameshelf.games.filthy_rich.texts import tax_due

    s = new(5)
    hang(s, 1, "chapter_11_books", 1, [5])
    console = Console(width=100, record=True, color_system=None)
    console.print(GAME.render(s.observation(0), "en"))
    shown = console.export_text()
    assert shown.count("\n") <= 20, shown
    assert "tax due" in shown
    obs = s.observation(0)
    assert tax_due(obs, s.cat, 1) >= 1 and tax_due(obs, s.cat, 0) == 0


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_phase_is_described(lang: str) -> None:
    s = new(3)
    own_luxury(s, 1, "personal_trainer")
    set_money(s, 1, 0)
    hang(s, 2, "dentist", 1, [1])
    rig(s, [0], page_die=6)
    start_rolling(s)
    assert s.phase == "sell"
    assert _text(GAME.render(s.observation(2), lang))
    choose(s, "keep")
    assert s.phase == "auction"
    text = _text(GAME.render(s.observation(None), lang))
    assert i18n.t("filthy_rich.card.personal_trainer", lang) in text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_random_games_render_and_log_in_both_languages(lang: str) -> None:
    stream = Stream(5)
    for seed in range(3):
        s = new(2 + seed, seed)
        steps = 0
        while not s.is_over:
            if steps % 25 == 0:
                viewer = s.current_player
                assert _text(GAME.render(s.observation(viewer), lang))
                for action in s.legal_actions():
                    assert GAME.describe_action(action, lang)
            s.apply(stream.choice(s.legal_actions()))
            steps += 1
        for event in s.events:
            assert event.text(lang)
        assert i18n.t("filthy_rich.view.winner", lang, player=s.winner + 1) in _text(
            GAME.render(s.observation(None), lang)
        )


def test_move_lines_say_what_they_cost_and_give() -> None:
    """Along random games: a sign's line says the dollars the move then pays
    (cost and cover fees), a bid its total, a sale its dollars and, at a tax,
    the tax left to pay; keeping one's businesses says the tax the rules will
    take, an audit the tax the target will pay."""
    from gameshelf.games.filthy_rich.actions import (
        Bid,
        KeepBusinesses,
        PlaceSign,
        SellBusiness,
        TargetPlayer,
    )
    from gameshelf.games.filthy_rich.rules.effects import tax_due
    from gameshelf.games.filthy_rich.texts import describe_move

    checked = dict.fromkeys((PlaceSign, Bid, SellBusiness, KeepBusinesses, TargetPlayer), 0)
    for seed in range(6):
        s = new(3, seed)
        stream = Stream(seed)
        while not s.is_over:
            seat = s.current_player
            obs = s.observation(seat)
            for action in s.legal_actions():
                kind = type(action)
                if kind not in checked:
                    continue
                text = describe_move(obs, action, "en")
                after = s.clone()
                start = len(after.events)
                after.apply(action)
                new_events = after.events[start:]
                if kind is PlaceSign:
                    paid = sum(e.params["amount"] for e in new_events if e.key.endswith(".cover-fee"))
                    total = s.money[seat] - after.money[seat]
                    assert f"pay ${total}" in text, text
                    assert (f"cover fees ${paid} " in text) if paid else ("no cover fee" in text), text
                elif kind is Bid:
                    bid = next(e.params["amount"] for e in new_events if e.key.endswith(".bid"))
                    assert text == f"Bid ${bid} in all"
                elif kind is SellBusiness:
                    sold = next(e.params["amount"] for e in new_events if e.key.endswith(".sell"))
                    assert f"for ${sold}" in text, text
                    if s.phase == "sell":
                        assert text.endswith(f" — tax then ${tax_due(after, seat)}"), text
                elif kind is KeepBusinesses:
                    assert text.startswith(f"Keep my businesses and pay ${tax_due(s, seat)} tax"), text
                else:
                    audit = next(e.params["amount"] for e in new_events if e.key.endswith(".audit"))
                    assert f"they pay ${audit} tax now" in text, text
                checked[kind] += 1
            s.apply(stream.choice(s.legal_actions()))
    assert all(checked.values()), checked


def test_a_business_in_hand_shows_its_sign_shape() -> None:
    from gameshelf.games.filthy_rich.texts import shape_text

    assert shape_text(((0, 0), (1, 0), (1, 1))) == "■·/■■"
    assert shape_text(((0, 0), (0, 1), (0, 2))) == "■■■"


@pytest.mark.parametrize(("lang", "tax"), [("en", "tax $"), ("ja", "税金$")])
def test_a_card_s_tax_reads_as_dollars_paid_at_each_tax(lang: str, tax: str) -> None:
    """"2$ tax" puzzled a newcomer; each $ mark costs $1 at every tax, so say "tax $2"."""
    import re

    for index in range(GAME.num_distinct_actions):
        text = GAME.describe_action(GAME.action_from_id(index), lang)
        assert not re.search(r"\d\$", text), text
        if "Hit $" in text or "hit $" in text:
            assert tax in text, text


@pytest.mark.parametrize(("lang", "key"), [("en", "pN: on page N"), ("ja", "pN＝Nページ")])
def test_the_grid_says_its_p_marks_are_pages_not_players(lang: str, key: str) -> None:
    """"Car Wash p1" was read as "player 1's"; the grid's title names the mark."""
    shown = _text(GAME.render(new(3, 1).observation(0), lang))
    assert key in shown
