"""Actions: one JSON form, hashable, malformed input refused clearly."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import pytest

import gameshelf
from gameshelf.core.actions import Action, ActionCodec
from gameshelf.core.errors import IllegalAction
from tests.tiny_game import Draw, Play


def test_json_round_trip_and_hash() -> None:
    game = gameshelf.load_game("hidden-high")
    for action in (Play(3), Draw()):
        back = game.action_from_json(action.to_json())
        assert back == action and hash(back) == hash(action)
    assert Play(3).to_json() == {"type": "play", "card": 3}
    assert str(Play(3)) == "play 3"


@pytest.mark.parametrize(
    "obj",
    [None, 3, [], {}, {"type": "fly"}, {"type": "play"}, {"type": "play", "card": 1, "x": 2},
     {"type": "play", "card": {"a": 1}}],
)
def test_malformed_json_is_refused(obj: object) -> None:
    game = gameshelf.load_game("hidden-high")
    with pytest.raises(IllegalAction) as info:
        game.action_from_json(obj)
    assert info.value.code == "malformed-action"


def test_ids_are_fixed_and_masks_match_legal_actions() -> None:
    game = gameshelf.load_game("hidden-high")
    assert game.num_distinct_actions == 13
    assert game.action_from_id(game.action_id(Draw())) == Draw()
    state = game.new_game(2, 1)
    mask = state.legal_action_mask()
    assert [game.action_from_id(i) for i, ok in enumerate(mask) if ok] == sorted(
        state.legal_actions(), key=game.action_id
    )
    with pytest.raises(IllegalAction):
        game.action_from_id(99)


def test_illegal_and_out_of_turn_moves_change_nothing() -> None:
    state = gameshelf.load_game("hidden-high").new_game(2, 1)
    before = state.snapshot()
    not_held = next(c for c in range(1, 13) if c not in state.hands[0])
    with pytest.raises(IllegalAction) as info:
        state.apply(Play(not_held))
    assert "do not hold" in info.value.message_in("en")
    with pytest.raises(IllegalAction) as info:
        state.apply(state.legal_actions()[0], player=1)
    assert info.value.code == "not-your-turn"
    assert state.snapshot() == before



@dataclasses.dataclass(frozen=True, slots=True)
class Take(Action):
    kind: ClassVar[str] = "take"
    card: int


@dataclasses.dataclass(frozen=True, slots=True)
class Give(Action):
    kind: ClassVar[str] = "give"
    card: int


@dataclasses.dataclass(frozen=True, slots=True)
class Stop(Action):
    kind: ClassVar[str] = "stop"


@dataclasses.dataclass(frozen=True, slots=True)
class Wait(Action):
    kind: ClassVar[str] = "wait"


def test_ids_of_actions_that_share_a_hash_stay_apart() -> None:
    """Dataclasses hash their fields only: ``Take(3)`` and ``Give(3)``, and
    every field-less action, share a hash. The codec keeps one id table per
    class, so each still gets its own id, and a twice-listed action is refused."""
    assert hash(Take(3)) == hash(Give(3)) and hash(Stop()) == hash(Wait())
    codec = ActionCodec([Take, Give, Stop, Wait])
    universe = [Stop(), Wait(), *(Take(c) for c in range(4)), *(Give(c) for c in range(4))]
    codec.set_universe(universe)
    assert [codec.to_id(a) for a in universe] == list(range(len(universe)))
    assert codec.id_tables[Give][Give(3)] == 9 and codec.id_tables[Wait][Wait()] == 1
    with pytest.raises(IllegalAction):
        codec.to_id(Take(7))
    with pytest.raises(ValueError, match="twice"):
        ActionCodec([Take]).set_universe([Take(1), Take(1)])
