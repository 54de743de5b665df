"""What every adapter needs: checked settings, masks, action ids, outcomes.

Why one module: each library wants the same few facts about a state (the
legal-action mask, the id an agent sent, the reward at the end), and each
must refuse bad input the same way, with a clear error and nothing changed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from gameshelf.core.actions import Action
from gameshelf.core.errors import IllegalAction
from gameshelf.core.protocol import Game, State
from gameshelf.core.registry import load_game
from gameshelf.core.tensor import StateEncoder, encoder_for

#: how a finished game pays a seat: its final score, or 1 for a win (ties
#: shared by every tied winner) and 0 otherwise.
REWARDS = ("score", "win")


def exact_int(value: Any, name: str) -> int:
    """``value`` as an int, refusing bools and floats (True is not 1, 4.0 is
    not 4). A 0-d integer array (what ``np.argmax`` over a batch row or a
    vectorised policy may hand back) is its one integer."""
    if type(value) is int:  # the usual case, before the slower isinstance tests
        return value
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value[()]
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer):
        raise TypeError(f"{name} must be an integer, not {value!r}")
    return int(value)


def resolve_game(game: Any) -> Game:
    if not isinstance(game, str):
        raise TypeError(f"game must be a game id such as 'pay-dirt', not {game!r}")
    try:
        return load_game(game)
    except KeyError:
        raise ValueError(f"unknown game {game!r}") from None


def resolve_players(game: Game, players: Any) -> int:
    """The player count, checked; ``None`` means three where the game allows."""
    if players is None:
        return max(game.min_players, min(3, game.max_players))
    n = exact_int(players, "players")
    if not game.min_players <= n <= game.max_players:
        raise ValueError(f"{game.id} takes {game.min_players} to {game.max_players} players, not {n}")
    return n


def game_rewards(game: Game) -> dict[str, Callable[[State, int], float]]:
    """The reward kinds a game adds to :data:`REWARDS` (its encoding
    module's ``REWARDS``: Pay Dirt's ``"gold+money"``)."""
    return dict(encoder_for(game).rewards())


def resolve_reward(reward: Any, game: Game | None = None) -> str:
    kinds = (*REWARDS, *(game_rewards(game) if game is not None else ()))
    if type(reward) is not str or reward not in kinds:
        raise ValueError(f"reward must be one of {', '.join(kinds)}, not {reward!r}")
    return reward


def outcome(state: State, seat: int, reward: str) -> float:
    """What the finished ``state`` pays ``seat`` under ``reward``."""
    if reward == "win":
        return 1.0 if seat in state.winners() else 0.0
    if reward == "score":
        return float(state.scores()[seat])
    return float(game_rewards(state.game)[reward](state, seat))


def checked_id(game: Game, action: Any) -> int:
    """The id an agent sent, refusing a non-integer and an id outside the
    game's universe (without decoding it: a legal id is looked up, not built)."""
    index = exact_int(action, "action")
    if not 0 <= index < game.num_distinct_actions:
        raise ValueError(f"action id {index} is outside 0..{game.num_distinct_actions - 1}")
    return index


#: the render modes of the adapters: PettingZoo's classic games offer
#: "human" (drawn for a person as the game goes) and an "ansi" text or an
#: image; a terminal game's picture is text, so "human" prints what "ansi"
#: returns.
RENDER_MODES = ("human", "ansi")


def resolve_render_mode(mode: Any) -> str | None:
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None or one of {', '.join(RENDER_MODES)}, not {mode!r}")
    return mode  # type: ignore[no-any-return]


def render_text(state: State, seat: int | None) -> str:
    """What ``seat`` sees (``None``: a spectator, public information only),
    drawn as the terminal draws it, as plain text."""
    import io

    from rich.console import Console

    console = Console(width=100, record=True, file=io.StringIO())
    console.print(state.game.render(state.observation(seat)))
    return console.export_text()


def render(state: State, seat: int | None, mode: str | None) -> str | None:
    """The adapters' ``render()``: the text for "ansi", printed for "human"
    (which returns ``None``, as Gymnasium and PettingZoo ask), nothing
    without a mode."""
    if mode is None:
        return None
    text = render_text(state, seat)
    if mode == "human":
        print(text, end="")
        return None
    return text


