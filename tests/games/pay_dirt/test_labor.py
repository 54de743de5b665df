"""2) 労働フェイズ — the labour phase."""

from __future__ import annotations

import pytest

from gameshelf.core.errors import IllegalAction
from gameshelf.games.pay_dirt.actions import (
    CAMP_GEAR,
    CLAIM_GEAR,
    BuyGear,
    Dig,
    EndLabor,
    PlaceGear,
    Pull,
    Repair,
    Sell,
    Slide,
    StopBuying,
)
from gameshelf.games.pay_dirt.board import EMPTY
from gameshelf.games.pay_dirt.rules import acquire, flow, labor
from tests.games.pay_dirt.helpers import (
    EXC,
    LOAD,
    WASH,
    B,
    P,
    R,
    break_machine,
    give_gear,
    item,
    legal_strs,
    new,
    put,
    to_gear,
    to_placing,
    to_work,
)


def test_sales_office_pays_3000_a_gold_two_per_worker() -> None:
    """「金1個を$3000で売れる。ただし、労働者駒1個につき金2個までしか売れない」."""
    s = new(2)
    s.camps[0].gold = 5
    to_work(s, 0, workers=2)
    assert {"sell 1 worker", "sell 2 worker"} <= legal_strs(s)
    assert "sell 3 worker" not in legal_strs(s)
    s.apply(Sell(2))
    assert (s.camps[0].gold, s.camps[0].money, s.camps[0].unused) == (3, 9 + 6, 1)


def test_gear_supplier_one_purchase_per_lap_head_miner_first() -> None:
    """「複数プレイヤーが道具の購入を選択していた場合、鉱夫主任から1枚ずつ購入する
    （複数個の労働者駒を置いていても1枚購入して、全員の購入が終わってから2周目で購入する）」."""
    s = new(3)
    s.head = 1
    to_gear(s, workers=3)
    assert s.current_player == 1
    s.apply(BuyGear(0))
    assert s.current_player == 2, "after one purchase the lap moves on"
    s.apply(StopBuying())
    assert s.current_player == 0
    s.apply(BuyGear(1))
    assert s.current_player == 1, "second lap: the Head Miner buys again"
    s.apply(StopBuying())
    assert s.current_player == 0
    s.apply(StopBuying())
    assert s.phase == "work" and s.current_player == 1


def test_every_gear_worker_is_placed_before_any_purchase_resolves() -> None:
    """「全プレイヤーは、手元にある労働者駒全てを任意の場所に配置する。配置した後の解決は
    同時でも良いが、「道具の購入」のみ順番が影響するので、「道具の購入」を選択している
    プレイヤーが複数いる場合は、スタートプレイヤーから時計回りに解決する」: the number of
    workers at the Gear Supplier is fixed before the first purchase, and no
    one adds a worker there after seeing what others bought."""
    s = new(3)
    s.head = 1
    for camp in s.camps:
        camp.money = 30
    to_placing(s)
    assert (s.phase, s.gear_step, s.current_player) == ("gear", "place", 1)
    assert not any(isinstance(a, BuyGear) for a in s.legal_actions()), "nothing is bought while placing"
    s.apply(PlaceGear(1))
    s.apply(PlaceGear(2))
    display = list(s.gear_display)
    assert s.current_player == 0 and s.gear_display == display
    s.apply(PlaceGear(0))
    assert s.gear_step == "buy" and s.gear_workers == [0, 1, 2]
    assert [c.unused for c in s.camps] == [5, 4, 3], "placed workers leave the unused pool at once"
    assert s.current_player == 1
    s.apply(BuyGear(0))
    assert s.current_player == 2, "one purchase, then the lap moves on"
    s.apply(BuyGear(1))
    assert s.current_player == 2, "player 1 has no worker left there, player 3 placed none: lap 2 is player 2's"
    s.apply(BuyGear(2))
    assert s.phase == "work" and s.gear_workers == [0, 0, 0]
    assert not any(isinstance(a, PlaceGear | BuyGear) for a in s.legal_actions()), "no late gear workers"
    s.check_invariants()


def test_a_worker_placed_at_the_supplier_may_end_up_buying_nothing() -> None:
    """Placed workers are committed: giving up the remaining purchases leaves
    them idle, they do not come back for the Work Pools."""
    s = new(2)
    to_placing(s)
    s.apply(PlaceGear(3))
    s.apply(PlaceGear(0))
    s.apply(StopBuying())
    assert s.phase == "work" and s.camps[0].unused == 2


def test_new_gear_replaces_old_and_its_wear_is_discarded() -> None:
    """「同じ種類の道具は1つしか持てないため、新しい道具タイルで上書きする。そこに損耗駒が
    あった場合は、それを捨てる」."""
    s = new(2)
    old = give_gear(s, 0, "pit-pump")  # claim gear
    s.camps[0].wear[3] = 2
    ripper = give_gear(s, 1, "ripper")
    s.camps[1].gear[0] = EMPTY
    s.gear_deck.append(s.gear_display[0])
    s.gear_display[0] = ripper
    to_gear(s)
    s.apply(BuyGear(0))
    camp = s.camps[0]
    assert s.comp.gear[camp.gear[0]].id == "ripper" and camp.wear[3] == 0
    assert old in s.gear_discard and s.gear_display[0] == EMPTY
    assert camp.money == 9 - 3
    s.check_invariants()


