"""Issue 17 for Dicey Farm: what a newcomer reads must be true and fit.

The final board with the end table fits 100x30; events say what was gained
and paid (the server and the browser show the same texts); every die
action's move line says what it costs and gives; facility texts agree with
what the facilities do; the end table shows VP by source and the rank.
"""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from gameshelf.core.i18n import t
from gameshelf.core.rng import Stream
from gameshelf.games.dicey_farm import actions as A
from gameshelf.games.dicey_farm.components import components
from gameshelf.games.dicey_farm.rules.season import final_scoring, harvest
from gameshelf.games.dicey_farm.state import DiceyFarmState
from gameshelf.games.dicey_farm.texts import describe_move, result_columns
from gameshelf.terminal.session import ranking_table
from tests.games.dicey_farm.helpers import GAME, farm, play, use

C = components()
LANGS = ("en", "ja")


def _lines(renderable: object, width: int) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue().splitlines()


def _worst_final() -> DiceyFarmState:
    """A finished game with every score source, a full stock, many fields
    and craftsmen: the tallest final screen there can be."""
    hired = ("zoologist", "surveyor", "tour_guide", "accountant", "pastor", "peddler", "grocer",
             "livestock_dealer", "gardener", "butcher", "cheesemaker", "confectioner")
    goods = {g: 12 for g in C.resources if g not in ("butter", "horse")}
    s = farm(hired=hired, goods=goods, fields=60, built=tuple(C.facilities), round_no=8)
    s.sown = {"wheat": 3, "vegetable": 2, "flower": 1}
    s.vp = {"tourism": 20, "market": 31, "craftsmen": 64, "whisky": 12}
    s.beggars = 9
    s.final = final_scoring(s)
    return s


@pytest.mark.parametrize("lang", LANGS)
def test_the_final_board_and_the_end_table_fit_100x30_with_room_for_a_prompt(lang: str) -> None:
    s = _worst_final()
    shown = _lines(GAME.render(s.observation(None), lang), 100) + _lines(ranking_table(s, lang), 100)
    assert len(shown) <= 28, "\n".join(shown)
    text = "\n".join(shown)
    rank = t(f"dicey_farm.rank.{s.observation(None)['rank']}", lang)
    assert re.sub(r"\s", "", rank) in re.sub(r"\s", "", text.split("\n")[0] + text.split("\n")[1])
    assert "dicey_farm." not in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_table_shows_vp_by_source_adding_up_to_the_score_and_the_rulebook_rank(lang: str) -> None:
    """「スコアの目安 〜20:まだまだ半人前 … 101〜:世界中の経営学の教科書に載る」."""
    s = _worst_final()
    columns = dict(result_columns(s, lang))
    score = s.scores()[0]
    assert columns[t("dicey_farm.score.name", lang)] == [f"{score:g}"]
    sources = columns[t("dicey_farm.view.sources", lang)][0].splitlines()
    assert sum(int(line.rsplit(" ", 1)[1]) for line in sources) == score
    assert any(t("dicey_farm.breakdown.zoologist", lang) in line for line in sources)
    assert columns[t("dicey_farm.view.rank-col", lang)] == [t("dicey_farm.rank.rank6", lang)]
    for points, rank in ((20, "rank1"), (21, "rank2"), (60, "rank3"), (61, "rank4"), (100, "rank5"), (101, "rank6")):
        s.final = {"tourism": points}
        assert dict(result_columns(s, lang))[t("dicey_farm.view.rank-col", lang)] == [
            t(f"dicey_farm.rank.{rank}", lang)]


def _events(state: DiceyFarmState, action: A.Action) -> list[str]:
    seen = len(state.events)
    state.apply(action)
    return [e.key.rsplit(".", 1)[1] for e in state.events[seen:]]


