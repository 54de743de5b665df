"""The encounter book: the real book is valid and balanced; the loader and validator catch defects.

Rulebook (seed), on reading a paragraph: 「読み手はそのパラグラフの全てを読み、行動の選択肢(太字)と
必要な探検値を読み上げます、その際、報酬については読み上げないでください」 — the reader announces the
options and their lantern thresholds, never the rewards. So every option needs a label and ascending
thresholds, and every outcome its own narration, in both languages.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from importlib import resources
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gameshelf.games.above_and_below import encounters as enc
from gameshelf.games.above_and_below.encounters import (
    Bonus,
    Book,
    BookError,
    CaveCard,
    Effect,
    EncounterOption,
    Outcome,
    Paragraph,
    Threshold,
    validate_book,
)

DATA = resources.files("gameshelf.games.above_and_below") / "data"

# --------------------------------------------------------------------------- helpers

T = {"en": "A short scene.", "ja": "短い場面。"}


def outcome(*effects: str) -> Outcome:
    return Outcome(tuple(enc.parse_effect(e) for e in effects), dict(T))


def option(*thresholds: tuple[int, tuple[str, ...]], goto: int | None = None) -> EncounterOption:
    return EncounterOption(
        label=dict(T),
        cost=(),
        bonuses=(),
        thresholds=tuple(Threshold(at, outcome(*effects)) for at, effects in thresholds),
        failure=None,
        goto=goto,
    )


def paragraph(pid: int, *options: EncounterOption) -> Paragraph:
    return Paragraph(pid, dict(T), options or (option((3, ("coins 1",))),))


def small_book(*extra: Paragraph, caves: tuple[CaveCard, ...] | None = None) -> Book:
    """Two caves over paragraphs 1..12, plus ``extra`` paragraphs (replacing same ids)."""
    paragraphs = {pid: paragraph(pid) for pid in range(1, 13)}
    for p in extra:
        paragraphs[p.id] = p
    if caves is None:
        caves = (CaveCard(1, (1, 2, 3, 4, 5, 6)), CaveCard(2, (7, 8, 9, 10, 11, 12)))
    return Book(paragraphs, caves)


def problems_of(book: Book) -> str:
    return "\n".join(validate_book(book, require_complete=False))


# --------------------------------------------------------------------------- the real book


@pytest.fixture(scope="module")
def book() -> Book:
    return enc.load_book()


def _options(book: Book) -> list[EncounterOption]:
    return [o for p in book.paragraphs.values() for o in p.options]


def test_the_real_book_validates_completely(book: Book) -> None:
    assert validate_book(book) == []


def test_the_real_book_has_the_games_shape(book: Book) -> None:
    assert [c.id for c in book.caves] == list(range(1, 26))
    entries = [pid for c in book.caves for pid in c.paragraphs]
    assert len(entries) == len(set(entries)) == 150
    chained = set(book.paragraphs) - set(entries)
    assert len(chained) >= 20
    targets = {t for p in book.paragraphs.values() for t in enc.goto_targets(p)}
    assert chained <= targets, "a chained paragraph must be reached by a goto"


def test_the_loader_returns_frozen_tuples(book: Book) -> None:
    p = next(iter(book.paragraphs.values()))
    assert isinstance(p.options, tuple)
    assert all(isinstance(o.thresholds, tuple) for o in p.options)
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.id = 0  # type: ignore[misc]
    with pytest.raises(TypeError):
        book.paragraphs[1] = p  # type: ignore[index]
    assert enc.load_book() is book, "load_book is cached"


def test_every_scene_is_written_once(book: Book) -> None:
    """Hand-written prose: no situation and no outcome line is pasted twice."""
    scenes = [p.text["en"] for p in book.paragraphs.values()]
    assert len(scenes) == len(set(scenes))
    scenes_ja = [p.text["ja"] for p in book.paragraphs.values()]
    assert len(scenes_ja) == len(set(scenes_ja))
    lines = [t.outcome.text["en"] for o in _options(book) for t in o.thresholds] + [
        o.failure.text["en"] for o in _options(book) if o.failure
    ]
    assert [line for line, n in Counter(lines).items() if n > 1] == []


#: words of the one Japanese glossary (RULES.md) and the words it replaces.
GLOSSARY = {"りんご酒": ("サイダー", "リンゴ酒"), "名声": ("評判",), "フルーツ": ("果物",), "コイン": ("硬貨",),
            "ロープ": ("縄",), "成長トラック": ("進歩トラック",), "商品": ("品物",)}


def test_japanese_book_and_ui_use_one_glossary(book: Book) -> None:
    """The rulebook says りんご酒 (「りんご酒トークン」) and 名声 (「名声ボード」); the book and
    the UI catalogue use those words and never the ones they replace (issue 16)."""
    texts = [p.text["ja"] for p in book.paragraphs.values()]
    for o in _options(book):
        texts.append(o.label["ja"])
        texts += [t.outcome.text["ja"] for t in o.thresholds]
        if o.failure:
            texts.append(o.failure.text["ja"])
    ui = (resources.files("gameshelf.games.above_and_below") / "locales" / "ja.toml").read_text(encoding="utf-8")
    for word, others in GLOSSARY.items():
        for other in others:
            assert not [t for t in texts if other in t], f"the book says {other}, not {word}"
            assert other not in ui, f"the UI says {other}, not {word}"
    stray = re.compile(r"(?<![釉り傷])薬(?!草|屋)")  # a potion is ポーション; compounds are other things
    assert not [t for t in texts if stray.search(t)]


# --------------------------------------------------------------------------- distribution


def test_options_per_paragraph_are_mostly_two(book: Book) -> None:
    counts = Counter(enc.book_stats(book)["options_per_paragraph"])
    total = sum(counts.values())
    assert counts[2] / total >= 0.6
    assert counts[1] > 0 and counts[3] > 0
    assert counts[1] > counts[3]


def test_thresholds_are_mostly_three_to_seven(book: Book) -> None:
    hist = Counter(enc.book_stats(book)["thresholds"])
    total = sum(hist.values())
    middle = sum(n for at, n in hist.items() if 3 <= at <= 7)
    assert middle / total >= 0.7
    assert 0 < (hist[1] + hist[2]) / total <= 0.2
    assert 0 < hist[8] / total <= 0.08
    assert max(hist) <= 8
    assert hist[3] == max(hist.values()), "3 is the most common threshold, as in the published book"


def test_about_a_tenth_of_options_chain_and_few_carry_costs(book: Book) -> None:
    stats = enc.book_stats(book)
    share = {k: stats[k] / stats["options"] for k in ("chain", "failure", "bonus", "cost")}
    assert 0.08 <= share["chain"] <= 0.16
    assert 0 < share["failure"] < 0.35
    assert 0.1 < share["bonus"] < 0.35
    assert 0 < share["cost"] < 0.12


def test_book_stats_counts_what_it_says() -> None:
    failing = dataclasses.replace(option((2, ("coins 1",)), (5, ("goto 13",))), failure=outcome())
    costly = dataclasses.replace(option(goto=13), cost=(Effect("coins", -1),))
    bonus = dataclasses.replace(option((3, ("coins 2",))), bonuses=(Bonus("if_has", 1, "rope"),))
    book = small_book(paragraph(1, failing, costly, bonus), paragraph(13))
    assert enc.book_stats(book) == {
        "paragraphs": 13,
        "options": 15,
        "options_per_paragraph": {1: 12, 3: 1},
        "thresholds": {2: 1, 3: 13, 5: 1},
        "chain": 2,
        "failure": 1,
        "bonus": 1,
        "cost": 1,
    }


def test_special_villagers_are_rare_and_within_the_box(book: Book) -> None:
    """The box holds Liquid Woman x1, Grogo x1, Cave Cat x2, Metal Man x2."""
    box = {"liquid_woman": 1, "grogo": 1, "cave_cat": 2, "metal_man": 2}
    offered = Counter(
        e.item
        for o in _options(book)
        for t in o.thresholds
        for e in t.outcome.effects
        if e.kind == "special_villager"
    )
    assert set(offered) == set(box)
    assert all(offered[k] <= box[k] for k in box)


# --------------------------------------------------------------------------- balance

GOOD_VALUE = dict(zip(enc.GOODS, (1.5, 1.5, 2, 2, 2.5, 2.5, 3.5, 4), strict=True))
KIND_VALUE = {
    "coins": 1, "reputation": 2, "potion": 2, "cider": 2, "villager": 4, "special_villager": 5,
    "extra_cave": 3, "injure": -2, "lose_cave": -2,
}  # fmt: skip


def value(effects: tuple[Effect, ...]) -> float:
    """A rough coin-equivalent of some effects, to compare rewards (not a game rule)."""
    total = 0.0
    for e in effects:
        if e.kind == "good":
            total += GOOD_VALUE[e.item] * e.n
        elif e.kind == "building":
            total += e.max_cost or 0
        elif e.kind == "lose_cave":
            total += KIND_VALUE["lose_cave"]
        elif e.kind != "goto":
            total += KIND_VALUE[e.kind] * e.n
    return total


def test_a_higher_threshold_always_pays_more(book: Book) -> None:
    for pid, p in book.paragraphs.items():
        for o in p.options:
            rolls = [t for t in o.thresholds if all(e.kind != "goto" for e in t.outcome.effects)]
            values = [value(t.outcome.effects) for t in rolls]
            assert values == sorted(values) and len(set(values)) == len(values), pid


def test_rewards_grow_with_the_threshold(book: Book) -> None:
    """Net of cost, a threshold pays between a third and two and a half coins per lantern."""
    for pid, p in book.paragraphs.items():
        for o in p.options:
            for t in o.thresholds:
                if any(e.kind == "goto" for e in t.outcome.effects):
                    continue
                net = value(t.outcome.effects) + value(o.cost)
                assert t.lanterns / 3 <= net <= 2.5 * t.lanterns, (pid, t.lanterns, net)


def test_rare_goods_hide_behind_high_thresholds(book: Book) -> None:
    for pid, p in book.paragraphs.items():
        for o in p.options:
            for t in o.thresholds:
                for e in t.outcome.effects:
                    if e.kind == "good" and e.item in ("ore", "amethyst"):
                        assert t.lanterns >= 4, (pid, t.lanterns, e)
                    if e.kind in ("special_villager", "building") or e.item == "amethyst":
                        assert t.lanterns >= 4, (pid, t.lanterns, e)


def test_failure_outcomes_only_hurt(book: Book) -> None:
    for o in _options(book):
        if o.failure is not None:
            assert value(o.failure.effects) <= 0


# --------------------------------------------------------------------------- notation


effect_strategy = st.one_of(
    st.builds(
        Effect,
        kind=st.sampled_from(("coins", "reputation", "potion", "cider")),
        n=st.integers(-5, 9).filter(bool),
    ),
    st.builds(
        Effect,
        kind=st.just("good"),
        n=st.integers(-3, 4).filter(bool),
        item=st.sampled_from(enc.GOODS),
    ),
    st.builds(
        Effect, kind=st.just("special_villager"), item=st.sampled_from(enc.SPECIAL_VILLAGERS)
    ),
    st.builds(Effect, kind=st.just("building"), max_cost=st.integers(1, 12)),
    st.builds(
        Effect, kind=st.sampled_from(("villager", "extra_cave", "injure")), n=st.integers(1, 3)
    ),
    st.builds(Effect, kind=st.just("goto"), n=st.integers(1, 999)),
    st.just(Effect("lose_cave")),
)


@given(effect_strategy)
def test_effect_notation_round_trips(effect: Effect) -> None:
    assert enc.parse_effect(enc.format_effect(effect)) == effect


@given(st.sampled_from(enc.BONUS_KINDS), st.sampled_from(("hammer", "rope")), st.integers(1, 3))
def test_bonus_notation_round_trips(kind: str, item: str, lanterns: int) -> None:
    bonus = Bonus(kind, lanterns, item)
    assert enc.parse_bonus(enc.format_bonus(bonus)) == bonus


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("treasure 3", "unknown effect kind"),
        ("good", "needs an item"),
        ("coins three", "not a whole number"),
        ("goto", "needs a number"),
        ("lose_cave 2", "takes no amount"),
        ("good fish 1 2", "too many words"),
        ("", "empty effect"),
    ],
)
def test_bad_effect_notation_is_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(BookError, match=message):
        enc.parse_effect(text)


def test_every_effect_in_the_book_prints_back_the_same(book: Book) -> None:
    for o in _options(book):
        for e in [*o.cost, *(x for t in o.thresholds for x in t.outcome.effects)]:
            assert enc.parse_effect(enc.format_effect(e)) == e


# --------------------------------------------------------------------------- validator


def test_a_small_sound_book_has_no_problems() -> None:
    assert problems_of(small_book()) == ""


def test_dangling_goto_is_caught() -> None:
    book = small_book(paragraph(3, option((4, ("goto 99",)))))
    assert "Paragraph 3 goes to paragraph 99, which does not exist" in problems_of(book)


def test_goto_option_to_nowhere_is_caught() -> None:
    book = small_book(paragraph(2, option(goto=77)))
    assert "Paragraph 2 goes to paragraph 77" in problems_of(book)


def test_goto_cycle_is_caught() -> None:
    book = small_book(
        paragraph(1, option(goto=20)),
        paragraph(20, option((3, ("goto 21",)))),
        paragraph(21, option((3, ("coins 1",))), option(goto=20)),
    )
    assert "Goto cycle: 20 -> 21 -> 20." in problems_of(book)


def test_a_paragraph_may_be_reached_twice_without_a_cycle() -> None:
    book = small_book(paragraph(1, option(goto=20)), paragraph(2, option(goto=20)), paragraph(20))
    assert problems_of(book) == ""


def test_unknown_effect_kind_and_items_are_caught() -> None:
    bad = option((3, ()))
    bad = dataclasses.replace(
        bad,
        thresholds=(
            Threshold(3, Outcome((Effect("treasure"),), dict(T))),
            Threshold(5, Outcome((Effect("good", 1, "gold"),), dict(T))),
            Threshold(6, Outcome((Effect("special_villager", 1, "dragon"),), dict(T))),
        ),
    )
    text = problems_of(small_book(paragraph(4, bad)))
    assert "unknown effect kind 'treasure'" in text
    assert "unknown good 'gold'" in text
    assert "unknown special villager 'dragon'" in text


def test_unknown_bonus_items_are_caught() -> None:
    bad = dataclasses.replace(
        option((3, ("coins 1",))),
        bonuses=(Bonus("per_icon", 1, "rope"), Bonus("if_has", 1, "dragon"), Bonus("luck", 1, "x")),
    )
    text = problems_of(small_book(paragraph(4, bad)))
    assert "per_icon bonus needs hammer or quill" in text
    assert "if_has bonus names unknown item 'dragon'" in text
    assert "unknown bonus kind 'luck'" in text


def test_missing_or_untranslated_language_is_caught() -> None:
    p = Paragraph(5, {"en": "A cave."}, (option((3, ("coins 1",))),))
    untranslated = dataclasses.replace(paragraph(6), text={"en": "A cave.", "ja": "A cave."})
    text = problems_of(small_book(p, untranslated))
    assert "Paragraph 5 has no ja text." in text
    assert "Paragraph 6: the ja text is not Japanese" in text


def test_missing_outcome_text_is_caught() -> None:
    o = option((3, ("coins 1",)))
    o = dataclasses.replace(o, thresholds=(Threshold(3, Outcome((), {"en": "", "ja": "x語"})),))
    assert "threshold 3 has no en text" in problems_of(small_book(paragraph(7, o)))


def test_descending_or_repeated_thresholds_are_caught() -> None:
    text = problems_of(small_book(paragraph(8, option((5, ("coins 3",)), (3, ("coins 1",))))))
    assert "thresholds must ascend (5 then 3)" in text
    text = problems_of(small_book(paragraph(8, option((4, ("coins 3",)), (4, ("coins 4",))))))
    assert "thresholds must ascend (4 then 4)" in text
    text = problems_of(small_book(paragraph(8, option((0, ("coins 3",))))))
    assert "threshold 0 is below 1" in text


def test_option_needs_exactly_one_of_thresholds_or_goto() -> None:
    neither = option()
    both = dataclasses.replace(option((3, ("coins 1",))), goto=2)
    text = problems_of(small_book(paragraph(9, neither, both)))
    assert "Paragraph 9 option 1 must have either thresholds or a goto" in text
    assert "Paragraph 9 option 2 must have either thresholds or a goto" in text


def test_option_count_and_threshold_count_are_bounded() -> None:
    many = tuple(option((3, ("coins 1",))) for _ in range(4))
    deep = option(*((k, (f"coins {k}",)) for k in (2, 3, 4, 5)))
    text = problems_of(small_book(Paragraph(10, dict(T), many), paragraph(11, deep)))
    assert "Paragraph 10 has 4 options; it needs 1 to 3." in text
    assert "has 4 thresholds; at most 3" in text


def test_bad_costs_and_amounts_are_caught() -> None:
    o = dataclasses.replace(
        option((3, ("coins 1", "villager -1"))),
        cost=(Effect("coins", 2), Effect("villager", -1)),
    )
    text = problems_of(small_book(paragraph(12, o)))
    assert "a cost must be a negative amount, not 2" in text
    assert "a cost cannot be 'villager'" in text
    assert "effect 'villager' cannot be negative" in text


def test_cave_pointing_nowhere_is_caught() -> None:
    caves = (CaveCard(1, (1, 2, 3, 4, 5, 60)), CaveCard(2, (7, 8, 9, 10, 11)))
    text = problems_of(small_book(caves=caves))
    assert "Cave card 1 points to paragraph 60, which does not exist." in text
    assert "Cave card 2 lists 5 paragraphs; it needs 6." in text


def test_duplicate_entry_paragraph_is_caught_when_completeness_is_required() -> None:
    caves = (CaveCard(1, (1, 2, 3, 4, 5, 6)), CaveCard(2, (7, 8, 9, 10, 11, 1)))
    book = small_book(caves=caves)
    problems = "\n".join(validate_book(book))
    assert "Paragraph 1 is the entry of cave 1 and cave 2." in problems
    assert "Paragraph 12 is reached from no cave and no goto." in problems
    assert "Only 11 distinct entry paragraphs; the caves need 150." in problems
    assert problems_of(book) == "", "a book in progress still loads"


def test_duplicate_cave_ids_are_caught() -> None:
    caves = (CaveCard(1, (1, 2, 3, 4, 5, 6)), CaveCard(1, (7, 8, 9, 10, 11, 12)))
    assert "Cave card 1 appears twice." in problems_of(small_book(caves=caves))


# --------------------------------------------------------------------------- loader


def write_book(folder: Path, encounters: str, caves: str | None = None) -> Path:
    (folder / "encounters").mkdir(parents=True)
    (folder / "encounters" / "001.toml").write_text(encounters, encoding="utf-8")
    if caves is None:
        caves = "[[cave]]\nid = 1\nparagraphs = [1, 1, 1, 1, 1, 1]\n"
    (folder / "caves.toml").write_text(caves, encoding="utf-8")
    return folder


GOOD_PARAGRAPH = """
[[paragraph]]
id = 1
en = "A cave."
ja = "洞窟。"

