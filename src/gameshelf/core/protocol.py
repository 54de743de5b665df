"""The contract every game fulfils: :class:`Game`, :class:`State`, events.

The shape follows OpenSpiel's one-API-for-all-games idea with TAG's
re-dealing copies for bots. A state is mutable and cloned explicitly, because
rebuilding nested immutable objects on every move is the slower road in
CPython; the conformance kit (``gameshelf.testing``) buys the safety back.

A game subclass implements the underscored hooks::

    Game                                State
    ----                                -----
    id, min/max_players, rules_version  current_player (property)
    action_classes, options_schema      _legal_actions()
    _new_state(players, seed, options)  _apply(action)          (already validated)
    _action_universe()                  _is_legal(action)       (optional: free amounts)
                                        is_over, scores()
                                        observation(player)     (redaction: hidden by default)
                                        _redeal(player)         (re-sample hidden parts)
                                        _copy()                 (cheap deep-enough copy)
                                        check_invariants()

Moves from outside are strict: :meth:`State.apply` refuses an object that is
not exactly one of the game's action classes or whose fields do not hold
exactly their declared types (``PickDie(1.0)`` equals ``PickDie(1)``), and then
plays the game's *own* equal instance from ``_legal_actions()``, never the
caller's object, so no value a caller made can enter a state or a cache.
A game whose menu is coarser than what the rules allow (any bid from the
minimum up to one's cash, listed as a few steps) overrides ``_is_legal`` to
accept the rest; such an action is played as a fresh copy the core builds.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias

from gameshelf.core import i18n
from gameshelf.core.actions import Action, ActionCodec, brief
from gameshelf.core.errors import IllegalAction, SetupError
from gameshelf.core.rng import Rng

if TYPE_CHECKING:
    from gameshelf.core.interfaces import Encoding, Heuristics, TerminalView, Texts

PlayerId: TypeAlias = int
#: a seed's magnitude stays below this (Python will not even print a 5,000-digit int).
SEED_LIMIT = 2**64
Observation: TypeAlias = dict[str, Any]


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, as an i18n key with parameters.

    ``visible_to`` is ``None`` for public events, else the seats that may see
    it (a card drawn into a hand is seen by its holder only).
    """

    key: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    visible_to: tuple[PlayerId, ...] | None = None

    def text(self, lang: str | None = None) -> str:
        return i18n.t(self.key, lang, **self.params)

    def visible(self, player: PlayerId | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}


# ``Event(key, params, visible_to)`` at half the cost, for State.log: a frozen
# dataclass's __init__ sets each field through object.__setattr__, and the
# rules log an event or two at every step of every playout. The slots'
# own setters fill the same fields of the same frozen object.
_new_object = object.__new__
_set_key = Event.__dict__["key"].__set__
_set_params = Event.__dict__["params"].__set__
_set_visible_to = Event.__dict__["visible_to"].__set__


@dataclasses.dataclass(frozen=True, slots=True)
class Decision:
    """What the seat to move is deciding now, as an i18n key with parameters.

    The text is a phrase that reads after "Your turn:" and after "Waiting for
    Player 2:" alike ("bidding on Claims #3", "placing a worker (3 left)"), so
    the browser's status bar and the terminal say the same thing to the mover
    and to everyone who waits. Parameters may name seats as ``player`` (from 1)
    or items as ``@keys``, as events do.
    """

    key: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def text(self, lang: str | None = None) -> str:
        return i18n.t(self.key, lang, **self.params)

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params), "text": self.text(lang)}


@dataclasses.dataclass(frozen=True, slots=True)
class Unavailable:
    """A move a player would look for that the rules refuse now, and why.

    Why the engine says it: a newcomer who cannot find "Contract" in the list
    does not know whether the game is broken or they lack food. The browser
    greys the move out with this reason and the terminal lists it under the
    moves, so both say the same thing, in English and Japanese. ``move`` and
    ``reason`` are i18n keys; ``params`` fill both.
    """

    move: str
    reason: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def move_text(self, lang: str | None = None) -> str:
        return i18n.t(self.move, lang, **self.params)

    def reason_text(self, lang: str | None = None) -> str:
        return i18n.t(self.reason, lang, **self.params)

    def to_json(self, lang: str | None = None, *, texts: bool = True) -> dict[str, Any]:
        """``texts=False``: without ``move_text`` and ``reason_text``, for a
        caller that renders them itself (the server marks their seats)."""
        out = {"move": self.move, "reason": self.reason, "params": dict(self.params)}
        if texts:
            out.update(move_text=self.move_text(lang), reason_text=self.reason_text(lang))
        return out


