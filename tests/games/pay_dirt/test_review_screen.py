"""What a newcomer reads on the terminal board and in the move list: every
mark that only a colour or a legend explained is said in words."""

from __future__ import annotations

import io

from rich.console import Console

from gameshelf.core.i18n import t
from gameshelf.core.registry import load_game
from gameshelf.games.pay_dirt.actions import (
    EndLabor,
    Install,
    KeepHardship,
    Nominate,
    PassBid,
    Scrap,
)
from gameshelf.games.pay_dirt.components import components
from gameshelf.games.pay_dirt.describe import money
from gameshelf.games.pay_dirt.texts import describe_move, typed_hint, typed_move
from tests.games.pay_dirt.helpers import item, new, nominate

EQUIP, PERSON, CLAIM = 0, 1, 2


def text_of(renderable: object, width: int = 100) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


def test_keeping_a_hardship_says_the_temperature_goes_down() -> None:
    """The hand shows a card as "(-3°)"; its move said "(3°)", which reads as warming."""
    game = load_game("pay-dirt")
    for card, h in enumerate(components().hardships):
        for lang in ("en", "ja"):
            text = game.describe_action(KeepHardship(card), lang)
            assert f"−{h.temperature}°" in text, text


def test_the_hand_says_whose_card_lowers_the_temperature() -> None:
    """Only the Head Miner's card cools the weather (seed §3); the draft said
    "the temperature drops" and every card carries a number."""
    s = new(3)
    s.phase = "draft"
    s.draft_order = [1, 2, 0]
    s.draft_pos = 0
    s.draft_hand = [s.hardship_deck.pop() for _ in range(3)]
    s.turn = 1
    obs = s.observation(1)
    assert obs["hardships"]["hand"]
    game = load_game("pay-dirt")
    for lang in ("en", "ja"):
        assert t("pay_dirt.view.hand-note", lang) in text_of(game.render(obs, lang), 160).replace("\n", "")


def _won_fiem(lang: str) -> tuple[dict, list[str]]:  # type: ignore[type-arg]
    s = new(2)
    item(s, EQUIP, "fx-210")  # Fiem Co: destroyed if still broken after labour
    s.apply(nominate(s, EQUIP, 0))
    while s.phase == "bidding":
        s.apply(PassBid())
    assert s.phase == "acquire"
    obs = s.observation(0)
    return obs, [describe_move(obs, a, lang) for a in (Install(), Scrap())]


def test_installing_a_fiem_co_machine_says_fragile_in_words() -> None:
    """The move list read "Install the FX-210! as your Excavator": the "!" is
    explained only by the terminal's legend, never in the browser."""
    for lang in ("en", "ja"):
        _, lines = _won_fiem(lang)
        for line in lines:
            assert "!" not in line, line
            assert t("pay_dirt.compact.fragile", lang) in line, line


def test_the_high_bid_line_names_the_lot_under_the_hammer() -> None:
    """The lot being bid on was marked only by reverse video."""
    s = new(3)
    s.apply(nominate(s, CLAIM, 1))
    obs = s.observation(1)
    claim = components().claims[obs["auction"]["display"][CLAIM][1]]
    game = load_game("pay-dirt")
    for lang in ("en", "ja"):
        screen = text_of(game.render(obs, lang))
        line = next(x for x in screen.splitlines() if ("high bid" in x or "最高入札" in x))
        assert t("pay_dirt.row.claims", lang) in line and "#2" in line, line
        name = t("pay_dirt.names.claim." + claim.id, lang)
        assert name in line and money(claim.min_bid) in line, line


def test_the_typed_opening_hint_names_a_lot_that_can_be_opened() -> None:
    """The hint said "open c2 7: Claims #2 $7,000" even with Claims #2 sold, the
    claims row under the No-Bid disc, or no cash to open anything."""
    s = new(3)
    obs = s.observation(0)
    hint = typed_hint(obs, "en")
    assert hint is not None
    # what the hint shows, typed at the prompt, is an opening the engine takes
    command = hint.split(":")[0]
    move = typed_move(obs, command, "en")
    assert isinstance(move, Nominate), (hint, move)
    s.clone().apply(move)
    letter = command.split()[1][0]
    # the row under the No-Bid disc is never the example
    s.no_bid = "epc".index(letter)
    other = typed_hint(s.observation(0), "en")
    assert other is not None and other.split()[1][0] != letter, other
    # nothing to open: no hint
    s.camps[0].money = 0
    assert typed_hint(s.observation(0), "en") is None
    assert typed_hint(s.observation(0), "ja") is None