@pytest.mark.parametrize("lang", LANGS)
def test_fishing_and_ploughing_events_say_what_was_gained(lang: str) -> None:
    """The log used to say "die 4 → fishing" and nothing about the fish."""
    for face in range(1, 7):
        for hired in ((), ("fisherman",)):
            s = farm(dice=[face], hired=hired)
            s.apply(A.PickDie(face))
            before, seen = s.goods["fish"], len(s.events)
            s.apply(A.Use("fish"))
            gained = s.goods["fish"] - before
            texts = [e.text(lang) for e in s.events[seen:]]
            assert len(texts) == 1 and f"+{gained}" in texts[0] and str(face) in texts[0], texts
    s = farm(dice=[3, 3], hired=("cowherd",), goods={"cow": 1}, fields=2)
    s.apply(A.PickDie(3))
    seen = len(s.events)
    s.apply(A.Use("plough"))
    text = s.events[seen].text(lang)
    assert s.fields == 4 and "+2" in text and "4" in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_a_contract_event_says_the_food_paid_and_the_move_before_says_it_too(lang: str) -> None:
    """"Contract the Elder" silently cost 4 food: the die action says the
    cost before, the contract event names the food after."""
    s = farm(dice=[4], goods={"food": 6})
    s.apply(A.PickDie(4))
    line = describe_move(s.observation(0), A.Use("contract"), lang)
    assert t("dicey_farm.view.use-contract", lang, n=4) in line
    s.apply(A.Use("contract"))
    craftsman = s.display[0]
    seen = len(s.events)
    s.apply(A.Hire(craftsman))
    assert s.goods["food"] == 2
    text = s.events[seen].text(lang)
    assert "4" in text and t(f"dicey_farm.craftsman.{craftsman}.name", lang) in text


@pytest.mark.parametrize("lang", LANGS)
def test_going_hungry_says_what_was_eaten_and_what_it_cost(lang: str) -> None:
    s = farm(dice=[], goods={"food": 1})
    seen = len(s.events)
    s.apply(A.EndRound())
    text = s.events[seen].text(lang)
    assert s.beggars == 2 and "1" in text and "2" in text and "−6" in text, text


def test_tourism_and_slaughter_events_say_the_vp_and_meat_gained() -> None:
    s = farm(dice=[5], vp={"tourism": 18, "market": 0, "craftsmen": 0, "whisky": 0})
    use(s, 5, "tourism")
    assert _events(s, A.Tour(4)) == ["tour", "die-back"]
    assert "+2 VP" in s.events[-2].text("en") and s.vp["tourism"] == 20 and s.dice == [1]
    s = farm(dice=[3], built=("slaughterhouse",), goods={"pig": 1}, fields=2)
    use(s, 3, "slaughterhouse")
    assert _events(s, A.Butcher("pig")) == ["slaughter", "die-back"]
    assert "6" in s.events[-2].text("en") and s.goods["meat"] == 6


@pytest.mark.parametrize("lang", LANGS)
def test_every_die_action_line_says_what_it_gives_along_random_games(lang: str) -> None:
    """Each "use the die for" line carries a "— …" part, and the numbers in
    it are what applying it does (shipments, contract food, tourism VP)."""
    checked: dict[str, int] = {}
    for seed in range(5):
        state = GAME.new_game(1, seed)
        pick = Stream(seed)
        while not state.is_over:
            obs = state.observation(0)
            for action in state.legal_actions():
                if isinstance(action, A.Use) and action.action != "discard":
                    line = describe_move(obs, action, lang)
                    assert " — " in line, line
                    after = state.clone()
                    after.apply(action)
                    if action.action == "ship":
                        assert re.search(rf"\b{after.left}\b", line.split(" — ")[1]), line
                    if action.action == "contract":
                        assert str(after.left) in line.split(" — ")[1], line
                    checked[action.action] = checked.get(action.action, 0) + 1
            state.apply(pick.choice(state.legal_actions()))
    assert {"fish", "plough", "sow", "ship", "contract", "tourism"} <= set(checked), checked


