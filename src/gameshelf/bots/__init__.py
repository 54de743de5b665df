"""Bots: they see a :class:`PlayerView`, never the real state.

A bot that could touch the real state could peek at hands or at the next die
through a clone. The view offers only what the seat may know: its
observation, its legal moves, and :meth:`PlayerView.determinize`, a copy in
which everything hidden has been re-sampled.

Bots by name: ``random``, ``greedy`` (:mod:`gameshelf.bots.greedy`),
``ismcts`` (:mod:`gameshelf.bots.ismcts`), ``rollout``
(:mod:`gameshelf.bots.rollout`), ``planner``
(:mod:`gameshelf.bots.planner`) and ``jax-policy``
(:mod:`gameshelf.bots.jax_policy`, a trained network read from a file).
The UI's three levels are names too, mapped to settings by :data:`LEVELS`; :func:`parse_bot_spec` reads the
``name[key=value,...]`` form that ``gameshelf simulate --bots`` takes.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from typing import Any, Protocol

from gameshelf.bots.spec import BotSpecError, check_settings, parse_bot_spec, split_bot_specs
from gameshelf.core.actions import Action
from gameshelf.core.protocol import Game, Observation, PlayerId, State
from gameshelf.core.registry import game_package
from gameshelf.core.rng import Stream, derive_seed

__all__ = [
    "LEVELS",
    "WORLD_SEEDS",
    "Bot",
    "BotSettingsError",
    "BotSpecError",
    "PlayerView",
    "RandomBot",
    "bot_names",
    "level_bot",
    "level_settings",
    "make_bot",
    "make_bot_from_spec",
    "parse_bot_spec",
    "play_bot_turn",
    "register_bot",
    "split_bot_specs",
]


#: Seeds of a bot's re-dealt search worlds are drawn below this
#: (``PlayerView.search_world(stream.below(WORLD_SEEDS))``); one range for
#: every bot.
WORLD_SEEDS = 1 << 62


class PlayerView:
    """What one seat may use to decide."""

    __slots__ = ("_state", "player")

    def __init__(self, state: State, player: PlayerId) -> None:
        self._state = state
        self.player = player

    @property
    def game(self):  # type: ignore[no-untyped-def]
        return self._state.game

    @property
    def players(self) -> int:
        return self._state.players

    @property
    def move_number(self) -> int:
        return len(self._state.history)

    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions()

    def observation(self) -> Observation:
        return self._state.observation(self.player)

    def observation_tensor(self) -> Any:
        """:meth:`observation` as the game's fixed-length float32 vector
        (written from the observation alone, so it holds nothing more)."""
        return self._state.observation_tensor(self.player)

    def determinize(self, seed: int) -> State:
        return self._state.determinize(self.player, seed)

    def search_world(self, seed: int) -> State:
        """A determinized copy that keeps no log: what searches play out.
        Nobody reads a throw-away future's events, and copying the log at
        every clone grows with the game (see :meth:`State.silence`)."""
        return self._state.determinize(self.player, seed, keep_log=False)


class Bot(Protocol):
    name: str

    def choose(self, view: PlayerView) -> Action: ...


class RandomBot:
    """Uniformly random legal moves; seeded, so games are reproducible."""

    name = "random"

    def __init__(self, seed: int = 0, **_: Any) -> None:
        self.stream = Stream(derive_seed("random-bot", seed))

    def choose(self, view: PlayerView) -> Action:
        return self.stream.choice(view.legal_actions())


BotFactory = Callable[..., Bot]
_BOTS: dict[str, BotFactory] = {"random": RandomBot}
#: bots whose factory takes ``game=`` (checks a file against the game at once)
_TAKES_GAME: set[str] = set()

#: Both search levels share one recipe: rollouts of four random moves
#: after the tree, then the game's heuristic judges the position; a
#: heuristic prior on the first move so the search starts from the greedy
#: move; and ``settle``, so that moves the playouts cannot tell apart are
#: ranked by the heuristic rather than by a coin toss. Why this recipe and
#: not long heuristic rollouts (the previous hard level: 2,000 iterations,
#: rollouts steered by the heuristic for 16 moves): on a 16-core sweep it
#: was as strong or stronger in every game at a tenth of the cost, so a
#: hard decision takes well under a second instead of 2.5-6 s (figures and
#: commands in docs/research/bots.md). Easy plays the heuristic but
#: blunders a third of the time; normal thinks a fifth as long as hard.
#: A game may change a level for itself in ``data/bots.toml``
#: (:func:`level_settings`, :func:`level_bot`); Dicey Farm plays easy and
#: normal with the greedy bot and hard with the planner bot; Filthy Rich's and
#: Pay Dirt's hard levels are the rollout bot.
_SEARCH = {"rollout": "random", "rollout_depth": 4, "prior": 3.0, "settle": 0.03}
LEVELS: dict[str, tuple[str, dict[str, Any]]] = {
    "easy": ("greedy", {"noise": 0.3}),
    "normal": ("ismcts", {"iterations": 200, **_SEARCH}),
    "hard": ("ismcts", {"iterations": 1000, **_SEARCH}),
}


def register_bot(name: str, factory: BotFactory, *, takes_game: bool = False) -> None:
    """Make ``factory`` a bot by ``name``. With ``takes_game``, :func:`make_bot`
    hands it the game too (``factory(seed=..., game=..., **settings)``), so a
    bot that reads a file for one game (``jax-policy``) refuses a wrong one
    before any game starts."""
    _BOTS[name] = factory
    if takes_game:
        _TAKES_GAME.add(name)
    else:
        _TAKES_GAME.discard(name)


def bot_names() -> list[str]:
    """Every bot name :func:`make_bot` accepts, levels included."""
    _load_builtin()
    return sorted({*_BOTS, *LEVELS})


def make_bot(name: str, seed: int = 0, game: Game | None = None, **settings: Any) -> Bot:
    """A bot by name (``random``, ``greedy``, ``ismcts``, ...), level
    (``easy``, ``normal``, ``hard``) or spec (``hard[time_ms=3000]``);
    ``settings`` override a level's and a spec's. With ``game``, a level
    takes that game's own settings first (:func:`level_settings`).

    Raises:
        KeyError: no bot has that name.
        BotSpecError: a setting the bot does not read, or a value out of
            its range (the message lists the valid settings).
    """
    _load_builtin()
    if "[" in name:  # a spec such as "ismcts[iterations=50]" (terminal seats)
        name, from_spec = parse_bot_spec(name)
        settings = {**from_spec, **settings}
    if name in LEVELS:
        base, preset = level_bot(name, game), level_settings(name, game)
        check_settings(name, base, settings)
        settings = {**preset, **settings}
    else:
        base = name
        check_settings(name, name, settings)
    factory = _BOTS[base]
    weights = settings.pop("weights", None)
    if base in _TAKES_GAME:
        settings["game"] = game
    bot = factory(seed=seed, **settings)
    return bot if weights is None else _with_weights(bot, name, str(weights), game)


def _with_weights(bot: Bot, name: str, weights: str, game: Game | None) -> Bot:
    """``bot`` deciding with the game's ``data/heuristic-WEIGHTS.toml``.

    Why a level may: the shipped weights are what every greedy opponent
    plays by; a stronger level may judge positions by weights tuned for
    itself without changing anyone else's (issue 26, Filthy Rich).
    """
    from gameshelf.bots.tuning import WeightedBot
    from gameshelf.core.weights import weight_slot

    slot = None if game is None else weight_slot(game)
    if slot is not None:
        with contextlib.suppress(FileNotFoundError):  # (no such weights: refused below)
            return WeightedBot(bot, slot, slot.named(weights))
    raise BotSpecError("no-weights", name=name, value=weights)


def make_bot_from_spec(spec: str, seed: int = 0, game: Game | None = None) -> Bot:
    """A bot from its text form, ``name`` or ``name[key=value,...]``."""
    name, settings = parse_bot_spec(spec)
    return make_bot(name, seed=seed, game=game, **settings)


class BotSettingsError(ValueError):
    """A game's ``data/bots.toml`` is malformed."""


