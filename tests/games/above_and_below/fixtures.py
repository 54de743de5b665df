"""Small encounter books built in code, and helpers that set up positions.

The fixture book follows the book contract exactly (``encounters`` dataclasses)
and uses every effect and bonus kind, so the engine can be tested whatever
the real book contains.
"""

from __future__ import annotations

from functools import cache

from gameshelf.core.registry import load_game, register_game
from gameshelf.games.above_and_below.encounters import (
    Bonus,
    Book,
    CaveCard,
    Effect,
    EncounterOption,
    Outcome,
    Paragraph,
    Threshold,
)
from gameshelf.games.above_and_below.game import AboveAndBelow
from gameshelf.games.above_and_below.state import AboveAndBelowState


def text(s: str) -> dict[str, str]:
    return {"en": s, "ja": f"「{s}」"}


def outcome(*effects: Effect, say: str = "it happens") -> Outcome:
    return Outcome(tuple(effects), text(say))


def option(
    *thresholds: tuple[int, Outcome],
    cost: tuple[Effect, ...] = (),
    bonuses: tuple[Bonus, ...] = (),
    failure: Outcome | None = None,
    goto: int | None = None,
    label: str = "try",
) -> EncounterOption:
    return EncounterOption(
        text(label), cost, bonuses, tuple(Threshold(n, o) for n, o in thresholds), failure, goto
    )


#: rewards cycled through the fixture book's paragraphs.
REWARDS: tuple[tuple[Effect, ...], ...] = (
    (Effect("coins", 3),),
    (Effect("good", 1, "ore"), Effect("reputation", 1)),
    (Effect("potion", 2),),
    (Effect("cider", 1), Effect("good", 2, "mushroom")),
    (Effect("villager"),),
    (Effect("special_villager", 1, "cave_cat"),),
    (Effect("special_villager", 1, "metal_man"),),
    (Effect("extra_cave"),),
    (Effect("building", 1, None, 5),),
    (Effect("special_villager", 1, "liquid_woman"), Effect("good", 1, "amethyst")),
    (Effect("special_villager", 1, "grogo"),),
    (Effect("good", 1, "fish"), Effect("goto", 200)),
)


def fixture_book() -> Book:
    paragraphs: dict[int, Paragraph] = {}
    for pid in range(1, 151):
        reward = REWARDS[pid % len(REWARDS)]
        safe = option((2, outcome(Effect("coins", 1))), (4, outcome(*reward)), label="careful")
        bold = option(
            (6, outcome(*reward, Effect("good", 1, "paper"))),
            bonuses=(Bonus("per_icon", 1, "hammer"), Bonus("if_has", 2, "rope")),
            failure=outcome(Effect("injure", 1), Effect("coins", -2), Effect("reputation", -1)),
            label="bold",
        )
        options = [safe, bold]
        if pid % 5 == 0:
            options.append(option(cost=(Effect("coins", -1),), goto=201, label="take the side path"))
        if pid % 7 == 0:
            options.append(option((3, outcome(Effect("good", 2, "fruit"))), cost=(Effect("good", -1, "fish"),)))
        paragraphs[pid] = Paragraph(pid, text(f"paragraph {pid}"), tuple(options[:3]))
    paragraphs[200] = Paragraph(200, text("a chained room"), (
        option((3, outcome(Effect("coins", 2))), failure=outcome(Effect("lose_cave"))),
    ))
    paragraphs[201] = Paragraph(201, text("the side path"), (
        option((1, outcome(Effect("good", 1, "rope")))),
        option((5, outcome(Effect("building", 1, None, 8), Effect("goto", 200)))),
    ))
    caves = tuple(CaveCard(c, tuple(range(6 * (c - 1) + 1, 6 * c + 1))) for c in range(1, 26))
    return Book(paragraphs, caves)


FIXTURE_ID = "above-and-below-fixture"


class FixtureAboveAndBelow(AboveAndBelow):
    """The game played with the fixture book (its own registry id)."""

    id = FIXTURE_ID

    def __init__(self) -> None:
        super().__init__(fixture_book())


@cache
def fixture_game() -> AboveAndBelow:
    """The fixture game, registered once (building its book is not free)."""
    register_game(FIXTURE_ID, FixtureAboveAndBelow)
    return load_game(FIXTURE_ID)  # type: ignore[return-value]


def new_state(players: int = 2, seed: int = 1) -> AboveAndBelowState:
    return fixture_game().new_game(players, seed)  # type: ignore[return-value]


# -- positions built directly --------------------------------------------------------------------
def uniform_book(*options: EncounterOption, extra: dict[int, Paragraph] | None = None) -> Book:
    """Every cave face leads to a paragraph with the same ``options``, so the
    paragraph die cannot change a test's course."""
    paragraphs = {pid: Paragraph(pid, text(f"room {pid}"), tuple(options)) for pid in range(1, 151)}
    paragraphs.update(extra or {})
    caves = tuple(CaveCard(c, tuple(range(6 * (c - 1) + 1, 6 * c + 1))) for c in range(1, 26))
    return Book(paragraphs, caves)


def state_with(book: Book, players: int = 2, seed: int = 1) -> AboveAndBelowState:
    return AboveAndBelow(book).new_game(players, seed)  # type: ignore[return-value]


def move_villager(state: AboveAndBelowState, player: int, vid: int, zone: str = "ready") -> None:
    """Put villager ``vid`` into ``player``'s ``zone``, taking it from wherever it is."""
    for village in state.villages:
        for z in (village.ready, village.exhausted, village.injured):
            if vid in z:
                z.remove(vid)
    for pool in (state.villager_deck, state.specials, state.unused_villagers):
        if vid in pool:
            pool.remove(vid)
    state.slots = [None if s == vid else s for s in state.slots]
    getattr(state.villages[player], zone).append(vid)


def give_building(state: AboveAndBelowState, player: int, card: str) -> None:
    """Put ``card`` in ``player``'s village without paying (no on-gain effects)."""
    for name in ("house_row", "house_deck", "outpost_row", "outpost_deck", "star_row", "key_row", "unused_keys"):
        pool = getattr(state, name)
        if card in pool:
            pool.remove(card)
    village = state.villages[player]
    (village.outposts if card.startswith("o") else village.houses).append(card)


def give_cave(state: AboveAndBelowState, player: int) -> int:
    cave = state.cave_deck.pop()
    state.villages[player].caves.append(cave)
    return cave


def play(state: AboveAndBelowState, *actions: object) -> None:
    for action in actions:
        state.apply(action)  # type: ignore[arg-type]
        state.check_invariants()


#: ids from data/villagers.toml used by the tests.
BUILDER, SCRIBE, SCOUT = 0, 1, 2
MASON, TEACHER, CLIMBER, FORAGER = 12, 15, 20, 24
LIQUID_WOMAN, GROGO, CAVE_CAT, METAL_MAN = 30, 31, 32, 34
