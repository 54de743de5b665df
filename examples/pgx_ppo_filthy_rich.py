"""PPO in the shape of pgx's own training example, with Filthy Rich for 3 players swapped in.

pgx's examples train on ``pgx.make(...)``; this script trains on
``ENV = make("filthy-rich", num_players=3)`` and reads it only through
pgx's interface: ``ENV.init``, ``ENV.step(state, action, key)`` wrapped in
``pgx.experimental.auto_reset``, ``ENV.num_actions``,
``ENV.observation_shape``, ``ENV.num_players`` and the state's
``observation``, ``legal_action_mask``, ``current_player``, ``rewards``
and ``terminated``. Swap that one line for ``make("dicey-farm")`` or for
one of pgx's own games (``pgx.make("tic_tac_toe")``) and the rest runs
unchanged (``tests/rl/jax/test_pgx_example.py`` runs all three).

What differs from pgx's single-agent PPO, and why:

- **Several players, one policy.** The network plays every seat (self-play)
  and its value head gives one value per seat, listed from the seat to
  move, as the observation lists the seats. Advantages are computed for
  every seat at once from ``state.rewards`` (one reward per seat at every
  step), and each move is trained on the advantage of the seat that made
  it: ``state.current_player`` at the move. One player (Dicey Farm) is the
  same code with one seat.
- **The legal mask.** Moves are drawn among ``legal_action_mask`` (pgx's
  AlphaZero example does so too). Without it the script still runs: as in
  pgx, an illegal id ends the game with -1 to its maker.
- **Rollout and update are two compiled functions.** The evaluation plays
  with the same compiled rollout (the seats that are not the policy's move
  by ``sample_legal``), so the game's step is compiled once: Filthy Rich's
  takes a minute or two on a CPU.

Evaluation: the policy takes one seat (seat ``slot % num_players`` of each
of ``--envs`` parallel games) and uniformly random legal moves take the
others; each slot's first games are counted, so short games are not
favoured. For a game of several players it prints the policy's win share
with its 95% Wilson interval (1/num_players is what a random player gets),
for one player its mean return.

Usage::

    python examples/pgx_ppo_filthy_rich.py                          # the defaults: minutes on a 2-core CPU
    python examples/pgx_ppo_filthy_rich.py --iterations 2 --envs 4 --steps 8 --eval-games 4
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import time
from collections.abc import Sequence
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
import optax
import pgx.experimental
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from gameshelf.rl.jax import make, sample_legal
from gameshelf.rl.jax import policy as mlp
from gameshelf.sim.stats import Z95, wilson

# The one line to swap: make("dicey-farm"), pgx.make("tic_tac_toe"), ...
ENV = make("filthy-rich", num_players=3)


@dataclasses.dataclass(frozen=True)
class Config:
    """The run's settings; each is a command-line flag (``--eval-games`` for ``eval_games``)."""

    seed: int = 0
    envs: int = 64  # games played side by side
    steps: int = 32  # moves per game per rollout
    iterations: int = 150  # rollouts, each followed by an update
    epochs: int = 4
    minibatches: int = 4
    hidden: int = 128
    lr: float = 3e-4
    gamma: float = 1.0  # the games end, and only the end pays in Filthy Rich
    gae_lambda: float = 0.95
    clip_eps: float = 0.2
    vf_coef: float = 0.5
    ent_coef: float = 0.01
    max_grad_norm: float = 0.5
    eval_games: int = 384  # rounded up to a multiple of envs
    eval_max_moves: int = 2000  # per game: a game still going then is counted as not won


class Transition(NamedTuple):
    """One move of every game of the batch (a leading axis per rollout step once stacked)."""

    obs: jax.Array  # float32[B, obs]
    mask: jax.Array  # bool[B, actions]
    seat: jax.Array  # int[B]: the seat that moved
    action: jax.Array
    log_prob: jax.Array
    values: jax.Array  # float32[B, players]: the value of each seat before the move
    rewards: jax.Array  # float32[B, players]: what the move paid each seat
    done: jax.Array  # bool[B]: the move ended the game (a new one was dealt)


def flat(obs: jax.Array) -> jax.Array:
    """A batch of observations as float32 rows (pgx's boards are bool[..., h, w, c])."""
    return obs.reshape(obs.shape[0], -1).astype(jnp.float32)