def level_settings(level: str, game: Game | None = None) -> dict[str, Any]:
    """The settings of ``level`` (a key of :data:`LEVELS`) for ``game``.

    A game may tune a level in ``data/bots.toml`` of its package, one table
    per level (``[hard]``, ``iterations = 300``, ...), over the defaults in
    :data:`LEVELS`, or name another bot for it (``bot = "greedy"``, see
    :func:`level_bot`; then only the table's settings apply). Why per game:
    one recipe does not suit every game; in Dicey Farm no search beat its
    tuned greedy bot (docs/research/bots.md has the figures).

    Raises:
        KeyError: ``level`` is not a level.
        BotSettingsError: the game's file names an unknown level or bot, or
            holds a value that is not a number, a string or a boolean.
    """
    default_bot, preset = LEVELS[level]
    if game is None:
        return dict(preset)
    own = dict(_game_levels(game_package(game)).get(level, {}))
    if own.pop("bot", default_bot) != default_bot:
        return own  # another bot: the default bot's settings do not apply
    return {**preset, **own}


def level_bot(level: str, game: Game | None = None) -> str:
    """The bot that plays ``level`` (``LEVELS``, unless the game's
    ``data/bots.toml`` names another with ``bot = "..."``).

    Why a game may: in Dicey Farm, with its tuned heuristic, no search
    that compared positions mid-round measurably beat the one-step greedy
    bot, so its easy and normal levels are the greedy bot, and its hard
    level is the planner bot, which judges moves at the round's end; in
    Filthy Rich and Pay Dirt the tree search did not beat greedy clearly, and the rollout
    bot did, so that is its hard level (docs/research/bots.md).
    """
    default_bot = LEVELS[level][0]
    if game is None:
        return default_bot
    return str(_game_levels(game_package(game)).get(level, {}).get("bot", default_bot))


