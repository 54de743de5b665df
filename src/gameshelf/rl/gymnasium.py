"""Gymnasium single-agent environments, one per game.

Importing this module registers ``gameshelf/<Game>-v0`` for every game (for
example ``gameshelf/DiceyFarm-v0`` and ``gameshelf/PayDirt-v0``)::

    import gymnasium
import gymnasium.vector
    import gameshelf.rl.gymnasium  # noqa: F401  (registers the ids)

    env = gymnasium.make("gameshelf/PayDirt-v0", players=3, opponents="greedy")
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))

The agent plays one seat (``seat``, default 0); every other seat is a
gameshelf bot chosen by name (``opponents``: one name for all, or one per
other seat; ``random``, ``greedy``, ``easy``, ``hard``, ...), which only ever
sees its own re-dealt view. A solo game (Dicey Farm) plays as is.

- observation: the seat's :meth:`State.observation_tensor`, a float32 vector
  in ``[0, 1]`` (slots in docs/research/index.md);
- action: ``Discrete(game.num_distinct_actions)``; ``info["action_mask"]``
  (int8) marks the legal ids. An illegal id plays nothing and pays
  ``illegal_reward`` (``info["illegal"]`` is true); a non-integer or an id
  outside the space raises;
- reward: 0 until the end, then the seat's final score (``reward="score"``)
  or 1 for a win, 0 otherwise (``reward="win"``; tied winners all win), or
  a kind the game adds (Pay Dirt's ``"gold+money"``);
- the last step's ``info`` adds ``scores`` and ``winners`` as numeric
  arrays indexed by seat (:func:`final_info`), and its ``action_mask`` is
  all zeros: nothing is legal once the game is over, the convention of
  PettingZoo's classic games (docs/research/gymnasium.md, "Vector environments").
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from gameshelf.bots import PlayerView, RandomBot, make_bot
from gameshelf.core.protocol import State
from gameshelf.core.registry import games, load_game
from gameshelf.core.tensor import has_encoder, tensor_size
from gameshelf.rl import camel_name
from gameshelf.rl._common import (
    LegalNow,
    SeatTensors,
    checked_id,
    exact_int,
    outcome,
    render,
    resolve_game,
    resolve_players,
    resolve_reward,
)

__all__ = ["GameshelfEnv", "env_id", "final_info", "register_all", "vector_env"]


class GameshelfEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a gameshelf game; the other seats are bots."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game: str = "dicey-farm",
        players: int | None = None,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        reward: str = "score",
        options: Mapping[str, Any] | None = None,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        self.game = resolve_game(game)
        self.players = resolve_players(self.game, players)
        self.seat = exact_int(seat, "seat")
        if not 0 <= self.seat < self.players:
            raise ValueError(f"seat must be 0 to {self.players - 1}, not {self.seat}")
        names = [opponents] * (self.players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != self.players - 1 or not all(isinstance(n, str) for n in names):
            raise ValueError(f"opponents must be one bot name or {self.players - 1} names, not {opponents!r}")
        self.opponent_names = names
        for name in names:
            make_bot(name, seed=0, game=self.game)  # refuses an unknown name now, not at reset
        self.reward_kind = resolve_reward(reward, self.game)
        self.options = dict(options or {})
        self.game.resolve_options(self.options)  # refuses bad options now
        if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, int | float):
            raise TypeError(f"illegal_reward must be a number, not {illegal_reward!r}")
        self.illegal_reward = float(illegal_reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, (tensor_size(self.game),), np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.state: State | None = None
        self._bots: dict[int, Any] = {}
        self._legal = LegalNow()
        self._tensors = SeatTensors()

    # -- the episode ----------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game; ``seed`` fixes the deal, the dice and the bots' choices."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**62))
        self.state = self.game.new_game(self.players, game_seed, self.options)
        others = [p for p in range(self.players) if p != self.seat]
        self._bots = {
            p: make_bot(name, seed=game_seed + 1 + p, game=self.game)
            for p, name in zip(others, self.opponent_names, strict=True)
        }
        self._play_others()
        return self._observe(), self._info(illegal=False)

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self._require_state()
        if state.is_over:
            raise RuntimeError("the game is over: call reset()")
        legal = self._legal
        move = legal.action(state, action) if type(action) is int else None
        if move is None:
            move = legal.action(state, checked_id(self.game, action))  # refuses a non-integer or out-of-range id
        if move is None:
            return self._observe(), self.illegal_reward, False, False, self._info(illegal=True)
        state.apply_unchecked(move)  # legal: looked up among this very state's legal actions
        if self._bots:
            self._play_others()
        # what _observe and _info do, inlined: this is every agent step
        over = state.is_over
        observation = self._tensors(state, self.seat)
        info: dict[str, Any] = {"action_mask": legal.mask(state), "illegal": False}
        if not over:
            return observation, 0.0, False, False, info
        info.update(final_info(state))
        return observation, outcome(state, self.seat, self.reward_kind), True, False, info

    def render(self) -> str | None:
        """What the agent's seat sees, as text ("ansi")."""
        return render(self._require_state(), self.seat, self.render_mode)

    # -- helpers ----------------------------------------------------------------------------
    def _require_state(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        return self.state

    def _play_others(self) -> None:
        state = self._require_state()
        bots, seat = self._bots, self.seat
        player = state.current_player  # None once the game is over
        while player is not None and player != seat:
            bot = bots[player]
            move = bot.choose(PlayerView(state, player))
            if type(bot) is RandomBot:  # its move is one of this very state's legal_actions(): the fast path
                state.apply_unchecked(move)
            else:  # any other bot's move is checked, as a server checks a player's
                state.apply(move, player)
            player = state.current_player

    def _observe(self) -> np.ndarray:
        return self._tensors(self._require_state(), self.seat)

    def _info(self, *, illegal: bool) -> dict[str, Any]:
        state = self._require_state()
        mask = self._legal.mask(state)
        info: dict[str, Any] = {"action_mask": mask, "illegal": illegal}
        if state.is_over:
            info.update(final_info(state))
        return info


def final_info(state: State) -> dict[str, np.ndarray]:
    """What the last step's ``info`` adds: ``scores`` (float64, one per
    seat) and ``winners`` (int8, 1 for each winning seat, tied winners
    all 1), both indexed by seat.

    Why fixed-length numeric arrays and not the lists the engine gives: a
    vector env stacks each key into one array per batch, and lists (the
    winners' count varies) became object arrays of lists."""
    won = np.zeros(state.players, np.int8)
    won[state.winners()] = 1
    return {"scores": np.asarray(state.scores(), np.float64), "winners": won}


def vector_env(game: str, num_envs: int, **kwargs: Any) -> gymnasium.vector.SyncVectorEnv:
    """``num_envs`` copies of :class:`GameshelfEnv` (``kwargs`` as there) in
    Gymnasium's :class:`~gymnasium.vector.SyncVectorEnv`.

    Why not only ``gymnasium.make_vec``: its environments are made by a
    local function, so the vector env it returns cannot be pickled; these
    are made by :func:`functools.partial` of the class, which pickles."""
    count = exact_int(num_envs, "num_envs")
    if count < 1:
        raise ValueError(f"num_envs must be at least 1, not {count}")
    make = functools.partial(GameshelfEnv, game, **kwargs)
    make()  # refuses bad settings now, with the class's own errors
    return gymnasium.vector.SyncVectorEnv([make] * count)


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``"pay-dirt"`` -> ``"gameshelf/PayDirt-v0"``."""
    return f"gameshelf/{camel_name(game_id)}-v0"


def register_all() -> None:
    """Register every game that has an observation encoder (done on import;
    safe to call again)."""
    for game_id in games():
        name = env_id(game_id)
        if name not in gymnasium.registry and has_encoder(load_game(game_id)):
            gymnasium.register(id=name, entry_point="gameshelf.rl.gymnasium:GameshelfEnv", kwargs={"game": game_id})


register_all()