def by_seat(values: jax.Array, seat: jax.Array) -> jax.Array:
    """Values listed from ``seat`` (index 0 is ``seat``) relisted by seat number."""
    n = values.shape[-1]
    return jnp.take_along_axis(values, (jnp.arange(n) - seat[:, None]) % n, axis=-1)


def from_seat(values: jax.Array, seat: jax.Array) -> jax.Array:
    """The inverse of :func:`by_seat`: values by seat number, listed from ``seat``."""
    n = values.shape[-1]
    return jnp.take_along_axis(values, (jnp.arange(n) + seat[:, None]) % n, axis=-1)


def forward(params: mlp.Params, obs: jax.Array, mask: jax.Array) -> tuple[jax.Array, jax.Array]:
    """Masked logits over the ids and one value per seat, listed from the seat to move."""
    out = mlp.logits(params, obs)
    logits = jnp.where(mask, out[..., : ENV.num_actions], -1e9)
    return logits, out[..., ENV.num_actions :]


def make_rollout(config: Config) -> Any:
    """``rollout(params, state, key, policy_seat)``: ``config.steps`` moves in each game.

    ``policy_seat[b]`` is the seat the policy plays in game ``b``, or -1 for
    all of them (training); the other seats move by ``sample_legal``."""
    step_fn = jax.vmap(pgx.experimental.auto_reset(ENV.step, ENV.init))

    def _env_step(
        state: Any, key: jax.Array, params: mlp.Params, policy_seat: jax.Array
    ) -> tuple[Any, Transition]:
        k_pi, k_other, k_env = jax.random.split(key, 3)
        obs, mask, seat = flat(state.observation), state.legal_action_mask, state.current_player
        logits, values = forward(params, obs, mask)
        mine = (policy_seat < 0) | (seat == policy_seat)
        action = jnp.where(mine, jax.random.categorical(k_pi, logits), sample_legal(k_other, mask))
        log_prob = jnp.take_along_axis(jax.nn.log_softmax(logits), action[:, None], axis=-1)[:, 0]
        state = step_fn(state, action, jax.random.split(k_env, config.envs))
        return state, Transition(
            obs,
            mask,
            seat,
            action,
            log_prob,
            by_seat(values, seat),
            state.rewards,
            state.terminated,
        )

    def rollout(
        params: mlp.Params, state: Any, key: jax.Array, policy_seat: jax.Array
    ) -> tuple[Any, Transition, jax.Array]:
        state, traj = jax.lax.scan(
            lambda s, k: _env_step(s, k, params, policy_seat),
            state,
            jax.random.split(key, config.steps),
        )
        _, last = forward(params, flat(state.observation), state.legal_action_mask)
        return state, traj, by_seat(last, state.current_player)

    return rollout


