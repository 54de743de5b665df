"""``acquisitions()``: what each seat built, trained or gained, for the simulator's per-card table."""

from __future__ import annotations

from collections import Counter

from gameshelf.core.record import replay
from gameshelf.core.registry import load_game
from gameshelf.core.rng import Stream, derive_seed
from gameshelf.games.above_and_below.actions import (
    Act,
    Assign,
    Build,
    Choose,
    Resolve,
    SetOut,
    Train,
)
from gameshelf.games.above_and_below.components import load_components
from gameshelf.games.above_and_below.encounters import Effect
from gameshelf.games.above_and_below.state import AboveAndBelowState
from tests.games.above_and_below.fixtures import (
    BUILDER,
    GROGO,
    LIQUID_WOMAN,
    SCOUT,
    SCRIBE,
    fixture_game,
    new_state,
    option,
    outcome,
    play,
    state_with,
    uniform_book,
)


def test_nothing_acquired_at_setup() -> None:
    """The starting house and villagers are dealt, not acquired."""
    state = new_state(3)
    assert state.acquisitions() == {0: [], 1: [], 2: []}


def test_build_and_train_are_recorded_in_order() -> None:
    state = new_state(2)
    card = state.house_row[0]
    play(state, Act("build"), Assign(BUILDER), Build(card))
    recruit = state.slots[0]
    assert recruit is not None
    play(state, Act("train"), Assign(SCRIBE + 3), Train(recruit))  # seat 2's scribe
    assert state.acquisitions() == {0: [card], 1: [str(recruit)]}


def test_encounter_rewards_are_recorded() -> None:
    """A villager, special villagers and a free building from the book count too."""
    reward = outcome(
        Effect("villager"),
        Effect("special_villager", 1, "liquid_woman"),
        Effect("special_villager", 1, "grogo"),
        Effect("building", 1, None, 9),
    )
    state = state_with(uniform_book(option((2, reward))))
    cheapest = state.slots[0]
    play(state, Act("explore"), Assign(BUILDER), Assign(SCOUT), SetOut())
    play(state, Choose(state.task.paragraph, 0))  # type: ignore[union-attr]
    state.task.dice = [1, 1]  # type: ignore[union-attr]
    outpost = state.outpost_row[0]
    play(state, Resolve(), Build(outpost))
    assert state.acquisitions()[0] == [str(cheapest), str(LIQUID_WOMAN), str(GROGO), outpost]
    assert state.acquisitions()[1] == []


def test_a_declined_or_missing_gain_records_nothing() -> None:
    """A special villager already taken is not gained, so not recorded."""
    opt = option((2, outcome(Effect("special_villager", 1, "grogo"))))
    state = state_with(uniform_book(opt))
    state.specials.remove(GROGO)
    state.unused_villagers.append(GROGO)
    play(state, Act("explore"), Assign(BUILDER), Assign(SCOUT), SetOut())
    play(state, Choose(state.task.paragraph, 0))  # type: ignore[union-attr]
    state.task.dice = [1, 1]  # type: ignore[union-attr]
    play(state, Resolve())
    assert state.acquisitions()[0] == []


def test_copies_are_independent() -> None:
    state = new_state(2)
    copy = state.clone()
    play(copy, Act("build"), Assign(BUILDER), Build(copy.house_row[0]))
    assert state.acquisitions()[0] == [] and len(copy.acquisitions()[0]) == 1
    result = copy.acquisitions()
    result[0].append("x")
    assert copy.acquisitions()[0] != result[0], "the caller gets its own lists"


def _random_game(game_id: str, players: int, seed: int) -> AboveAndBelowState:
    state = load_game(game_id).new_game(players, seed)
    stream = Stream(derive_seed("ab-acquisitions", seed))
    while not state.is_over:
        state.apply_unchecked(stream.choice(state.legal_actions()))
    return state  # type: ignore[return-value]


def _check(state: AboveAndBelowState) -> None:
    comp = load_components()
    villager_ids = {str(v.id) for v in comp.villagers}
    starting = set(comp.by_category["starting"])
    acquired = state.acquisitions()
    assert sorted(acquired) == list(range(state.players))
    everything = [i for items in acquired.values() for i in items]
    assert all(i in comp.buildings or i in villager_ids for i in everything), everything
    assert not starting & set(everything)
    assert max(Counter(everything).values(), default=1) == 1, "every card and villager is unique"
    for p, village in enumerate(state.villages):
        # nothing built or joined is ever lost: the village holds exactly what it acquired
        bought = sorted(b for b in village.buildings if b not in starting)
        joined = sorted(str(v) for v in village.villagers if comp.villagers[v].group != "starting")
        assert sorted(i for i in acquired[p] if i in comp.buildings) == bought
        assert sorted(i for i in acquired[p] if i in villager_ids) == joined


def test_random_games_record_only_ids_of_the_data() -> None:
    """Over random games with the real and the fixture book (every reward kind)."""
    fixture_game()
    total = 0
    for seed in range(12):
        for game_id in ("above-and-below", "above-and-below-fixture"):
            state = _random_game(game_id, 2 + seed % 3, seed)
            _check(state)
            again = replay(state.record())
            assert again.acquisitions() == state.acquisitions()  # type: ignore[attr-defined]
            total += sum(len(items) for items in state.acquisitions().values())
    assert total > 0
