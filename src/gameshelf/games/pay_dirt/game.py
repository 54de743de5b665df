"""The Pay Dirt game description: players, actions, presentation hooks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from gameshelf.core.actions import Action
from gameshelf.core.interfaces import Encoding, Heuristics, TerminalView, Texts
from gameshelf.core.protocol import Game, PlayerId, State
from gameshelf.games.pay_dirt.actions import ACTION_CLASSES, action_universe
from gameshelf.games.pay_dirt.components import components


class PayDirt(Game):
    """Pay Dirt: dig, haul and wash gold before the Alaskan winter closes in."""

    id: ClassVar[str] = "pay-dirt"
    name_key: ClassVar[str] = "pay_dirt.name"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    default_players: ClassVar[int | None] = 2
    rules_version: ClassVar[str] = "2"
    action_classes: ClassVar[Sequence[type[Action]]] = ACTION_CLASSES

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        from gameshelf.games.pay_dirt.state import PayDirtState

        return PayDirtState(self, players, seed, options)

    def _action_universe(self) -> Sequence[Action]:
        comp = components()
        spaces = max([*comp.rules.base_spaces, *(e.spaces for e in comp.equipment)])
        from gameshelf.games.pay_dirt.rules.auction import OPENING_STEPS

        rules = comp.rules
        workers = rules.start_workers + sum(p.workers for p in comp.personnel)
        return action_universe(spaces, rules.bid_cap, rules.gear_display, len(comp.hardships), workers, OPENING_STEPS)

    def describe_action(self, action: Action, lang: str | None = None) -> str:
        from gameshelf.games.pay_dirt.describe import describe

        return describe(action, lang)

    def describe_public(self, action: Action, player: PlayerId, lang: str | None = None) -> str:
        """What the table sees of ``player``'s move: a kept hardship card is
        only "a hardship card" until the cards are revealed together."""
        from gameshelf.games.pay_dirt.public import describe_public

        return describe_public(action, lang)

    def facts(self) -> dict[str, Any]:
        """``gear_target``: the repair and wear target of the first gear slot
        (the three machines come first, then the claim and camp gear)."""
        from gameshelf.games.pay_dirt.components import MACHINES

        return {"gear_target": len(MACHINES)}

    def client_data(self) -> dict[str, Any]:
        from gameshelf.games.pay_dirt.client_data import client_data

        return client_data()

    # -- the parts it hands out (gameshelf.core.interfaces) ------------------------------
    def texts(self) -> Texts:
        from gameshelf.games.pay_dirt.texts import PayDirtTexts

        return PayDirtTexts(self)

    def terminal_view(self) -> TerminalView:
        from gameshelf.games.pay_dirt.terminal_view import PayDirtView

        return PayDirtView()

    def encoding(self) -> Encoding:
        from gameshelf.games.pay_dirt.encoding import PayDirtEncoding

        return PayDirtEncoding()

    def heuristics(self) -> Heuristics:
        from gameshelf.games.pay_dirt.heuristics import PayDirtHeuristics

        return PayDirtHeuristics()
