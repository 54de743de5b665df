"""The one public description of a Pay Dirt move (``Game.describe_public``): a
kept hardship card is only "a hardship card" until the cards are revealed
together.
"""

from __future__ import annotations

from gameshelf.core.actions import Action
from gameshelf.core.i18n import t
from gameshelf.games.pay_dirt import actions as A
from gameshelf.games.pay_dirt.describe import describe


def describe_public(a: Action, lang: str | None = None) -> str:
    """The move as the rest of the table sees it. Only the hardship draft is
    secret: "全員が苦境カードを受け取ったら同時に解決" — the kept cards are turned
    over together once every player has one, so until then the others see
    only that a card was kept (the cards resolve publicly, in the log)."""
    if isinstance(a, A.KeepHardship):
        return t("pay_dirt.public.keep", lang)
    return describe(a, lang)
