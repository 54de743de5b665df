"""Adding a won lot to the Mining Camp (rulebook §1, "競りが完了する度に…").

Personnel: "カードに指定されている個数の労働者駒をストックから取り未使用の労働者駒に追加
する … 特殊能力を持っている作業員の場合は、入手直後からその能力を発揮する".
Claims: "採鉱地タイルは1度に3枚までしか持つ事が出来ない。4枚目を入手した場合には、
どれか1つを選択してその上にある土砂タイルごと捨てる".
Equipment: scrap it for wear removal, or install it over its machine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameshelf.core.actions import Action
from gameshelf.games.pay_dirt.actions import (
    DiscardClaim,
    Install,
    RemoveWear,
    Scrap,
    listed,
    listed_run,
)
from gameshelf.games.pay_dirt.board import EMPTY, fit_row, push_into
from gameshelf.games.pay_dirt.components import MACHINES, TARGETS
from gameshelf.games.pay_dirt.names import claim_key, equipment_param, person_key
from gameshelf.games.pay_dirt.rules import supply

if TYPE_CHECKING:
    from gameshelf.games.pay_dirt.state import PayDirtState


def acquire(s: PayDirtState, player: int, row: int, item: int) -> None:
    if row == 0:
        _pend(s, "equipment", player, item, 0)
    elif row == 1:
        hire_personnel(s, player, item)
    else:
        stake_claim(s, player, item)


def _pend(s: PayDirtState, kind: str, player: int, item: int, left: int) -> None:
    s.phase = "acquire"
    s.pending = kind
    s.pending_player = player
    s.pending_item = item
    s.pending_left = left


def _resolved(s: PayDirtState) -> None:
    """The lot is settled; the auction goes on (``flow.AFTER``)."""
    s.pending = ""
    s.pending_player = EMPTY
    s.pending_item = EMPTY
    s.pending_left = 0
    s.phase = "acquire-done"


def pending_actions(s: PayDirtState) -> list[Action]:
    camp = s.camps[s.pending_player]
    if s.pending == "discard-claim":
        return list(listed_run(DiscardClaim, 0, len(camp.claims)))
    if s.pending == "equipment":
        return [listed(Install), listed(Scrap)]
    return [listed(RemoveWear, t) for t in range(len(TARGETS)) if camp.wear[t] > 0]


# -- personnel -----------------------------------------------------------------------
def hire_personnel(s: PayDirtState, player: int, card: int) -> None:
    comp = s.comp
    camp = s.camps[player]
    person = comp.personnel[card]
    camp.personnel.append(card)
    # "カードに指定されている個数の労働者駒をストックから取り未使用の労働者駒に追加する":
    # all of them; meeples are not a limit (A28)
    camp.workers += person.workers
    s.log("pay_dirt.log.hired", player=player + 1, name="@" + person_key(comp, card), workers=person.workers)
    if person.ability == "cancel":
        # "後から対応する作業者を入手して破棄することはできる"
        for h in list(camp.ongoing):
            if comp.hardships[h].tag in person.tags:
                camp.ongoing.remove(h)
                s.hardship_discard.append(h)
                s.log("pay_dirt.log.cancelled", player=player + 1, card=f"@pay_dirt.hardship.{comp.hardships[h].id}")


# -- claims --------------------------------------------------------------------------
def stake_claim(s: PayDirtState, player: int, claim: int) -> None:
    """"採鉱地タイルに指定されている種類の土砂タイルをストックから取ってその上に置く"."""
    camp = s.camps[player]
    tiles = [supply.draw_tile(s, k) for k in s.comp.claims[claim].tiles]
    camp.claims.append(claim)
    camp.claim_tiles.append([t for t in tiles if t != EMPTY])
    if len(camp.claims) > s.comp.rules.max_claims:
        _pend(s, "discard-claim", player, claim, 0)


def discard_claim(s: PayDirtState, slot: int) -> None:
    player = s.pending_player
    camp = s.camps[player]
    claim = camp.claims.pop(slot)
    for tile in camp.claim_tiles.pop(slot):
        supply.return_unseen(s, tile)
    s.box[2].append(claim)
    s.log("pay_dirt.log.claim-discarded", player=player + 1, name="@" + claim_key(s.comp, claim))
    _resolved(s)


# -- equipment -----------------------------------------------------------------------
def scrap(s: PayDirtState) -> None:
    """a) "採掘機械を捨て札にして、その採掘機械の下に書かれている工具アイコンの数だけ
    損耗駒を自分のプレイヤーボードから取り除く" — spread freely (A16)."""
    player, item = s.pending_player, s.pending_item
    camp = s.camps[player]
    s.box[0].append(item)
    left = min(s.comp.equipment[item].tools, sum(camp.wear))
    s.log("pay_dirt.log.scrapped", player=player + 1, lot=equipment_param(item), left=left,
          tools=s.comp.equipment[item].tools)
    if left:
        _pend(s, "scrap-wear", player, EMPTY, left)
    else:
        _resolved(s)


def remove_wear(s: PayDirtState, target: int) -> None:
    camp = s.camps[s.pending_player]
    camp.wear[target] -= 1
    s.pending_left -= 1
    if s.pending_left == 0 or not any(camp.wear):
        _resolved(s)


def install(s: PayDirtState) -> None:
    """b) Install over the machine: its wear is cleared, its dirt carried over."""
    player, item = s.pending_player, s.pending_item
    s.log("pay_dirt.log.installed", player=player + 1, lot=equipment_param(item),
          machine=f"@pay_dirt.machine.{MACHINES[s.comp.equipment[item].machine]}")
    replace_machine(s, player, s.comp.equipment[item].machine, item)
    _resolved(s)


def replace_machine(s: PayDirtState, player: int, machine: int, item: int) -> None:
    """Put equipment ``item`` (EMPTY: the printed board machine) on ``machine``.

    "置く場所に「損耗駒」が置かれていた場合は、それを取り除く … 「土砂タイル」が置かれて
    いた場合は、新しいタイルに引き継ぐ。引き継がないものは左手前の機械（又はボードの外）に
    押し出される（ところてん式に押し出す）。押し出された土砂が乗せられた機械は損耗駒1個を
    受け取る" (A14, A15).
    """
    camp = s.camps[player]
    old = camp.equip[machine]
    if old != EMPTY:
        s.box[0].append(old)
    camp.equip[machine] = item
    camp.wear[machine] = 0
    spaces = s.comp.rules.base_spaces[machine] if item == EMPTY else s.comp.equipment[item].spaces
    camp.rows[machine], pushed = fit_row(camp.rows[machine], spaces)
    m = machine - 1
    while pushed and m >= 0:
        pushed = push_into(camp.rows[m], pushed)
        camp.add_wear(s.comp, m)
        m -= 1
    for tile in pushed:  # off the left end of the board
        supply.return_unseen(s, tile)
        s.log("pay_dirt.log.dirt-lost", player=player + 1)