def make_update(config: Config, optimizer: optax.GradientTransformation) -> Any:
    """``update(params, opt_state, traj, last_values, key)``: PPO's epochs over one rollout."""
    batch = config.envs * config.steps

    def _calculate_gae(traj: Transition, last_values: jax.Array) -> tuple[jax.Array, jax.Array]:
        """Every seat's advantage and return target at every move (GAE, Schulman et al. 2016)."""

        def back(
            carry: tuple[jax.Array, jax.Array], t: Transition
        ) -> tuple[tuple[jax.Array, jax.Array], jax.Array]:
            gae, next_values = carry
            going_on = 1.0 - t.done[:, None].astype(jnp.float32)
            delta = t.rewards + config.gamma * going_on * next_values - t.values
            gae = delta + config.gamma * config.gae_lambda * going_on * gae
            return (gae, t.values), gae

        _, adv = jax.lax.scan(back, (jnp.zeros_like(last_values), last_values), traj, reverse=True)
        return adv, adv + traj.values

    def _loss_fn(
        params: mlp.Params, t: Transition, adv: jax.Array, targets: jax.Array
    ) -> tuple[jax.Array, jax.Array]:
        logits, values = forward(params, t.obs, t.mask)
        log_all = jax.nn.log_softmax(logits)
        ratio = jnp.exp(jnp.take_along_axis(log_all, t.action[:, None], axis=-1)[:, 0] - t.log_prob)
        mover = jnp.take_along_axis(adv, t.seat[:, None], axis=-1)[
            :, 0
        ]  # the advantage of the seat that moved
        mover = (mover - mover.mean()) / (mover.std() + 1e-8)
        clipped = jnp.clip(ratio, 1.0 - config.clip_eps, 1.0 + config.clip_eps)
        actor = -jnp.minimum(ratio * mover, clipped * mover).mean()
        critic = 0.5 * jnp.square(values - from_seat(targets, t.seat)).sum(-1).mean()
        entropy = -(jnp.exp(log_all) * jnp.where(t.mask, log_all, 0.0)).sum(-1).mean()
        total = actor + config.vf_coef * critic - config.ent_coef * entropy
        return total, jnp.stack([total, actor, critic, entropy])

    def _update_minibatch(
        carry: tuple[mlp.Params, Any], mb: tuple[Transition, jax.Array, jax.Array]
    ) -> tuple[tuple[mlp.Params, Any], jax.Array]:
        params, opt_state = carry
        grads, parts = jax.grad(_loss_fn, has_aux=True)(params, *mb)
        updates, opt_state = optimizer.update(grads, opt_state, params)
        return (optax.apply_updates(params, updates), opt_state), parts

    def _update_epoch(
        carry: tuple[mlp.Params, Any, jax.Array], data: tuple[Transition, jax.Array, jax.Array]
    ) -> tuple[tuple[mlp.Params, Any, jax.Array], jax.Array]:
        params, opt_state, key = carry
        key, k = jax.random.split(key)
        order = jax.random.permutation(k, batch).reshape(config.minibatches, -1)
        minibatches = jax.tree.map(lambda x: x[order], data)
        (params, opt_state), parts = jax.lax.scan(
            _update_minibatch, (params, opt_state), minibatches
        )
        return (params, opt_state, key), parts.mean(0)

    def update(
        params: mlp.Params, opt_state: Any, traj: Transition, last_values: jax.Array, key: jax.Array
    ) -> tuple[mlp.Params, Any, jax.Array]:
        adv, targets = _calculate_gae(traj, last_values)
        data = jax.tree.map(lambda x: x.reshape((batch, *x.shape[2:])), (traj, adv, targets))
        (params, opt_state, _), parts = jax.lax.scan(
            lambda c, _: _update_epoch(c, data), (params, opt_state, key), None, config.epochs
        )
        return params, opt_state, parts.mean(0)  # total, actor, critic, entropy

    return update


def evaluate(
    rollout: Any, init: Any, params: mlp.Params, key: jax.Array, config: Config
) -> dict[str, float]:
    """The policy in one seat against ``sample_legal`` in the others: its return in each slot's first games."""
    n = ENV.num_players
    per_slot = math.ceil(config.eval_games / config.envs)
    seats = np.arange(config.envs) % n
    k_init, key = jax.random.split(key)
    state = init(jax.random.split(k_init, config.envs))
    running, counted = np.zeros(config.envs), np.zeros(config.envs, int)
    returns: list[float] = []
    calls = math.ceil(per_slot * config.eval_max_moves / config.steps)
    for _ in range(calls):
        if counted.min() >= per_slot:
            break
        key, k = jax.random.split(key)
        state, traj, _ = rollout(params, state, k, jnp.asarray(seats))
        rewards = np.asarray(traj.rewards)[:, np.arange(config.envs), seats]
        for r, done in zip(rewards, np.asarray(traj.done), strict=True):
            running += r
            ended = done & (counted < per_slot)
            returns += running[ended].tolist()
            counted += ended
            running[done] = 0.0
    games = per_slot * config.envs
    if n > 1:
        share, low, high = wilson(
            sum(r > 0 for r in returns), games
        )  # a game still going counts as lost
        return {"games": games, "finished": len(returns), "mean": share, "low": low, "high": high}
    mean = float(np.mean(returns)) if returns else math.nan
    half = (
        Z95 * float(np.std(returns, ddof=1)) / math.sqrt(len(returns))
        if len(returns) > 1
        else math.nan
    )
    return {
        "games": games,
        "finished": len(returns),
        "mean": mean,
        "low": mean - half,
        "high": mean + half,
    }


def describe(result: dict[str, float]) -> str:
    """One evaluation as a sentence."""
    n = ENV.num_players
    what = "win share vs random players" if n > 1 else "mean return"
    base = f" (a random player's: {1 / n:.3f})" if n > 1 else ""
    return (
        f"{what}: {result['mean']:.3f} [{result['low']:.3f}, {result['high']:.3f}] over "
        f"{result['games']:,} games ({result['finished']:,} finished){base}"
    )