def test_slide_moves_one_tile_one_space_right() -> None:
    """「労働者駒の採掘機械上にある土砂タイル1枚を右に1スペース移動する」; 「土砂タイルの
    移動は、常に移動先が空きでなくてはならない」."""
    s = new(2)
    a = put(s, 0, LOAD, 0)
    b = put(s, 0, LOAD, 1)
    to_work(s, 0)
    assert "slide loader 1 worker" not in legal_strs(s), "space 2 is taken"
    with pytest.raises(IllegalAction) as err:
        s.apply(Slide(LOAD, 0))
    assert err.value.code == "space-occupied"
    s.apply(Slide(LOAD, 1))
    s.apply(Slide(LOAD, 0))
    assert s.camps[0].rows[LOAD] == [EMPTY, a, b]
    assert s.camps[0].wear[LOAD] == 0, "sliding inside a machine causes no wear"


def test_pull_takes_the_previous_machines_last_tile_and_wears_this_machine() -> None:
    """「労働者駒の採掘機械の左にある採掘機械の右端にある土砂タイル1枚を自分の左端に移動
    する。労働者駒を置いた採掘機械上に損耗駒を1個置く」."""
    s = new(2)
    t = put(s, 0, EXC, 2)
    to_work(s, 0)
    s.apply(Pull(LOAD))
    camp = s.camps[0]
    assert camp.rows[EXC][2] == EMPTY and camp.rows[LOAD][0] == t
    assert camp.wear == [0, 1, 0, 0, 0]


def test_dig_takes_any_tile_of_an_unordered_claim_and_wears_the_excavator() -> None:
    """「左端の採掘機械上に労働者駒があれば、…採鉱地タイル上にある任意の土砂タイル1枚を
    の一番左端に置く。左端の採掘機械上に損耗駒を1個置く」."""
    s = new(2)
    acquire.stake_claim(s, 0, item(s, 2, "hunker"))  # B P P, unordered
    to_work(s, 0)
    assert {"dig 2 B worker", "dig 2 P worker", "dig 1 B worker"} <= legal_strs(s)
    s.apply(Dig(1, P))
    camp = s.camps[0]
    assert s.comp.tile_kind[camp.rows[EXC][0]] == P and camp.wear[EXC] == 1
    assert len(camp.claim_tiles[1]) == 2


def test_ordered_claims_give_up_their_dirt_lowest_number_first() -> None:
    """「順番が指定されている採鉱地タイル上の土砂は数字の小さいものからしか取れない」."""
    s = new(2)
    acquire.stake_claim(s, 0, item(s, 2, "last-chance"))  # ordered B P R
    to_work(s, 0)
    digs = {a for a in legal_strs(s) if a.startswith("dig 2")}
    assert digs == {"dig 2 B worker"}
    with pytest.raises(IllegalAction) as err:
        s.apply(Dig(1, R))
    assert err.value.code == "claim-order"


def test_broken_machine_cannot_move_but_can_be_pulled_from() -> None:
    """「損耗駒が採掘機械の耐久度（工具アイコン）と同じ数まで貯まっている場合、その採掘機械を
    動かすことは出来ない（ただし右隣の採掘機械が土砂を取っていく事は可能）」 (A13)."""
    s = new(2)
    put(s, 0, EXC, 1)
    put(s, 0, EXC, 2)
    break_machine(s, 0, EXC)
    to_work(s, 0)
    moves = legal_strs(s)
    assert not any(m.startswith(("slide excavator", "dig")) for m in moves)
    assert "pull loader worker" in moves
    with pytest.raises(IllegalAction) as err:
        s.apply(Slide(EXC, 1))
    assert err.value.code in ("machine-broken", "space-occupied")


def test_a_machine_cannot_pull_once_the_pull_would_exceed_its_tools() -> None:
    s = new(2)
    put(s, 0, EXC, 2)
    break_machine(s, 0, LOAD)
    to_work(s, 0)
    assert "pull loader worker" not in legal_strs(s)
    with pytest.raises(IllegalAction) as err:
        s.apply(Pull(LOAD))
    assert err.value.code == "machine-broken"


def test_tile_reaching_the_wash_plants_last_space_turns_into_gold() -> None:
    """「右端の採掘機械で最も右端の欄まで土砂が移動したら自動的に金になる（土砂を裏向きに
    して金の数を確認してストックから金を受け取る。土砂はストックに返す）」."""
    s = new(2)
    t = put(s, 0, WASH, 1, R, gold=5)
    to_work(s, 0)
    s.apply(Slide(WASH, 1))
    camp = s.camps[0]
    assert camp.gold == 5 and camp.rows[WASH] == [EMPTY] * 3
    assert t in s.tile_discard[R]
    assert s.observation(1)["tiles"]["revealed"][R] == [5], "the washed tile is public"