[[paragraph.option]]
en = "Look"
ja = "見る"
bonus = ["per_icon quill 1"]
cost = ["coins -1"]

[[paragraph.option.threshold]]
lanterns = 3
effects = ["good fish 2", "building 5"]
en = "Fish."
ja = "魚。"

[paragraph.option.failure]
effects = ["injure 1"]
en = "Ouch."
ja = "痛い。"
"""


def test_a_well_formed_file_loads(tmp_path: Path) -> None:
    book = enc.load_book_from(write_book(tmp_path, GOOD_PARAGRAPH))
    o = book.paragraphs[1].options[0]
    assert o.cost == (Effect("coins", -1),)
    assert o.bonuses == (Bonus("per_icon", 1, "quill"),)
    assert o.thresholds[0].outcome.effects == (
        Effect("good", 2, "fish"),
        Effect("building", 1, None, 5),
    )
    assert o.failure is not None and o.failure.text == {"en": "Ouch.", "ja": "痛い。"}
    assert book.caves == (CaveCard(1, (1, 1, 1, 1, 1, 1)),)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("lanterns = 3", 'lanterns = "three"'), "'lanterns' must be a whole number"),
        (('ja = "見る"\n', ""), "paragraph 1 option 1: missing the 'ja' text"),
        (('"good fish 2"', '"good gold 2"'), None),
        (('"injure 1"', '"explode 1"'), "failure: unknown effect kind 'explode'"),
        (
            ('bonus = ["per_icon quill 1"]', 'bonus = ["quill"]'),
            "must read '<kind> <item> <lanterns>'",
        ),
        (("id = 1", "id = 1\ncolour = 'red'"), "unknown field(s) colour"),
        (("[[paragraph]]", "[[paragraph]"), "not valid TOML"),
    ],
)
def test_malformed_files_are_refused_with_the_place_named(
    tmp_path: Path, change: tuple[str, str], message: str | None
) -> None:
    text = GOOD_PARAGRAPH.replace(*change)
    with pytest.raises(BookError) as info:
        enc.load_book_from(write_book(tmp_path, text))
    if message is None:  # structurally fine, refused by the validator
        assert "unknown good 'gold'" in str(info.value)
    else:
        assert message in str(info.value)
        assert "001.toml" in str(info.value) or "TOML" in str(info.value)


def test_duplicate_paragraph_ids_across_files_are_refused(tmp_path: Path) -> None:
    folder = write_book(tmp_path, GOOD_PARAGRAPH)
    (folder / "encounters" / "002.toml").write_text(GOOD_PARAGRAPH, encoding="utf-8")
    with pytest.raises(BookError, match="paragraph 1 is defined twice"):
        enc.load_book_from(folder)


def test_a_broken_graph_is_refused_at_load(tmp_path: Path) -> None:
    text = GOOD_PARAGRAPH.replace('"good fish 2", "building 5"', '"goto 42"')
    with pytest.raises(BookError, match="goes to paragraph 42, which does not exist"):
        enc.load_book_from(write_book(tmp_path, text))


def test_bad_cave_file_is_refused(tmp_path: Path) -> None:
    caves = '[[cave]]\nid = 1\nparagraphs = ["one"]\n'
    with pytest.raises(
        BookError, match=re.escape("caves.toml: cave #1: 'paragraphs' must be a list")
    ):
        enc.load_book_from(write_book(tmp_path, GOOD_PARAGRAPH, caves))


def test_the_shipped_data_folder_is_the_one_loaded() -> None:
    files = sorted(p.name for p in (DATA / "encounters").iterdir() if p.name.endswith(".toml"))
    assert files and all(name[:3].isdigit() for name in files)


# --------------------------------------------------------------------------- proofreading


def test_hidden_paragraph_shows_thresholds_but_never_rewards(book: Book) -> None:
    """「報酬については読み上げないでください」: the reader announces options, not rewards."""
    p = book.paragraphs[43]
    hidden = enc.format_paragraph(p, "ja", reveal=False)
    assert p.text["ja"] in hidden
    assert "食料を分けてやる [good fish -1]: 2" in hidden
    assert "一歩も引かずに構える: 6" in hidden
    assert "coins" not in hidden and p.options[1].thresholds[0].outcome.text["ja"] not in hidden
    shown = enc.format_paragraph(p, "en")
    assert "6: (coins 3, good ore 1)" in shown
    assert "failure: (injure 2)" in shown


def test_proofreading_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert enc.main(["101", "--hide"]) == 0
    assert "1) Buy a map and follow it [coins -1] -> 157" in capsys.readouterr().out
    assert enc.main(["999"]) == 1
    assert enc.main([]) == 0
    assert "The book is valid." in capsys.readouterr().out


# --------------------------------------------------------------------------- goto graphs


@given(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=20))
def test_cycle_detection_matches_the_graph(edges: list[tuple[int, int]]) -> None:
    """Chains among paragraphs 20..27: a cycle is reported exactly when the goto graph has one."""
    targets: dict[int, set[int]] = {k: set() for k in range(8)}
    for a, b in edges:
        targets[a].add(b)
    chained = tuple(
        paragraph(20 + k, *(option(goto=20 + t) for t in sorted(targets[k])[:3])) for k in range(8)
    )
    kept = {k: sorted(targets[k])[:3] for k in range(8)}

    def has_cycle() -> bool:
        state: dict[int, int] = {}

        def visit(n: int) -> bool:
            state[n] = 1
            for m in kept[n]:
                if state.get(m) == 1 or (m not in state and visit(m)):
                    return True
            state[n] = 2
            return False

        return any(k not in state and visit(k) for k in range(8))

    problems = problems_of(small_book(*chained))
    assert ("Goto cycle" in problems) == has_cycle()
    if "Goto cycle" in problems:
        line = next(x for x in problems.splitlines() if x.startswith("Goto cycle"))
        loop = [int(x) - 20 for x in line[len("Goto cycle: ") : -1].split(" -> ")]
        assert loop[0] == loop[-1]
        assert all(b in kept[a] for a, b in pairwise(loop))


def test_an_option_that_gives_an_item_away_costs_it(book: Book) -> None:
    """Issue 16: an option whose words hand a good over ("Offer it a fish", "Feed it your
    fruit", "Share your food") takes that good as its cost, not as a free lantern bonus."""
    gives = re.compile(r"\b(offer|give|feed|share|sell|trade|add|distract it with)\b", re.I)
    goods = re.compile(r"\b(mushroom|fish|fruit|rope|pot|paper|ore|amethyst|food|wares)\b", re.I)
    found = 0
    for pid, p in book.paragraphs.items():
        for o in p.options:
            if gives.search(o.label["en"]) and goods.search(o.label["en"]):
                found += 1
                assert any(c.kind in ("good", "potion", "cider") for c in o.cost), (pid, o.label["en"])
    assert found >= 8
