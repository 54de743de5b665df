"""OpenSpiel games, one per gameshelf game, registered with ``pyspiel``.

Importing this module registers ``gameshelf_<game>`` for every registered
game (the id with ``_`` for ``-``: ``gameshelf_pay_dirt``)::

    import pyspiel
    import gameshelf.rl.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("gameshelf_pay_dirt", {"players": 3})

How the game type is chosen, and why:

- **Chance is explicit** (``EXPLICIT_STOCHASTIC``), and all of it comes
  first. A gameshelf state draws every die and shuffle from random streams
  seeded once, at the start; so the game opens with ``SEED_NODES`` chance
  nodes, each drawing one byte of that seed uniformly, after which the
  game is a function of the seed and the moves. No player ever observes
  the seed (it is not in any observation), so this is the exact game: a
  deal and a stack of dice made at the start and revealed as the rules
  say, like a shuffled deck in poker. A clone knows the seed, hence the
  future: a search for one player must start from
  ``resample_from_infostate`` (IS-MCTS does), which answers a
  :meth:`State.determinize` copy with every hidden card and every future
  draw re-sampled.
- **Imperfect information**, every game: hands, deck orders and future
  dice are hidden. The observation string is the seat's
  :meth:`State.observation` as sorted JSON, without its log; the
  information-state string adds the log and the seat's own moves so far
  (perfect recall: a view seen twice is two states). The observation
  tensor is the seat's :meth:`State.observation_tensor`. There is **no
  information-state tensor** (``provides_information_state_tensor`` is
  false): the observation tensor summarises what the seat sees now, and
  offering it as the information state would let algorithms keyed on the
  tensor (Deep CFR, NFSP) merge states the perfect-recall string keeps
  apart. A true perfect-recall tensor would have to encode every seat's
  past, a history as long as the game, in a fixed width; the honest and
  cheap answer is to say there is none (and use the string, or stack
  observation tensors in the learner).
- **General-sum, terminal rewards.** ``reward="win"`` (the default with two
  or more players) pays 1 to each winner (ties share the win) and 0
  otherwise; ``reward="score"`` (the default solo) pays the final score
  (a game may add kinds: Pay Dirt's ``"gold+money"``),
  clipped to the loose bounds ``[-SCORE_BOUND, SCORE_BOUND]``.
- **Serialisation** pickles the gameshelf state (its game by reference,
  through the registry), so a deserialised state is the same game exactly
  and loading it replays nothing.
- ``max_game_length`` (a parameter; 0 derives it) comes from the rules'
  round counts (:func:`default_max_game_length`); a game that reaches it
  ends where it stands, paying every seat 0.
- Why not ``SAMPLED_STOCHASTIC``: OpenSpiel serialises such a game through
  its random generator's state, which a Python game cannot provide.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from gameshelf.core.errors import IllegalAction
from gameshelf.core.manifest import MissingManifest, manifest
from gameshelf.core.protocol import State
from gameshelf.core.registry import games, load_game
from gameshelf.core.tensor import has_encoder, tensor_size
from gameshelf.rl import camel_name, snake_name
from gameshelf.rl._common import LegalNow, exact_int, outcome, resolve_players, resolve_reward
from gameshelf.testing import ConformanceSuite

__all__ = ["SCORE_BOUND", "SEED_NODES", "GameshelfGame", "GameshelfState", "game_name", "register_all"]

#: the bound on |final score| that ``reward="score"`` declares as utility range.
SCORE_BOUND = 1000.0
#: the game's seed is drawn by this many chance nodes of one byte each.
SEED_NODES = 4
SEED_OUTCOMES = 256


def game_name(game_id: str) -> str:
    """The OpenSpiel short name: ``"pay-dirt"`` -> ``"gameshelf_pay_dirt"``."""
    return f"gameshelf_{snake_name(game_id)}"


class _Engine:
    """The gameshelf state inside an OpenSpiel state.

    Why a holder: OpenSpiel clones a Python state by deep-copying its
    attributes and serialises it by pickling them. The holder turns the
    first into :meth:`State.clone` (cheap, and what search bots are built
    for); the second pickles the state itself (its game goes by reference,
    its legal-action cache empty), so loading costs no replay of the game.
    """

    __slots__ = ("legal", "player", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.legal = LegalNow()
        self.player = _player_of(state)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        other = _Engine(self.state.clone())
        other.player = self.player  # a game cut at the length limit stays cut
        return other


#: OpenSpiel's player ids for chance and the end, as plain ints (cheaper to
#: return and compare than pybind's enum values)
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def _player_of(state: State) -> int:
    """OpenSpiel's current player of a started game.

    Why the holder keeps it: OpenSpiel asks for the current player four or
    five times a move (``is_chance_node``, ``is_terminal``,
    ``legal_actions``, ``apply_action`` each ask), a crossing into Python
    and a property of the game's state every time."""
    seat = state.current_player
    return _TERMINAL if seat is None else seat