def train(config: Config, console: Console | None = None) -> dict[str, Any]:
    """Train from scratch and evaluate before and after; returns what a test or a log needs."""
    console = console or Console(soft_wrap=True)
    n, obs_size = ENV.num_players, math.prod(ENV.observation_shape)
    console.print(
        f"{ENV.id} v{ENV.version}, {n} player(s), {ENV.num_actions} ids, observation {obs_size}; {config}"
    )
    key = jax.random.key(config.seed)
    key, k_net, k_env, k_eval = jax.random.split(key, 4)
    params = mlp.init_mlp(k_net, (obs_size, config.hidden, config.hidden, ENV.num_actions + n))
    optimizer = optax.chain(
        optax.clip_by_global_norm(config.max_grad_norm), optax.adam(config.lr, eps=1e-5)
    )
    opt_state = optimizer.init(params)
    if config.envs * config.steps % config.minibatches:
        raise ValueError("envs × steps must be a multiple of minibatches")
    init = jax.jit(jax.vmap(ENV.init))
    state = init(jax.random.split(k_env, config.envs))

    started = time.perf_counter()
    all_seats = jnp.full(config.envs, -1, jnp.int32)
    rollout = jax.jit(make_rollout(config)).lower(params, state, key, all_seats).compile()
    _, traj, last = rollout(params, state, key, all_seats)
    update = (
        jax.jit(make_update(config, optimizer)).lower(params, opt_state, traj, last, key).compile()
    )
    compiled = time.perf_counter() - started
    console.print(f"compiled the rollout and the update in {compiled:.0f} s")

    t0 = time.perf_counter()
    before = evaluate(rollout, init, params, k_eval, config)
    eval_s = time.perf_counter() - t0
    console.print(f"untrained policy: {describe(before)}")

    initial = params
    losses: list[list[float]] = []
    moves = games = 0
    train_s = 0.0
    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=console, transient=False) as bar:
        task = bar.add_task("training", total=config.iterations)
        for i in range(config.iterations):
            t0 = time.perf_counter()
            key, k_roll, k_upd = jax.random.split(key, 3)
            state, traj, last = rollout(params, state, k_roll, all_seats)
            params, opt_state, parts = update(params, opt_state, traj, last, k_upd)
            parts = jax.device_get(parts)
            train_s += time.perf_counter() - t0
            moves += config.envs * config.steps
            games += int(np.asarray(traj.done).sum())
            losses.append([float(x) for x in parts])
            bar.update(
                task,
                advance=1,
                description=(
                    f"loss {parts[0]:+.3f} (actor {parts[1]:+.3f}, value {parts[2]:.3f}, entropy {parts[3]:.2f})"
                ),
            )
            if (i + 1) % max(1, config.iterations // 10) == 0 or i + 1 == config.iterations:
                bar.console.print(
                    f"iteration {i + 1}: {moves:,} moves, {games:,} games ended, "
                    f"{moves / train_s:,.0f} moves/s, loss {parts[0]:+.4f}, entropy {parts[3]:.3f}"
                )

    t0 = time.perf_counter()
    after = evaluate(rollout, init, params, k_eval, config)  # the same deals as before training
    eval_s += time.perf_counter() - t0
    console.print(
        f"trained policy ({moves:,} moves, {games:,} games of self-play, {train_s:.0f} s, "
        f"{moves / train_s:,.0f} moves/s with the updates): {describe(after)}"
    )
    console.print(
        f"{time.perf_counter() - started:.0f} s in all: compiling {compiled:.0f} s, "
        f"training {train_s:.0f} s, evaluating {eval_s:.0f} s"
    )
    return {
        "initial": initial,
        "params": params,
        "losses": losses,
        "before": before,
        "after": after,
        "moves": moves,
        "games": games,
        "train_s": train_s,
        "compile_s": compiled,
    }


def parse(argv: Sequence[str] | None = None) -> Config:
    """A :class:`Config` from command-line flags, one per field."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for field in dataclasses.fields(Config):
        parser.add_argument(
            f"--{field.name.replace('_', '-')}", type=type(field.default), default=field.default
        )
    return Config(**vars(parser.parse_args(argv)))


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    return train(parse(argv))


if __name__ == "__main__":
    main()
