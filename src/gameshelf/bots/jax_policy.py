"""``jax-policy``: a policy trained in JAX, playing through the engine.

Why a bot and not a separate harness: as a bot, a trained agent meets every
other bot in ``gameshelf simulate``, takes a terminal seat and sits at a table
like any level, so its figures are measured the way every bot's are. It sees
what every bot sees (a :class:`~gameshelf.bots.PlayerView`): the seat's
observation tensor and the legal moves, and, for a network that rates
positions (``kind`` ``afterstate``), the position after each legal move on a
re-dealt world, as the greedy bot looks one move ahead. It plays the legal id
its network rates highest and keeps nothing between moves.

The network comes from a checked ``.npz`` file (:mod:`gameshelf.bots.policy_file`);
``path=FILE`` names one, and without it the game's shipped agent plays
(``gameshelf/bots/agents/``, :data:`SHIPPED`; Dicey Farm: ``dicey-farm-v4.npz``,
trained by ``benchmarks/train_dicey_farm_agent.py``; Filthy Rich:
``filthy-rich-v1.npz``, trained by ``benchmarks/train_filthy_rich_agent.py``).
Training needs the ``jax`` extra; playing needs only numpy, which that extra brings::

    gameshelf simulate dicey-farm -p 1 -b 'jax-policy' -n 200 -s 11
    gameshelf simulate dicey-farm -p 1 -b 'jax-policy[path=my-agent.npz]' -n 200 -s 11
    gameshelf simulate filthy-rich -p 2 -b 'jax-policy,greedy' -n 500 -s 11
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gameshelf.bots import WORLD_SEEDS, PlayerView, register_bot
from gameshelf.core.actions import Action
from gameshelf.core.rng import Stream, derive_seed

if TYPE_CHECKING:
    from gameshelf.bots.policy_file import Policy
    from gameshelf.core.protocol import Game

#: each game's shipped agent, a file of ``gameshelf/bots/agents/``
SHIPPED: dict[str, str] = {"dicey-farm": "dicey-farm-v4.npz", "filthy-rich": "filthy-rich-v1.npz"}


def shipped_path(game_id: str) -> Path:
    """The file of ``game_id``'s shipped agent.

    Raises:
        PolicyFileError: the game has none.
    """
    from gameshelf.bots.policy_file import PolicyFileError

    name = SHIPPED.get(game_id)
    if name is None:
        raise PolicyFileError("no-shipped", game=game_id, games=", ".join(sorted(SHIPPED)))
    return Path(str(resources.files("gameshelf.bots") / "agents" / name))


class JaxPolicyBot:
    """Plays the legal move a trained network rates highest.

    Args:
        seed: draws the re-dealt worlds an ``afterstate`` policy looks ahead on.
        path: the policy file; ``None``: the game's shipped agent.
        game: when known, the file is checked against it at once (the game
            id, its rules version, its tensor's length and its action count),
            so a wrong file is refused before any game starts.
        worlds: re-dealt worlds an ``afterstate`` policy rates each move on,
            its ratings averaged (the same worlds for every move). Why more
            than one: a move whose outcome is drawn at once (Filthy Rich's
            ``roll``) is otherwise judged by one throw of the dice, while the
            moves beside it are not drawn at all.

    Raises:
        PolicyFileError: the file cannot be read or does not fit the game.
    """

    name = "jax-policy"

    def __init__(self, seed: int = 0, path: str | None = None, game: Game | None = None, worlds: int = 1,
                 **_: Any) -> None:
        if worlds < 1:
            raise ValueError("worlds must be at least 1")
        self.stream = Stream(derive_seed("jax-policy-bot", seed))
        self.path = path
        self.worlds = int(worlds)
        self._policy: Policy | None = None
        self._checked: Game | None = None
        if path is not None:
            self._policy = _load(Path(path))
        if game is not None:
            self._fit(game)

    def _fit(self, game: Game) -> Policy:
        """The policy, loaded (the shipped one if no path) and checked against ``game``."""
        if self._policy is None:
            self._policy = _load(shipped_path(game.id))
        if self._checked is not game:
            self._policy.check_game(game)
            self._checked = game
        return self._policy

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        game = view.game
        policy = self._fit(game)
        ids = [game.action_id(a) for a in legal]
        if policy.kind == "logits":
            return legal[policy.pick(view.observation_tensor(), ids)]
        return legal[policy.pick_after(self._afterstates(view, legal), ids)]

    def _afterstates(self, view: PlayerView, legal: list[Action]) -> Any:
        """The seat's tensor after each legal move on each re-dealt world:
        [moves, obs] for one world, [worlds, moves, obs] for more."""
        import numpy as np

        boards = []
        for _ in range(self.worlds):
            world = view.search_world(self.stream.below(WORLD_SEEDS))
            rows = []
            for action in legal:
                after = world.clone()
                after.apply_unchecked(action)
                rows.append(after.observation_tensor(view.player))
            boards.append(np.stack(rows))
        return boards[0] if self.worlds == 1 else np.stack(boards)


def _load(path: Path) -> Policy:
    from gameshelf.bots.policy_file import load_policy  # numpy-free until a file is read

    return load_policy(path)


register_bot("jax-policy", JaxPolicyBot, takes_game=True)
