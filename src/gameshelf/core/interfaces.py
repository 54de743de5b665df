"""The parts a game hands to the front ends and the research tools.

Why declared classes and not functions found by name: a game used to offer
its move sentences, its terminal board, its tensor encoding and its bot
heuristics as module functions that the core looked up by name, and a
lookup that failed (or a function that raised) quietly fell back to
something plainer. A typo then cost a feature without a word. Now a game
returns each part from a method of its :class:`~gameshelf.core.protocol.Game`
(``texts()``, ``terminal_view()``, ``encoding()``, ``heuristics()``), the
conformance kit checks the types, and an error in a part reaches the caller.

The "why not" reasons and the decision phrase are methods of the state
itself (:meth:`State.unavailable_moves`, :meth:`State.decision`), and so are
the statistics a simulation tabulates (:meth:`State.acquisitions`): they
read the position, not an observation.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gameshelf.core.actions import Action
    from gameshelf.core.protocol import Game, Observation, PlayerId, State
    from gameshelf.core.tensor import StateEncoder, TensorWriter
    from gameshelf.core.weights import WeightSlot

#: the columns of a finished game's result table: ``(heading, one cell per seat)``.
ResultColumns = list[tuple[str, list[str]]]


class Texts:
    """The words of a game that the browser (through the server) and the
    terminal both show. Every method reads an observation (or, for the result
    columns, a finished game), so it can say no more than the seat may see.

    This base class is complete: a game whose moves read the same in every
    position may use it as it is. Its module must not import a terminal
    library, because the server imports it too.
    """

    def __init__(self, game: Game) -> None:
        self.game = game

    def describe_move(self, observation: Observation, action: Action, lang: str | None) -> str:
        """``action`` as the seat whose ``observation`` this is reads it now,
        with what it will really cost and give; the default is the game's
        own sentence (:meth:`Game.describe_action`)."""
        return self.game.describe_action(action, lang)

    def result_columns(self, state: State, lang: str | None) -> ResultColumns | None:
        """The columns that say what decided a finished game (a game won by
        luxuries, not points); ``None``: the front end shows the scores."""
        return None

    def typed_move(self, observation: Observation, text: str, lang: str | None) -> Action | str | None:
        """What typing ``text`` (already folded: NFKC, trimmed, lower case)
        at the move prompt means now: an action to play, a message saying why
        the text cannot be played, or ``None`` when the text is not this
        game's typed form. For amounts a menu cannot list (any bid up to
        one's cash)."""
        return None

    def typed_hint(self, observation: Observation, lang: str | None) -> str | None:
        """One short line saying what may be typed now, else ``None``."""
        return None

    def item_name(self, item: str, lang: str | None) -> str | None:
        """An item of the simulator's per-card table (a data file's id:
        ``k6``, ``h07``) by the name the game's catalogue gives it, else
        ``None`` (the report keeps the id)."""
        return None


class TerminalView(ABC):
    """How a game draws in the terminal: rich renderables from an observation."""

    #: action types listed first in the numbered list, in this order: the
    #: phase's usual move keeps its number (Filthy Rich's roll stays 1 when
    #: owning a business adds sales before it; issue 43)
    first_moves: tuple[str, ...] = ()

    @abstractmethod
    def render(self, observation: Observation, lang: str | None) -> Any:
        """The compact board the terminal shows above the moves."""

    def details(self, observation: Observation, lang: str | None) -> list[tuple[str, Any]]:
        """The screens behind the compact board, as ``(label, renderable)``;
        empty: the terminal shows :meth:`render` again."""
        return []


class PlainView(TerminalView):
    """The fallback drawing: the observation printed as data."""

    def render(self, observation: Observation, lang: str | None) -> Any:
        from rich.pretty import Pretty

        return Pretty(observation)


class Encoding(ABC):
    """A game's observation as a fixed-length tensor for learning agents."""

    @abstractmethod
    def write(self, observation: Mapping[str, Any], w: TensorWriter) -> None:
        """Write ``observation`` into ``w``: the same slots, in the same
        order, for every observation of the game (docs/research/index.md)."""

    def state_encoder(self, game: Game) -> StateEncoder | None:
        """A new encoder that writes the same tensor straight from a state
        (:class:`~gameshelf.core.tensor.StateEncoder`), or ``None``: tensors
        go through the observation and :meth:`write`. Why optional: it is a
        speed-up only, and a test holds it equal to :meth:`write`."""
        return None

    def rewards(self) -> Mapping[str, Callable[[Any, int], float]]:
        """Extra ``reward=`` kinds the adapters offer for this game, by name:
        each gives a seat's reward from a finished state. Why here: a game
        whose score is often 0 for everyone (Pay Dirt) needs a reward that
        still separates learners, and only the game knows it. None by default."""
        return {}


class Heuristics(ABC):
    """How good a position looks, for the greedy, rollout and ISMCTS bots."""

    #: the tunable weights the evaluation reads (``data/heuristic.toml``),
    #: or ``None`` for a heuristic without any.
    weights: WeightSlot | None = None

    @abstractmethod
    def evaluate(self, state: State, player: PlayerId) -> float:
        """Higher is better for ``player``; only differences between
        positions matter."""
