"""Dicey Farm's :class:`Game`: options, the action universe, presentation hooks."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from gameshelf.core.actions import Action
from gameshelf.core.errors import SetupError
from gameshelf.core.interfaces import Encoding, Heuristics, TerminalView, Texts
from gameshelf.core.protocol import Game, Option, State
from gameshelf.games.dicey_farm import actions as A
from gameshelf.games.dicey_farm.components import components
from gameshelf.games.dicey_farm.rules.dice import die_actions
from gameshelf.games.dicey_farm.rules.legal import DICE_CRAFTSMEN, modified_faces
from gameshelf.games.dicey_farm.state import DiceyFarmState, rank_of


def check_date(value: str) -> str:
    """A Daily Mode date must be ``YYYY-MM-DD``; raises :class:`SetupError`."""
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except ValueError:
        raise SetupError("bad-option", {"name": "daily", "value": value}) from None

class DiceyFarm(Game):
    id = "dicey-farm"
    name_key = "dicey_farm.name"
    min_players = 1
    max_players = 1
    default_players = 1
    rules_version = "1.02-3"
    action_classes = A.ACTION_CLASSES
    options_schema = {"daily": Option(default="", help_key="dicey_farm.option.daily")}

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        if options["daily"]:
            options["daily"] = check_date(options["daily"])
        return DiceyFarmState(self, players, seed, options)

    def _action_universe(self) -> Sequence[Action]:
        c = components()
        faces = range(1, 7)
        ingredients = c.ingredients
        out: list[Action] = [A.PickDie(f) for f in faces]
        out += [A.Use(a) for a in (*die_actions(), "discard")]
        out.append(A.Back())
        out += [A.Modify(m, f, to) for m in DICE_CRAFTSMEN for f in faces for to in modified_faces(m, f)]
        out += [A.ToFood(i) for i in ingredients]
        out += [A.Cook(a, b) for k, a in enumerate(ingredients) for b in ingredients[k + 1 :]]
        out.append(A.HorseShip())
        out += [A.Sow(crop) for crop in c.crops]
        out += [A.Ship(good) for good in c.market]
        out += [A.Deliver(r) for r in c.recipes]
        out.append(A.Bake())
        out += [A.Butcher(a) for a, (_, meat) in c.livestock.items() if meat]
        out += [A.Hire(cid) for cid in c.deck]
        out += [A.Keep(cid) for cid in c.deck]
        out += [A.Build(f) for f in c.facilities]
        out += [A.Tour(n) for n in faces]
        out += [A.Done(), A.EndRound()]
        return out

    @staticmethod
    def rank_of(score: float) -> dict[str, Any]:
        """The rulebook's rank of a final score: ``{index, key, min, en, ja}``
        (``index`` 0 is the lowest rank)."""
        return rank_of(score)

    # -- presentation ---------------------------------------------------------------
    def describe_action(self, action: Action, lang: str | None = None) -> str:
        from gameshelf.games.dicey_farm.describe import describe_action

        return describe_action(action, lang)

    def facts(self) -> dict[str, Any]:
        """The action tiles of the board, in the rulebook's order (the die actions)."""
        return {"board_actions": list(A.DIE_ACTIONS)}

    def client_data(self) -> dict[str, Any]:
        from gameshelf.games.dicey_farm.client_data import client_data

        return client_data()

    # -- the parts it hands out (gameshelf.core.interfaces) ------------------------------
    def texts(self) -> Texts:
        from gameshelf.games.dicey_farm.texts import DiceyFarmTexts

        return DiceyFarmTexts(self)

    def terminal_view(self) -> TerminalView:
        from gameshelf.games.dicey_farm.terminal_view import DiceyFarmView

        return DiceyFarmView()

    def encoding(self) -> Encoding:
        from gameshelf.games.dicey_farm.encoding import DiceyFarmEncoding

        return DiceyFarmEncoding()

    def heuristics(self) -> Heuristics:
        from gameshelf.games.dicey_farm.heuristics import DiceyFarmHeuristics

        return DiceyFarmHeuristics()
