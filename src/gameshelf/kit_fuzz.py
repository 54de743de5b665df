"""Hostile moves for the conformance kit: real legal moves, mutated.

The server will feed moves from strangers straight into the engines, so the
kit throws at every game what a hostile client would: each case starts from
one of the game's real legal moves in JSON and breaks it (a float or a bool
where an int belongs, a huge or negative number, long or odd text, nested
lists and objects, a field dropped or added, an unknown type, the whole move
replaced), or sends a valid move for a seat that is not the one to decide.
:func:`run_case` then asserts what issue 16 promises: only
:class:`IllegalAction` is raised, the state and its record are byte-for-byte
unchanged, and other games in the process still list the very same moves
(compared as JSON text, so that ``0`` and ``0.0`` differ) and can play them.

Hypothesis is imported here only, so ``import gameshelf`` never needs it.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from gameshelf.core.actions import Action, brief
from gameshelf.core.errors import IllegalAction
from gameshelf.core.protocol import Game, State

#: how a field's value is broken, from the value it had (:func:`broken_value`).
VALUE_CHANGES = ("as-float", "as-bool", "as-text", "wrap-list", "wrap-object", "negate", "huge", "junk")
#: every way one drawn case breaks its move (:func:`mutate`): each field
#: change on a field and on a list's element, then the move's shape, the
#: seat and the whole value. One Hypothesis example runs them all, since
#: drawing an example costs far more than playing a move.
PLAN: tuple[tuple[str, str], ...] = (
    *(("field", change) for change in VALUE_CHANGES),
    *(("field", change) for change in VALUE_CHANGES),
    *(("element", change) for change in VALUE_CHANGES),
    *(("drop", ""), ("extra", ""), ("extra", ""), ("type", ""), ("type", "")),
    *(("seat", "") for _ in range(4)),
    ("whole", ""),
)

_HOSTILE_SCALARS: tuple[Any, ...] = (
    4.0, 0.0, -0.0, 1.0, math.nan, math.inf, -math.inf, True, False, None, 2**31, 2**63, -(2**63),
    -1, 10**30, "", "1", "０", "🐄", "\u202e", "\ud800", "@errors.game-over", "{detail}", "x" * 10_000,
)


def _deep(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def junk() -> st.SearchStrategy[Any]:
    """Any JSON value a client might send, and some Python ones no JSON holds."""
    scalars = (
        st.sampled_from(_HOSTILE_SCALARS)
        | st.integers()
        | st.floats()
        | st.text(max_size=20)
        | st.builds(pow, st.just(10), st.just(5000))  # too many digits for Python to print
        | st.builds(_deep, st.sampled_from([2, 50, 3000]))
    )
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
        max_leaves=6,
    )


@dataclasses.dataclass(frozen=True)
class Case:
    """One hostile submission: which sampled state, which of its moves, how broken."""

    state: int
    move: int
    mutation: str
    change: str
    pick: int
    junk: Any

    def __repr__(self) -> str:  # Hypothesis prints failing cases; keep huge values short
        return f"Case(state={self.state}, move={self.move}, {self.mutation}/{self.change}, pick={self.pick})"

    def planned(self) -> list[Case]:
        """This case broken in every way of :data:`PLAN`."""
        return [
            dataclasses.replace(self, mutation=m, change=c, pick=self.pick + i)
            for i, (m, c) in enumerate(PLAN)
        ]


def cases(n_states: int) -> st.SearchStrategy[Case]:
    return st.builds(
        Case,
        st.integers(0, n_states - 1),
        st.integers(0, 2**16),
        st.just("whole"),
        st.just(""),
        st.integers(0, 2**16),
        junk(),
    )


def broken_value(original: Any, change: str, junk_value: Any, pick: int) -> Any:
    """``original`` made wrong in the way ``change`` names."""
    if change == "as-float":
        return float(original) if isinstance(original, int) and abs(original) < 2**53 else 4.0
    if change == "as-bool":
        return bool(original) if not isinstance(original, bool) else int(original)
    if change == "as-text":
        return str(original)[:50] if not isinstance(original, str) else original + "\u0301" * (pick % 3 + 1)
    if change == "wrap-list":
        return [original]
    if change == "wrap-object":
        return {"value": original}
    if change == "negate":
        return -original - 1 if type(original) is int else -1
    if change == "huge":
        base = original if type(original) is int else 0
        return base + (2**31, 2**63, 10**20, -(2**40))[pick % 4]
    return junk_value


def mutate(move: dict[str, Any], case: Case, kinds: Sequence[str], players: int, current: int) -> tuple[Any, Any]:
    """The broken JSON and the seat it is sent for (``None``: the one to decide)."""
    obj = dict(move)
    fields = sorted(k for k in obj if k != "type")
    pick = case.pick
    if case.mutation == "seat":
        wrong = (current + 1 + pick % max(1, players - 1)) % players if players > 1 else 1
        seats: list[Any] = [wrong, wrong, players, -1, True, float(current), str(current), [current]]
        return obj, seats[pick % len(seats)]
    if case.mutation in ("field", "element") and fields:
        name = fields[pick % len(fields)]
        value = obj[name]
        if case.mutation == "element" and isinstance(value, list) and value:
            items = list(value)
            items[pick % len(items)] = broken_value(items[pick % len(items)], case.change, case.junk, pick)
            obj[name] = items
        else:
            obj[name] = broken_value(value, case.change, case.junk, pick)
        return obj, None
    if case.mutation == "drop":
        del obj[fields[pick % len(fields)] if fields else "type"]
        return obj, None
    if case.mutation == "extra":
        obj[("extra", "type2", "Type", "by", "__class__")[pick % 5]] = case.junk
        return obj, None
    if case.mutation == "type":
        others = [k for k in kinds if k != obj["type"]]
        choices: list[Any] = [*others, obj["type"].upper(), obj["type"] + " ", case.junk]
        obj["type"] = choices[pick % len(choices)]
        return obj, None
    return case.junk, None


def cold_moves(universe: Sequence[Action]) -> list[Any]:
    """Every move the game can ever list, with each whole-number field sent
    as a float (and the first as a bool too).

    Why first, before any state is sampled: a cache that keeps the value a
    client sent (``Offer(0, 3.0)`` cached before any ``Offer(0, 3)``) shows
    only for moves nobody has listed yet; once the rules have listed a move,
    the cache holds the right object and the hostile one finds it.
    """
    out: list[Any] = []
    for action in universe:
        move = action.to_json()
        ints = [k for k, v in move.items() if type(v) is int]
        for n, name in enumerate(ints):
            out.append({**move, name: float(move[name])})
            if n == 0:
                out.append({**move, name: bool(move[name])})
    return out


def legal_json(state: State) -> str:
    """The legal moves as JSON text: ``0`` and ``0.0`` differ here."""
    return json.dumps([a.to_json() for a in state.legal_actions()])


@dataclasses.dataclass
class Target:
    """A sampled state under attack, with what must not change."""

    pristine: State
    work: State
    snapshot: bytes
    record: str
    legal: str
    moves: list[dict[str, Any]]
    wires: frozenset[str]

    @classmethod
    def of(cls, state: State) -> Target:
        moves = [a.to_json() for a in state.legal_actions()]
        return cls(
            state.clone(), state.clone(), state.snapshot(), json.dumps(state.record()),
            legal_json(state), moves, frozenset(json.dumps(m) for m in moves),
        )


class Watchers:
    """Other games in the same process, reached by play; a refused move must
    not change what they list, nor stop them playing."""

    def __init__(self, states: Sequence[State]) -> None:
        self.states = [s.clone() for s in states if not s.is_over]
        self.legal = [legal_json(s) for s in self.states]
        self.turn = 0

    def play_through(self, game: Game, what: str) -> int:
        """Play every watched game to its end, checking at each step that
        every listed move is exactly typed (a poisoned cache shows here: a
        move the rules list for the first time comes out of it) and is
        taken by ``apply``. Returns the number of moves played."""
        played = 0
        for start in self.states:
            state = start.clone()
            while not state.is_over:
                moves = state.legal_actions()
                for move in moves:
                    try:
                        game.codec.check(move)
                    except IllegalAction as exc:
                        raise AssertionError(
                            f"{what} changed the legal moves of another game: it lists {exc.message_in('en')}"
                        ) from None
                state.apply(moves[(played * 7919) % len(moves)])
                played += 1
        return played

    def check(self, what: str, every: bool = False) -> None:
        if not self.states:
            return
        picks = range(len(self.states)) if every else [self.turn % len(self.states)]
        self.turn += 1
        for i in picks:
            state = self.states[i]
            now = legal_json(state)
            assert now == self.legal[i], (
                f"{what} changed the legal moves of another game:\n before {self.legal[i][:400]}\n"
                f" after  {now[:400]}"
            )
            moves = state.legal_actions()
            probe = state.clone()
            probe.apply(moves[self.turn % len(moves)])


def run_case(game: Game, target: Target, obj: Any, seat: Any, watchers: Watchers, label: str) -> bool:
    """Submit one hostile move; True when it was (rightly) accepted.

    A failing case leaves the target as it found it, so that Hypothesis,
    which plays a failing case again before reporting it, sees it fail the
    same way."""
    try:
        return _run_case(game, target, obj, seat, watchers, label)
    except BaseException:
        target.work = target.pristine.clone()
        raise


def _run_case(game: Game, target: Target, obj: Any, seat: Any, watchers: Watchers, label: str) -> bool:
    state = target.work
    try:
        action: Action = game.action_from_json(obj)
        if seat is None:
            state.apply(action)
        else:
            state.apply(action, player=seat)
    except IllegalAction as exc:
        assert exc.message_in("en") and exc.message_in("ja"), f"{label}: an empty refusal"
        json.dumps(exc.to_json())
        accepted = False
    except Exception as exc:  # the point of the kit: nothing but IllegalAction
        raise AssertionError(f"{label}: raised {type(exc).__name__}: {str(exc)[:300]}") from exc
    else:
        accepted = True
    if accepted:
        assert seat is None, f"{label}: a move sent for seat {brief(seat)} was accepted"
        played = state.history[-1]
        game.codec.check(played)
        wire = json.dumps(played.to_json())
        assert wire in target.wires or json.dumps(game.action_from_json(played.to_json()).to_json()) == wire, (
            f"{label}: accepted {wire[:200]}, which is not a well-formed legal move"
        )
        target.work = target.pristine.clone()
    else:
        assert state.snapshot() == target.snapshot, f"{label}: a refused move changed the state"
        assert json.dumps(state.record()) == target.record, f"{label}: a refused move changed the record"
        assert legal_json(state) == target.legal, f"{label}: a refused move changed the legal moves"
    watchers.check(label)
    return accepted
