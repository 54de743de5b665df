"""ラウンドの流れ: dice counts, the round-start order, food, rot, craftsmen."""

from __future__ import annotations

from gameshelf.games.dicey_farm import actions as A
from gameshelf.games.dicey_farm.rules.season import end_round, harvest
from tests.games.dicey_farm.helpers import GAME, farm, play, spend_all


def test_dice_per_round() -> None:
    """「1～2ラウンドは2個、3〜5ラウンドは3個、6〜8ラウンドは4個のダイスが配られます」."""
    s = GAME.new_game(1, 5)
    counts = []
    while not s.is_over:
        counts.append(len(s.dice))
        spend_all(s)
        for a in [a for a in s.legal_actions() if isinstance(a, A.EndRound)]:
            s.apply(a)
    assert counts == [2, 2, 3, 3, 3, 4, 4, 4]
    assert [len(r) for r in s.rolled] == counts


def test_start_state() -> None:
    """「1～2ラウンドは2個 … のダイスが配られます」; components §1: food 3, one empty field, six craftsmen."""
    s = GAME.new_game(1, 1)
    assert s.goods["food"] == 3 and s.fields == 1 and s.empty_fields() == 1
    assert len(s.display) == 6 and len(s.deck) == 25 and len(s.dice) == 2
    assert sum(v for k, v in s.goods.items() if k != "food") == 0


def test_harvest_of_animals_and_fields() -> None:
    """「鶏：卵 羊：羊毛 牛：牛乳」「麦の種：麦x3、麦の種x1 野菜の種：野菜x2、野菜の種x1 花の種：花x2」."""
    s = farm(fields=8, goods={"chicken": 2, "sheep": 1, "cow": 1, "pig": 4},
             sown={"wheat": 2, "vegetable": 1, "flower": 1})
    harvest(s)
    g = s.goods
    assert (g["egg"], g["wool"], g["milk"]) == (2, 1, 1)
    assert (g["wheat"], g["wheat_seed"], g["vegetable"], g["vegetable_seed"], g["flower"], g["flower_seed"]) == (6, 2, 2, 1, 2, 0)
    assert s.sown == {"wheat": 0, "vegetable": 0, "flower": 0}


def test_food_is_eaten_then_beggars() -> None:
    """「そのラウンドの(ダイスの数+1)の食料を消費します。足りない場合は、足りない分の物乞いカウンター」."""
    s = farm(dice=[], goods={"food": 1})
    end_round(s)
    assert s.beggars == 2
    rich = farm(dice=[], goods={"food": 5})
    end_round(rich)
    assert rich.beggars == 0


def test_eat_before_rot() -> None:
    """D10: food is eaten first, then leftover food rots with the ▲ goods."""
    s = farm(dice=[], goods={"food": 7, "fish": 2, "vegetable": 1, "flower": 1, "meat": 1,
                             "egg": 1, "milk": 1, "wheat": 3, "wool": 2})
    end_round(s)
    g = s.goods
    assert g["food"] == 0 and s.beggars == 0
    assert all(g[x] == 0 for x in ("fish", "vegetable", "flower", "meat", "egg", "milk"))
    assert g["wheat"] == 3 and g["wool"] == 2


def test_two_leftmost_craftsmen_leave_and_the_display_refills() -> None:
    """「『契約できる職人』を左から2人取り除きます」, then 6 again at the next round start."""
    s = farm(dice=[], goods={"food": 9})
    first = list(s.display)
    top = s.deck[:2]
    end_round(s)
    assert s.gone == tuple(first[:2])
    assert s.display == [*first[2:], *top]


def test_deck_exhaustion_leaves_a_short_display() -> None:
    """D12: no reshuffle; the display may fall below six."""
    s = farm(dice=[], goods={"food": 9})
    s.gone, s.deck = (*s.gone, *s.deck), ()
    end_round(s)
    assert len(s.display) == 4


def test_a_whole_round_through_actions() -> None:
    """「ダイスをすべて使用するまで、アクションを実行していきます」 then the round ends and the next begins."""
    s = play(farm(dice=[3, 5], goods={"food": 3}), A.PickDie(3), A.Use("fish"), A.PickDie(5),
             A.Use("tourism"), A.Tour(5), A.ToFood("fish"), A.EndRound())
    assert s.round == 2 and s.vp["tourism"] == 5 and s.beggars == 0 and s.goods["fish"] == 0


def test_game_ends_after_round_8() -> None:
    """「8ラウンド目が終了すると、ゲームが終了します」."""
    s = farm(dice=[], round_no=8, goods={"food": 5})
    play(s, A.EndRound())
    assert s.is_over and s.current_player is None and s.legal_actions() == []


def test_round_start_order() -> None:
    """「1. 補充 2. 商品を更新 3. 収穫 … 4. ダイスを振ります」 plus the caretaker's food after the harvest:
    the log reads eat → the two leftmost craftsmen leave (「左から2人取り除きます」) → harvest →
    caretaker → roll, and the display was refilled first."""
    s = farm(dice=[], hired=("caretaker",), goods={"chicken": 1, "food": 3})
    s.check_invariants()
    before = len(s.events)
    end_round(s)
    keys = [e.key.rsplit(".", 1)[-1] for e in s.events[before:]]
    assert keys == ["eat", "leave", "leave", "harvest", "caretaker", "round"]
    assert len(s.display) == 6 and s.goods["food"] == 2 and s.goods["egg"] == 1
