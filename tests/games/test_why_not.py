"""The "why not" promise of every game, over random games (issue 29).

``State.unavailable_moves()`` names moves a player looks for and does not
find. Checked at every decision of random games of all four games:

* every reason names a move that is indeed not legal now (each test maps
  the reason's move and parameters back to the game's actions it stands for,
  and none of them may be in the legal list);
* every text exists in English and Japanese with its parameters filled;
* asking changes nothing (the legal list, every seat's observation);
* it depends only on what the deciding seat sees: a determinized copy (all
  hidden information re-dealt) gives the same reasons.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from gameshelf.core import i18n
from gameshelf.core.actions import Action
from gameshelf.core.protocol import State, Unavailable
from gameshelf.core.registry import load_game

Matcher = Callable[[Action], bool]


def _tail(value: Any) -> str:
    """``"@dicey_farm.good.wheat"`` -> ``"wheat"``."""
    assert isinstance(value, str) and value.startswith("@"), value
    return value.rsplit(".", 1)[1]


def dicey_farm(s: Any, u: Unavailable) -> Matcher:
    from gameshelf.games.dicey_farm import actions as A

    p = u.params
    if u.move.startswith("dicey_farm.action."):
        name = u.move.rsplit(".", 1)[1]
        return lambda a: a == A.Use(name)
    table: dict[str, Matcher] = {
        "dicey_farm.describe.end-round": lambda a: isinstance(a, A.EndRound),
        "dicey_farm.describe.horse-ship": lambda a: isinstance(a, A.HorseShip),
        "dicey_farm.why_not.move.modify": lambda a: isinstance(a, A.Modify) and a.craftsman == p["craftsman"].split(".")[-2],
        "dicey_farm.why_not.move.ship": lambda a: a == A.Ship(_tail(p.get("good", "@x"))),
        "dicey_farm.describe.deliver": lambda a: a == A.Deliver(_tail(p.get("recipe", "@x"))),
        "dicey_farm.describe.sow": lambda a: a == A.Sow(_tail(p.get("crop", "@x"))),
        "dicey_farm.why_not.move.build": lambda a: a == A.Build(p.get("facility", "@x").split(".")[-2]),
    }
    return table[u.move]


def filthy_rich(s: Any, u: Unavailable) -> Matcher:
    from gameshelf.games.filthy_rich import actions as A

    p = u.params
    seat = s.current_player
    if u.move == "filthy_rich.why_not.move.play":
        cards = [c for c in s.hands[seat] if s.acts.card_param[c] == p["card"]]
        assert cards, "the card named is in the seat's hand"
        return lambda a: isinstance(a, A.PlayCard) and a.card in cards
    table: dict[str, Matcher] = {
        "filthy_rich.why_not.move.buy-any": lambda a: isinstance(a, A.BuyLuxury),
        "filthy_rich.why_not.move.play-any": lambda a: isinstance(a, A.PlayCard | A.DiscardCard),
        "filthy_rich.action.roll": lambda a: isinstance(a, A.Roll),
        "filthy_rich.why_not.move.bid": lambda a: isinstance(a, A.Bid),
    }
    return table[u.move]


def pay_dirt(s: Any, u: Unavailable) -> Matcher:
    from gameshelf.games.pay_dirt import actions as A
    from gameshelf.games.pay_dirt.components import MACHINES, ROWS

    p = u.params
    camp = s.camps[s.current_player]
    if u.move in ("pay_dirt.why_not.move.row", "pay_dirt.why_not.move.lot"):
        row = ROWS.index(_tail(p["row"]))
        slot = p["slot"] - 1 if "slot" in p else None
        return lambda a: isinstance(a, A.Nominate) and a.row == row and (slot is None or a.slot == slot)
    if u.move == "pay_dirt.why_not.move.run":
        m = MACHINES.index(_tail(p["machine"]))
        return lambda a: (isinstance(a, A.Slide | A.Pull) and a.machine == m) or (m == 0 and isinstance(a, A.Dig))
    if u.move == "pay_dirt.why_not.move.use-gear":
        slots = [k for k in range(2) if camp.gear[k] >= 0 and s.comp.gear[camp.gear[k]].id == _tail(p["gear"])]
        assert slots
        return lambda a: getattr(a, "by", A.WORKER) in {k + 1 for k in slots}
    table: dict[str, Matcher] = {
        "pay_dirt.why_not.move.raise": lambda a: isinstance(a, A.Bid),
        "pay_dirt.why_not.move.buy-gear": lambda a: a == A.BuyGear(p["slot"] - 1),
        "pay_dirt.why_not.move.worker": lambda a: isinstance(a, A.Sell | A.Slide | A.Pull | A.Dig | A.Repair)
        and a.by == A.WORKER,
        "pay_dirt.why_not.move.sell": lambda a: isinstance(a, A.Sell),
    }
    return table[u.move]


def above_and_below(s: Any, u: Unavailable) -> Matcher:
    from gameshelf.games.above_and_below import actions as A

    p = u.params
    name = u.move.rsplit(".", 1)[1]
    if name in ("explore", "harvest", "build", "train"):
        return lambda a: isinstance(a, A.Act) and a.action == name
    table: dict[str, Matcher] = {
        "main": lambda a: isinstance(a, A.Act),
        "refresh": lambda a: isinstance(a, A.Refresh),
        "send": lambda a: isinstance(a, A.Assign) and a.villager == int(_tail(p["villager"])),
        "set-out": lambda a: isinstance(a, A.SetOut),
        "done": lambda a: isinstance(a, A.Done),
    }
    return table[name]


GAMES: dict[str, tuple[int, Callable[[Any, Unavailable], Matcher]]] = {
    "dicey-farm": (1, dicey_farm),
    "filthy-rich": (3, filthy_rich),
    "pay-dirt": (3, pay_dirt),
    "above-and-below": (2, above_and_below),
}


def _texts(u: Unavailable) -> None:
    for lang in i18n.LANGUAGES:
        for key in (u.move, u.reason):
            assert i18n.has(key, lang), (key, lang)
        for text in (u.move_text(lang), u.reason_text(lang)):
            assert text and "{" not in text and "@" not in text, (u, lang, text)


def _seen(s: State) -> list[Any]:
    return [s.observation(p) for p in range(s.players)] + [s.observation(None)]


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", range(3))
def test_every_reason_names_a_move_that_is_not_legal(game_id: str, seed: int) -> None:
    players, matcher = GAMES[game_id]
    state = load_game(game_id).new_game(players, seed)
    pick = random.Random(seed)
    reasons = 0
    for step in range(2500):
        if state.is_over:
            break
        legal = state.legal_actions()
        before = _seen(state)
        missing = state.unavailable_moves()
        assert state.legal_actions() == legal and _seen(state) == before, "asking changed the state"
        for u in missing:
            _texts(u)
            refers = matcher(state, u)
            offending = [a for a in legal if refers(a)]
            assert not offending, f"{u} given, yet {offending[:3]} is legal (step {step})"
        reasons += len(missing)
        if missing and step % 7 == 0:
            seat = state.current_player
            assert seat is not None
            other = state.determinize(seat, seed + step)
            assert other.unavailable_moves() == missing, "the reasons depend on what the seat cannot see"
        state.apply(pick.choice(legal))
    assert reasons > 0, "no reason was ever given: the test checked nothing"