def test_sow_and_done_say_the_harvest_and_the_die_that_comes_back() -> None:
    s = farm(dice=[4], goods={"wheat_seed": 1}, fields=3, hired=("beekeeper",))
    use(s, 4, "sow")
    line = describe_move(s.observation(0), A.Sow("wheat"), "en")
    assert "wheat +3" in line and "wheat seed +2" in line, line
    # nothing sown yet: stopping now spends the die (RULES.md D33), and the line says so
    assert describe_move(s.observation(0), A.Done(), "en").endswith("nothing sown: the die 4 is spent")
    play(s, A.Sow("wheat"))
    assert s.dice == [3]
    s = farm(dice=[4], goods={"wheat_seed": 2}, fields=3)
    use(s, 4, "sow")
    play(s, A.Sow("wheat"))
    assert describe_move(s.observation(0), A.Done(), "en").endswith("a die 3 comes back")


def test_facility_texts_agree_with_the_facilities() -> None:
    """The compost shed's text once promised +1 with no animal at all."""
    for heads, bonus in ((0, 0), (1, 1), (3, 1), (4, 2)):
        s = farm(built=("compost_shed",), goods={"chicken": heads}, fields=3)
        s.sown["wheat"] = 1
        before = s.goods["wheat"]
        harvest(s)
        assert s.goods["wheat"] - before == 3 + bonus
    for lang in LANGS:
        compost = t("dicey_farm.facility.compost_shed.effect", lang)
        assert "+1" in compost and "1〜3" in compost.replace("–", "〜") and "4" in compost and "+2" in compost
        slaughter = t("dicey_farm.facility.slaughterhouse.effect", lang)
        for animal in ("chicken", "sheep", "pig", "cow"):
            assert f"{t(f'dicey_farm.good.{animal}', lang)}{'' if lang == 'ja' else ' '}{C.livestock[animal][1]}" in slaughter
    s = farm(dice=[6])
    play(use(s, 6, "build"), A.Build("stable"))
    assert s.goods["horse"] == 1 and s.empty_fields() == 1
    assert str(C.constants["horse_shipments"]) in t("dicey_farm.facility.stable.effect", "en")


@pytest.mark.parametrize("lang", LANGS)
def test_the_par_line_labels_every_column_and_says_what_the_kitchen_gave(lang: str) -> None:
    from gameshelf.tools.dicey_farm.cli import line_table
    from gameshelf.tools.dicey_farm.par import solve

    date = "2026-11-22"
    table = line_table(date, solve(date, width=1, samples=1).line, lang)
    headings = [str(c.header) for c in table.columns]
    assert all(headings) and len(headings) == 5
    assert t("dicey_farm.par.col-die", lang) in headings and t("dicey_farm.par.col-vp", lang) in headings
    results = list(table.columns[3].cells)
    assert all(str(cell) for cell in results), "a row says nothing about what happened"


@pytest.mark.parametrize("lang", LANGS)
def test_a_dice_craftsman_event_says_which_die_changed(lang: str) -> None:
    """The elder's change was logged as "you get a die showing 2", as if a die were gained."""
    s = farm(dice=[1, 4], hired=("elder",))
    assert _events(s, A.Modify("elder", 1, 2)) == ["modify"]
    text = s.events[-1].text(lang)
    assert s.dice == [2, 4] and "1" in text and "2" in text
    assert t("dicey_farm.craftsman.elder.name", lang) in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_round_end_line_counts_the_beggar_counters_and_their_vp(lang: str) -> None:
    from gameshelf.games.dicey_farm.texts import round_end_preview

    s = farm(dice=[], goods={"food": 1})
    text = round_end_preview(s.observation(0), lang)
    assert "−6" in text and "2" in text, text
    names = [t(f"dicey_farm.craftsman.{c}.name", lang) for c in s.display[:2]]
    assert (("、" if lang == "ja" else ", ").join(names)) in text


@pytest.mark.parametrize("lang", LANGS)
def test_recruiting_says_who_left_and_how_many_came(lang: str) -> None:
    """「職人N人を残して、残りを破棄し、6人になるまで新たに補填します」."""
    s = farm(dice=[2])
    display = list(s.display)
    use(s, 2, "recruit")
    seen = len(s.events)
    play(s, A.Keep(display[0]), A.Keep(display[1]))
    texts = [e.text(lang) for e in s.events[seen:]]
    for gone in display[2:]:
        assert any(t(f"dicey_farm.craftsman.{gone}.name", lang) in line for line in texts)
    assert "2" in texts[-1] and "4" in texts[-1] and len(s.display) == 6