@functools.cache
def _game_levels(package: str) -> dict[str, dict[str, Any]]:
    from importlib import resources

    from gameshelf.core.datafile import read_toml

    try:
        path = resources.files(package) / "data" / "bots.toml"
    except (ModuleNotFoundError, TypeError):
        return {}
    if not path.is_file():
        return {}
    data = read_toml(path, f"{package}: data/bots.toml", BotSettingsError)
    for level, table in data.items():
        if level not in LEVELS or not isinstance(table, dict):
            raise BotSettingsError(
                f"{package}: data/bots.toml: [{level}] is not one of {', '.join(LEVELS)}"
            )
        bot = table.get("bot")
        _load_builtin()
        if bot is not None and bot not in _BOTS:
            raise BotSettingsError(
                f"{package}: data/bots.toml: [{level}] bot must be one of {', '.join(sorted(_BOTS))}, not {bot!r}"
            )
        for key, value in table.items():
            if not isinstance(value, bool | int | float | str):
                raise BotSettingsError(
                    f"{package}: data/bots.toml: [{level}] {key} must be a number, text or true/false"
                )
    return data


def _load_builtin() -> None:
    """Import the optional bot modules that register themselves."""
    from importlib import import_module

    for module in ("gameshelf.bots.greedy", "gameshelf.bots.ismcts", "gameshelf.bots.rollout",
                   "gameshelf.bots.planner", "gameshelf.bots.jax_policy"):
        try:
            import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise


def play_bot_turn(state: State, bot: Bot) -> Action:
    """Ask ``bot`` for the current seat's move and apply it to ``state``."""
    player = state.current_player
    assert player is not None, "the game is over"
    action = bot.choose(PlayerView(state, player))
    state.apply(action, player)
    return action
