"""What the reference agents' training scripts share (``train_dicey_farm_agent.py``, ``train_filthy_rich_agent.py``).

Why one module: both scripts keep a raw JSON-lines log, draw their training
deals apart from every benchmark deal, fit a perceptron with a jitted AdamW
loop and report a mean or a win share with its 95% interval; written once,
the two cannot drift apart (a different interval, a log line of another shape).

Only :func:`make_trainer` and :func:`value_loss` need the ``jax`` extra (jax, optax), so a script
that plays games and keeps shards (``dicey_farm_teacher.py``) runs without it.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from gameshelf.core.rng import derive_seed
from gameshelf.sim.stats import wilson

if TYPE_CHECKING:
    import jax

    from gameshelf.rl.jax import policy as pol


class Log:
    """The run's raw log: one JSON object a line, flushed as written."""

    def __init__(self, path: Path | None) -> None:
        self.file = None if path is None else path.open("a", encoding="utf-8")

    def write(self, **entry: Any) -> None:
        if self.file is not None:
            self.file.write(json.dumps({"t": round(time.time(), 1), **entry}) + "\n")
            self.file.flush()


def train_seed(game: str, index: int) -> int:
    """The seed of ``game``'s training deal ``index``: derived from
    ``"agent-train"``, never from the ``"sim-game"`` seeds of a benchmark job."""
    return derive_seed("agent-train", game, index) & ((1 << 63) - 1)


def positive(text: str) -> int:
    """An argparse type: a whole number, 0 or more."""
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def add_network_arguments(parser: argparse.ArgumentParser, *, hidden: str, epochs: int, batch: int,
                          val_every: int, held_out: str) -> None:
    """The options every agent script takes for its network and its run:
    ``--hidden``, ``--epochs``, ``--batch``, ``--lr``, ``--weight-decay``,
    ``--val-every`` (every n-th ``held_out`` kept apart), ``--seed``,
    ``--out`` and ``--log``, with the script's own defaults."""
    parser.add_argument("--hidden", default=hidden, help="hidden layer widths")
    parser.add_argument("--epochs", type=positive, default=epochs)
    parser.add_argument("--batch", type=int, default=batch, help="decisions per batch")
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--weight-decay", type=float, default=1e-4)
    parser.add_argument("--val-every", type=positive, default=val_every, help=f"hold out every n-th {held_out} (0: none)")
    parser.add_argument("--seed", type=positive, default=0)
    parser.add_argument("--out", type=Path, help="where the policy file goes")
    parser.add_argument("--log", type=Path, help="raw log, one JSON line per stage and epoch (appended)")


def interval(scores: Sequence[float]) -> dict[str, float]:
    """Mean and its 95% normal interval."""
    values = np.asarray(scores, float)
    half = 1.959963984540054 * values.std(ddof=1) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
    return {"n": len(values), "mean": float(values.mean()), "low": float(values.mean() - half),
            "high": float(values.mean() + half), "sd": float(values.std(ddof=1)) if len(values) > 1 else 0.0}


def win_share(shares: Sequence[float]) -> dict[str, float]:
    """A win share (ties split) with its 95% Wilson interval, as ``gameshelf simulate`` reports one."""
    rate, low, high = wilson(float(sum(shares)), len(shares))
    return {"n": len(shares), "wins": float(sum(shares)), "share": rate, "low": low, "high": high}


LossFn = Callable[..., "jax.Array"]


def make_trainer(loss_fn: LossFn, lr: float, weight_decay: float, decay_steps: int = 0):  # type: ignore[no-untyped-def]
    """AdamW and a jitted ``(params, opt_state, *batches) -> (params, opt_state, mean loss)``
    that runs ``loss_fn(params, *batch)``'s steps over a chunk of batches (one
    ``lax.scan``, so a chunk costs one dispatch, not one per batch).

    With ``decay_steps`` the rate falls from ``lr`` to zero along a cosine
    over that many steps: with noisy labels a constant rate leaves the last
    epoch's weights a random draw among equally good ones (Filthy Rich's
    held-out regret moved by a tenth from epoch to epoch), a decayed one settles.
    """
    import jax
    import optax

    rate = optax.cosine_decay_schedule(lr, decay_steps) if decay_steps else lr
    optimizer = optax.adamw(rate, weight_decay=weight_decay)

    @jax.jit
    def steps(params: pol.Params, opt_state: Any, *batches: jax.Array):  # type: ignore[no-untyped-def]
        def one(carry, batch):  # type: ignore[no-untyped-def]
            params, opt_state = carry
            loss, grads = jax.value_and_grad(loss_fn)(params, *batch)
            updates, opt_state = optimizer.update(grads, opt_state, params)
            return (optax.apply_updates(params, updates), opt_state), loss

        (params, opt_state), losses = jax.lax.scan(one, (params, opt_state), batches)
        return params, opt_state, losses.mean()

    return optimizer, steps


def value_loss(rows: jax.Array, level_weight: float):  # type: ignore[no-untyped-def]
    """``(params, idx, valid, target) -> loss``: the squared error of each
    move's output (the network on ``rows[idx]``) against its target (Filthy
    Rich: logits of a win chance; Dicey Farm: round-end values), measured
    from the decision's mean, plus ``level_weight`` times the plain squared error.

    Why from the mean: the bot only compares the moves of one decision, so
    what the network must get right is their differences (a few hundredths
    of a win chance, a few VP), not the position's worth, which dwarfs them
    and is what a plain regression spends itself on."""
    import jax.numpy as jnp

    from gameshelf.rl.jax import policy as pol

    def loss(params: pol.Params, idx: jax.Array, valid: jax.Array, target: jax.Array) -> jax.Array:
        out = pol.logits(params, rows[idx].astype(jnp.float32))[..., 0]
        n = jnp.maximum(valid.sum(), 1)
        count = jnp.maximum(valid.sum(-1, keepdims=True), 1)
        error = jnp.where(valid, out - target, 0.0)
        centred = error - error.sum(-1, keepdims=True) / count
        return (jnp.where(valid, centred**2, 0.0).sum() + level_weight * (error**2).sum()) / n

    return loss
