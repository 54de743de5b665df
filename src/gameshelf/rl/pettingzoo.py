"""PettingZoo AEC environments, one per game, in the style of PettingZoo's
classic games::

    import gameshelf.rl.pettingzoo

    env = gameshelf.rl.pettingzoo.env("pay-dirt", players=3)
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else env.action_space(agent).sample(mask)
        env.step(action)

Agents are ``player_0`` ... ``player_{n-1}`` (seat order). The agent to act is
whoever the game says decides now, which need not be the next seat (an
auction asks every bidder in turn). Each observation is a dict:
``observation`` (the seat's :meth:`State.observation_tensor`) and
``action_mask`` (int8 over the game's action ids; zeros for an agent that
is not to act). Rewards are paid when the game ends: the final score
(``reward="score"``) or 1 for a win and 0 otherwise (``reward="win"``), or
a kind the game adds (Pay Dirt's ``"gold+money"``). Render modes are
"human" (prints) and "ansi" (returns) the public table, as text.
:func:`env` wraps the raw environment like PettingZoo's classic games: an
illegal move ends the game with ``-1`` for its maker, and the order of calls
is enforced.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from gameshelf.core.protocol import State
from gameshelf.core.tensor import tensor_size
from gameshelf.rl import snake_name
from gameshelf.rl._common import (
    RENDER_MODES,
    LegalNow,
    SeatTensors,
    outcome,
    render,
    resolve_game,
    resolve_players,
    resolve_render_mode,
    resolve_reward,
)

__all__ = ["GameshelfAEC", "env", "raw_env"]


class GameshelfAEC(AECEnv):  # type: ignore[misc]
    """Every seat of a gameshelf game as a PettingZoo agent."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "gameshelf_v0", "is_parallelizable": False}
    agent_selection: str

    def __init__(
        self,
        game: str = "pay-dirt",
        players: int | None = None,
        reward: str = "score",
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = resolve_game(game)
        self.players = resolve_players(self.game, players)
        self.reward_kind = resolve_reward(reward, self.game)
        self.options = dict(options or {})
        self.game.resolve_options(self.options)  # refuses bad options now
        self.render_mode = resolve_render_mode(render_mode)
        self.metadata = {**self.metadata, "name": f"gameshelf_{snake_name(self.game.id)}_v0"}
        self.possible_agents = [f"player_{p}" for p in range(self.players)]
        self.agents = self.possible_agents[:]
        self._seat_of = {agent: p for p, agent in enumerate(self.possible_agents)}  # observe() runs every move
        n = self.game.num_distinct_actions
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (tensor_size(self.game),), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(n)
        #: the action space's size (ids 0 to num_actions - 1).
        self.num_actions = n
        self._seeds = np.random.default_rng()
        self.state: State | None = None
        self._legal = LegalNow()
        self._tensors = SeatTensors()
        self._paid = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    # -- the episode ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes the deal and the dice (then the next
        seedless resets follow from it)."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        game_seed = int(self._seeds.integers(0, 2**62))
        self.state = self.game.new_game(self.players, game_seed, self.options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._paid = False  # whether self.rewards holds a payment (see step)
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._require_state()
        seat = self._seat_of.get(agent)
        if seat is None:
            raise ValueError(f"unknown agent {agent!r}: the agents are {', '.join(self.possible_agents)}")
        if agent == self.agent_selection and not state.is_over:
            mask = self._legal.mask(state)
        else:
            mask = np.zeros(self.game.num_distinct_actions, np.int8)
        return {"observation": self._tensors(state, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._require_state()
        seat = self._seat_of[agent]
        if state.current_player != seat:
            raise RuntimeError(f"{agent} is selected but seat {state.current_player} decides")
        self._legal.play(state, action)  # IllegalAction for an illegal move; nothing changes
        self._cumulative_rewards[agent] = 0.0
        # Rewards are paid only at the end, so until then clearing them and
        # adding them to the running totals (a loop over every agent each,
        # at every move) would change nothing: skipped while nothing is paid.
        if self._paid:
            self._clear_rewards()
            self._paid = False
        if state.is_over:
            for p, name in enumerate(self.agents):
                self.rewards[name] = outcome(state, p, self.reward_kind)
                self.terminations[name] = True
            self._paid = True
            self._select()
            self._accumulate_rewards()
            return
        now = state.current_player
        if now is None:
            self._select()
        else:  # _select's usual case, inlined: this is every move
            self.agent_selection = self.possible_agents[now]

    def render(self) -> str | None:
        """The table as a spectator sees it (public information only): text
        for "ansi", printed for "human"."""
        return render(self._require_state(), None, self.render_mode)

    def close(self) -> None:
        pass

    # -- helpers ----------------------------------------------------------------------------
    def _require_state(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() first")
        return self.state

    def _select(self) -> None:
        state = self._require_state()
        seat = state.current_player
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]


def raw_env(game: str = "pay-dirt", **kwargs: Any) -> GameshelfAEC:
    """The environment without PettingZoo's safety wrappers."""
    return GameshelfAEC(game, **kwargs)


def env(game: str = "pay-dirt", **kwargs: Any) -> AECEnv:
    """The environment for ``game`` (``players``, ``reward``, ``options``,
    ``render_mode``), wrapped as PettingZoo's classic games are (see
    :func:`_fast` and :class:`_FastOrderEnforcing` for how the wrappers are
    made cheaper without changing what they do)."""
    raw = raw_env(game, **kwargs)
    wrapped: AECEnv = _FastTerminateIllegal(raw, illegal_reward=-1)
    wrapped = _FastAssertOutOfBounds(wrapped)
    return _FastOrderEnforcing(wrapped)


#: what an AEC loop reads on every move (``last()``, ``step()``, ``agent_iter()``).
_HOT = ("agent_selection", "agents", "rewards", "terminations", "truncations", "infos", "_cumulative_rewards")


def _forward(name: str, *, after_reset: bool = False) -> property:
    """A property reading ``name`` straight from the raw environment (an
    ``attrgetter``, so without a Python frame, where no check is needed)."""
    if after_reset:

        def get(self: Any) -> Any:
            if not self._has_reset:  # OrderEnforcingWrapper's own refusal, by its __getattr__
                raise AttributeError(f"{name} cannot be accessed before reset")
            return getattr(self._raw, name)

        return property(get, doc=f"the raw environment's {name}")
    return property(attrgetter(f"_raw.{name}"), doc=f"the raw environment's {name}")


def _fast(cls: type[Any], name: str, *, order_enforcing: bool = False) -> type[Any]:
    """``cls``, one of PettingZoo's wrappers, reading the attributes of
    :data:`_HOT` straight from the raw environment.

    Why: a PettingZoo wrapper has no attributes of its own; each read goes
    through ``__getattr__`` down the chain of three wrappers, and an AEC
    loop reads some twenty per move, which cost as much as a move of the
    game. The subclasses keep every check and every behaviour of
    PettingZoo's classes (they are still those classes: ``isinstance``
    holds); only the lookup is direct. Nothing sets these attributes on a
    wrapper (the wrappers write to ``env.unwrapped``), so no setter is
    needed; one would raise, where the original would have shadowed the
    environment's value silently.
    """
    guarded = {"rewards", "terminations", "truncations", "infos", "agent_selection", "agents"}

    def __init__(self: Any, env: AECEnv, *args: Any, **kwargs: Any) -> None:
        cls.__init__(self, env, *args, **kwargs)
        self._raw = env.unwrapped

    def __str__(self: Any) -> str:  # as OrderEnforcingWrapper prints itself (a subclass prints its name)
        return str(self.env)

    body: dict[str, Any] = {"__init__": __init__, "__doc__": cls.__doc__}
    if order_enforcing:
        body["__str__"] = __str__
    for attribute in _HOT:
        body[attribute] = _forward(attribute, after_reset=order_enforcing and attribute in guarded)
    # printed as PettingZoo's class, found by pickle as the module attribute it is bound to
    body["__qualname__"] = name
    return type(cls.__name__, (cls,), body)


_FastTerminateIllegal = _fast(wrappers.TerminateIllegalWrapper, "_FastTerminateIllegal")
_FastOrderEnforcingBase = _fast(wrappers.OrderEnforcingWrapper, "_FastOrderEnforcingBase", order_enforcing=True)


class _FastOrderEnforcing(_FastOrderEnforcingBase):  # type: ignore[misc,valid-type]
    """The order-enforcing wrapper, outermost of the three, doing their work
    in one place on every move's path.

    Why: ``last()``, ``step()`` and ``agent_iter()`` went down three
    wrappers each (a Python frame and a few checked reads per layer), which
    cost as much as the game's move. ``last()`` reads the agent's reward,
    flags and info from the raw environment after one check that the
    environment was reset (the same refusal before, reading
    ``agent_selection`` first, as ``AECEnv.last`` does) and keeps the
    observation for the illegal-move wrapper as its ``observe`` would;
    ``step()`` sends the usual move (a legal plain int) straight to the raw
    environment after the same checks, everything else down the wrappers;
    the iterator reads the raw environment's agents. A test plays every
    game against PettingZoo's unmodified chain, move by move."""

    def __init__(self, env: AECEnv) -> None:
        super().__init__(env)
        guard = env
        while not isinstance(guard, wrappers.TerminateIllegalWrapper):
            guard = guard.env
        #: the illegal-move wrapper below, whose remembered observation the fast paths keep as it would
        self._guard = guard

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """As ``AECEnv.last``. The observation is taken from the raw
        environment directly, doing what the three wrappers' ``observe``
        would (after a reset none of them refuses; the illegal-move wrapper
        remembers the selected agent's observation and info)."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        raw = self._raw
        agent = raw.agent_selection
        infos = raw.infos
        if observe:
            observation = raw.observe(agent)
            guard = self._guard
            guard._prev_obs = observation
            guard._prev_info = infos.get(agent, {})
        else:
            observation = None
        return (observation, raw._cumulative_rewards[agent], raw.terminations[agent], raw.truncations[agent],
                infos[agent])

    def step(self, action: Any) -> None:
        """As the three wrappers' ``step``. A plain int in the action space,
        legal in the mask ``last()`` just showed, for a live agent of a game
        not ended by an illegal move, goes straight to the raw environment:
        for it every check of the three passes and each only records that a
        step happened (done here the same way). Anything else takes the
        wrappers' own path, with their own refusals."""
        raw = self._raw
        guard = self._guard
        observation = guard._prev_obs
        if (type(action) is int and self._has_reset and type(observation) is dict and not guard._terminated
                and raw.agents and 0 <= action < raw.num_actions):
            agent = raw.agent_selection
            mask = observation.get("action_mask")
            if (mask is not None and not raw.terminations[agent] and not raw.truncations[agent]
                    and mask[action]):
                self._has_updated = True
                guard._prev_obs = guard._prev_info = None
                raw.step(action)
                return
        super().step(action)

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _FastIterable(self, max_iter)


class _FastIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's order-enforcing iterator, reading the raw environment's
    agents directly (the same checks in the same order: no agents left or
    the iterations spent end it, a missing ``step()`` fails its assertion)."""

    def __next__(self) -> str:
        env = self.env
        raw = env._raw
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        agent: str = raw.agent_selection
        return agent


class _FastIterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> _FastIterator:
        return _FastIterator(self.env, self.max_iter)


_FastAssertOutOfBoundsBase = _fast(wrappers.AssertOutOfBoundsWrapper, "_FastAssertOutOfBoundsBase")


class _FastAssertOutOfBounds(_FastAssertOutOfBoundsBase):  # type: ignore[misc,valid-type]
    """The out-of-bounds check, with a plain int in range decided without
    ``Discrete.contains`` (which builds numpy's integer limits per call):
    such an id is in the space, so the assertion holds; anything else is
    asked of the space as before."""

    def step(self, action: Any) -> None:
        if type(action) is int and 0 <= action < self._raw.num_actions:
            wrappers.BaseWrapper.step(self, action)
        else:
            super().step(action)
