"""The terminal picture and the move sentences, in both languages."""

from __future__ import annotations

import io

from rich.console import Console

from gameshelf.core.i18n import catalog
from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream
from gameshelf.testing import random_playout
from tests.games.pay_dirt.helpers import EXC, R, new, put


def text_of(renderable: object) -> str:
    out = io.StringIO()
    Console(file=out, width=160, color_system=None).print(renderable)
    return out.getvalue()


def test_every_action_has_a_sentence_in_both_languages() -> None:
    game = load_game("pay-dirt")
    for index in range(game.num_distinct_actions):
        action = game.action_from_id(index)
        en, ja = game.describe_action(action, "en"), game.describe_action(action, "ja")
        assert en and ja and en != ja, action
        assert "{" not in en and "{" not in ja, f"unfilled parameter in {en!r} / {ja!r}"
        assert "pay_dirt." not in en + ja, f"missing catalog key behind {action}"


def test_catalogs_have_the_same_keys() -> None:
    en = {k for k in catalog("en") if k.startswith("pay_dirt.")}
    ja = {k for k in catalog("ja") if k.startswith("pay_dirt.")}
    assert en == ja and len(en) > 150


def test_machine_row_is_drawn_with_tiles_wear_and_gear() -> None:
    s = new(2)
    put(s, 0, EXC, 1, R)
    s.camps[0].wear[EXC] = 2
    from gameshelf.games.pay_dirt.view import details

    game = load_game("pay-dirt")
    compact = text_of(game.render(s.observation(0), "en"))
    assert "Ex [ ][R][ ] ■■□□" in compact and "Head Miner" in compact
    camp = text_of(details(game, s.observation(0), "en")[0][1])
    for label in ("Excavator", "Loader", "Wash Plant", "[R]", "wear 2/4", "claim gear", "Greenhorn Claim"):
        assert label in camp, label
    ja = text_of(details(game, s.observation(1), "ja")[0][1])
    assert "掘削機" in ja and "洗浄プラント" in ja
    assert "新米の採鉱地" in ja and "Greenhorn" not in ja  # Japanese names for the cards


def test_money_is_never_zero_thousands() -> None:
    from gameshelf.games.pay_dirt.view import money

    assert [money(0), money(3), money(12), money(-2)] == ["$0", "$3,000", "$12,000", "-$2,000"]


def test_a_five_player_board_fits_a_100_column_screen() -> None:
    game = load_game("pay-dirt")
    s = new(5, 3)
    for k, (after, _) in enumerate(random_playout(s, Stream(5), 400)):
        if k % 3:
            continue
        obs = after.observation(after.current_player)
        out = io.StringIO()
        Console(file=out, width=100, color_system=None).print(game.render(obs, "en"))
        lines = out.getvalue().count("\n")
        assert lines <= 24 + (4 if obs["pending"] else 0), out.getvalue()


def test_render_works_in_every_phase_for_players_and_spectators() -> None:
    game = load_game("pay-dirt")
    s = new(4, 3)
    phases = set()
    for after, _ in random_playout(s, Stream(5), 5_000):
        if after.phase not in phases:
            phases.add(after.phase)
            for seat in (None, after.current_player):
                assert "Pay Dirt" in text_of(game.render(after.observation(seat), "en"))
                assert "ペイ・ダート" in text_of(game.render(after.observation(seat), "ja"))
    assert phases >= {"auction", "bidding", "gear", "work", "draft", "over"}


def test_event_texts_are_complete() -> None:
    s = new(3, 9)
    for _ in random_playout(s, Stream(2), 5_000):
        pass
    for event in s.events:
        for lang in ("en", "ja"):
            text = event.text(lang)
            assert "{" not in text and "pay_dirt." not in text, f"{event.key}: {text}"


def test_move_lines_say_dollars_and_never_zero_thousands() -> None:
    """A nomination names the lot as the board numbers it (#2, apart from
    the move numbers) and its opening bid in dollars, which is the bid the
    move then opens with."""
    from gameshelf.games.pay_dirt.actions import BuyGear, Nominate
    from gameshelf.games.pay_dirt.view import describe_move, money

    s = new(3, 4)
    checked = bought = 0
    for after, _ in random_playout(s, Stream(3), 2_000):
        if after.is_over:
            break
        obs = after.observation(after.current_player)
        for action in after.legal_actions():
            for lang in ("en", "ja"):
                assert "$0,000" not in describe_move(obs, action, lang)
            if isinstance(action, Nominate):
                trial = after.clone()
                start = len(trial.events)
                trial.apply(action)
                opened = next(e.params["amount"] for e in trial.events[start:] if e.key.endswith("log.nominate"))
                assert f"at ${opened:,},000" in describe_move(obs, action, "en"), action
                assert f"#{action.slot + 1} " in describe_move(obs, action, "en")
                checked += 1
            if isinstance(action, BuyGear):
                trial = after.clone()
                start = len(trial.events)
                trial.apply(action)
                price = next(e.params["price"] for e in trial.events[start:] if e.key.endswith("log.bought-gear"))
                assert describe_move(obs, action, "en").endswith(f"for {money(int(price))}"), action
                bought += 1
    assert checked and bought


