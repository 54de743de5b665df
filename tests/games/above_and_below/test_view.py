"""The terminal view and the move descriptions, in English and Japanese."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from gameshelf.core.rng import Stream
from tests.games.above_and_below.fixtures import fixture_game


def _text(renderable: object) -> str:
    console = Console(file=io.StringIO(), width=160, color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined, no-any-return]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_render_and_describe_along_a_game(lang: str) -> None:
    game = fixture_game()
    state = game.new_game(3, 4)
    stream = Stream(4)
    seen_encounter = False
    while not state.is_over:
        if len(state.history) % 7 == 0 or state.phase == "dice":
            shown = _text(game.render(state.observation(state.current_player), lang))
            assert ("Round" in shown) if lang == "en" else ("ラウンド" in shown)
            if state.phase == "dice":
                seen_encounter = True
                assert ("Encounter" in shown) if lang == "en" else ("エンカウンター" in shown)
        for action in state.legal_actions():
            words = game.describe_action(action, lang)
            assert words and "above_and_below." not in words, words
        state.apply(stream.choice(state.legal_actions()))
    assert seen_encounter
    for event in state.events:
        words = event.text(lang)
        assert "above_and_below." not in words, words


def test_every_action_of_the_universe_reads_well() -> None:
    game = fixture_game()
    for index in range(game.num_distinct_actions):
        action = game.action_from_id(index)
        for lang in ("en", "ja"):
            assert "above_and_below." not in game.describe_action(action, lang)


def test_the_log_carries_the_encounter_text_in_each_language() -> None:
    game = fixture_game()
    state = game.new_game(2, 3)
    stream = Stream(3)
    while not any(e.key.endswith(".log.outcome") for e in state.events):
        state.apply(stream.choice(state.legal_actions()))
    event = next(e for e in state.events if e.key.endswith(".log.outcome"))
    assert event.text("ja").startswith("「") and not event.text("en").startswith("「")


def test_the_compact_board_is_short_and_details_hold_the_rest() -> None:
    """One line per village and per market row: a 4-player board outside an
    encounter stays within 18 lines at 100 columns; each village in full,
    with its buildings' beds and abilities, is one key away."""
    from gameshelf.games.above_and_below.terminal_view import details

    game = fixture_game()
    state = game.new_game(4, 4)
    stream = Stream(4)
    for _ in range(30):
        state.apply(stream.choice(state.legal_actions()))
    obs = state.observation(0)
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(game.render(obs, "en"))
    shown = console.file.getvalue()  # type: ignore[attr-defined]
    if not obs["task"]:
        assert shown.count("\n") <= 18, shown
    screens = details(game, obs, "en")
    assert len(screens) == 5 and "bed" in _text(screens[0][1])


def test_training_and_building_say_the_coins_actually_paid() -> None:
    from gameshelf.games.above_and_below import actions as A
    from gameshelf.games.above_and_below.texts import describe_move

    game = fixture_game()
    checked = 0
    for seed in range(4):
        state = game.new_game(2, seed)
        stream = Stream(seed)
        while not state.is_over and state.legal_actions():
            seat = state.current_player
            obs = state.observation(seat)
            for action in state.legal_actions():
                if isinstance(action, A.Train | A.Build) and obs["task"]:
                    text = describe_move(obs, action, "en", game=game)
                    after = state.clone()
                    before, start = after.villages[seat].coins, len(after.events)
                    after.apply(action)
                    built = [e.params["cost"] for e in after.events[start:] if e.key.endswith(".log.build")]
                    paid = built[0] if built else before - after.villages[seat].coins
                    assert f"you pay {paid} coin" in text, text  # (a build may also earn a coin back)
                    checked += 1
            state.apply(stream.choice(state.legal_actions()))
    assert checked > 5


def test_a_pending_offer_is_on_the_board() -> None:
    """The seller deciding reads who offers what for which good."""
    game = fixture_game()
    for seed in range(10):
        state = game.new_game(2, seed)
        stream = Stream(seed)
        while not state.is_over and state.legal_actions():
            obs = state.observation(state.current_player)
            if obs["offer"]:
                seller, buyer, price = obs["offer"][:3]
                shown = _text(game.render(obs, "en"))
                assert f"player {buyer + 1} offers player {seller + 1} {price} coins" in shown
                return
            state.apply(stream.choice(state.legal_actions()))
    raise AssertionError("no offer in ten random games")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_withdraw_reads_as_words_not_its_kind(lang: str) -> None:
    from gameshelf.games.above_and_below import actions as A

    words = fixture_game().describe_action(A.Withdraw(), lang)
    assert words != "withdraw" and "above_and_below." not in words


def test_cards_under_the_decks_and_items_back_from_sale_are_shown() -> None:
    """A game played until a card went under a deck and an item came back
    from the sale space: the market details list the cards under the decks,
    and the turn player's own line says what may not go back up this turn."""
    from gameshelf.games.above_and_below.terminal_view import details

    game = fixture_game()
    state = game.new_game(3, 4)
    stream = Stream(4)
    seen_under = seen_left = False
    while not state.is_over and not (seen_under and seen_left):
        obs = state.observation(state.current_player)
        if not seen_under and obs["under_decks"]["house"]:
            market = _text(details(game, obs, "en")[-1][1])
            assert "under the decks" in market
            first = obs["under_decks"]["house"][0]
            assert first not in market  # the card is named, not its id
            seen_under = True
        if not seen_left and obs["flags"]["sale_left"]:
            for lang, word in (("en", "Back from sale"), ("ja", "売り場から戻した")):
                assert word in _text(game.render(obs, lang))
            other = state.observation((state.current_player + 1) % 3)
            assert "Back from sale" not in _text(game.render(other, "en"))
            seen_left = True
        state.apply(stream.choice(state.legal_actions()))
    assert seen_under and seen_left


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_result_table_says_where_the_vp_came_from_and_the_tie_break_figures(lang: str) -> None:
    """A 7-7 tie used to end with the rule alone; now each seat's VP parts
    and its coins, villagers and buildings are in the table."""
    from gameshelf.core.registry import load_game
    from gameshelf.terminal.session import ranking_table

    state = load_game("above-and-below").new_game(2, 5)
    pick = Stream(1)
    while not state.is_over:
        state.apply(pick.choice(state.legal_actions()))
    shown = _text(ranking_table(state, lang))
    sheets = state.observation(None)["scores"]
    for p, sheet in enumerate(sheets):
        name = "Player" if lang == "en" else "プレイヤー"
        row = next(line for line in shown.splitlines() if f"{name} {p + 1} " in line or f"{name}{p + 1} " in line)
        cells = [c.strip() for c in row.split("│")]
        assert cells[3].startswith(f"{sheet['total']} (") and cells[4:7] == [str(x) for x in state.tiebreak_key(p)]
    words = ("progress", "reputation", "coins", "villagers") if lang == "en" else ("成長", "名声", "コイン", "村人")
    assert all(w in shown for w in words), shown
    assert "above_and_below." not in shown
