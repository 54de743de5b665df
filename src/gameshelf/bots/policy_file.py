"""A trained policy as a small, checked ``.npz`` file: the ``jax-policy`` bot's checkpoint.

Why a file format of our own and not a pickle or a framework's checkpoint: a
checkpoint is outside input (downloaded, attached to a paper, shipped in the
package), so it is read with ``numpy.load(allow_pickle=False)``, which runs no
code, and every entry is checked before the bot plays a move. A policy
trained in JAX plays in the engine with numpy alone: the network is a plain
multilayer perceptron, so its forward pass is a few matrix products.

The file (format version 1), every entry a numpy array::

    format         "gameshelf-policy"                  text, 0-d
    version        1                                   int, 0-d
    kind           "logits" or "afterstate"            what the network's output means (below)
    game           "dicey-farm"                        the engine's game id
    rules_version  "1.02-3"                            the rules it was trained under
    obs_size       328                                 observation_tensor's length
    num_actions    185                                 the game's action ids
    layers         2                                   hidden layers (ReLU), then the logits
    avoid          int32[k]                            ids played only when nothing else is legal
    w0, b0, ...    float32 (obs_size, h1), (h1,), ...  the layers' weights and biases
    w{L}, b{L}     float32 (h_L, out), (out,)          out: num_actions (logits) or 1 (afterstate)

    logits:      obs (obs_size) ─ w0,b0 ─ ReLU ─ ... ─ w{L},b{L} ─ one logit per action id
                 move = the legal id with the highest logit
    afterstate:  the same network rates the observation *after* each legal move
                 (played on a re-dealt world, as the greedy bot looks ahead)
                 move = the legal id whose position it rates highest
    either way, ids in ``avoid`` only if nothing else is legal; the lowest id on a tie

Why two kinds: a network that must name the best id from the position alone
has to learn, for every id, what it would do; one that rates positions sees
what each move did. With a few hundred teacher games (what a 2-core machine
makes in half an hour) the second learned far more (docs/research/jax.md).

Why ``avoid``: a deterministic policy that may take a step back (Dicey Farm's
``Back``: put a picked die back) can pick and put back for ever; the file
names such ids so any reader plays them only when forced.
"""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

    from gameshelf.core.protocol import Game

FORMAT = "gameshelf-policy"
FORMAT_VERSION = 1
#: a policy file larger than this is refused before it is read (the shipped
#: ones are a few hundred kB; a network that needs more is not this format's job)
MAX_BYTES = 8 << 20
KINDS = ("logits", "afterstate")
_HEADER = ("format", "version", "kind", "game", "rules_version", "obs_size", "num_actions", "layers", "avoid")


