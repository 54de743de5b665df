"""What the table reads (issue 17): bankruptcies say why, money never reads
"$0,000", the compact board says how to read a sign's shape and the tax due,
and the worst-case board fits 100 columns with the prompt."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from gameshelf.core.i18n import t
from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream
from tests.games.filthy_rich.helpers import (
    choose,
    hang,
    new,
    own_asset,
    own_luxury,
    rig,
    set_hand,
    set_money,
    start_rolling,
)

GAME = load_game("filthy-rich")



def _lines(renderable: object, width: int = 100) -> list[str]:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text().rstrip("\n").split("\n")


def _event(s, key: str):  # type: ignore[no-untyped-def]
    return next(e for e in s.events if e.key == f"filthy_rich.log.{key}")


def test_a_bankruptcy_at_tax_time_says_the_tax_owed_and_the_cash_there_was() -> None:
    """「お金を払わなければならない場面で、それを払う能力がなかった場合、ゲームから外されます」:
    the log says what the player had to pay and what it had, in both languages."""
    s = new(3)
    hang(s, 1, "dentist", 1, [5])
    own_luxury(s, 1, "racehorse")
    set_money(s, 1, 1)
    rig(s, [0], page_die=6)
    start_rolling(s)
    choose(s, "keep")  # seat 1 keeps the dentist and cannot pay
    event = _event(s, "bankrupt")
    assert not s.alive[1]
    owed = event.params["owed"]
    cat = s.cat
    dentist = next(b for b in cat.signs if b.key == "dentist")
    racehorse = next(x for x in cat.luxuries if x.key == "racehorse")
    assert owed == dentist.tax + racehorse.tax and event.params["cash"] == 1
    assert event.text("en") == f"Player 2 owes the bank ${owed} but has only $1: the bank takes it and player 2 is out."
    assert event.text("ja") == f"プレイヤー2は銀行への${owed}を払えず(所持金$1)、全額を銀行に渡して脱落しました。"


def test_a_lawsuit_bankruptcy_names_the_creditor_the_debt_and_the_cash() -> None:
    """The creditor gets what cash there was (C16): the log says who, how much was owed, and the cash."""
    s = new(3)
    set_money(s, 1, 1)
    c = set_hand(s, 0, ["lawsuit", "dentist"])[0]
    choose(s, f"play {c}")
    event = _event(s, "bankrupt-to")
    assert event.params == {"player": 2, "owner": 1, "owed": 2, "cash": 1}
    assert event.text("en") == "Player 2 owes player 1 $2 but has only $1: player 1 takes it and player 2 is out."
    assert event.text("ja") == "プレイヤー2はプレイヤー1への$2を払えず(所持金$1)、全額をプレイヤー1に渡して脱落しました。"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_money_reads_0_000_and_japanese_lines_have_no_english(lang: str) -> None:
    """Along random games: every event and every public move description,
    with no "$0,000", no thousands separator at all (Filthy Rich counts in
    dollars), and, in Japanese, no English word."""
    english = re.compile(r"\b(Player|player|the|pays|bids|sells)\b")
    for seed in range(3):
        s = new(4, seed)
        stream = Stream(seed)
        lines = []
        while not s.is_over:
            action = stream.choice(s.legal_actions())
            lines.append(GAME.describe_public(action, s.current_player, lang))
            s.apply(action)
        lines += [e.text(lang) for e in s.events]
        for line in lines:
            assert "$0,000" not in line and not re.search(r"\$\d+,\d", line), line
            if lang == "ja":
                assert not english.search(line), line


def test_a_placed_sign_s_log_line_says_what_it_cost() -> None:
    s = new(3)
    dentist = set_hand(s, 0, ["dentist"])[0]
    choose(s, f"play {dentist}")
    before = s.money[0]
    choose(s, s.legal_actions()[0].__str__())
    cost = before - s.money[0]
    assert cost > 0
    assert f"pays ${cost} and hangs the sign" in _event(s, "place").text("en")
    assert f"${cost}を払い" in _event(s, "place").text("ja")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_hand_says_how_to_read_a_sign_shape(lang: str) -> None:
    """The shapes "■■/·■" are explained on the board itself, not only under `?`."""
    s = new(3)
    set_hand(s, 0, ["pizza_palace", "lawsuit"])
    shown = "\n".join(_lines(GAME.render(s.observation(0), lang)))
    assert t("filthy_rich.compact.shape-legend", lang) in shown
    assert "·■/■■" in shown or "■·/■■" in shown or "■■/·■" in shown or "■■/■·" in shown
    set_hand(s, 0, ["lawsuit"])  # no business in hand: no legend to read
    assert t("filthy_rich.compact.shape-legend", lang) not in "\n".join(_lines(GAME.render(s.observation(0), lang)))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_business_whose_sign_is_out_says_why_it_cannot_start(lang: str) -> None:
    """Two Car Wash cards share one sign: while one hangs in the book the
    other is in the hand with no "play" move; the hand says why."""
    s = new(3)
    hang(s, 1, "car_wash", 1, [1, 4])
    set_hand(s, 0, ["car_wash"])
    shown = "\n".join(_lines(GAME.render(s.observation(0), lang)))
    assert t("filthy_rich.compact.sign-out", lang) in shown
    assert not any(a.kind == "play" for a in s.legal_actions())
    set_hand(s, 0, ["dentist"])
    assert t("filthy_rich.compact.sign-out", lang) not in "\n".join(_lines(GAME.render(s.observation(0), lang)))


def _worst_case(lang: str):  # type: ignore[no-untyped-def]
    """Five players, the book on page 4 after a roll of four dice with two
    zeros, a hand of five long-named businesses, every seat with luxuries
    and assets, the seat to decide in the sell window."""
    s = new(5)
    for seat in range(5):
        own_luxury(s, seat, ("personal_trainer", "designer_wardrobe", "racehorse", "sports_car", "yacht")[seat])
        set_money(s, seat, 99_999)
    own_asset(s, 0, "stock_portfolio")
    hang(s, 0, "svens_swedish_tacos", 4, [1, 2])
    hang(s, 1, "murphys_fish_market", 4, [4, 7, 8])
    s.page = 4
    rig(s, [0, 0, 7, 8], page_die=6)
    start_rolling(s)
    set_hand(s, 0, ["tornado_cleaners", "svens_swedish_tacos", "shopping_mall", "tattoo_parlor", "bowling_alley"])
    assert s.phase == "sell" and s.current_player == 0
    return s


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_worst_case_board_fits_100_by_30_with_the_prompt(lang: str) -> None:
    """The board, the move list and the prompt: no line wider than 100 cells,
    the board in 20 lines, and the whole screen within 30 rows; the tax due
    and the second tax of the roll are said."""
    from gameshelf.terminal.session import move_list

    s = _worst_case(lang)
    board = _lines(GAME.render(s.observation(0), lang))
    moves = _lines(move_list(s, lang, 100))
    assert len(board) <= 20, "\n".join(board)
    assert len(board) + len(moves) + 2 <= 30  # + the turn rule above and the prompt below
    from rich.cells import cell_len

    assert all(cell_len(line) <= 100 for line in board + moves)
    shown = "\n".join(board + moves)
    from gameshelf.games.filthy_rich.rules.effects import tax_due

    due = tax_due(s, 0)
    assert t("filthy_rich.compact.sell-phase", lang, player=1, due=due) in shown
    assert t("filthy_rich.compact.taxes-more", lang, n=1) in shown
    assert t("filthy_rich.compact.move.keep", lang, due=due) in shown


def test_tax_due_and_income_on_the_board_are_what_the_rules_take_and_give() -> None:
    """The board's figures are computed from the observation; along random
    games they equal the rules' own (``effects.tax_due``/``tax_income``)."""
    from gameshelf.games.filthy_rich.rules import effects
    from gameshelf.games.filthy_rich.texts import tax_due, tax_income

    for seed in range(3):
        s = new(4, seed)
        stream = Stream(seed)
        while not s.is_over:
            obs = s.observation(None)
            for seat in range(4):
                assert tax_due(obs, s.cat, seat) == effects.tax_due(s, seat)
                assert tax_income(obs, s.cat, seat) == effects.tax_income(s, seat)
            s.apply(stream.choice(s.legal_actions()))


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width", [100, 160])
def test_the_market_takes_two_lines_and_counts_what_it_leaves_out(lang: str, width: int) -> None:
    """Twelve luxuries: whole names with their prices on at most two lines;
    the ones left out are counted (all of them are under `d`)."""
    from gameshelf.games.filthy_rich.terminal_view import market_compact

    s = new(3)
    obs = s.observation(0)
    lines = _lines(market_compact(obs, s.cat, lang), width)
    assert len(lines) <= 2
    shown = "\n".join(lines)
    names = [t(f"filthy_rich.card.{s.cat.luxuries[x].key}", lang) for x in obs["luxury_pool"]]
    listed = [n for n in names if f"{n} $" in shown]
    assert listed == names[:len(listed)] and len(listed) >= 6
    left = len(names) - len(listed)
    assert (t("filthy_rich.compact.market-more", lang, n=left) in shown) == (left > 0)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_five_players_and_a_hand_of_seven_fit_100_by_30(lang: str) -> None:
    """Two Business Scouts can leave seven cards in hand: with five players,
    the board, the move list and the prompt still fit 30 rows of 100 columns."""
    from rich.cells import cell_len

    from gameshelf.terminal.session import move_list

    s = new(5)
    for seat in range(5):
        own_luxury(s, seat, ("personal_trainer", "designer_wardrobe", "racehorse", "sports_car", "yacht")[seat])
    s.page = 4
    set_money(s, 0, 500)
    set_hand(s, 0, ["tornado_cleaners", "svens_swedish_tacos", "shopping_mall", "tattoo_parlor", "bowling_alley"])
    s.hands[0] += [s.deck.pop(), s.deck.pop()]  # what two scouts' draws leave
    s.hands[0].sort()
    s.actions_left = 1
    s.luxury_open = False  # a card was played: luxuries are bought only before the first
    board = _lines(GAME.render(s.observation(0), lang))
    moves = _lines(move_list(s, lang, 100))
    assert len(s.legal_actions()) > 8
    assert len(board) + len(moves) + 2 <= 30, "\n".join(board + moves)
    assert all(cell_len(line) <= 100 for line in board + moves)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_typed_bid_hint_keeps_the_prompt_on_one_line(lang: str) -> None:
    """The prompt with its hint ("入札 N：$6〜$23") fits 100 columns, and the
    Japanese hint names the Japanese word the prompt reads."""
    from rich.cells import cell_len

    from gameshelf.games.filthy_rich.texts import typed_hint, typed_move
    from tests.games.filthy_rich.test_auction_rules import _sued

    s, _ = _sued(20, ())
    obs = s.observation(0)
    hint = typed_hint(obs, lang)
    assert hint is not None
    prompt = t("cli.choose", lang) + "; " + hint + " > "
    assert cell_len(prompt) <= 100, prompt
    word = "入札" if lang == "ja" else "bid"
    assert hint.startswith(word) and not isinstance(typed_move(obs, f"{word} {obs['auction']['minimum']}", lang), str)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_wide_screen_shows_whole_sign_names_in_the_pockets(lang: str) -> None:
    """At 100 columns a pocket holds a few letters ("ボウリ…"); at 160 the
    same board names the sign in full, every line still within the width."""
    from rich.cells import cell_len

    s = new(5)
    hang(s, 1, "bowling_alley", 1, [1, 2, 4])
    name = t("filthy_rich.card.bowling_alley", lang)
    narrow = _lines(GAME.render(s.observation(0), lang), 100)
    wide = _lines(GAME.render(s.observation(0), lang), 160)
    assert f"1 {name} p1" in "\n".join(wide) and f"1 {name} p1" not in "\n".join(narrow)
    assert all(cell_len(line) <= 160 for line in wide) and all(cell_len(line) <= 100 for line in narrow)


