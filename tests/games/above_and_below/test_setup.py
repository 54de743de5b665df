"""ゲームの準備 — the setup, for every player count."""

from __future__ import annotations

import pytest

from gameshelf.games.above_and_below.actions import Act, Assign, Pass, Rested
from tests.games.above_and_below.fixtures import BUILDER, new_state, play


@pytest.mark.parametrize(("players", "coins"), [(2, [7, 8]), (3, [7, 8, 8]), (4, [7, 7, 7, 8])])
def test_coins_and_seat_bonus(players: int, coins: list[int]) -> None:
    """「各プレイヤーは…7コイン」「2人プレイの場合は、2番手は追加1コイン…4人プレイの場合は、4番手は追加1コイン」
    Everyone starts with 7 coins; later seats get the seat-order coin."""
    state = new_state(players)
    assert [v.coins for v in state.villages] == coins


def test_board_at_start() -> None:
    """「星のシンボルのあるハウスカード6枚…鍵のシンボル…ランダムに4枚…家カードと地下施設カード…それぞれ4枚公開」
    6 star houses, 4 of 9 key houses, 4 houses and 4 outposts for sale, 5 villagers, 1 cider, round 1."""
    state = new_state(3)
    assert len(state.star_row) == 6
    assert len(state.key_row) == 4 and len(state.unused_keys) == 5
    assert len(state.house_row) == 4 and len(state.outpost_row) == 4
    assert len(state.slots) == 5 and None not in state.slots
    assert state.cider_on_board and state.round == 1
    for village in state.villages:
        assert len(village.ready) == 3 and len(village.houses) == 1
        assert village.rep == state.comp.tracks.reputation_start


def test_four_players_start_with_two_exhausted() -> None:
    """「4人プレイの場合、ハンマーアイコンのない2枚のカードを…消耗エリアに配置します…最初のラウンドの終了後、準備エリアに移動」
    With 4 players the two starters without a hammer begin Exhausted and come back after round 1 (B20)."""
    state = new_state(4)
    for village in state.villages:
        assert len(village.ready) == 1 and len(village.exhausted) == 2
        assert all(state.comp.villagers[v].hammer for v in village.ready)
    # everybody labours with the builder, then passes: round 1 ends
    for p in range(4):
        builder = state.villages[p].ready[0]
        play(state, Act("labor"), Assign(builder))  # the only ready villager: closes by itself
    for _ in range(4):
        play(state, Pass())
    # rest decisions may follow; finish them
    while state.phase == "rest":
        play(state, Rested())
    assert state.round == 2
    for village in state.villages:
        # the two starters are Ready without using a bed; the builder laboured and,
        # as nobody used their bed, stays Exhausted
        assert sorted(state.comp.villagers[v].type for v in village.ready) == ["scout", "scribe"]
        assert [state.comp.villagers[v].type for v in village.exhausted] == ["builder"]


def test_three_players_start_ready() -> None:
    """Outside the 4-player game all three starters begin Ready."""
    state = new_state(2)
    assert BUILDER in state.villages[0].ready
    assert state.first_round_exhausted == []
