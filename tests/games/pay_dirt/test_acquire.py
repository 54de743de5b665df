"""Adding a won lot to the Mining Camp: personnel, claims, equipment."""

from __future__ import annotations

from gameshelf.games.pay_dirt.actions import (
    DiscardClaim,
    Install,
    PassBid,
    RemoveWear,
    Scrap,
)
from gameshelf.games.pay_dirt.board import EMPTY
from gameshelf.games.pay_dirt.rules import acquire
from tests.games.pay_dirt.helpers import (
    EXC,
    LOAD,
    WASH,
    B,
    P,
    R,
    hardship,
    item,
    kinds,
    new,
    nominate,
    put,
)

EQUIP, PERSON, CLAIM = 0, 1, 2


def win(s, row: int, slot: int = 0) -> None:  # type: ignore[no-untyped-def]
    """The auctioneer nominates and everybody else passes."""
    s.apply(nominate(s, row, slot))
    while s.phase == "bidding":
        s.apply(PassBid())


def test_personnel_add_workers_at_once() -> None:
    """「カードに指定されている個数の労働者駒をストックから取り未使用の労働者駒に追加する」
    (A18: usable in the coming labour phase)."""
    s = new(2)
    item(s, PERSON, "hale-twins")  # +3 workers
    win(s, PERSON)
    assert s.camps[0].workers == 8


def test_personnel_add_every_printed_worker_even_past_ten() -> None:
    """「カードに指定されている個数の労働者駒をストックから取り未使用の労働者駒に追加する」,
    and 「それ以外のものについては、不足したらシャッフルするなどして対応する」: only the
    three auction decks are limited, so a crew past the ten meeples of a colour
    is not cut short (A28)."""
    s = new(2)
    s.camps[0].workers = 9
    item(s, PERSON, "hale-twins")
    win(s, PERSON)
    assert s.camps[0].workers == 12
    s.check_invariants()


def test_cancelling_personnel_discard_a_held_ongoing_hardship() -> None:
    """「継続のものは…影響を与え続ける（後から対応する作業者を入手して破棄することはできる）」."""
    s = new(2)
    strike = hardship(s, "strike")  # crew
    s.hardship_deck.remove(strike)
    s.camps[0].ongoing.append(strike)
    item(s, PERSON, "foreman")  # cancels crew hardships
    win(s, PERSON)
    assert s.camps[0].ongoing == [] and strike in s.hardship_discard


def test_claim_brings_its_pay_dirt() -> None:
    """「採鉱地タイルに指定されている種類の土砂タイルをストックから取ってその上に置く」."""
    s = new(2)
    c = item(s, CLAIM, "eldorado")  # P R R
    win(s, CLAIM)
    camp = s.camps[0]
    assert camp.claims[-1] == c
    assert kinds(s, camp.claim_tiles[-1]) == ["promising", "rich", "rich"]
    s.check_invariants()


def test_fourth_claim_forces_a_discard_with_its_dirt() -> None:
    """「採鉱地タイルは1度に3枚までしか持つ事が出来ない。4枚目を入手した場合には、どれか
    1つを選択してその上にある土砂タイルごと捨てる」."""
    s = new(2)
    for cid in ("hunker", "sulphur"):
        acquire.stake_claim(s, 0, item(s, CLAIM, cid))
        s.display[CLAIM][0] = s.decks[CLAIM].pop()
    assert len(s.camps[0].claims) == 3
    item(s, CLAIM, "bonanza")
    win(s, CLAIM)
    assert s.phase == "acquire" and s.current_player == 0
    assert [str(a) for a in s.legal_actions()] == [f"discard-claim {i}" for i in range(1, 5)]
    greenhorn_tiles = list(s.camps[0].claim_tiles[0])
    s.apply(DiscardClaim(0))
    camp = s.camps[0]
    assert len(camp.claims) == 3 and not s.comp.claims[camp.claims[0]].greenhorn
    assert all(t in s.tile_draw[B] for t in greenhorn_tiles), "the dirt goes back to the supply"
    assert s.phase == "auction"
    s.check_invariants()


def test_scrap_removes_wear_equal_to_tool_icons_spread_freely() -> None:
    """a)「採掘機械を捨て札にして、その採掘機械の下に書かれている工具アイコンの数だけ
    損耗駒を自分のプレイヤーボードから取り除く」 (A16: spread over machines and gear)."""
    s = new(2)
    camp = s.camps[0]
    camp.wear[:3] = [2, 1, 3]
    item(s, EQUIP, "k-40")  # 4 tools
    win(s, EQUIP)
    s.apply(Scrap())
    assert {str(a) for a in s.legal_actions()} == {"remove-wear excavator", "remove-wear loader", "remove-wear wash_plant"}
    for target in (WASH, WASH, LOAD, EXC):
        s.apply(RemoveWear(target))
    assert camp.wear[:3] == [1, 0, 1]
    assert s.phase == "auction", "four removals used up the four tool icons"
    assert camp.equip == [EMPTY] * 3


def test_scrap_with_no_wear_is_simply_discarded() -> None:
    s = new(2)
    item(s, EQUIP, "k-40")
    win(s, EQUIP)
    s.apply(Scrap())
    assert s.phase == "auction" and s.comp.equipment.index(next(e for e in s.comp.equipment if e.id == "k-40")) in s.box[0]


def test_install_clears_wear_and_carries_dirt_over() -> None:
    """b)「置く場所に「損耗駒」が置かれていた場合は、それを取り除く」「置く場所に「土砂タイル」が
    置かれていた場合は、新しいタイルに引き継ぐ」 — same length: tiles stay where they are."""
    s = new(2)
    camp = s.camps[0]
    t = put(s, 0, LOAD, 1, P)
    camp.wear[LOAD] = 2
    item(s, EQUIP, "yh-12")  # loader, 3 spaces, 5 tools
    win(s, EQUIP)
    s.apply(Install())
    assert camp.rows[LOAD] == [EMPTY, t, EMPTY]
    assert camp.wear[LOAD] == 0 and camp.durability(s.comp, LOAD) == 5


def test_install_shorter_machine_pushes_dirt_into_the_previous_one() -> None:
    """「引き継がないものは左手前の機械（又はボードの外）に押し出される（ところてん式に
    押し出す）。押し出された土砂が乗せられた機械は損耗駒1個を受け取る」 (A15)."""
    s = new(2)
    camp = s.camps[0]
    a = put(s, 0, LOAD, 0, P)
    b = put(s, 0, LOAD, 2, R)
    c = put(s, 0, EXC, 2, B)
    item(s, EQUIP, "k-55")  # loader, 2 spaces
    win(s, EQUIP)
    s.apply(Install())
    assert camp.rows[LOAD] == [EMPTY, b], "right-aligned: the tile nearest the exit stays nearest"
    assert camp.rows[EXC] == [EMPTY, c, a], "the pushed tile shoves the excavator's last tile left"
    assert camp.wear[EXC] == 1
    s.check_invariants()


def test_dirt_pushed_out_of_a_full_excavator_leaves_the_board() -> None:
    """「左手前の機械（又はボードの外）に押し出される」."""
    s = new(2)
    camp = s.camps[0]
    e = [put(s, 0, EXC, i, B) for i in range(3)]
    a = put(s, 0, EXC + 1, 0, P)
    item(s, EQUIP, "yh-7")  # excavator, 2 spaces
    win(s, EQUIP)
    s.apply(Install())
    assert camp.rows[EXC] == [e[1], e[2]]
    assert e[0] in s.tile_draw[B], "off the board: back to the supply unseen"
    assert camp.rows[LOAD][0] == a
    s.check_invariants()