class PolicyFileError(ValueError):
    """A policy file that cannot be played: a code and a sentence, in the
    reader's language through :meth:`message_in`."""

    def __init__(self, code: str, /, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(self.message_in("en"))

    def message_in(self, lang: str | None) -> str:
        from gameshelf.core.i18n import t

        return t(f"bots.policy-{self.code}", lang, **self.params)


@dataclass(frozen=True, eq=False)
class Policy:
    """A multilayer perceptron over one game's observation tensor.

    ``layers`` holds (weights, biases) pairs, float32; every layer but the
    last is followed by a ReLU. ``kind`` ``"logits"``: the last gives one
    logit per action id; ``"afterstate"``: one value, of the position after a move.
    """

    game: str
    rules_version: str
    num_actions: int
    layers: tuple[tuple[np.ndarray, np.ndarray], ...]
    avoid: tuple[int, ...] = ()
    kind: str = "logits"
    _avoid_set: frozenset[int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {self.kind!r}")
        if self.width != (self.num_actions if self.kind == "logits" else 1):
            raise ValueError(f"a {self.kind} policy's last layer cannot be {self.width} wide")
        object.__setattr__(self, "_avoid_set", frozenset(self.avoid))

    @property
    def obs_size(self) -> int:
        return int(self.layers[0][0].shape[0])

    @property
    def width(self) -> int:
        """The last layer's width: the action count (logits) or 1 (afterstate)."""
        return int(self.layers[-1][0].shape[1])

    def logits(self, obs: np.ndarray) -> np.ndarray:
        """The network's output for one observation (or a batch of them)."""
        import numpy as np

        h = np.asarray(obs, np.float32)
        for w, b in self.layers[:-1]:
            h = np.maximum(h @ w + b, 0.0)
        w, b = self.layers[-1]
        return np.asarray(h @ w + b)

    def pick(self, obs: np.ndarray, legal_ids: Sequence[int]) -> int:
        """The index into ``legal_ids`` of the move a ``logits`` policy plays."""
        logits = self.logits(obs)
        return self._best([float(logits[a]) for a in legal_ids], legal_ids)

    def pick_after(self, after_obs: np.ndarray, legal_ids: Sequence[int]) -> int:
        """The index into ``legal_ids`` of the move an ``afterstate`` policy
        plays; row i of ``after_obs`` is the observation after move i, or,
        [worlds, moves, obs], ``after_obs[w, i]`` is that on world w, and a
        move's value is the mean of its ratings over the worlds."""
        values = self.logits(after_obs)[..., 0]
        if values.ndim == 2:
            values = values.mean(axis=0)
        return self._best([float(v) for v in values], legal_ids)

    def _best(self, scores: Sequence[float], legal_ids: Sequence[int]) -> int:
        allowed = [i for i, a in enumerate(legal_ids) if a not in self._avoid_set] or range(len(legal_ids))
        # the lowest id on a tie, as jnp.argmax over the ids picks in JAX
        return max(allowed, key=lambda i: (scores[i], -legal_ids[i]))

    def check_game(self, game: Game) -> None:
        """Refuse a policy trained for another game, other rules or another tensor.

        Raises:
            PolicyFileError: with what the file says and what the game has.
        """
        from gameshelf.core.tensor import tensor_size

        self.check_fits(game.id, game.rules_version, tensor_size(game), game.num_distinct_actions)

    def check_fits(self, game_id: str, rules_version: str, obs_size: int, num_actions: int) -> None:
        """:meth:`check_game` for a game known by its facts (a JAX ``Env``'s, say).

        Raises:
            PolicyFileError: the first fact that differs, with both values.
        """
        if self.game != game_id:
            raise PolicyFileError("wrong-game", found=self.game, game=game_id)
        if self.rules_version != rules_version:
            raise PolicyFileError("wrong-rules", found=self.rules_version, game=game_id, rules=rules_version)
        if (self.obs_size, self.num_actions) != (obs_size, num_actions):
            raise PolicyFileError("wrong-shape", obs=self.obs_size, actions=self.num_actions, game=game_id,
                                  game_obs=obs_size, game_actions=num_actions)


def save_policy(path: str | Path, policy: Policy) -> None:
    """Write ``policy`` in format version 1 (compressed ``.npz``)."""
    import numpy as np

    arrays: dict[str, np.ndarray] = {
        "format": np.asarray(FORMAT), "version": np.asarray(FORMAT_VERSION, np.int64),
        "kind": np.asarray(policy.kind), "game": np.asarray(policy.game),
        "rules_version": np.asarray(policy.rules_version),
        "obs_size": np.asarray(policy.obs_size, np.int64),
        "num_actions": np.asarray(policy.num_actions, np.int64),
        "layers": np.asarray(len(policy.layers) - 1, np.int64),
        "avoid": np.asarray(policy.avoid, np.int32).reshape(-1),
    }
    for i, (w, b) in enumerate(policy.layers):
        arrays[f"w{i}"] = np.asarray(w, np.float32)
        arrays[f"b{i}"] = np.asarray(b, np.float32)
    with open(path, "wb") as out:
        np.savez_compressed(out, **arrays)  # type: ignore[arg-type]


def load_policy(path: str | Path) -> Policy:
    """Read and check a policy file; nothing in it is executed.

    Raises:
        PolicyFileError: the file is missing, too large, not an ``.npz`` of
            this format, or holds an entry of the wrong type, shape or value.
    """
    try:
        import numpy as np
    except ModuleNotFoundError:
        raise PolicyFileError("needs-numpy") from None
    path = Path(path)
    if not path.is_file():
        raise PolicyFileError("missing", path=str(path))
    if path.stat().st_size > MAX_BYTES:
        raise PolicyFileError("too-large", path=str(path), limit=MAX_BYTES)
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as exc:
        raise PolicyFileError("unreadable", path=str(path), why=str(exc) or type(exc).__name__) from None
    return _checked(path, arrays)


def _checked(path: Path, arrays: dict[str, np.ndarray]) -> Policy:
    import numpy as np

    def bad(why: str) -> PolicyFileError:
        return PolicyFileError("bad-entry", path=str(path), why=why)

    def text(name: str) -> str:
        value = arrays[name]
        if value.shape != () or value.dtype.kind != "U":
            raise bad(f"{name} must be text")
        return str(value)

    def count(name: str, low: int) -> int:
        value = arrays[name]
        if value.shape != () or value.dtype.kind not in "iu" or int(value) < low:
            raise bad(f"{name} must be a whole number ≥ {low}")
        return int(value)

    if "format" not in arrays or arrays["format"].shape != () or arrays["format"].dtype.kind != "U" \
            or str(arrays["format"]) != FORMAT:
        raise PolicyFileError("not-a-policy", path=str(path))
    missing = [name for name in _HEADER if name not in arrays]
    if missing:
        raise bad(f"missing {', '.join(missing)}")
    if count("version", 0) != FORMAT_VERSION:
        raise PolicyFileError("wrong-version", path=str(path), found=int(arrays["version"]),
                              version=FORMAT_VERSION)
    game, rules_version, kind = text("game"), text("rules_version"), text("kind")
    if kind not in KINDS:
        raise bad(f"kind must be one of {', '.join(KINDS)}")
    obs_size, num_actions, hidden = count("obs_size", 1), count("num_actions", 1), count("layers", 0)
    expected = {*_HEADER, *(f"{part}{i}" for i in range(hidden + 1) for part in "wb")}
    if set(arrays) != expected:
        odd = sorted(set(arrays) ^ expected)
        raise bad(f"unexpected or missing entries {', '.join(odd)}")
    layers = []
    width = obs_size
    for i in range(hidden + 1):
        w, b = arrays[f"w{i}"], arrays[f"b{i}"]
        if w.dtype != np.float32 or b.dtype != np.float32:
            raise bad(f"w{i} and b{i} must be float32")
        last = num_actions if kind == "logits" else 1
        out = last if i == hidden else (w.shape[1] if w.ndim == 2 else -1)
        if w.shape != (width, out) or b.shape != (out,) or out < 1:
            raise bad(f"w{i} must be {width} × {out if out > 0 else 'n'} and b{i} of its width")
        if not (np.isfinite(w).all() and np.isfinite(b).all()):
            raise bad(f"w{i} or b{i} holds a value that is not finite")
        layers.append((w, b))
        width = out
    avoid = arrays["avoid"]
    if avoid.ndim != 1 or avoid.dtype.kind not in "iu" or any(not 0 <= int(a) < num_actions for a in avoid):
        raise bad(f"avoid must list action ids 0-{num_actions - 1}")
    return Policy(game=game, rules_version=rules_version, num_actions=num_actions, layers=tuple(layers),
                  avoid=tuple(int(a) for a in avoid), kind=kind)
