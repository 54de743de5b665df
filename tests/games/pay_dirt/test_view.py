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
    from gameshelf.games.pay_dirt.terminal_view import details

    game = load_game("pay-dirt")
    auction = text_of(game.render(s.observation(0), "en"))
    assert "Ex■■□□" in auction and "Head Miner" in auction  # one line per camp during the auction
    s.phase = "work"
    compact = text_of(game.render(s.observation(0), "en"))
    assert "Ex [ ][R][ ] ■■□□" in compact and "Head Miner" in compact
    camp = text_of(details(game, s.observation(0), "en")[0][1])
    for label in ("Excavator", "Loader", "Wash Plant", "[R]", "wear 2/4", "claim gear", "Greenhorn Claim"):
        assert label in camp, label
    ja = text_of(details(game, s.observation(1), "ja")[0][1])
    assert "掘削機" in ja and "洗浄プラント" in ja
    assert "新米の採鉱地" in ja and "Greenhorn" not in ja  # Japanese names for the cards


def test_money_is_never_zero_thousands() -> None:
    from gameshelf.games.pay_dirt.texts import money

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
                # the header (no game name since issue 43: it cost a line at 80×24)
                assert "Head Miner" in text_of(game.render(after.observation(seat), "en"))
                assert "鉱夫主任" in text_of(game.render(after.observation(seat), "ja"))
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
    from gameshelf.games.pay_dirt.actions import BuyGear, Nominate, Sell
    from gameshelf.games.pay_dirt.texts import describe_move

    checked = bought = sold = 0
    for seed in range(3, 40):
        if checked and bought and sold:
            break
        for after, _ in random_playout(new(3, seed + 1), Stream(seed), 5_000):
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
                    assert f"at ${opened:,}" in describe_move(obs, action, "en"), action
                    assert f"#{action.slot + 1} " in describe_move(obs, action, "en")
                    checked += 1
                if isinstance(action, BuyGear):
                    trial = after.clone()
                    start = len(trial.events)
                    trial.apply(action)
                    price = next(e.params["price"] for e in trial.events[start:] if e.key.endswith("log.bought-gear"))
                    assert describe_move(obs, action, "en").endswith(f"for ${price:,}"), action
                    bought += 1
                if isinstance(action, Sell):  # the price with crew bonuses and hardship penalties
                    trial = after.clone()
                    start = len(trial.events)
                    trial.apply(action)
                    paid = next(e.params["money"] for e in trial.events[start:] if e.key.endswith("log.sold"))
                    assert f"for ${paid:,} (" in describe_move(obs, action, "en"), action
                    sold += 1
    assert checked and bought and sold


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
    from gameshelf.games.pay_dirt.texts import describe_move

    s = _first(lambda a: a.phase == "auction")
    obs = s.observation(s.current_player)  # type: ignore[attr-defined]
    row, slot, item = next((r, k, item) for r in range(3) for k, item in enumerate(obs["auction"]["display"][r])
                           if item is not None and item >= 0)
    minimum = (components().equipment, components().personnel, components().claims)[row][item].min_bid
    line = describe_move(obs, Nominate(row, slot, 2), "en")
    assert line.endswith(f"at ${minimum + 2},000") and "minimum" not in line


def test_money_sentences_never_read_zero_thousands() -> None:
    """Events carry dollars and the catalogues format them (``${x:,}``), so
    the server and the browser, which print ``Event.text`` as it is, read
    "$0" and "$3,000" like the terminal."""
    from gameshelf.core.protocol import Event
    from gameshelf.games.pay_dirt.actions import Bid, Nominate

    game = load_game("pay-dirt")
    for lang in ("en", "ja"):
        assert "$0,000" not in game.describe_action(Nominate(2, 0, 0), lang)
        assert "$12,000" in game.describe_action(Bid(12), lang)
        assert "$0" in Event("pay_dirt.log.lost-money", {"player": 1, "money": 0}).text(lang)
        words = Event("pay_dirt.log.bought-gear", {"player": 2, "gear": "@pay_dirt.gear.radio", "price": 0}).text(lang)
        assert "$0," not in words and "$0" in words and "pay_dirt." not in words
        assert "$3,000" in Event("pay_dirt.log.income", {"player": 1, "money": 3000}).text(lang)


def test_every_event_and_move_of_random_games_reads_right_in_both_languages() -> None:
    """What a server sends: ``Event.text`` and ``describe_public`` as they are.
    No "$N,000" of a zero, no unfilled field, no English card name on a
    Japanese screen (claims, crew, equipment models, the Greenhorn Claim)."""
    from gameshelf.games.pay_dirt.components import components

    comp = components()
    english = {c.name for c in comp.claims} | {c.name for c in comp.personnel} | {"Greenhorn"}
    english |= {e.model for e in comp.equipment if " " in e.model} | {e.maker for e in comp.equipment}
    game = load_game("pay-dirt")
    for players, seed in ((3, 9), (5, 4)):
        s = new(players, seed)
        texts: list[tuple[str, str]] = []
        for after, action in random_playout(s, Stream(seed), 5_000):
            mover = after.history and after.current_player
            texts += [(lang, game.describe_public(action, mover or 0, lang)) for lang in ("en", "ja")]
        texts += [(lang, event.text(lang)) for event in s.events for lang in ("en", "ja")]
        for lang, text in texts:
            assert "{" not in text and "pay_dirt." not in text and "$0,000" not in text, text
            if lang == "ja":
                assert not [name for name in english if name in text], text
        assert any("ハンカー" in x or "新米" in x or "フィエム" in x or "クロンデックス" in x for _, x in texts)


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


def test_a_labour_move_says_the_wear_it_will_leave() -> None:
    """"Every move line says what it costs and what it gives": a dig or a
    pull names the wear its machine will carry (broken or not), a repair
    the wear left, exactly as applying the move leaves it."""
    import re

    from gameshelf.games.pay_dirt.actions import Dig, Pull, Repair
    from gameshelf.games.pay_dirt.texts import describe_move

    checked = {Dig: 0, Pull: 0, Repair: 0}
    for seed in range(6):
        for after, _ in random_playout(new(3, 60 + seed), Stream(seed), 5_000):
            if after.phase != "work" or after.is_over:
                continue
            seat = after.current_player
            obs = after.observation(seat)
            for action in after.legal_actions():
                kind = type(action)
                if kind not in checked:
                    continue
                line = describe_move(obs, action, "en")
                found = re.search(r"wear (\d+)/(\d+)", line)
                assert found, line
                trial = after.clone()
                trial.apply(action)
                target = 0 if kind is Dig else action.target if kind is Repair else action.machine
                camp = trial.camps[seat]
                assert (int(found[1]), int(found[2])) == (camp.wear[target], camp.durability(trial.comp, target)), line
                assert ("broken" in line) == (kind is not Repair and camp.broken(trial.comp, target)), line
                checked[kind] += 1
    assert all(checked.values()), checked