@pytest.mark.parametrize(("lang", "sep"), [("en", ", "), ("ja", "、")])
def test_lists_of_names_use_the_language_s_separator(lang: str, sep: str) -> None:
    """The end table's luxuries read "競走馬、ヨット" in Japanese, not "競走馬, ヨット"."""
    from gameshelf.games.filthy_rich.texts import result_columns

    s = new(3)
    own_luxury(s, 0, "racehorse")
    own_luxury(s, 0, "yacht")
    cell = dict(result_columns(s, lang))[t("filthy_rich.view.col-luxuries", lang)][0]
    names = [t(f"filthy_rich.card.{key}", lang) for key in ("racehorse", "yacht")]
    assert cell == "2/3 " + sep.join(names)


@pytest.mark.parametrize(("die", "turns"), [(3, True), (5, False), (6, False)])
def test_the_page_die_says_whether_the_book_turned(die: int, turns: bool) -> None:
    """「1,2,3,4が出た場合はその番号のページをめくり…5,6が出た場合は、ページの
    変更は行いません」: a 5 or 6 must not read as if the book had turned."""
    s = new(3, seed=4)
    page = s.page
    rig(s, business=[7, 8], page_die=die)
    start_rolling(s)
    while not any(e.key.startswith("filthy_rich.log.page-die") for e in s.events):
        s.apply(s.legal_actions()[0])
    event = next(e for e in s.events if e.key.startswith("filthy_rich.log.page-die"))
    assert event.params["page"] == (die if turns else page)
    en, ja = event.text("en"), event.text("ja")
    assert ("stays" in en) is not turns and ("まま" in ja) is not turns
