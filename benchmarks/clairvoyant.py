"""A cheating rollout bot, for measuring how much room a game leaves a bot.

Why it exists: Filthy Rich's hard level wins 59% of its duels against the
greedy bot and issue 26 asks for 70%. Before spending more CPU on fairer
searches, it is worth knowing whether 70% is there to be had at all. This
bot is the rollout bot (``gameshelf.bots.rollout``) with one change: it
plays its candidates out on the *true* game, not on re-dealt worlds. It
sees the order of the deck, the hands and every die still to be rolled,
and since the greedy opponent is deterministic its play-outs foresee the
rest of the game exactly as greedy play would make it. What it wins is an
upper bound on what the rollout family can win against that opponent, and
the gap between it and the fair bot is what hidden information costs.

It is never part of the product: nothing registers it but importing this
module, which only ``gameshelf simulate --plugin clairvoyant`` does, with
``benchmarks`` on the path::

    PYTHONPATH=benchmarks gameshelf simulate filthy-rich -p 2 \\
        -b 'clairvoyant[samples=1,depth=none,width=4],greedy' -n 100 -w 1 -s 11 \\
        --plugin clairvoyant

One world is enough (``samples=1``): the true game has one future.

To tell which hidden part is worth what, it can see a part only. With
``sees=dice`` it plays out on fairly re-dealt worlds whose ``dice`` stream
is the true one (it foresees the dice, not the cards); with ``hides=dice``
on the true game with that stream re-seeded (it knows every card, not the
dice). Several streams join with ``+`` (``sees=dice+page``). Either wants
more than one world, like the fair bot (``samples=16``).
"""

from __future__ import annotations

from typing import Any

from gameshelf.bots import PlayerView, register_bot
from gameshelf.bots.rollout import RolloutBot
from gameshelf.core.actions import Action
from gameshelf.core.protocol import State


def true_world(view: PlayerView) -> State:
    """The real game behind ``view``, copied with its random streams and no
    log: what the seat would see if it could see everything. Reads the
    view's private state on purpose; that is the cheat."""
    world = view._state.clone()
    world.history = []
    world.silence()
    return world


def _streams(names: str | None) -> tuple[str, ...]:
    return tuple(filter(None, (names or "").split("+")))


class _SeeingView:
    """A :class:`PlayerView` whose search worlds show what the bot may see:
    all of the true game, or a fair world with some true streams, or the
    true game with some streams re-seeded."""

    def __init__(self, view: PlayerView, sees: tuple[str, ...], hides: tuple[str, ...]) -> None:
        self._view = view
        self._sees = sees
        self._hides = hides

    def __getattr__(self, name: str) -> Any:
        return getattr(self._view, name)

    def search_world(self, seed: int) -> State:
        truth = self._view._state.rng
        if self._sees:
            world = self._view.search_world(seed)
            for name in self._sees:
                world.rng.streams[name] = truth[name].copy()
            return world
        world = true_world(self._view)
        if self._hides:
            fresh = truth.reseeded(seed)
            for name in self._hides:
                world.rng.streams[name] = fresh[name]
        return world


class ClairvoyantBot(RolloutBot):
    """The rollout bot, playing out on the true game instead of re-dealt ones.

    Args:
        sees: ``+``-joined random streams it foresees in otherwise fair worlds.
        hides: ``+``-joined random streams re-seeded in the otherwise true game.
        **settings: the rollout bot's.
    """

    name = "clairvoyant"

    def __init__(self, sees: str | None = None, hides: str | None = None, **settings: Any) -> None:
        if sees and hides:
            raise ValueError("give sees or hides, not both")
        super().__init__(**settings)
        self.sees = _streams(sees)
        self.hides = _streams(hides)

    def choose(self, view: PlayerView) -> Action:
        seeing = _SeeingView(view, self.sees, self.hides)
        return super().choose(seeing)  # type: ignore[arg-type]


register_bot("clairvoyant", ClairvoyantBot)
