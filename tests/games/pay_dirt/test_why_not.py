"""Pay Dirt's "why not" (issue 29): a worn-out machine, the No-Bid disc, a used gear."""

from __future__ import annotations

from gameshelf.games.pay_dirt import actions as A
from tests.games.pay_dirt.helpers import new, to_work


def texts(s: object) -> list[tuple[str, str]]:
    return [(u.move_text("en"), u.reason_text("en")) for u in s.unavailable_moves()]  # type: ignore[attr-defined]


def test_a_worn_out_machine_says_repair_it_first() -> None:
    """「損耗駒が採掘機械の耐久度（工具アイコン）と同じ数まで貯まっている場合、その採掘機械を動かす
    ことは出来ない」."""
    s = new(2)
    to_work(s, 0)
    camp = s.camps[0]
    camp.wear[1] = camp.durability(s.comp, 1)
    assert not any(isinstance(a, A.Slide | A.Pull) and a.machine == 1 for a in s.legal_actions())
    assert ("Run the Loader", "its wear equals its tool icons: repair it first") in texts(s)


def test_the_no_bid_disc_names_the_blocked_row() -> None:
    """「次の競りにその種類は選択できないことを示す」."""
    s = new(2)
    s.no_bid = 2
    assert not any(isinstance(a, A.Nominate) and a.row == 2 for a in s.legal_actions())
    assert ("Put a lot of Claims up for auction",
            "the No-Bid disc lies on Claims: the last auction was of that kind") in texts(s)


def test_no_worker_left() -> None:
    s = new(2)
    to_work(s, 0, workers=0)
    s.camps[0].gold = 2
    assert ("Place a worker (sell, dig, move, repair)", "every worker of yours is placed this round") in texts(s)
