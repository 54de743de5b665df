"""Table views made from real games, in the server's view shape, so the
browser views can be drawn and checked without a server.

``views(game_id)`` plays a seeded random game and keeps the view of the
seat to move at a few points (and the final spectator view), with the
legal actions and their text as the server sends them.
"""

from __future__ import annotations

import random
from typing import Any

import gameshelf
from gameshelf.core.narration import move_sentences
from gameshelf.core.registry import shipped_games
from gameshelf.core.spoken import event_line, spoken_all

#: players of the table each game is checked at: three, or as many as it allows (Dicey Farm is solo)
PLAYERS = {game_id: min(3, gameshelf.load_game(game_id).max_players) for game_id in shipped_games()}
#: Moves a fixture game prefers, so that its boards fill up (signs hung,
#: buildings built) instead of random play's mostly empty tables.
PREFER = {"filthy-rich": ("place", "play", "roll"), "above-and-below": ("build", "assign", "act")}


#: How full a board is, to add the fullest moment of the game to the views.
RICHNESS = {"filthy-rich": lambda obs: sum(x != -1 for page in obs["book"] for x in page)}


def _choose(rng: random.Random, game_id: str, actions: list[Any]) -> Any:
    liked = [a for a in actions if a.to_json().get("type") in PREFER.get(game_id, ())]
    return rng.choice(liked if liked and rng.random() < 0.8 else actions)


def view_of(state: Any, seat: int | None, lang: str = "en") -> dict[str, Any]:
    """One seat's view: observation, legal moves with text and parts, recent
    events (the fields of the declared view, schemas.View, that the dev page draws)."""
    mine = seat is not None and state.current_player == seat and not state.is_over
    legal = ([{"action": a.to_json(), "text": text, "parts": parts}
              for a, (text, parts) in zip(state.legal_actions(),
                                          spoken_all(lambda: move_sentences(state, lang)), strict=True)]
             if mine else [])
    events = [{"n": 0, "seat": None, "kind": "event", **event_line(e, lang)}
              for e in state.events_for(seat)[-12:]]
    return {"state": len(state.record()["actions"]), "seat": seat, "observation": state.observation(seat),
            "legal": legal, "events": events, "over": state.is_over, "unavailable": []}


def legal_entry(action: dict[str, Any], text: str) -> dict[str, Any]:
    """A hand-made legal move as the server declares one (its text, one plain part)."""
    return {"action": action, "text": text, "parts": [{"text": text}]}


def views(game_id: str, seed: int = 3, points: int = 5, lang: str = "en") -> list[dict[str, Any]]:
    """Views of the seat to move at ``points`` moments of one random game, then the end."""
    game = gameshelf.load_game(game_id)
    state = game.new_game(players=PLAYERS[game_id], seed=seed)
    rng = random.Random(seed)
    length = 0
    probe = state.clone()
    while not probe.is_over:
        probe.apply(_choose(rng, game_id, probe.legal_actions()))
        length += 1
    rng = random.Random(seed)
    marks = {max(1, length * k // points) for k in range(points)} | {0}
    out = []
    richest: tuple[int, dict[str, Any] | None] = (0, None)
    measure = RICHNESS.get(game_id)
    for step in range(length):
        if step in marks:
            out.append(view_of(state, state.current_player, lang))
        if measure is not None and state.current_player is not None:
            full = measure(state.observation(None))
            if full > richest[0]:
                richest = (full, view_of(state, state.current_player, lang))
        state.apply(_choose(rng, game_id, state.legal_actions()))
    if richest[1] is not None:
        out.insert(1, richest[1])
    out.append(view_of(state, 0 if PLAYERS[game_id] == 1 else None, lang))
    return out