def test_repair_removes_two_wear_and_the_machine_rests_this_round() -> None:
    """修理用労働者: 「損耗駒を2個まで除去する」「配置された採掘機械又は道具の能力は使用出来ない」."""
    s = new(2)
    put(s, 0, LOAD, 0)
    s.camps[0].wear[LOAD] = 3
    to_work(s, 0)
    s.apply(Repair(LOAD))
    camp = s.camps[0]
    assert camp.wear[LOAD] == 1 and camp.repaired[LOAD]
    assert not any(m.startswith("slide loader") for m in legal_strs(s))


def test_a_machine_that_worked_this_round_cannot_also_be_repaired() -> None:
    s = new(2)
    put(s, 0, LOAD, 0)
    s.camps[0].wear[LOAD] = 1
    to_work(s, 0)
    s.apply(Slide(LOAD, 0))
    assert "repair loader worker" not in legal_strs(s)


def test_gear_is_used_without_a_worker_once_a_round_taking_wear() -> None:
    """「各道具はラウンドに1回使用することができる。使用すると損耗駒を使用した道具の上に
    置く」「道具の使用は労働者駒を配置せずに利用できる」."""
    s = new(2)
    give_gear(s, 0, "ripper")  # claim gear: free dig
    to_work(s, 0, workers=1)
    s.apply(Dig(0, B, CLAIM_GEAR))
    camp = s.camps[0]
    assert camp.unused == 1 and camp.wear[3] == 1 and camp.wear[EXC] == 1
    assert not any(m.endswith("claim_gear") for m in legal_strs(s)), "once per round"


def test_broken_gear_cannot_be_used_until_repaired() -> None:
    """「耐久度に等しい数の損耗駒が乗ると損耗駒を減らすまで（修理する）再使用できない」."""
    s = new(2)
    give_gear(s, 0, "pit-pump")  # durability 2
    s.camps[0].wear[3] = 2
    to_work(s, 0)
    assert not any(m.endswith("claim_gear") for m in legal_strs(s))
    s.apply(Repair(3))
    assert s.camps[0].wear[3] == 0
    assert not any(m.endswith("claim_gear") for m in legal_strs(s)), "repaired gear rests this round"


def test_camp_gear_sells_and_repairs_without_workers() -> None:
    s = new(2)
    give_gear(s, 0, "welding-rig")  # repair 2
    s.camps[0].wear[WASH] = 3
    to_work(s, 0, workers=1)
    s.apply(Repair(WASH, CAMP_GEAR))
    camp = s.camps[0]
    assert camp.wear[WASH] == 1 and not camp.repaired[WASH], "a gear repair does not stop the machine"
    assert camp.unused == 1 and camp.wear[4] == 1


def test_fiem_co_machine_still_broken_after_labour_is_destroyed() -> None:
    """「Fiem Co社の採掘機械は、採掘機械の耐久度まで損耗駒が蓄積しその労働フェイズ終了時
    までにはそれを解決出来ない場合、破壊され箱に戻す（土砂は真下の機械に移動する）」 (A14)."""
    s = new(2)
    fiem = item(s, 0, "fl-330")
    s.display[0][0] = s.decks[0].pop()
    acquire.replace_machine(s, 0, LOAD, fiem)
    t = put(s, 0, LOAD, 1)
    camp = s.camps[0]
    camp.wear[LOAD] = 5
    to_work(s, 0, workers=0)
    s.ended = [True, True]
    flow.run(s, labor.end_labor_phase)
    assert camp.equip[LOAD] == EMPTY and fiem in s.box[0]
    assert camp.rows[LOAD] == [EMPTY, t, EMPTY], "the dirt drops onto the printed machine"
    assert camp.wear[LOAD] == 0
    s.check_invariants()


def test_repaired_fiem_co_machine_survives() -> None:
    s = new(2)
    fiem = item(s, 0, "fl-330")
    s.display[0][0] = s.decks[0].pop()
    acquire.replace_machine(s, 0, LOAD, fiem)
    s.camps[0].wear[LOAD] = 5
    to_work(s, 0, workers=1)
    s.apply(Repair(LOAD))
    assert s.camps[0].wear[LOAD] == 3
    assert s.camps[0].equip[LOAD] == fiem


def test_end_labor_leaves_unused_workers_idle() -> None:
    s = new(2)
    to_work(s, 0, workers=4)
    s.apply(EndLabor())
    assert s.phase == "draft"


def test_hardship_idle_workers_sit_out_labour() -> None:
    """Instant "idle" and ongoing "fewer workers" hardships cut the workers placed."""
    s = new(2)
    s.camps[0].idle = 2
    strike = next(i for i, h in enumerate(s.comp.hardships) if h.id == "strike")
    s.hardship_deck.remove(strike)
    s.camps[0].ongoing.append(strike)
    flow.run(s, labor.start_labor)
    assert s.camps[0].unused == 5 - 2 - 1 and s.camps[1].unused == 5
    assert s.camps[0].idle == 0
