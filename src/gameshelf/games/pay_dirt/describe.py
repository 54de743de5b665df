"""Player-facing sentences for actions, in the player's language.

:func:`describe` is the deciding player's own sentence; :func:`describe_public`
is what every other seat, a spectator, the terminal, the server and the
browser say about that move, which never names a secret choice.
"""

from __future__ import annotations

from gameshelf.core.actions import Action
from gameshelf.core.i18n import t
from gameshelf.games.pay_dirt import actions as A
from gameshelf.games.pay_dirt.components import (
    GEAR_SLOTS,
    KINDS,
    MACHINES,
    ROWS,
    TARGETS,
    components,
    dollars,
)


def money(amount: int) -> str:
    """Amounts are kept in thousands: 9 -> "$9,000", 0 -> "$0", -2 -> "-$2,000"
    (never "$0,000")."""
    if not amount:
        return "$0"
    sign = "-" if amount < 0 else ""
    return f"{sign}${dollars(abs(amount)):,}"


def _machine(m: int, lang: str | None) -> str:
    return t(f"pay_dirt.machine.{MACHINES[m]}", lang)


def _by(by: int, lang: str | None) -> str:
    return t(f"pay_dirt.by.{A.BY[by]}", lang)


def _target(target: int, lang: str | None) -> str:
    name = TARGETS[target]
    if target < 3:
        return t(f"pay_dirt.machine.{name}", lang)
    return t(f"pay_dirt.slot.{GEAR_SLOTS[target - 3]}", lang)


def describe(a: Action, lang: str | None = None) -> str:
    """One sentence per action; gear uses name the gear slot doing the work."""
    k = "pay_dirt.act."
    if isinstance(a, A.Nominate):
        row = t(f"pay_dirt.row.{ROWS[a.row]}", lang)
        return t(k + ("nominate" if a.over else "nominate-min"), lang, row=row, slot=a.slot + 1, over=dollars(a.over))
    if isinstance(a, A.Bid):
        return t(k + "bid", lang, amount=dollars(a.amount))
    if isinstance(a, A.DiscardClaim):
        return t(k + "discard-claim", lang, slot=a.slot + 1)
    if isinstance(a, A.RemoveWear):
        return t(k + "remove-wear", lang, target=_target(a.target, lang))
    if isinstance(a, A.PlaceGear):
        return t(k + "place-gear", lang, workers=a.workers)
    if isinstance(a, A.BuyGear):
        return t(k + "buy-gear", lang, slot=a.slot + 1)
    if isinstance(a, A.Sell):
        return t(k + "sell", lang, gold=a.gold, by=_by(a.by, lang))  # the price depends on crew and hardships
    if isinstance(a, A.Slide):
        return t(k + "slide", lang, machine=_machine(a.machine, lang), space=a.space + 1, to=a.space + 2, by=_by(a.by, lang))
    if isinstance(a, A.Pull):
        return t(k + "pull", lang, machine=_machine(a.machine, lang), source=_machine(a.machine - 1, lang), by=_by(a.by, lang))
    if isinstance(a, A.Dig):
        kind = t(f"pay_dirt.kind.{KINDS[a.tile_kind]}", lang)
        return t(k + "dig", lang, claim=a.claim + 1, kind=kind, by=_by(a.by, lang))
    if isinstance(a, A.Repair):
        return t(k + "repair", lang, target=_target(a.target, lang), by=_by(a.by, lang))
    if isinstance(a, A.KeepHardship):
        h = components().hardships[a.card]
        return t(
            k + "keep",
            lang,
            card=t(f"pay_dirt.hardship.{h.id}", lang),
            effect=hardship_text(a.card, lang),
            temp=h.temperature,
        )
    return t(k + a.kind, lang)


def hardship_text(card: int, lang: str | None = None) -> str:
    """What a hardship does, built from its effect kind."""
    h = components().hardships[card]
    kind = t("pay_dirt.hardship-kind." + ("ongoing" if h.ongoing else "instant"), lang)
    machine = ""
    if h.machine >= 0:
        machine = t("pay_dirt.all-machines", lang) if h.machine == 3 else _machine(h.machine, lang)
    effect = t(f"pay_dirt.effect.{h.effect}", lang, amount=h.amount, dollars=dollars(h.amount), machine=machine)
    return f"{kind} {effect}"
