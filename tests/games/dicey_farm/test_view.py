"""Dicey Farm's compact board and the screens behind it."""

from __future__ import annotations

import io

from rich.console import Console

from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream
from gameshelf.games.dicey_farm.terminal_view import details

GAME = load_game("dicey-farm")


def _text(renderable: object, width: int = 100) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


def test_the_compact_board_shows_the_essentials_and_details_hold_the_rest() -> None:
    state = GAME.new_game(1, 3)
    pick = Stream(3)
    for _ in range(25):
        state.apply(pick.choice(state.legal_actions()))
    obs = state.observation(0)
    shown = _text(GAME.render(obs, "en"))
    assert "Dice" in shown and "Food to eat" in shown and "Stock:" in shown and "Merchant:" in shown
    assert shown.count("\n") <= 20
    labels = [label for label, _ in details(GAME, obs, "en")]
    assert labels[0] == "VP by source" and "VP" in _text(details(GAME, obs, "en")[0][1])


def test_the_final_board_keeps_the_breakdown_and_rank() -> None:
    state = GAME.new_game(1, 3)
    pick = Stream(3)
    while not state.is_over:
        state.apply(pick.choice(state.legal_actions()))
    shown = _text(GAME.render(state.observation(0), "ja"), width=140)
    assert "VP" in shown


def test_a_contract_says_the_food_it_costs() -> None:
    """"Contract the Elder" no longer costs food silently: the move line says
    the food, and it is what the move then takes."""
    from gameshelf.games.dicey_farm import actions as A
    from gameshelf.games.dicey_farm.texts import describe_move

    checked = 0
    for seed in range(12):
        state = GAME.new_game(1, seed)
        pick = Stream(seed)
        while not state.is_over:
            obs = state.observation(0)
            for action in state.legal_actions():
                if isinstance(action, A.Hire):
                    after = state.clone()
                    food = after.goods["food"]
                    after.apply(action)
                    assert f"cost: {food - after.goods['food']} food" in describe_move(obs, action, "en")
                    checked += 1
            state.apply(pick.choice(state.legal_actions()))
    assert checked


def test_japanese_log_counts_goods_with_the_board_s_times_sign() -> None:
    """The board writes 鶏×1; the log must not switch to a Latin x for the same thing."""
    from gameshelf.core.i18n import t

    for key in ("dicey_farm.log.buy", "dicey_farm.log.ship"):
        text = t(key, "ja", good="鶏", n=1, vp=2)
        assert "鶏×1" in text and "x" not in text, text


def test_fishing_and_ploughing_say_what_they_give_and_give_it() -> None:
    """The log says only "die 4 → fishing"; the move line says "fish +3", and
    along random games that is what applying the move adds."""
    from gameshelf.games.dicey_farm import actions as A
    from gameshelf.games.dicey_farm.texts import describe_move

    checked = {"fish": 0, "plough": 0}
    for seed in range(6):
        state = GAME.new_game(1, seed)
        pick = Stream(seed)
        while not state.is_over:
            obs = state.observation(0)
            for action in state.legal_actions():
                if isinstance(action, A.Use) and action.action in checked:
                    after = state.clone()
                    after.apply(action)
                    seen = after.observation(0)
                    got = (seen["goods"]["fish"] - obs["goods"]["fish"] if action.action == "fish"
                           else seen["fields"] - obs["fields"])
                    assert describe_move(obs, action, "en").endswith(f" +{got}"), (action, got)
                    assert describe_move(obs, action, "ja").endswith(f"+{got}")
                    checked[action.action] += 1
                elif isinstance(action, A.Use) and action.action.startswith("buy_"):
                    good, n = obs["wares"][action.action.removeprefix("buy_")][obs["held"] - 1]
                    after = state.clone()
                    after.apply(action)
                    assert after.observation(0)["goods"][good] - obs["goods"][good] == n
                    assert describe_move(obs, action, "en").endswith(f" +{n}")
            state.apply(pick.choice(state.legal_actions()))
    assert all(checked.values()), checked


def test_ending_the_round_says_beforehand_who_leaves_and_what_is_missing() -> None:
    """The round-end move names the food eaten, the beggar counters, the
    rotting goods and the leaving craftsmen; checked against applying it."""
    from gameshelf.games.dicey_farm import actions as A
    from gameshelf.games.dicey_farm.texts import round_end_preview

    seen_short = seen_leave = 0
    for seed in range(4):
        state = GAME.new_game(1, seed)
        pick = Stream(seed)
        while not state.is_over:
            legal = state.legal_actions()
            if any(isinstance(a, A.EndRound) for a in legal):
                obs = state.observation(0)
                text = round_end_preview(obs, "en")
                after = state.clone()
                after.apply(next(a for a in legal if isinstance(a, A.EndRound)))
                short = after.observation(0)["beggars"] - obs["beggars"]
                assert (f"{short} short" in text) == (short > 0), text
                gone = after.observation(0)["gone"][len(obs["gone"]):] if not after.is_over else []
                assert ("leaving:" in text) == bool(gone), text  # nobody to care after round 8
                seen_short += short > 0
                seen_leave += bool(gone)
                assert "dicey_farm." not in round_end_preview(obs, "ja")
            state.apply(pick.choice(legal))
    assert seen_short and seen_leave