class GameshelfGame(pyspiel.Game):  # type: ignore[misc]
    """One gameshelf game as an OpenSpiel game."""

    def __init__(self, game_id: str, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        engine_game = load_game(game_id)
        players = resolve_players(engine_game, params.get("players"))
        reward = resolve_reward(params.get("reward") or _default_reward(engine_game), engine_game)
        # 0 (the declared default) or none: the limit derived from the rules for this many players
        limit = exact_int(params.get("max_game_length") or 0, "max_game_length")
        limit = limit or default_max_game_length(game_id, players)
        if limit <= SEED_NODES:
            raise ValueError(f"max_game_length must be more than the seed's {SEED_NODES} chance nodes, not {limit}")
        #: what a state needs to know of its game (a plain tuple, because
        #: OpenSpiel deep-copies a state's attributes on every clone).
        self.spec = (game_id, players, reward, limit)
        low, high = (0.0, 1.0) if reward == "win" else (-SCORE_BOUND, SCORE_BOUND)
        info = pyspiel.GameInfo(
            num_distinct_actions=engine_game.num_distinct_actions,
            max_chance_outcomes=SEED_OUTCOMES,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=limit,
        )
        params = {"players": players, "reward": reward, "max_game_length": limit}
        super().__init__(_game_type(engine_game), info, params)

    def new_initial_state(self) -> GameshelfState:
        """The start: the seed's chance nodes come first."""
        return GameshelfState(self)

    def max_chance_nodes_in_history(self) -> int:
        return SEED_NODES

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(0 if recall else tensor_size(load_game(self.spec[0])), info_state=recall)


class GameshelfState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state holding a gameshelf state."""

    def __init__(self, game: GameshelfGame) -> None:
        super().__init__(game)
        self._spec: tuple[str, int, str, int] = game.spec
        #: moves made so far, the seed's chance nodes included (OpenSpiel's
        #: game length, kept here since a re-sampled world has no history)
        self._length = 0
        self._seed_bytes: list[int] = []
        self._engine: _Engine | None = None
        #: each seat's own moves so far, which make its information state
        #: perfect-recall (two visits to the same view are not one state).
        self._own: list[list[int]] = [[] for _ in range(game.spec[1])]

    @property
    def engine(self) -> State:
        """The gameshelf state (full information: never give it to a player).

        Raises:
            RuntimeError: the seed's chance nodes are not all played yet.
        """
        if self._engine is None:
            raise RuntimeError("the game has not started: its seed is still being drawn")
        return self._engine.state

    # -- the OpenSpiel API ----------------------------------------------------------------
    def current_player(self) -> int:
        engine = self._engine
        return _CHANCE if engine is None else engine.player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(b, 1.0 / SEED_OUTCOMES) for b in range(SEED_OUTCOMES)] if self._engine is None else []

    # Why ``legal_actions`` and ``is_chance_node`` are answered here too:
    # pyspiel's own versions cross into C++ and back into Python (for the
    # current player, then for the list), a cost a Python caller (OpenSpiel's
    # Python bots, every random playout) paid at every move. Same answers as
    # pyspiel's (a test compares them); C++ callers still reach ``_legal_actions``.
    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (default: the one to act), sorted;
        the seed's bytes at a chance node (for any player, as pyspiel
        answers there), nothing at the end."""
        engine = self._engine
        if engine is None:
            return list(range(SEED_OUTCOMES))
        if player is None:
            player = engine.player
            if player == _TERMINAL:
                return []
        elif player < 0:  # a pseudo-player: pyspiel's own answer (its error at a player node)
            return pyspiel.State.legal_actions(self, player)  # type: ignore[no-any-return]
        if player != engine.player:
            return []
        return sorted(set(engine.legal.ids(engine.state)))

    def is_chance_node(self) -> bool:
        return self._engine is None

    def _legal_actions(self, player: int) -> list[int]:
        engine = self._engine
        if engine is None or engine.player != player:
            return []
        return sorted(set(engine.legal.ids(engine.state)))

    def _apply_action(self, action: int) -> None:
        if self._engine is None:
            self._seed_bytes.append(action)
            self._length += 1
            if len(self._seed_bytes) == SEED_NODES:
                game_id, players, _, _ = self._spec
                seed = int.from_bytes(bytes(self._seed_bytes), "big")
                self._engine = _Engine(load_game(game_id).new_game(players, seed))
            return
        engine = self._engine
        seat = engine.player
        if seat == _TERMINAL:  # over, or cut at the length limit: nothing more is legal
            raise IllegalAction("game-over")
        engine.legal.play(engine.state, action)  # IllegalAction if not legal; nothing changes
        self._length += 1
        # at the length limit the game ends where it stands (see default_max_game_length)
        engine.player = _player_of(engine.state) if self._length < self._spec[3] else _TERMINAL
        self._own[seat].append(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return str(load_game(self._spec[0]).action_from_id(action))

    def is_terminal(self) -> bool:
        engine = self._engine
        return engine is not None and engine.player == _TERMINAL

    def returns(self) -> list[float]:
        _, players, reward, _ = self._spec
        if not self.is_terminal() or not self.engine.is_over:  # a game cut at the limit pays nobody
            return [0.0] * players
        state = self.engine
        bound = SCORE_BOUND
        return [max(-bound, min(bound, outcome(state, p, reward))) for p in range(players)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> GameshelfState:
        """A state ``player_id`` cannot tell from this one, with everything it
        cannot see (hands, deck orders, future draws) re-sampled: the
        :meth:`State.determinize` copy, seeded from ``probability_sampler``."""
        seed = int(float(probability_sampler()) * 2**52)
        other = GameshelfState(self.get_game())
        other._seed_bytes = list(self._seed_bytes)
        other._length = self._length
        other._own = [list(moves) if seat == player_id else [] for seat, moves in enumerate(self._own)]
        other._engine = _Engine(self.engine.determinize(player_id, seed))
        return other

    def __str__(self) -> str:
        if self._engine is None:
            return f"drawing the seed: {len(self._seed_bytes)} of {SEED_NODES} bytes"
        return json.dumps(self._engine.state.observation(None), sort_keys=True, ensure_ascii=False)


class _Observer:
    """OpenSpiel's observer protocol over the seat's observation."""

    def __init__(self, size: int, *, info_state: bool) -> None:
        #: no tensor for the information state (the game type says so):
        #: only the string is perfect recall
        self.tensor: np.ndarray | None = None if info_state else np.zeros(size, np.float32)
        self.dict = {} if self.tensor is None else {"observation": self.tensor}
        self.info_state = info_state

    def set_from(self, state: GameshelfState, player: int) -> None:
        if self.tensor is None:
            return
        if state._engine is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = state.engine.observation_tensor(player)

    def string_from(self, state: GameshelfState, player: int) -> str:
        if state._engine is None:
            return "the game has not started"
        seen = state.engine.observation(player)
        if not self.info_state:
            seen = {k: v for k, v in seen.items() if k != "log"}
            return json.dumps(seen, sort_keys=True, ensure_ascii=False)
        own = ",".join(map(str, state._own[player]))
        return json.dumps(seen, sort_keys=True, ensure_ascii=False) + f"\nmoves:{own}"


def default_max_game_length(game_id: str, players: int) -> int:
    """OpenSpiel's ``max_game_length`` for ``game_id`` with ``players``: the
    seed's chance nodes plus rounds x moves per seat and round x seats
    (Filthy Rich: turns x moves per turn), from the ``[openspiel]`` table of
    the game's manifest (derivations in docs/research/openspiel.md, "How
    long a game can be"). A game registered at run time without a manifest
    gets the conformance kit's bound on any game.

    Why a limit that the game itself enforces: the rules bound the rounds
    but not the moves of a round (a die may be picked and put back, Filthy
    Rich has no last turn), and OpenSpiel sizes buffers and histograms by
    this number. So, as OpenSpiel's own games do at their move limits, a
    game that reaches it ends where it stands, paying every seat 0. Random
    play never came near (docs/research/index.md)."""
    try:
        rule = manifest(game_id).length
    except MissingManifest:
        return SEED_NODES + ConformanceSuite.max_steps
    return SEED_NODES + rule.rounds * rule.moves * (players if rule.per_seat else 1)


def _default_reward(game: Any) -> str:
    return "score" if game.max_players == 1 else "win"


def _game_type(game: Any) -> pyspiel.GameType:
    default_players = resolve_players(game, None)
    return pyspiel.GameType(
        short_name=game_name(game.id),
        long_name=f"gameshelf {game.name('en')}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,  # the tensor is a view now, not a history
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": default_players,
            "reward": _default_reward(game),
            "max_game_length": 0,  # derived from the rules for the player count (see the docstring)
        },
    )


#: the registered game classes, one per game id.
GAME_CLASSES: dict[str, type[GameshelfGame]] = {}


def register_all() -> None:
    """Register every game (done on import; safe to call again).

    Each game is registered as a class of its own, as OpenSpiel's Python
    games are: the registry outlives the interpreter's cleanup, and a class
    (unlike a closure) is still alive when it lets go of it.
    """
    known = set(pyspiel.registered_names())
    for game_id in games():
        if game_name(game_id) in known or not has_encoder(load_game(game_id)):
            continue

        def init(self: GameshelfGame, params: dict[str, Any] | None = None, _id: str = game_id) -> None:
            GameshelfGame.__init__(self, _id, params)

        name = f"{camel_name(game_id)}Game"
        cls = type(name, (GameshelfGame,), {"__init__": init, "__qualname__": name})
        globals()[name] = GAME_CLASSES[game_id] = cls  # a module attribute, as pickle finds classes
        pyspiel.register_game(_game_type(load_game(game_id)), cls)


register_all()