def test_ending_labour_reads_right_for_another_player() -> None:
    """The feed and the browser's banner said "Bot 3 End your labour phase"."""
    game = load_game("pay-dirt")
    text = game.describe_action(EndLabor(), "en")
    assert "your" not in text.lower()


def test_a_crew_card_in_full_says_its_workers_only_when_it_brings_some() -> None:
    """The auction panel behind d read "+0 Workers; stops money hardships"."""
    from gameshelf.games.pay_dirt.terminal_view import lot_cell

    comp = components()
    lawyer = next(i for i, c in enumerate(comp.personnel) if c.id == "lawyer")
    twins = next(i for i, c in enumerate(comp.personnel) if c.id == "hale-twins")
    for lang in ("en", "ja"):
        assert "+0" not in text_of(lot_cell(comp, PERSON, lawyer, lang))
        assert t("pay_dirt.view.plus-workers", lang, n=3) in text_of(lot_cell(comp, PERSON, twins, lang))


def test_the_rules_in_brief_tell_the_end_of_the_game_truly() -> None:
    """`?` said "the temperature drops. At 0° or below the round is the last":
    only the Head Miner's card cools, the round after is the last (seed §4,
    A10), and nothing mentioned income or the final sweep that ends it."""
    for lang, head, sweep, income, last in (("en", "Head Miner's card", "final sweep", "$2,000", "next round"),
                                            ("ja", "鉱夫主任が取ったカード", "最終一掃", "$2,000", "次が最終ラウンド")):
        rules = t("pay_dirt.help.rules", lang)
        hardship = next(line for line in rules.splitlines() if line.startswith("3."))
        assert head in hardship, hardship
        for word in (sweep, income, last):
            assert word in rules, (lang, word)


def test_workers_a_hardship_idles_are_shown_before_the_labour_phase() -> None:
    """Cold Snap ("1 worker sits out the next labour phase") left no trace on
    the board: labour then showed "Workers 5/6 free" with no reason."""
    from gameshelf.games.pay_dirt.terminal_view import details

    s = new(3)
    s.camps[0].idle = 1
    game = load_game("pay-dirt")
    for lang in ("en", "ja"):
        note = t("pay_dirt.view.idle", lang, n=1)
        assert note in text_of(game.render(s.observation(1), lang), 160)
        assert note in text_of(details(game, s.observation(1), lang)[0][1], 160)


def test_the_full_camp_counts_unused_workers_only_while_they_are_placed() -> None:
    from gameshelf.games.pay_dirt.terminal_view import details
    from tests.games.pay_dirt.helpers import to_work

    s = new(3)
    game = load_game("pay-dirt")
    assert "unused" not in text_of(details(game, s.observation(0), "en")[0][1], 160)
    to_work(s, 0, workers=4)
    assert "unused 4" in text_of(details(game, s.observation(0), "en")[0][1], 160)


def test_the_board_counts_free_workers_only_while_they_are_placed() -> None:
    """The hardship draft's board read "Workers 0/5 free" for every camp."""
    from tests.games.pay_dirt.helpers import to_work

    s = new(3)
    s.phase = "draft"
    s.draft_order = [1, 2, 0]
    s.draft_pos = 0
    s.draft_hand = [s.hardship_deck.pop() for _ in range(3)]
    game = load_game("pay-dirt")
    screen = text_of(game.render(s.observation(1), "en"), 160)
    assert "free" not in screen and "Workers 5" in screen
    s = new(3)
    to_work(s, 0, workers=4)
    assert "Workers 4/5 free" in text_of(game.render(s.observation(0), "en"), 160)
