"""Hidden High: a tiny game that exists only to prove the conformance kit.

2-4 players; a deck of cards 1..12 is shuffled and each player is dealt two
hidden cards. On a turn a player either plays a card from hand (it scores
its value plus one d6) or draws (when the deck is not empty and the hand has
fewer than three cards). The game ends when the deck and every hand are empty.
It has everything the kit must guard: hidden hands, a hidden deck order and
dice whose future must stay unknown.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from gameshelf.core.actions import Action
from gameshelf.core.errors import IllegalAction
from gameshelf.core.protocol import Game, Observation, PlayerId, State

CARDS = tuple(range(1, 13))


@dataclasses.dataclass(frozen=True, slots=True)
class Play(Action):
    kind: ClassVar[str] = "play"
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclasses.dataclass(frozen=True, slots=True)
class Draw(Action):
    kind: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return "draw"


class HiddenHighState(State):
    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, players, seed, options)
        self.deck = self.rng["deck"].shuffled(CARDS)
        self.hands: list[list[int]] = [sorted(self.deck[2 * p : 2 * p + 2]) for p in range(players)]
        del self.deck[: 2 * players]
        self.points = [0] * players
        self.played: list[int] = []
        self.turn = 0

    @property
    def is_over(self) -> bool:
        return not self.deck and not any(self.hands)

    @property
    def current_player(self) -> PlayerId | None:
        return None if self.is_over else self.turn

    def _legal_actions(self) -> list[Action]:
        hand = self.hands[self.turn]
        actions: list[Action] = [Play(c) for c in hand]
        if self.deck and len(hand) < 3:
            actions.append(Draw())
        return actions

    def explain_illegal(self, action: Any) -> IllegalAction:
        if isinstance(action, Play):
            return IllegalAction("not-legal", {"action": f"you do not hold {action.card}"})
        return super().explain_illegal(action)

    def _apply(self, action: Action) -> None:
        hand = self.hands[self.turn]
        if isinstance(action, Play):
            hand.remove(action.card)
            roll = self.rng["dice"].die()
            self.points[self.turn] += action.card + roll
            self.played.append(action.card)
            self.log("tiny.played", player=self.turn + 1, card=action.card, roll=roll)
        else:
            card = self.deck.pop(0)
            hand.append(card)
            hand.sort()
            self.log("tiny.drew", visible_to=(self.turn,), player=self.turn + 1, card=card)
        self._advance()

    def _advance(self) -> None:
        for step in range(1, self.players + 1):
            nxt = (self.turn + step) % self.players
            if self.hands[nxt] or self.deck:
                self.turn = nxt
                return

    def _copy(self) -> HiddenHighState:
        other = object.__new__(HiddenHighState)
        other.__dict__.update(self.__dict__)
        other.deck = list(self.deck)
        other.hands = [list(h) for h in self.hands]
        other.points = list(self.points)
        other.played = list(self.played)
        return other

    def _redeal(self, player: PlayerId) -> None:
        unseen = sorted(self.deck + [c for p, h in enumerate(self.hands) if p != player for c in h])
        self.rng["deal"].shuffle(unseen)
        for p, hand in enumerate(self.hands):
            if p != player:
                self.hands[p] = sorted(unseen[: len(hand)])
                del unseen[: len(hand)]
        self.deck = unseen

    def observation(self, player: PlayerId | None) -> Observation:
        return {
            "turn": self.turn,
            "points": list(self.points),
            "played": list(self.played),
            "deck_size": len(self.deck),
            "hand_sizes": [len(h) for h in self.hands],
            "hand": list(self.hands[player]) if player is not None else None,
            "log": [e.to_json() for e in self.events_for(player)],
        }

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def check_invariants(self) -> None:
        everything = sorted(self.deck + self.played + [c for h in self.hands for c in h])
        assert everything == list(CARDS), "a card was created or destroyed"
        assert all(len(h) <= 3 for h in self.hands)


class HiddenHigh(Game):
    id = "hidden-high"
    name_key = "tiny.name"
    min_players = 2
    max_players = 4
    rules_version = "1"
    action_classes = (Play, Draw)

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return HiddenHighState(self, players, seed, options)

    def _action_universe(self) -> list[Action]:
        return [*(Play(c) for c in CARDS), Draw()]
