"""The pgx face of gameshelf's JAX games: ``make(game_id)`` returns an ``Env``.

pgx's tooling (``pgx.experimental.auto_reset``, its arena and baselines
code, its training examples) talks to an environment through a handful of
names: ``init(key)``, ``step(state, action, key)``, ``observation_shape``,
``num_actions``, ``num_players``, ``id``, ``version``, and states with
``replace``, ``observation``, ``current_player``, ``legal_action_mask``,
``rewards``, ``terminated``, ``truncated`` and ``_step_count``, with pgx's
rules for them (an illegal id loses the game, a finished game's step
changes nothing and rewards 0, a finished game's mask is all true).
``Env`` provides exactly those for each game written in JAX, plus two
things pgx lacks:

- ``resample(state, key)``: a world that agrees with everything the current
  player has seen (see the game's ``_resample``), for search that must not
  see the future;
- ``sample_legal(key, mask)``: a uniform draw among the legal ids that costs
  one hash and one maximum, where ``jax.random.categorical`` over the ids
  costs a log, a Gumbel draw and an ``argmax`` per id (on a CPU, more than
  the game's own step).

Filthy Rich's states carry ``rewards`` of shape ``(num_players,)`` (1 to the
winner on the winning step) and ``current_player``, the seat to decide, as
pgx's multiplayer games do.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class Env:
    """One game's pure functions, pgx-style. Use :func:`make` to get one."""

    id: str
    version: str
    num_players: int
    num_actions: int
    observation_shape: tuple[int, ...]
    _init: Callable[[jax.Array], Any]
    _step: Callable[[Any, jax.Array, jax.Array | None], Any]
    _resample: Callable[[Any, jax.Array], Any]

    def init(self, key: jax.Array) -> Any:
        """A new game drawn from ``key``."""
        return self._init(key)

    def step(self, state: Any, action: jax.Array, key: jax.Array | None = None) -> Any:
        """Play id ``action``; a finished game stays as it is (rewards 0).

        As in pgx, an illegal id ends the game at once with -1 to the mover
        (0 to the others; :mod:`gameshelf.rl.jax._illegal`), so pgx's
        examples that sample without a mask run and learn the mask."""
        return self._step(state, action, key)

    def observe(self, state: Any, player_id: jax.Array | None = None) -> jax.Array:
        """The current player's observation tensor (pgx's ``Env.observe``)."""
        del player_id  # every game here observes for the player to move
        return state.observation  # type: ignore[no-any-return]

    def resample(self, state: Any, key: jax.Array) -> Any:
        """``state`` with what the current player cannot see redrawn from ``key``."""
        return self._resample(state, key)


def sample_legal(key: jax.Array, mask: jax.Array) -> jax.Array:
    """A uniformly random legal id of ``mask`` (bool[..., n]; batched over leading axes).

    Each id gets a random 32-bit score whose low bits are replaced by the id
    itself, so one integer maximum both picks the highest score and carries
    the id: uniform up to ties among the high bits (probability about
    n / 2**(32 - bits) per draw). A row with no legal id gives 0.
    """
    n = mask.shape[-1]
    bits = max(1, (n - 1).bit_length())
    ids = jnp.arange(n, dtype=jnp.uint32)
    noise = jax.random.bits(key, mask.shape, jnp.uint32)
    score = (noise & jnp.uint32(~((1 << bits) - 1) & 0xFFFFFFFF)) | ids
    best = jnp.max(jnp.where(mask, score, jnp.uint32(0)), axis=-1)
    return jnp.where(jnp.any(mask, axis=-1), best & jnp.uint32((1 << bits) - 1), 0).astype(jnp.int32)


def _dicey_farm(options: dict[str, Any]) -> Env:
    from gameshelf.rl.jax import dicey_farm as df
    from gameshelf.rl.jax.dicey_farm._resample import resample

    daily = options.pop("daily", None)
    if options:
        raise ValueError(f"dicey-farm takes only the option daily='YYYY-MM-DD', not {sorted(options)}")
    init = df.init
    if daily is not None:
        deal = df.engine_deal(daily=daily)  # checks the date as the engine does
        init = lambda key: df.init_with_deal(*deal)  # noqa: E731  every game is that day's puzzle
    return Env(id="dicey-farm", version=df.RULES_VERSION, num_players=1, num_actions=df.N_ACTIONS,
               observation_shape=(df.OBS_SIZE,), _init=init, _step=df.step, _resample=resample)


def _filthy_rich(options: dict[str, Any]) -> Env:
    from gameshelf.rl.jax import filthy_rich as fr
    from gameshelf.rl.jax.filthy_rich._resample import resample

    players = options.pop("num_players", 2)
    if options:
        raise ValueError(f"filthy-rich takes only the option num_players=2..5, not {sorted(options)}")
    if type(players) is not int or not 2 <= players <= 5:
        raise ValueError(f"filthy-rich is played by 2 to 5 players, not num_players={players!r}")
    return Env(id="filthy-rich", version=fr.RULES_VERSION, num_players=players, num_actions=fr.N_ACTIONS,
               observation_shape=(fr.OBS_SIZE,), _init=lambda key: fr.init(key, players), _step=fr.step,
               _resample=resample)


#: the games written in JAX, by the engine's game id
GAMES: dict[str, Callable[[dict[str, Any]], Env]] = {"dicey-farm": _dicey_farm, "filthy-rich": _filthy_rich}


def make(game_id: str, **options: Any) -> Env:
    """The JAX environment of ``game_id`` (the engine's id), pgx-compatible.

    Args:
        game_id: ``"dicey-farm"`` or ``"filthy-rich"``; :data:`GAMES` lists what is written in JAX.
        **options: the game's options (Dicey Farm: ``daily="YYYY-MM-DD"``
            plays that day's puzzle in every game; Filthy Rich:
            ``num_players=2..5``, 2 by default as in the engine).

    Raises:
        ValueError: an unknown game or option.
    """
    if type(game_id) is not str or game_id not in GAMES:
        raise ValueError(f"no JAX version of {game_id!r}; written in JAX: {', '.join(sorted(GAMES))}")
    return GAMES[game_id](dict(options))
