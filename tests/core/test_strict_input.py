"""Strict move input: every field of every action is checked for its exact
type and size before anything changes, and a refusal changes nothing, in
this game or any other (issue 16 §1)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any, ClassVar, Literal

import pytest

import gameshelf
from gameshelf.core import i18n
from gameshelf.core.actions import INT_LIMIT, MAX_ITEMS, MAX_TEXT, Action, ActionCodec
from gameshelf.core.errors import IllegalAction, SetupError
from gameshelf.core.protocol import Option
from gameshelf.core.registry import register_game
from tests.tiny_game import Draw, HiddenHigh, HiddenHighState, Play


@dataclasses.dataclass(frozen=True, slots=True)
class Every(Action):
    """One field of every supported kind of type hint."""

    kind: ClassVar[str] = "every"
    n: int
    flag: bool
    name: str
    share: float
    cards: tuple[int, ...]
    pair: tuple[str, int]
    maybe: int | None
    colour: Literal["red", "blue"]
    extra: int = 0


GOOD: dict[str, Any] = {
    "type": "every", "n": 3, "flag": True, "name": "wheat", "share": 0.5, "cards": [1, 2],
    "pair": ["a", 1], "maybe": None, "colour": "red",
}


def _refused(codec: ActionCodec, obj: Any) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        codec.from_json(obj)
    assert info.value.code == "malformed-action"
    return info.value


def test_every_supported_hint_reads_well_formed_json() -> None:
    codec = ActionCodec([Every])
    action = codec.from_json(GOOD)
    assert action == Every(3, True, "wheat", 0.5, (1, 2), ("a", 1), None, "red")
    assert codec.from_json(json.loads(json.dumps(action.to_json()))) == action
    assert codec.from_json({**GOOD, "share": 2}).share == 2.0  # JSON writers drop ".0"
    assert codec.from_json({**GOOD, "maybe": 7}).maybe == 7


@pytest.mark.parametrize(
    "field,value",
    [
        ("n", 4.0), ("n", True), ("n", "3"), ("n", None), ("n", INT_LIMIT), ("n", -INT_LIMIT),
        ("n", [3]), ("n", {"n": 3}),
        ("flag", 1), ("flag", "true"), ("name", 5), ("name", "x" * (MAX_TEXT + 1)),
        ("name", ["wheat"]), ("share", float("nan")), ("share", float("inf")), ("share", True),
        ("cards", [1, 2.0]), ("cards", [1, True]), ("cards", [[1]]), ("cards", 1),
        ("cards", list(range(MAX_ITEMS + 1))), ("cards", {"0": 1}),
        ("pair", ["a"]), ("pair", ["a", 1, 2]), ("pair", [1, "a"]), ("maybe", 1.0),
        ("colour", "green"), ("colour", 1), ("extra", False),
    ],
)
def test_a_field_of_the_wrong_type_or_size_is_refused(field: str, value: Any) -> None:
    error = _refused(ActionCodec([Every]), {**GOOD, field: value})
    for lang in i18n.LANGUAGES:
        text = error.message_in(lang)
        assert f"every.{field}" in text, text
    assert "must be" in error.message_in("en")


def test_a_five_thousand_digit_number_is_refused() -> None:
    error = _refused(ActionCodec([Every]), {**GOOD, "n": 10**5000})
    assert "huge" in error.message_in("en")


def test_refusals_name_what_was_expected_in_both_languages() -> None:
    error = _refused(ActionCodec([Every]), {**GOOD, "n": 4.0})
    assert "whole number" in error.message_in("en") and "4.0" in error.message_in("en")
    assert "整数" in error.message_in("ja")
    json.dumps(error.to_json())  # the wire form stays JSON


@pytest.mark.parametrize(
    "obj",
    [
        None, 3, "every", [GOOD], {"type": 1}, {"type": ["every"]}, {"type": "every"},
        {**GOOD, "unknown": 1}, {k: v for k, v in GOOD.items() if k != "n"}, {**GOOD, 1: 2},
    ],
)
def test_missing_unknown_and_untyped_moves_are_refused(obj: Any) -> None:
    _refused(ActionCodec([Every]), obj)


def test_deep_nesting_is_refused_without_recursing() -> None:
    deep: Any = 1
    for _ in range(100_000):
        deep = [deep]
    _refused(ActionCodec([Every]), {**GOOD, "cards": deep})
    _refused(ActionCodec([Every]), {"type": deep})


def test_a_field_the_codec_cannot_check_is_refused_when_the_game_loads() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Loose(Action):
        kind: ClassVar[str] = "loose"
        anything: dict  # type: ignore[type-arg]

    with pytest.raises(TypeError, match="anything"):
        ActionCodec([Loose])


# -- apply: exact types, then the game's own instance -------------------------------------
def _tiny() -> HiddenHighState:
    state = gameshelf.load_game("hidden-high").new_game(2, 1)
    assert isinstance(state, HiddenHighState)
    return state


@pytest.mark.parametrize("card", [1.0, True, "1", None, 10**40, (1,)])
def test_apply_refuses_an_equal_object_of_the_wrong_type(card: Any) -> None:
    state = _tiny()
    held = state.hands[0][0]
    before = state.snapshot()
    loose = Play(float(held) if card == 1.0 else card)
    with pytest.raises(IllegalAction) as info:
        state.apply(loose)
    assert info.value.code == "malformed-action"
    assert state.snapshot() == before


def test_apply_refuses_objects_that_are_not_this_games_moves() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Cheat(Play):
        pass

    state = _tiny()
    before = state.snapshot()
    for thing in (Cheat(state.hands[0][0]), "draw", {"type": "draw"}, None, object()):
        with pytest.raises(IllegalAction) as info:
            state.apply(thing)  # type: ignore[arg-type]
        assert info.value.code == "malformed-action"
    assert state.snapshot() == before


def test_apply_plays_the_games_own_instance_not_the_callers() -> None:
    state = _tiny()
    own = state.legal_actions()  # built afresh at each call in this game
    mine = Play(state.hands[0][0])
    state.apply(mine)
    assert state.history[-1] in own and state.history[-1] is not mine


@pytest.mark.parametrize("player", [True, 0.0, "1", None.__class__, 10**40])
def test_a_seat_that_is_not_an_int_is_refused(player: Any) -> None:
    state = _tiny()
    before = state.snapshot()
    with pytest.raises(IllegalAction) as info:
        state.apply(state.legal_actions()[0], player=player)
    assert info.value.code in ("bad-seat", "not-your-turn")
    assert info.value.message_in("ja")
    assert state.snapshot() == before


# -- the free-amount hook ----------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class Bet(Action):
    kind: ClassVar[str] = "bet"
    amount: int


class BettingState(HiddenHighState):
    """Bets of 1..50 are legal; only 1, 10 and 50 are listed (a coarse menu)."""

    def _legal_actions(self) -> list[Action]:
        return [*super()._legal_actions(), Bet(1), Bet(10), Bet(50)]

    def _is_legal(self, action: Action) -> bool:
        return isinstance(action, Bet) and 1 <= action.amount <= 50

    def _apply(self, action: Action) -> None:
        if isinstance(action, Bet):
            self.points[self.turn] -= action.amount
            return
        super()._apply(action)

    def _copy(self) -> BettingState:
        other = super()._copy()
        other.__class__ = BettingState
        return other


class Betting(HiddenHigh):
    id = "betting-high"
    action_classes = (Play, Draw, Bet)

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> BettingState:
        return BettingState(self, players, seed, options)


def test_a_game_may_accept_amounts_its_menu_does_not_list() -> None:
    register_game(Betting.id, Betting)
    state = gameshelf.load_game(Betting.id).new_game(2, 1)
    mine = Bet(17)
    state.apply(mine)
    assert state.history[-1] == Bet(17) and state.history[-1] is not mine
    before = state.snapshot()
    for bad in (Bet(51), Bet(17.0), Bet(True)):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction):
            state.apply(bad)
    assert state.snapshot() == before
    again = gameshelf.replay(json.loads(json.dumps(state.record())))
    assert again.snapshot() == state.snapshot()


# -- setup values ------------------------------------------------------------------------
@pytest.mark.parametrize("players,seed", [(True, 1), (2.0, 1), (2, True), (2, 1.0), (2, 2**64), (2, "7")])
def test_setup_values_are_exact(players: Any, seed: Any) -> None:
    with pytest.raises(SetupError):
        gameshelf.load_game("hidden-high").new_game(players, seed)


def test_options_are_exact() -> None:
    spec = Option(1, choices=(1, 2))
    assert spec.check("n", 2) == 2
    for bad in (1.0, True, "1"):
        with pytest.raises(SetupError):
            spec.check("n", bad)
    with pytest.raises(SetupError):
        Option(False).check("flag", 0)
    game = gameshelf.load_game("hidden-high")
    for options in ([1], "ab", {1: 2}, {"x": [[]]}):
        with pytest.raises(SetupError):
            game.new_game(2, 1, options)  # type: ignore[arg-type]


def test_an_unknown_language_does_not_load_another_catalog() -> None:
    i18n.t("errors.game-over", "en")
    loaded = i18n.catalog.cache_info().currsize
    for lang in ("xx", "fr", "en-US", "../../etc"):
        assert i18n.t("errors.game-over", lang)
    assert i18n.catalog.cache_info().currsize == loaded