def _first(predicate: object, players: int = 3, seed: int = 5, limit: int = 5_000) -> object:
    """The first position of a random game that ``predicate`` accepts."""
    for after, _ in random_playout(new(players, seed), Stream(seed), limit):
        if predicate(after):  # type: ignore[operator]
            return after
    raise AssertionError("no such position")


def test_the_gear_supplier_step_and_each_seats_workers_there_are_shown() -> None:
    game = load_game("pay-dirt")
    s = _first(lambda a: a.phase == "gear" and a.gear_step == "buy" and sum(a.gear_workers) > 0)
    obs = s.observation(s.current_player)  # type: ignore[attr-defined]
    shown = text_of(game.render(obs, "en"))
    assert "(buying, one a lap)" in shown
    for n in obs["labor"]["gear_workers"]:
        if n:
            assert f"{n} at the Gear Supplier" in shown
    assert "道具屋に" in text_of(game.render(obs, "ja"))


def test_the_cards_a_seat_passed_on_are_shown_under_its_hand() -> None:
    game = load_game("pay-dirt")
    s = _first(lambda a: a.phase == "draft" and any(a.passed))
    seat = next(p for p in range(3) if s.passed[p])  # type: ignore[attr-defined]
    obs = s.observation(seat)  # type: ignore[attr-defined]
    shown = text_of(game.render(obs, "en"))
    assert "You passed on" in shown
    from gameshelf.games.pay_dirt.components import components

    for card in obs["hardships"]["passed"]:
        assert catalog("en")["pay_dirt.hardship." + components().hardships[card].id] in shown


def test_a_nomination_line_says_its_total_in_dollars() -> None:
    """One line per nomination (the list must fit 100x30): the opening total,
    minimum and raise together, never "minimum bid + $N,000"."""
    from gameshelf.games.pay_dirt.actions import Nominate
    from gameshelf.games.pay_dirt.components import components
    from gameshelf.games.pay_dirt.view import describe_move

    s = _first(lambda a: a.phase == "auction")
    obs = s.observation(s.current_player)  # type: ignore[attr-defined]
    row, slot, item = next((r, k, item) for r in range(3) for k, item in enumerate(obs["auction"]["display"][r])
                           if item is not None and item >= 0)
    minimum = (components().equipment, components().personnel, components().claims)[row][item].min_bid
    line = describe_move(obs, Nominate(row, slot, 2), "en")
    assert line.endswith(f"at ${minimum + 2},000") and "minimum" not in line


def test_money_sentences_never_read_zero_thousands() -> None:
    from gameshelf.core.protocol import Event
    from gameshelf.games.pay_dirt.actions import Bid, Nominate
    from gameshelf.games.pay_dirt.describe import money_t
    from gameshelf.games.pay_dirt.view import event_text

    game = load_game("pay-dirt")
    for lang in ("en", "ja"):
        assert "$0,000" not in game.describe_action(Nominate(2, 0, 0), lang)
        assert "$12,000" in game.describe_action(Bid(12), lang)
        assert "$0" in money_t("pay_dirt.log.lost-money", lang, player=1, money=0)
        words = event_text(Event("pay_dirt.log.bought-gear", {"player": 2, "gear": "@pay_dirt.gear.radio", "price": 0}), lang)
        assert words is not None and "$0," not in words and "pay_dirt." not in words
    assert event_text(Event("dicey_farm.log.x", {}), "en") is None


def test_the_terminal_log_names_claims_and_crew_in_japanese() -> None:
    from gameshelf.core.protocol import Event
    from gameshelf.games.pay_dirt.components import components
    from gameshelf.games.pay_dirt.view import event_text

    claim = components().claims[0]
    person = components().personnel[0]
    won = Event("pay_dirt.log.won", {"player": 1, "row": "@pay_dirt.row.claims", "lot": claim.name, "amount": 0})
    hired = Event("pay_dirt.log.hired", {"player": 1, "name": person.name, "workers": 1})
    for event, english in ((won, claim.name), (hired, person.name)):
        ja = event_text(event, "ja")
        assert ja is not None and english not in ja and "pay_dirt." not in ja
        assert english in (event_text(event, "en") or "")
    assert "$0," not in (event_text(won, "en") or "")


def test_a_long_camp_line_ends_in_an_ellipsis_at_100_columns() -> None:
    """A newcomer must see that the crew list goes on (behind ``d``), not a name cut mid-word."""
    game = load_game("pay-dirt")
    obs = new(2).observation(0)
    obs["camps"][1]["personnel"] = list(range(8))
    out = io.StringIO()
    Console(file=out, width=100, color_system=None).print(game.render(obs, "en"))
    line = next(x for x in out.getvalue().splitlines() if "Player 2" in x)
    assert line.rstrip().endswith("…"), line


def test_opening_an_auction_reads_as_bidding_in_japanese() -> None:
    """"採掘機械#1を$5,000で開始" did not say an auction starts; the line must
    also stay short enough for three columns of moves at 100 columns."""
    from gameshelf.core.i18n import t

    text = t("pay_dirt.compact.move.nominate", "ja", row="採掘機械", slot=1, amount="$5,000")
    assert text == "採掘機械#1を$5,000から競る"
