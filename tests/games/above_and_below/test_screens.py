"""What a newcomer reads at the table (issue 17): the compact board fits
100x30 with the move list and the prompt in every position of random games
(2 and 4 players, English and Japanese); its cells have a legend; the events
say what a move caused without saying the move again; the two words of the
encounter are kept apart (lanterns rolled, an option's explore value);
training says beforehand what it will cost."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream
from gameshelf.games.above_and_below import actions as A
from gameshelf.games.above_and_below.components import load_components
from gameshelf.games.above_and_below.terminal_view import render
from gameshelf.games.above_and_below.texts import describe_move
from gameshelf.terminal.session import move_list

GAME = load_game("above-and-below")


def _plain(renderable: Any, width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined, no-any-return]


def _positions(players: int, seeds: range) -> Any:
    """Every position of random games, with the state to move from."""
    for seed in seeds:
        state = GAME.new_game(players, seed)
        pick = Stream(seed)
        while not state.is_over:
            yield state
            state.apply(pick.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_board_moves_and_prompt_fit_100_by_30_in_every_position(players: int, lang: str) -> None:
    """Every position, not a sample: the worst case is a 4-player board with
    an encounter under way, or the build list (the market rows are left out
    while the move list itself lists what is for sale and what it costs)."""
    worst = 0
    for state in _positions(players, range(3)):
        shown = _plain(GAME.render(state.observation(state.current_player), lang))
        moves = _plain(move_list(state, lang, 100))
        lines = 1 + shown.count("\n") + moves.count("\n") + 1  # the turn rule above, the prompt below
        worst = max(worst, lines)
        assert lines <= 30, shown + moves
        assert all(len(line) <= 100 for line in shown.splitlines())
    assert worst > 18  # the encounters and long lists were reached


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("villagers: ready/exhausted/injured", "buildings: houses+outposts", "★", "⏸", "◉ coin")),
    ("ja", ("村人＝準備/消耗/負傷", "建物＝家+地下施設", "★", "⏸", "◉コイン")),
])
def test_the_village_table_has_a_legend_and_no_bare_abbreviations(lang: str, words: tuple[str, ...]) -> None:
    state = GAME.new_game(4, 2)
    shown = _plain(GAME.render(state.observation(0), lang))
    for word in words:
        assert word in shown
    for old in ("rdy/tir/inj", "bldg", "準/消/負"):
        assert old not in shown
    assert "$" not in shown  # the game's money is coins (コイン), not dollars
    # the reputation position and what it is worth now (track VP and rank bonus), on every row
    obs = state.observation(0)
    for village, sheet in zip(obs["villages"], obs["scores"], strict=True):
        assert f"{village['reputation']} ({sheet['reputation']:+d} VP)" in shown


def test_own_buildings_with_beds_goods_on_them_and_the_explorers_sent() -> None:
    """The viewer's line names their buildings with beds and abilities, the
    goods lying on them by kind, and who went on the action under way."""
    seen_goods = seen_sent = False
    for state in _positions(2, range(4)):
        seat = state.current_player
        obs = state.observation(seat)
        shown = _plain(render(GAME, obs, "en"), 200)
        assert "Your buildings: " in shown and "bed(s)" in shown  # every village starts with a bedded hut
        village = obs["villages"][seat]
        for card, n in village["card_goods"].items():
            b = load_components().buildings[card]
            good = b.goods_refill or b.goods_on_buy
            assert f"{GAME.describe_action(A.Harvest(card), 'en').split(' from ')[1]}: {good}×{n}" in shown
            seen_goods = True
        task = obs["task"] or {}
        if task.get("villagers"):
            assert "Sent: " in shown
            seen_sent = True
    assert seen_goods and seen_sent


def _events_of(state: Any, action: Any) -> tuple[Any, list[Any]]:
    before = len(state.events)
    state.apply(action)
    return state, state.events[before:]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_event_says_the_move_again(lang: str) -> None:
    """The server and the terminal print a move's public sentence and then its
    events: an event must add something (the price paid, the dice, what came
    up), never repeat the sentence ("starts to build" / "chooses to build")."""
    def words(text: str) -> str:
        return re.sub(r"[\s。.、,()（）「」“”\"]", "", text)

    checked = 0
    for state in _positions(3, range(4)):
        action = state.legal_actions()[Stream(len(state.history)).randint(0, len(state.legal_actions()) - 1)]
        mover = state.current_player
        public = words(GAME.describe_public(action, mover, lang))
        after = state.clone()
        _, events = _events_of(after, action)
        for event in events:
            assert words(event.text(lang)) != public, (public, event.text(lang))
        checked += 1
    assert checked > 500


def test_events_give_the_amounts() -> None:
    """A build's event names its price, a training its price, an encounter's
    coins say gained or paid, a refresh what came up, the round its income."""
    keys: dict[str, str] = {}
    for seed in range(6):
        state = GAME.new_game(3, seed)
        pick = Stream(seed)
        while not state.is_over:
            state.apply(pick.choice(state.legal_actions()))
        for event in state.events:
            keys.setdefault(re.sub(r"-\d$", "", event.key.rsplit(".", 1)[1]), event.text("en"))
    assert re.fullmatch(r"Player \d builds .+ for \d+ coins\.", keys["build"])
    assert re.fullmatch(r"Player \d trains .+ for \d+ coins \(.+\)\.", keys.get("train-exhausted") or keys["train-ready"])
    assert re.fullmatch(r"Income: player 1 \+\d+ coins, player 2 \+\d+ coins, player 3 \+\d+ coins\.", keys["income"])
    assert re.fullmatch(r"New in the (house|outpost) row: .+\.", keys["refresh"])
    assert re.fullmatch(r"Player \d rolls [1-6 ]+ for “.+” \(explore value \d+\): \d+ lanterns\.", keys["dice"])
    assert "coins" in keys and re.fullmatch(r"Player \d gains \d+ coin\(s\)\.", keys["coins"])
    for gone in ("act", "pass", "choose", "for-sale", "spend", "rest", "harvest"):
        assert gone not in keys  # the move's own sentence says it


@pytest.mark.parametrize(("lang", "need", "rolled", "total"), [
    ("en", "explore value", "lantern", "Lanterns: "), ("ja", "探検値", "ランタン", "ランタン: ")])
def test_lanterns_rolled_and_an_options_explore_value_have_one_word_each(
        lang: str, need: str, rolled: str, total: str) -> None:
    """The rulebook: an option needs its 探検値; the dice give ランタン. A
    threshold is never called lanterns, a roll never an explore value."""
    for state in _positions(2, range(3)):
        if state.phase == "option":
            for action in state.legal_actions():
                if isinstance(action, A.Choose):
                    words = GAME.describe_action(action, lang)
                    opt = GAME.book.paragraphs[action.paragraph].options[action.option]
                    if opt.thresholds:
                        head = re.split("[”」]", words.split(" — ")[0])[-1]  # after the book's label
                        assert need in head and rolled not in head.lower(), words
        if state.phase == "dice":
            shown = _plain(GAME.render(state.observation(state.current_player), lang))
            dice_line = next(line for line in shown.splitlines() if "→" in line)
            assert total + str(state.observation(state.current_player)["task"]["lanterns"]) in shown
            assert need not in dice_line
            return
    raise AssertionError("no encounter reached")


def test_the_dice_line_gives_each_dies_lanterns_adding_up_to_the_total() -> None:
    villagers = load_components().villagers
    for state in _positions(2, range(3)):
        if state.phase != "dice":
            continue
        obs = state.observation(state.current_player)
        task = obs["task"]
        shown = _plain(GAME.render(obs, "en"), 200)
        line = next(line for line in shown.splitlines() if "Dice:" in line)
        per_die = [int(n) for n in re.findall(r"→ (\d+)", line)]
        assert per_die == [villagers[v].lanterns(d) for v, d in zip(task["villagers"], task["dice"], strict=True)]
        assert sum(per_die) + len(task["pushed"]) <= task["lanterns"]
        return
    raise AssertionError("no dice rolled")


def _paid_after(state: Any, act: Any, kind: type) -> set[int]:
    """The coins each way of finishing ``act`` (any villager sent, any pick of
    ``kind``) takes from the mover, before any coin comes back."""
    seat = state.current_player
    paid = set()
    started = state.clone()
    started.apply(act)
    for send in started.legal_actions():
        if not isinstance(send, A.Assign):
            continue
        chosen = started.clone()
        chosen.apply(send)
        for pick in chosen.legal_actions():
            if isinstance(pick, kind):
                done = chosen.clone()
                before = len(done.events)
                coins = done.villages[seat].coins
                done.apply(pick)
                back = sum(e.params["n"] for e in done.events[before:] if e.key.endswith(".coin-back"))
                paid.add(coins - done.villages[seat].coins + back)
    return paid


@pytest.mark.parametrize(("what", "kind"), [("train", A.Train), ("build", A.Build)])
def test_starting_a_training_or_a_build_says_the_coins_it_will_cost(what: str, kind: type) -> None:
    """"Take the action: train — costs 2–5 coins": the cheapest and dearest
    choice as this player would pay (quill+ or hammer+ 1 less), checked
    against what every way of finishing the action then actually takes."""
    checked = 0
    for state in _positions(2, range(6)):
        if state.phase != "turn":
            continue
        act = next((a for a in state.legal_actions() if isinstance(a, A.Act) and a.action == what), None)
        if act is None:
            continue
        text = describe_move(state.observation(state.current_player), act, "en", game=GAME)
        first, last = re.findall(r"costs (\d+)(?:–(\d+))? coin", text)[0]
        low, high = int(first), int(last or first)
        paid = _paid_after(state, act, kind)
        if paid:
            assert (min(paid), max(paid)) == (low, high), (text, paid)
            checked += 1
    assert checked > 5


def test_placing_a_good_on_the_progress_track_says_the_vp_and_income_it_brings() -> None:
    """"Place a rope on your progress track — +1 VP at the end, income +1 from
    now on", checked against the score sheet and the income after the move."""
    checked = 0
    for state in _positions(3, range(4)):
        seat = state.current_player
        for action in state.legal_actions():
            if not isinstance(action, A.Track):
                continue
            text = describe_move(state.observation(seat), action, "en", game=GAME)
            after = state.clone()
            after.apply(action)
            vp = after.observation(seat)["scores"][seat]["track"] - state.observation(seat)["scores"][seat]["track"]
            comp = load_components()
            income = after.villages[seat].income(comp) - state.villages[seat].income(comp)
            assert f"+{vp} VP at the end" in text, text
            assert (f"income +{income} from now on" in text) == (income > 0), (text, income)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize(("lang", "word"), [("en", "Beds: {beds}, {used} used"), ("ja", "ベッド{beds}台(使用済み{used})")])
def test_the_resting_player_sees_their_beds_and_how_many_are_taken(lang: str, word: str) -> None:
    """The round end's decision: how many beds the village has and how many
    this rest has used, counted from the moves, shown only to the rester."""
    comp = load_components()
    checked = 0
    for seed in range(3):
        state = GAME.new_game(3, seed)
        pick = Stream(seed)
        used = 0
        while not state.is_over:
            if state.phase == "rest":
                seat = state.current_player
                beds = sum(comp.buildings[c].beds for c in state.villages[seat].buildings)
                shown = _plain(GAME.render(state.observation(seat), lang), 200)
                assert word.format(beds=beds, used=used) in shown
                other = (seat + 1) % 3
                assert word.format(beds=beds, used=used) not in _plain(GAME.render(state.observation(other), lang), 200)
                checked += 1
            action = pick.choice(state.legal_actions())
            before = state.current_player if state.phase == "rest" else None
            state.apply(action)
            if isinstance(action, A.Rest) and action.remedy == "bed" and state.current_player == before \
                    and state.phase == "rest":
                used += 1
            elif state.phase != "rest" or state.current_player != before:
                used = 0
    assert checked > 20