@dataclasses.dataclass(frozen=True, slots=True)
class Option:
    """One game option: its default and the values it may take."""

    default: Any
    choices: tuple[Any, ...] | None = None
    help_key: str = ""

    def check(self, name: str, value: Any) -> Any:
        """``value`` if this option may take it, by exact type (``True`` is
        not ``1``, ``1.0`` is not ``1``); :class:`SetupError` otherwise."""
        if self.choices is not None:
            for choice in self.choices:
                if type(value) is type(choice) and value == choice:
                    return choice
            raise SetupError("bad-option", {"name": name, "value": brief(value)})
        if self.default is not None and type(value) is not type(self.default):
            raise SetupError("bad-option", {"name": name, "value": brief(value)})
        return value


class Game(ABC):
    """A game's static description and its factory of states."""

    id: ClassVar[str]
    name_key: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str]
    action_classes: ClassVar[Sequence[type[Action]]]
    options_schema: ClassVar[Mapping[str, Option]] = {}
    #: the player count a new table starts with in a client; ``None``: two,
    #: within the game's range.
    default_players: ClassVar[int | None] = None

    def __init__(self) -> None:
        self.codec = ActionCodec(self.action_classes)
        self._universe_ready = False
        self._evaluator: Heuristics | None = None
        self._evaluator_asked = False

    # -- creation -----------------------------------------------------------
    def new_game(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> State:
        """A fresh game. Raises :class:`SetupError` on a bad count or option."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise SetupError(
                "bad-player-count",
                {"game": self.id, "low": self.min_players, "high": self.max_players, "n": brief(players)},
            )
        if type(seed) is not int or not -SEED_LIMIT < seed < SEED_LIMIT:
            raise SetupError("bad-seed", {"seed": brief(seed)})
        resolved = self.resolve_options(options)
        state = self._new_state(players, seed, resolved)
        state.seed = seed
        state.options = resolved
        return state

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        if options is None:
            options = {}
        if not isinstance(options, Mapping):
            raise SetupError("bad-option", {"name": "options", "value": brief(options)})
        options = dict(options)
        unknown = {brief(k) if type(k) is not str else k for k in options} - set(self.options_schema)
        if unknown:
            raise SetupError("unknown-option", {"name": ", ".join(sorted(unknown)[:6])})
        return {
            name: spec.check(name, options[name]) if name in options else spec.default
            for name, spec in self.options_schema.items()
        }

    @abstractmethod
    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> State: ...

    # -- actions ------------------------------------------------------------
    def action_from_json(self, obj: Any) -> Action:
        return self.codec.from_json(obj)

    def _ensure_universe(self) -> None:
        if not self._universe_ready:
            self.codec.set_universe(self._action_universe())
            self._universe_ready = True

    def _action_universe(self) -> Sequence[Action]:
        """Every action that can ever be legal, in a fixed order (for ids)."""
        raise NotImplementedError(f"{self.id} declares no action universe")

    @property
    def num_distinct_actions(self) -> int:
        self._ensure_universe()
        return self.codec.size

    def action_id(self, action: Action) -> int:
        self._ensure_universe()
        return self.codec.to_id(action)

    def action_id_tables(self) -> Mapping[type[Action], Mapping[Action, int]]:
        """Every action of the universe with its id, one read-only table per
        action class (``tables[type(action)][action]`` is
        :meth:`action_id`'s answer); adapters convert whole legal lists with it."""
        self._ensure_universe()
        return self.codec.id_tables

    def action_from_id(self, index: int) -> Action:
        self._ensure_universe()
        return self.codec.from_id(index)

    # -- presentation (overridden by games' view modules) ---------------------
    def name(self, lang: str | None = None) -> str:
        return i18n.t(self.name_key, lang)

    def describe_action(self, action: Action, lang: str | None = None) -> str:
        """A player-facing sentence for an action; defaults to its notation."""
        return str(action)

    def describe_public(
        self, action: Action, player: PlayerId, lang: str | None = None
    ) -> str:
        """The one public description of ``player``'s ``action``, as every
        other seat and a spectator may read it.

        Why one function per game: the terminal, the server and the browser
        must all say the same thing about an opponent's move, and none of them
        may say more than the rules show (a kept hardship card is "keeps a
        hardship card", not its name). The default is the action's own
        sentence, which is right for games whose moves are all public; a game
        with secret choices overrides it.
        """
        return self.describe_action(action, lang)

    # -- what clients need to know (metadata as data) -----------------------------
    def meta(self) -> dict[str, Any]:
        """What a client needs to know about the game before any observation,
        as JSON-ready data: ``id``, ``name`` (every language), the player
        counts (``min_players``, ``max_players``, ``default_players``), then
        the game's own :meth:`facts`. Why here: the browser used to copy such
        engine facts into its JavaScript, where a rules change could not
        reach them."""
        default = self.default_players
        if default is None:
            default = min(max(2, self.min_players), self.max_players)
        return {
            "id": self.id,
            "name": i18n.every_language(self.name),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "default_players": default,
            **self.facts(),
        }

    def facts(self) -> dict[str, Any]:
        """Engine facts a client lays its board out by (Dicey Farm's action
        tiles, Pay Dirt's first gear target), JSON-ready; merged into
        :meth:`meta`."""
        return {}

    def client_data(self) -> dict[str, Any]:
        """The component facts a browser needs besides an observation, which
        names things only by id (cards with their texts, the encounter book),
        JSON-ready; the game's ``client_data.py``. The web export writes it
        into ``web/data/<game>.json``."""
        return {}

    # -- the parts a game hands out (see gameshelf.core.interfaces) --------------
    def texts(self) -> Texts:
        """The words the browser and the terminal show (``texts.py``); the
        default reads every move with :meth:`describe_action`."""
        from gameshelf.core.interfaces import Texts

        return Texts(self)

    def terminal_view(self) -> TerminalView:
        """The terminal's drawing (``terminal_view.py``); the default prints
        the observation as data."""
        from gameshelf.core.interfaces import PlainView

        return PlainView()

    def encoding(self) -> Encoding | None:
        """The observation tensor's encoder (``encoding.py``), or ``None``
        for a game the research adapters do not offer."""
        return None

    def heuristics(self) -> Heuristics | None:
        """The bots' evaluation (``heuristics.py``), or ``None`` for the
        score difference of :meth:`evaluate`."""
        return None

    def render(self, observation: Observation, lang: str | None = None) -> Any:
        """A rich renderable of an observation for the terminal."""
        return self.terminal_view().render(observation, lang)

    def evaluate(self, state: State, player: PlayerId) -> float:
        """How good ``state`` looks for ``player``, for greedy and rollout bots.

        Higher is better; only differences between states matter. The
        game's :meth:`heuristics` answer when it has them, which see progress
        before points arrive; otherwise the seat's score minus the best
        other score.
        """
        if not self._evaluator_asked:  # asked once: the bots call this at every leaf
            self._evaluator, self._evaluator_asked = self.heuristics(), True
        heuristics = self._evaluator
        if heuristics is not None:
            return heuristics.evaluate(state, player)
        scores = state.scores()
        others = [s for p, s in enumerate(scores) if p != player]
        return scores[player] - (max(others) if others else 0.0)

    # -- pickling ---------------------------------------------------------------------
    def __reduce_ex__(self, protocol: Any) -> tuple[Any, ...]:
        """A game pickles (and deep-copies) as a reference: its id, loaded
        again through the registry on the other side.

        Why: a game is shared, read-only data (card tables, the action
        universe and its read-only id tables, compiled checks) that every
        state points at. Copying it into every pickled state would be large
        and would not even work (read-only mappings and local functions do
        not pickle); a reference is a few bytes, and in the same process
        ``pickle.loads`` and ``copy.deepcopy`` give back the very same
        object. A game built outside the registry (a test's own instance)
        comes back as a fresh instance of its class.
        """
        from gameshelf.core.registry import load_game

        try:
            registered = load_game(self.id)
        except KeyError:
            registered = None
        if registered is not None and type(registered) is type(self):
            return (load_game, (self.id,))
        return (type(self), ())


class State(ABC):
    """One game in progress. Mutable; copy it with :meth:`clone`."""

    game: Game
    players: int
    seed: int
    options: dict[str, Any]
    rng: Rng
    history: list[Action]
    events: list[Event]

    #: attributes that are caches, left out of :meth:`snapshot`.
    transient: ClassVar[frozenset[str]] = frozenset()
    #: a silenced copy keeps no log (see :meth:`silence`).
    quiet: bool = False

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)
        self.history = []
        self.events = []

    # -- who decides, and what ---------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> PlayerId | None:
        """The seat that must decide now; ``None`` once the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    def legal_actions(self) -> list[Action]:
        """Every legal choice now, in a deterministic order; empty when over."""
        if self.is_over:
            return []
        return self._legal_actions()

    @abstractmethod
    def _legal_actions(self) -> list[Action]: ...

    def decision(self) -> Decision | None:
        """The decision the seat to move faces now (see :class:`Decision`);
        ``None`` once the game is over. Games implement it in
        ``rules/decision.py`` so that every phase has its sentence; it must not
        change the state and may say only what every seat can see."""
        return None

    def unavailable_moves(self) -> list[Unavailable]:
        """Moves the seat to decide would look for but may not make now, each
        with the engine's reason (see :class:`Unavailable`); empty when the
        game is over or nothing notable is missing. Only moves a player would
        miss belong here, not every action of the universe. Games implement it
        in ``rules/why_not.py``; it must not change the state and must depend
        only on what the deciding seat can see."""
        return []

    def round_number(self) -> int | None:
        """The round in play, counted from 1, or ``None`` for a game without
        rounds. Why: a round's end is where a game's heuristic stands on
        firmest ground (the round's actions are done, the next round not yet
        begun), so a bot that looks ahead (:mod:`gameshelf.bots.planner`)
        plays a move out until this number changes or the game ends. A
        round is public: it must not change the state and may depend only on
        what every seat sees."""
        return None

    def acquisitions(self) -> dict[PlayerId, list[str]] | None:
        """For a simulation's per-item table: per seat, the data ids of what
        it acquired (cards, buildings, craftsmen), in order, whether or not
        it still holds them; ``None`` for a game with no such items. Reads
        the whole state: only tools that see everything call it."""
        return None

    def legal_action_mask(self) -> list[bool]:
        """A fixed-size mask over the game's action ids (looked up in the
        game's id table; an action outside the universe raises as
        :meth:`Game.action_id` does)."""
        tables = self.game.action_id_tables()
        mask = [False] * self.game.num_distinct_actions
        for action in self.legal_actions():
            table = tables.get(type(action))
            index = None if table is None else table.get(action)
            mask[self.game.action_id(action) if index is None else index] = True
        return mask

    # -- moving --------------------------------------------------------------------
    def apply(self, action: Action, player: PlayerId | None = None) -> None:
        """Validate, then play the game's own instance equal to ``action``.

        Raises:
            IllegalAction: the game is over, ``player`` is not the one to
                decide, ``action`` is malformed (not exactly one of the
                game's action classes with exactly typed fields) or the rules
                forbid it. The state is unchanged.
        """
        if self.is_over:
            raise IllegalAction("game-over")
        if player is not None:
            if type(player) is not int:
                raise IllegalAction("bad-seat", {"player": brief(player)})
            if player != self.current_player:
                raise IllegalAction(
                    "not-your-turn",
                    {"player": brief(player + 1), "current": (self.current_player or 0) + 1},
                )
        own = self.own_action(action)
        self._apply(own)
        self.history.append(own)

    def apply_unchecked(self, action: Action) -> None:
        """The fast path for search loops: ``action`` must come from
        :meth:`legal_actions` of this very state."""
        self._apply(action)
        self.history.append(action)

    def validate(self, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``action`` is legal now (see
        :meth:`own_action`, which :meth:`apply` uses)."""
        self.own_action(action)

    def own_action(self, action: Action) -> Action:
        """The game's own action equal to ``action``, if that is legal now.

        Why not the caller's object: an equal object may still differ (a
        float where an int belongs), and whatever :meth:`apply` plays ends up
        in the history, the state and the games' shared caches.

        Raises :class:`IllegalAction`: ``malformed-action`` for an object that
        is not exactly one of the game's action classes with exactly typed
        fields, else the code of :meth:`explain_illegal` (games override it
        for precise codes) when the rules forbid it. Nothing is changed.
        """
        self.game.codec.check(action)
        legal = self._legal_candidates(action)
        # Usually the caller holds an object a listing handed out (games
        # reuse prebuilt instances), so look for that very object first: a
        # dataclass __eq__ against every earlier entry was most of this check.
        for own in legal:
            if own is action:
                return own
        try:
            return legal[legal.index(action)]
        except ValueError:
            pass
        if not self._is_legal(action):
            raise self.explain_illegal(action)
        return self.game.codec.rebuild(action)

    def _legal_candidates(self, action: Action) -> list[Action]:
        """Legal actions among which :meth:`own_action` looks for ``action``:
        a part of :meth:`_legal_actions` that holds every legal action of
        ``action``'s class, the same instances. The default is the whole list;
        a game whose full listing costs as much as the move itself narrows it
        by the action's class."""
        return self._legal_actions()

    def _is_legal(self, action: Action) -> bool:
        """Whether ``action`` (already checked for exact types) is legal now.

        :meth:`validate` asks only about actions that :meth:`_legal_actions`
        does not list; the default, membership in that list, then says no.
        A game that lists a coarse menu of free amounts (bids from the
        minimum up to one's cash, in a few steps) overrides this to accept
        every amount the rules allow, and the core plays a fresh copy of the
        accepted action. It must not change the state.
        """
        return action in self._legal_actions()

    def explain_illegal(self, action: Any) -> IllegalAction:
        return IllegalAction("not-legal", {"action": str(action)})

    @abstractmethod
    def _apply(self, action: Action) -> None: ...

    def log(self, key: str, visible_to: tuple[PlayerId, ...] | None = None, **params: Any) -> None:
        """Append an event to the game log (unless the state is silenced)."""
        if not self.quiet:  # built in place (see _set_key): one frame less per event
            event: Event = _new_object(Event)
            _set_key(event, key)
            _set_params(event, params)
            _set_visible_to(event, visible_to)
            self.events.append(event)

    def silence(self) -> None:
        """Drop the log and keep none from now on, in this state and its clones.

        Why: a search plays thousands of throw-away futures that nobody reads;
        building their events, and copying an ever longer log at every clone,
        was pure waste. Rules never read the log, so play is unchanged; only
        observations (which show the log) differ, and a silenced state is
        never shown to anyone.
        """
        self.quiet = True
        self.events = []

    def events_for(self, player: PlayerId | None) -> list[Event]:
        return [e for e in self.events if e.visible(player)]

    def recent_events_for(self, player: PlayerId | None, count: int) -> list[Event]:
        """``events_for(player)[-count:]`` (``count`` ≥ 1), read from the end: an
        observation that shows the last few lines then costs the same late in
        a game as early (the server reads several observations a move)."""
        out: list[Event] = []
        for e in reversed(self.events):
            if len(out) == count:
                break
            if e.visible(player):
                out.append(e)
        out.reverse()
        return out

    # -- copies ----------------------------------------------------------------------
    def clone(self) -> State:
        """An independent copy: changing one never changes the other."""
        other = self._copy()
        other.history = list(self.history)
        other.events = list(self.events)
        other.rng = self.rng.copy()
        return other

    def _copy(self) -> State:
        """Override with a faster hand-written copy; the default deep-copies."""
        import copy

        game = self.game
        self.game = None  # type: ignore[assignment]
        try:
            other = copy.deepcopy(self)
        finally:
            self.game = game
        other.game = game
        return other

    def determinize(self, player: PlayerId, seed: int, *, keep_log: bool = True) -> State:
        """A copy in which everything ``player`` cannot see is re-sampled
        consistently with what they can see, including the future of every
        random stream. The copy carries no history and only the events that
        ``player`` saw, so nothing hidden leaks through it; with
        ``keep_log=False`` it carries no events at all and is silenced (a
        search's throw-away world: see :meth:`silence`)."""
        other = self._copy()
        other.rng = self.rng.reseeded(seed)
        other.seed = other.rng.seed  # type: ignore[assignment]
        other.history = []
        if keep_log:
            other.events = [e for e in self.events if e.visible(player)]
        else:
            other.silence()
        other._redeal(player)
        return other

    def _redeal(self, player: PlayerId) -> None:
        """Re-sample hidden parts with ``self.rng``; the default assumes that
        only the random future is hidden."""

    def known_zones(self, player: PlayerId) -> dict[str, Any]:
        """What ``player`` knows for certain about zones it cannot see now.

        Keys name a zone precisely (``"deck.bottom:3"``: the bottom three
        cards of the deck, in order); values are the JSON contents the seat
        knows are there, because it saw them go there (a refreshed row put
        under the deck, a reshuffle of a known discard pile). The conformance
        kit checks that :meth:`zones` of the real state and of every
        :meth:`determinize` copy agree with this: a re-deal may only produce
        worlds the seat cannot rule out. The default knows nothing hidden.
        """
        return {}

    def zones(self, names: Sequence[str]) -> dict[str, Any]:
        """The true contents of the zones :meth:`known_zones` names (full
        information: for the kit, never for a client)."""
        return {}

    # -- what a seat sees ----------------------------------------------------------
    @abstractmethod
    def observation(self, player: PlayerId | None) -> Observation:
        """JSON-ready view for ``player`` (``None`` = spectator), hidden by default."""

    def observation_tensor(self, player: PlayerId | None) -> Any:
        """:meth:`observation` as a flat float32 numpy array of the game's fixed
        length, for learning agents. The game's ``encoding`` module defines it
        on the observation alone, so it can hold nothing more (every slot is
        in docs/research/index.md); a game may also write it straight from the
        state, which a test holds equal to the observation's tensor
        (``core/tensor.encode_state``). numpy is imported here only, never
        by ``import gameshelf``."""
        from gameshelf.core.tensor import encode_state

        return encode_state(self, player)

    # -- the end ---------------------------------------------------------------------
    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score (victory points, gold, ...), final once over."""

    def tiebreak_key(self, player: PlayerId) -> tuple[Any, ...]:
        """What breaks ties between equal scores, higher is better."""
        return ()

    def ranking(self) -> list[list[PlayerId]]:
        """Seats grouped by place, best first; a group holds tied seats."""
        scores = self.scores()
        keyed = sorted(
            range(self.players), key=lambda p: (scores[p], *self.tiebreak_key(p)), reverse=True
        )
        groups: list[list[PlayerId]] = []
        last: tuple[Any, ...] | None = None
        for p in keyed:
            key = (scores[p], *self.tiebreak_key(p))
            if groups and key == last:
                groups[-1].append(p)
            else:
                groups.append([p])
            last = key
        return groups

    def winners(self) -> list[PlayerId]:
        return self.ranking()[0] if self.is_over else []

    def check_invariants(self) -> None:
        """Raise AssertionError when the state breaks a law of the game."""

    # -- records ---------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The game as ``{game, rules_version, players, options, seed, actions}``."""
        from gameshelf.core.record import make_record

        return make_record(self)

    def snapshot(self) -> bytes:
        """Bytes that are equal exactly when two states are the same game
        position with the same past (the kit's notion of "identical").

        Built from :func:`gameshelf.core.canonical.canonical`, so it depends
        on values only, never on object identity or set order.
        """
        from gameshelf.core.canonical import canonical

        data = {k: v for k, v in vars(self).items() if k not in self.transient and k != "game"}
        return repr(canonical(data)).encode("utf-8")