@pytest.mark.parametrize("lang", LANGS)
def test_the_game_end_says_what_the_end_itself_added(lang: str) -> None:
    """Gems (「宝石 … ゲーム終了時に1つにつき7VP」), scoring craftsmen and the
    pastor's ignored beggars are logged before the total, with their VP."""
    s = farm(dice=[], round_no=8, goods={"food": 5, "gem": 2}, hired=("pastor",), beggars=3)
    seen = len(s.events)
    s.apply(A.EndRound())
    texts = [e.text(lang) for e in s.events[seen:]]
    assert any(t("dicey_farm.breakdown.gems", lang) in x and "+14" in x for x in texts), texts
    assert any("3" in x and "+9" in x for x in texts), texts
    assert s.scores() == [14.0]


def test_the_par_line_ends_a_useless_shipping_step_with_done() -> None:
    from gameshelf.tools.dicey_farm.cli import _final_score, essential_line
    from gameshelf.tools.dicey_farm.par import solve

    date = "2026-11-22"
    line = solve(date, width=3, samples=4).line
    short = essential_line(date, line)
    assert _final_score(date, short) == _final_score(date, line)
    # every last-round move left is needed: dropping any one changes the outcome or breaks the line
    start = max(i for i, a in enumerate(short[:-1]) if isinstance(a, A.EndRound)) + 1
    for index in range(start, len(short) - 1):
        assert _final_score(date, short[:index] + short[index + 1:]) != _final_score(date, short)


def test_slaughtering_says_the_die_that_comes_back() -> None:
    """「解体小屋は、家畜1頭を肉に変え、使ったダイスが2以上であれば、1小さい目のダイスが返却されます」."""
    s = farm(dice=[4], built=("slaughterhouse",), goods={"sheep": 1}, fields=2)
    use(s, 4, "slaughterhouse")
    line = describe_move(s.observation(0), A.Butcher("sheep"), "en")
    assert "4 meat" in line and line.endswith("a die 3 comes back"), line
    play(s, A.Butcher("sheep"))
    assert s.dice == [3] and s.goods["meat"] == 4


@pytest.mark.parametrize("lang", LANGS)
def test_a_crowded_turn_fits_100x30_with_its_moves_and_prompt(lang: str) -> None:
    """A late-game main step with four dice, the elder, two extra merchants,
    four kinds of ingredients (ten kitchen moves), three facilities and
    eight craftsmen: board, move list, the turn rule and the prompt fit 30
    lines (bots' and random games stay at or under 27; only a farm holding
    every dice craftsman, every merchant and six ingredients at once runs
    past a screen)."""
    from gameshelf.terminal.session import move_list

    hired = ("grocer", "gardener", "elder", "cheesemaker", "butcher", "baker", "porter", "caretaker")
    goods = {"food": 7, "fish": 4, "wheat": 6, "egg": 3, "milk": 2, "wool": 5, "wheat_seed": 2,
             "vegetable_seed": 3, "flower_seed": 1, "chicken": 3, "cow": 2, "pig": 1, "whisky": 2}
    s = farm(dice=[1, 3, 4, 6], hired=hired, goods=goods, fields=8,
             built=("bread_oven", "stable", "smokehouse"), round_no=6)
    s.goods["horse"] = 1
    s.sown = {"wheat": 2, "vegetable": 1, "flower": 0}
    s.used = {"fish": True, "contract": True}
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    console.rule("turn")
    console.print(GAME.render(s.observation(0), lang))
    console.print(move_list(s, lang, 100))
    lines = [*out.getvalue().splitlines(), "prompt"]
    assert len(s.legal_actions()) >= 20
    assert len(lines) <= 30, "\n".join(lines)
