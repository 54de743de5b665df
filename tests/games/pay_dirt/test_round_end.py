"""4) 収入フェイズ and the end of the game (final round, final sweep, winner)."""

from __future__ import annotations

from gameshelf.games.pay_dirt.actions import KeepHardship
from gameshelf.games.pay_dirt.board import EMPTY
from gameshelf.games.pay_dirt.rules import flow, income, labor, sweep
from tests.games.pay_dirt.helpers import EXC, LOAD, WASH, P, R, break_machine, clear_board, new, put


def test_income_refills_and_moves_the_head_miner() -> None:
    """「各プレイヤーはストックから$2000を受け取る」「競売上の各タイル・カードが3種類になる
    まで補充する」「道具タイルが5枚になるように補充する」「スタートプレイヤーを左隣の
    プレイヤーに移す」."""
    s = new(3)
    s.box[1].append(s.display[1][1])  # as if it had been hired and set aside
    s.display[1][1] = EMPTY
    s.gear_discard.append(s.gear_display[2])
    s.gear_display[2] = EMPTY
    flow.run(s, income.income_phase)
    s.check_invariants()
    assert [c.money for c in s.camps] == [11, 11, 11]
    assert all(x != EMPTY for row in s.display for x in row)
    assert EMPTY not in s.gear_display
    assert s.head == 1 and s.round == 2 and s.phase == "auction" and s.current_player == 1


def test_auction_decks_are_not_reshuffled_when_they_run_out() -> None:
    """「採掘機械タイル、作業員カード、採鉱地タイルは有限でゲーム中に不足した場合は、以後の
    補充を行わない」."""
    s = new(2)
    s.box[0].extend(s.decks[0])
    s.decks[0].clear()
    s.box[0].append(s.display[0][0])
    s.display[0][0] = EMPTY
    flow.run(s, income.income_phase)
    assert s.display[0][0] == EMPTY


def test_gear_deck_is_reshuffled_when_it_runs_out() -> None:
    """「それ以外のものについては、不足したらシャッフルするなどして対応する」."""
    s = new(2)
    s.gear_discard.extend(s.gear_deck)
    s.gear_deck.clear()
    s.gear_discard.append(s.gear_display[0])
    s.gear_display[0] = EMPTY
    flow.run(s, income.income_phase)
    assert s.gear_display[0] != EMPTY
    s.check_invariants()


def test_at_zero_degrees_one_last_round_without_hardship_or_income() -> None:
    """「気温が0度以下になっていれば、次ラウンドが終了した時点でゲーム終了となる。最終
    ラウンドでは、「苦境フェイズ」と「収入フェイズ」が無い。その代わりに、労働フェイズの後に、
    「最終一掃フェイズ」がある」 (A10)."""
    s = new(2)
    s.temperature = 0
    flow.run(s, income.income_phase)
    assert s.final_round and s.phase == "auction"
    money = [c.money for c in s.camps]
    flow.run(s, labor.start_labor)
    while not s.is_over:
        assert s.phase in ("gear", "work")
        assert not any(isinstance(a, KeepHardship) for a in s.legal_actions())
        s.apply(s.legal_actions()[-1])  # stop buying / end labour
    assert [c.money for c in s.camps] == money, "no income in the last round"


def test_final_sweep_gives_gold_minus_spaces_left() -> None:
    """「最も右よりに置いてある土砂タイル1枚を各自裏返す。（土砂タイルの場所から右端迄の
    スペース数）－（土砂タイルに書かれていた金の数）の金を受け取る」 read as gold − spaces
    left, never below zero (A1), for one tile only (A2)."""
    s = new(2)
    put(s, 0, LOAD, 1, R, gold=6)  # loader space 2: 1 slide + pull + 2 slides = 4 moves left
    put(s, 0, EXC, 0, R, gold=5)  # not the furthest: ignored
    put(s, 1, WASH, 0, P, gold=1)  # 2 moves left, 1 gold: nothing
    s.final_round = True
    sweep.final_sweep(s)
    assert s.camps[0].gold == 2 and s.camps[1].gold == 0
    assert s.is_over and s.swept == [2, 0]
    assert s.camps[0].rows[EXC][0] != EMPTY, "only one tile per player is swept"


def test_final_sweep_is_blocked_by_a_broken_machine_on_the_way() -> None:
    """「耐久度まで損耗駒が置かれている機械が対象の土砂タイルから右端のスペースまでに間に
    ある場合は、金は受け取れない」 (A3)."""
    s = new(2)
    put(s, 0, LOAD, 1, R, gold=6)
    break_machine(s, 0, WASH)
    put(s, 1, LOAD, 1, R, gold=5)
    break_machine(s, 1, LOAD)  # its own machine broken, tile not on its last space
    sweep.final_sweep(s)
    assert s.camps[0].gold == 0 and s.camps[1].gold == 0


def test_final_sweep_tile_on_the_last_space_of_a_broken_machine_still_counts() -> None:
    """「対象土砂が機械の右端のスペースに合って隣の機械に移動する場合は、土砂が置かれて
    いる機械に耐久度まで損耗駒が置かれていても可能」."""
    s = new(2)
    put(s, 0, LOAD, 2, R, gold=6)  # 3 moves left
    break_machine(s, 0, LOAD)
    sweep.final_sweep(s)
    assert s.camps[0].gold == 3


def test_most_gold_wins_ties_go_furthest_clockwise_from_the_start_player() -> None:
    """「持っている金の数が最も多いプレイヤーが勝利となる。同数の場合は、スタートプレイヤー
    から時計回りで最も遠いプレイヤーが勝者となる」 (A19)."""
    s = new(4)
    for p in range(4):
        clear_board(s, p)
    for p, gold in enumerate((7, 7, 3, 7)):
        s.camps[p].gold = gold
    s.head = 1
    sweep.final_sweep(s)
    assert s.winners() == [0], "from head 2: 3, 4, 1 — player 1 is furthest"
    assert s.ranking() == [[0], [3], [1], [2]]


def test_sweep_uses_spaces_of_installed_equipment() -> None:
    s = new(2)
    s.camps[0].rows[WASH] = [EMPTY, EMPTY]  # as if a 2-space wash plant were installed
    assert sweep.distance_to_gold(s.camps[0], LOAD, 2) == 2
    assert sweep.distance_to_gold(s.camps[0], EXC, 0) == 2 + 3 + 2
