"""The round's end names what rotted (issue 43): the preview said it, the
log after the round said only the food eaten."""

from __future__ import annotations

from gameshelf.core.i18n import t
from gameshelf.core.registry import load_game
from gameshelf.games.dicey_farm.actions import EndRound
from gameshelf.games.dicey_farm.components import components


def test_each_good_that_rots_is_named_with_its_count() -> None:
    perishable = components().perishable
    for seed in range(40):
        state = load_game("dicey-farm").new_game(1, seed)
        while not state.is_over:
            legal = state.legal_actions()
            end = [a for a in legal if isinstance(a, EndRound)]
            obs = state.observation(0)
            goods = dict(obs["goods"])
            goods["food"] = max(0, goods.get("food", 0) - int(obs["food_need"]))  # eaten first
            rotting = {g: n for g, n in goods.items() if g in perishable and n}
            if end and rotting:
                before = len(state.events)
                state.apply(end[0], 0)
                texts = [e.text("en") for e in state.events[before:]]
                for good, n in rotting.items():
                    line = t("dicey_farm.log.rot", "en", good=t(f"dicey_farm.good.{good}", "en"), n=n)
                    assert line in texts, texts
                assert any("eat" in x for x in texts)
                ja = [e.text("ja") for e in state.events[before:]]
                assert any("腐った" in x for x in ja), ja
                return
            state.apply(legal[(seed + len(state.history)) % len(legal)], 0)
    raise AssertionError("no round ended with goods to rot")
