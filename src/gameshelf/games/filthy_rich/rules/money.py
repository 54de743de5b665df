"""Every dollar moves through here, so the bank ledger stays exact.

The bank's cash is unlimited; ``state.bank`` counts what it has paid out net
of what it took in, so the law "money is only created or destroyed by the
bank" reads: ``sum(money) == players * start_money + bank``.

"お金を払わなければならない場面で、それを払う能力がなかった場合、ゲームから外されます"
(if you must pay and cannot, you are out): :func:`force_pay` is the one place
where that is decided (``bankruptcy.py``, next to going out). Voluntary payments (costs, cover fees, bids) are only
offered when affordable (C5), so they use :func:`pay_bank` / :func:`transfer`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gameshelf.games.filthy_rich.state import FilthyRichState


def from_bank(s: FilthyRichState, seat: int, amount: int) -> None:
    s.money[seat] += amount
    s.bank += amount


def pay_bank(s: FilthyRichState, seat: int, amount: int) -> None:
    assert s.money[seat] >= amount, "a voluntary payment must be affordable"
    s.money[seat] -= amount
    s.bank -= amount


def transfer(s: FilthyRichState, payer: int, payee: int, amount: int) -> None:
    assert s.money[payer] >= amount, "a voluntary payment must be affordable"
    s.money[payer] -= amount
    s.money[payee] += amount