class SeatTensors:
    """One environment's observation tensors: a state encoder per seat,
    kept by the environment (``core/tensor.StateEncoder``).

    Why per environment and not the process-wide ones behind
    :meth:`State.observation_tensor`: an encoder rewrites only the parts of
    its seat's tensor that changed since its last one, so it pays off when
    it follows one game; several environments in one process (a vector env)
    would otherwise take turns overwriting each other's parts. A game
    without a state encoder is encoded through its observation.
    """

    __slots__ = ("_encoders",)

    def __init__(self) -> None:
        self._encoders: dict[tuple[str, int | None], StateEncoder | None] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles (and deep-copies) empty, like :class:`LegalNow`: what it
        keeps is a cache, rebuilt at the next tensor."""
        return (SeatTensors, ())

    def __call__(self, state: State, seat: int | None) -> np.ndarray:
        key = (state.game.id, seat)
        encoder = self._encoders.get(key, _NONE_YET)
        if encoder is _NONE_YET:
            encoder = self._encoders[key] = encoder_for(state.game).state_encoder(state.game)
        tensor: np.ndarray = state.observation_tensor(seat) if encoder is None else encoder(state, seat)
        return tensor


_NONE_YET: Any = object()

#: per game, the action instances :class:`LegalNow` has met: (address ->
#: action id, the instances themselves, kept alive so that no address is
#: reused while it is remembered).
_MEMORY: dict[Game, tuple[dict[int, int], list[Action]]] = {}
#: per game, the legal-action masks :meth:`LegalNow.mask` has made, by their
#: legal ids in listing order (read-only arrays; each caller gets a copy).
_MASKS: dict[Game, dict[tuple[int, ...], np.ndarray]] = {}


class LegalNow:
    """One state's legal actions at its current move, by id, computed once.

    Why: an adapter needs them up to three times a move (the mask it shows,
    the check of the id it gets back, and the move itself, which ``apply``
    would check a third time). Keyed on the state and its move count, so a
    move or another state recomputes them.

    Why ids are looked up by object identity first: the games list shared
    action instances (a few hundred per game), and a dataclass hashes
    through a Python-level ``__hash__``, which made the lookup in the
    game's id tables most of this class's cost. ``_known`` maps
    ``id(action)`` to the action's id for every instance met so far, and
    ``_alive`` holds those instances, so an address in ``_known`` always
    belongs to the very object it was learnt from (two live objects never
    share an address). An instance met for the first time is looked up in
    the id tables once; the memory is one per game, shared by every
    adapter (a new game, a clone or a fresh environment starts out knowing
    the instances), and bounded by :attr:`REMEMBER`.
    """

    __slots__ = ("_alive", "_by_id", "_game", "_ids", "_known", "_legal", "_listed", "_mask", "_masks", "_moves",
                 "_n", "_state")

    #: how many distinct action instances are remembered before starting over.
    REMEMBER = 1 << 14
    #: how many distinct masks are remembered per game before starting over
    #: (at most 4,096 x the game's action count bytes: under 3 MB for the largest).
    MASKS = 1 << 12

    def __init__(self) -> None:
        self._state: State | None = None
        self._moves = -1
        #: this move's legal actions as listed, and their ids in the same order
        self._legal: list[Action] = []
        self._listed: tuple[int, ...] = ()
        self._by_id: dict[int, Action] | None = None
        self._mask: np.ndarray | None = None
        self._game: Game | None = None
        self._ids: Mapping[type[Action], Mapping[Action, int]] = {}
        self._n = 0
        self._known: dict[int, int] = {}
        self._alive: list[Action] = []
        self._masks: dict[tuple[int, ...], np.ndarray] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        """A cache pickles (and deep-copies) empty: it is rebuilt at the next
        move, and what it holds (a state, the game's read-only id tables)
        belongs to others."""
        return (LegalNow, ())

    def _for(self, game: Game) -> None:
        self._game, self._ids, self._n = game, game.action_id_tables(), game.num_distinct_actions
        memory = _MEMORY.get(game)
        if memory is None:
            memory = _MEMORY[game] = ({}, [])
        self._known, self._alive = memory
        masks = _MASKS.get(game)
        if masks is None:
            masks = _MASKS[game] = {}
        self._masks = masks

    def ids(self, state: State) -> tuple[int, ...]:
        """The ids of ``state``'s legal actions, in listing order.

        Why a tuple and not a dict by id: a move needs the ids (the mask is
        remembered by them) far more often than the action of one id, which
        :meth:`action` finds in the tuple (a C-level scan of a few dozen
        ints); building a dict at every move cost more than both."""
        moves = len(state.history)
        if state is not self._state or moves != self._moves:
            if state.game is not self._game:
                self._for(state.game)
            legal = state.legal_actions()
            try:  # every instance met before: C-level lookups only
                self._listed = tuple(map(self._known.__getitem__, map(id, legal)))
            except KeyError:
                self._listed = self._learn(state, legal)
            self._legal, self._by_id, self._mask = legal, None, None
            self._state, self._moves = state, moves
        return self._listed

    def action(self, state: State, index: int) -> Action | None:
        """The legal action of ``state`` with id ``index`` (a plain int), or
        ``None`` where none is legal."""
        listed = self.ids(state)
        try:
            return self._legal[listed.index(index)]
        except ValueError:
            return None

    def of(self, state: State) -> dict[int, Action]:
        """``state``'s legal actions by id (a dict made once per move, for
        callers that want them all; the adapters' moves use :meth:`ids` and
        :meth:`action`)."""
        self.ids(state)
        by_id = self._by_id
        if by_id is None:
            by_id = self._by_id = dict(zip(self._listed, self._legal, strict=True))
        return by_id

    def _learn(self, state: State, legal: list[Action]) -> tuple[int, ...]:
        """The ids of ``legal`` from the game's id tables, remembering each
        instance (see the class's docstring)."""
        known, alive, ids = self._known, self._alive, self._ids
        if len(alive) + len(legal) > self.REMEMBER:
            known.clear()
            alive.clear()
        listed: list[int] = []
        for action in legal:
            table = ids.get(type(action))
            index = table.get(action) if table is not None else None
            if index is None:  # a game listing an action outside its universe: say which
                index = state.game.action_id(action)
            if id(action) not in known:
                known[id(action)] = index
                alive.append(action)
            listed.append(index)
        return tuple(listed)

    def mask(self, state: State) -> np.ndarray:
        """The int8 legal-action mask over the game's action ids, copied out,
        since an agent may keep or change what it gets.

        Why masks are remembered by their ids: a game has far fewer distinct
        sets of legal ids than moves (a few thousand at most), so most moves
        find their mask made already, and a copy costs less than building
        one (zeros, an index array, a fancy assignment). The memory is one
        per game, like the ids' (:data:`_MASKS`), and bounded by
        :attr:`MASKS`."""
        key = self.ids(state)
        if self._mask is None:
            masks = self._masks
            mask = masks.get(key)
            if mask is None:
                if len(masks) >= self.MASKS:
                    masks.clear()
                marks = bytearray(self._n)  # set in a loop: half the cost of zeros and a fancy assignment
                for index in key:
                    marks[index] = 1
                mask = masks[key] = np.frombuffer(bytes(marks), np.int8)  # read-only: shared by every environment
            self._mask = mask
        return self._mask.copy()

    def play(self, state: State, action: Any) -> None:
        """Play the legal action with id ``action``.

        Raises:
            TypeError, ValueError: not an integer id of the game's universe.
            IllegalAction: not legal now. In every case nothing changes.
        """
        legal = self.action(state, action) if type(action) is int else None
        if legal is None:  # not a legal plain int: the full check says why
            index = checked_id(state.game, action)
            legal = self.action(state, index)
            if legal is None:
                raise IllegalAction("not-legal", {"action": str(state.game.action_from_id(index))})
        state.apply_unchecked(legal)  # legal: just looked up among this very state's legal actions
