"""ラウンドの終了 — marker, cider, new villagers, rest, income, refills, start player."""

from __future__ import annotations

from gameshelf.games.above_and_below.actions import Pass, Rest, Rested
from gameshelf.games.above_and_below.components import GOOD_INDEX
from tests.games.above_and_below.fixtures import (
    BUILDER,
    METAL_MAN,
    SCOUT,
    SCRIBE,
    give_building,
    move_villager,
    new_state,
    play,
)


def _everybody_passes(state) -> None:  # type: ignore[no-untyped-def]
    for _ in range(state.players):
        play(state, Pass())


def test_marker_cider_villagers_and_start_player() -> None:
    """「ラウンドマーカーを…一つ下の部屋に進めます」「りんご酒タイルが無ければ…配置します」
    「名声ボード上に残った村人を左…に詰めて…全てのスロットを埋めます」「スタートプレーヤータイルを…左のプレイヤーに渡します」"""
    state = new_state(2)
    state.cider_on_board = False
    state.villages[0].cider += 1
    taken = state.slots[1]
    state.slots[1] = None
    state.villages[1].exhausted.append(taken)
    rest = [s for s in state.slots if s is not None]
    top = state.villager_deck[0]
    _everybody_passes(state)
    assert state.phase == "rest" and state.current_player == 1, "player 2 may bed the new villager"
    play(state, Rested())
    assert state.round == 2 and state.cider_on_board
    assert state.slots == [*rest, top]
    assert state.start_player == 1 and state.turn == 1 and state.phase == "turn"
    assert not any(v.passed for v in state.villages)


def test_game_ends_after_round_seven_without_income() -> None:
    """「ラウンドマーカーを下に動かすことができなければ、ゲーム終了となります」"""
    state = new_state(2)
    state.round = 7
    coins = [v.coins for v in state.villages]
    _everybody_passes(state)
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    assert [v.coins for v in state.villages] == coins


def test_income_rightmost_slot_and_cards() -> None:
    """「収入レベルに応じたコイン…最初の収入は4コイン」「商品による追加収入: アメジストまたは鉱石1つにつき、追加1コイン」 (B4)."""
    state = new_state(2)
    v = state.villages[0]
    for good in ("ore", "amethyst"):
        i = GOOD_INDEX[good]
        v.track.append(i)
        v.track_count[i] = 2
        state.supply_goods[i] -= 2
    give_building(state, 0, "k7")  # +1 per ore/amethyst on the track
    give_building(state, 0, "h09")  # +1 income
    assert v.income(state.comp) == 5 + 1 + 4
    before = v.coins
    _everybody_passes(state)
    assert v.coins == before + 10
    assert state.villages[1].coins == 8 + 4


def test_potion_and_cider_then_beds() -> None:
    """「ポーションを使用した場合、負傷エリアにいる村人1人を消耗エリアに…りんご酒を使用した場合、消耗エリアにいる村人1人を準備エリアへ
    …同じ村人に、ポーションとりんご酒の両方を使用することが出来ます」"""
    state = new_state(2)
    v = state.villages[0]
    move_villager(state, 0, BUILDER, "injured")
    move_villager(state, 0, SCRIBE, "exhausted")
    v.potions, v.cider = 1, 1
    state.supply_potion -= 1
    state.supply_cider -= 1
    _everybody_passes(state)
    assert state.phase == "rest" and state.current_player == 0
    play(state, Rest("potion", BUILDER), Rest("cider", BUILDER))
    assert BUILDER in v.ready and v.potions == 0 and v.cider == 0
    assert Rest("bed", SCRIBE) in state.legal_actions()
    play(state, Rest("bed", SCRIBE))
    assert SCRIBE in v.ready and state.phase == "turn", "nothing left to rest: the phase moves on"


def test_one_bed_per_villager_and_no_tokens_after_beds() -> None:
    """「1人の村人が2つのベッドで休息することは出来ません」 — and potions/cider come first."""
    state = new_state(2)
    v = state.villages[0]
    give_building(state, 0, "h12")  # 2 more beds
    move_villager(state, 0, BUILDER, "injured")
    move_villager(state, 0, SCRIBE, "exhausted")
    v.cider = 1
    state.supply_cider -= 1
    _everybody_passes(state)
    play(state, Rest("bed", BUILDER))
    legal = state.legal_actions()
    assert Rest("bed", BUILDER) not in legal, "the builder already slept in a bed"
    assert Rest("cider", SCRIBE) not in legal, "potions and cider come before beds"
    assert BUILDER in v.exhausted


def test_metal_man_uses_his_own_bed_and_no_tokens() -> None:
    """「メタルマンは、自前のベッドを使用します。あなたの建物のベッドを使用しません。彼にポーションとりんご酒を使用できません」"""
    state = new_state(2)
    v = state.villages[0]
    move_villager(state, 0, METAL_MAN, "injured")
    v.potions = 1
    state.supply_potion -= 1
    _everybody_passes(state)
    assert METAL_MAN in v.exhausted, "one step by himself"
    assert not any(getattr(a, "villager", None) == METAL_MAN for a in state.legal_actions())


def test_potion_every_round_and_done_resting() -> None:
    state = new_state(2)
    give_building(state, 0, "h18")
    move_villager(state, 0, SCOUT, "exhausted")
    _everybody_passes(state)
    assert state.phase == "rest"
    play(state, Rested())
    assert state.villages[0].potions == 1 and SCOUT in state.villages[0].exhausted


def test_can_rest_says_whether_rest_options_offers_anything() -> None:
    """The quick test used after every rest agrees with the full list, in
    every position of random games (and in every rest position with the
    remedies and beds changed)."""
    from gameshelf.core.rng import Stream
    from gameshelf.games.above_and_below.rules.round_end import can_rest, rest_options
    from tests.games.above_and_below.fixtures import fixture_game

    checked = 0
    for seed in range(8):
        state = fixture_game().new_game(2 + seed % 3, seed)
        pick = Stream(seed)
        while not state.is_over:
            for p in range(state.players):
                assert can_rest(state, p) == bool(rest_options(state, p))
                checked += 1
            if state.phase == "rest":
                for used in (0, 1, 5):
                    for tokens in (0, 1):
                        other = state.clone()
                        other.rest_beds_used = used
                        for village in other.villages:
                            village.potions = village.cider = tokens
                        for p in range(other.players):
                            assert can_rest(other, p) == bool(rest_options(other, p))
            state.apply(pick.choice(state.legal_actions()))
    assert checked > 1000
