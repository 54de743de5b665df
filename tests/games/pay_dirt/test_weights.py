"""The heuristic reads every weight of data/heuristic.toml."""

from __future__ import annotations

from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream
from gameshelf.core.weights import unread_weights
from gameshelf.games.pay_dirt.board import EMPTY
from gameshelf.games.pay_dirt.heuristics import WEIGHTS, evaluate
from gameshelf.games.pay_dirt.state import PayDirtState
from gameshelf.testing import random_playout


def test_every_weight_is_read() -> None:
    """Positions every 7 moves along three random games (2 to 4 players)
    hold auctions of every row, worn and broken machines, gear, crews with
    abilities and cash early and late; a draft position is copied once per
    hardship card kept, since a random game meets only some of them."""
    positions: list[PayDirtState] = []
    draft: PayDirtState | None = None
    for seed, players in enumerate((2, 3, 4)):
        state = load_game("pay-dirt").new_game(players, seed)
        for k, (after, _) in enumerate(random_playout(state, Stream(seed), 3000)):
            if k % 7 == 0:
                positions.append(after.clone())
            if draft is None and after.phase == "draft" and after.kept[0] != EMPTY:
                draft = after.clone()
    assert draft is not None
    for card in range(len(draft.comp.hardships)):
        kept = draft.clone()
        kept.kept[0] = card
        positions.append(kept)
    assert unread_weights(WEIGHTS, lambda: [evaluate(s, p) for s in positions for p in range(s.players)]) == []
