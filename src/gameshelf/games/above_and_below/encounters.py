"""The encounter book of Above and Below: data model, TOML loader and validator.

The book is data, not code: ``data/encounters/*.toml`` holds the paragraphs and
``data/caves.toml`` maps each cave card's six die faces to paragraph ids. This
module turns those files into frozen dataclasses the engine reads, and refuses
a file that would crash or mislead the engine with a message that names the
file, the paragraph and the field.

Effects, costs and bonuses are written in one short text notation so a person
holding the physical book can type a paragraph in a minute::

    "coins 3"            3 coins            "coins -2"        lose 2 coins
    "reputation 1"       +1 reputation      "good fish 2"     2 fish
    "potion" / "cider"   1 potion / cider   "villager"        cheapest trainable villager
    "special_villager cave_cat"             "extra_cave"      also take the top cave card
    "building 7"         a free building costing <= 7
    "injure 1"           injure 1 explorer  "lose_cave"       the cave card goes back
    "goto 151"           continue the encounter at paragraph 151

    bonus: "per_icon quill 1"  (+1 lantern per explorer with a quill)
           "if_has rope 2"     (+2 lanterns if you own a rope; it is not spent)

:func:`format_effect` and :func:`format_bonus` print that notation back, and
parsing what they print gives the same value. ``docs/above-and-below-encounters.md``
is the writing guide.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from gameshelf.core.datafile import read_toml

GOODS = ("mushroom", "fish", "fruit", "rope", "pot", "paper", "ore", "amethyst")
SPECIAL_VILLAGERS = ("liquid_woman", "grogo", "cave_cat", "metal_man")
EFFECT_KINDS = (
    "coins", "reputation", "good", "potion", "cider", "villager", "special_villager",
    "extra_cave", "building", "injure", "lose_cave", "goto",
)  # fmt: skip
BONUS_KINDS = ("per_icon", "if_has")
ICONS = ("hammer", "quill")
OWNABLE = (*GOODS, "cider", "potion")
LANGS = ("en", "ja")
CAVE_COUNT = 25
FACES = 6
MIN_ENTRY_PARAGRAPHS = CAVE_COUNT * FACES

# Kinds a cost may use (always a negative amount: something the player pays).
COST_KINDS = ("coins", "good", "potion", "cider")
# Kinds whose amount may be negative in an outcome (a penalty).
SIGNED_KINDS = ("coins", "reputation", "good", "potion", "cider")

_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


class BookError(ValueError):
    """A book file is malformed or the book breaks a rule the engine relies on."""


@dataclass(frozen=True, slots=True)
class Effect:
    """One reward or penalty; ``n`` is the amount (or the paragraph id for ``goto``)."""

    kind: str
    n: int = 1
    item: str | None = None
    max_cost: int | None = None


@dataclass(frozen=True, slots=True)
class Bonus:
    """Extra lanterns for the chosen option: per explorer icon, or for owning an item."""

    kind: str
    lanterns: int
    item: str


@dataclass(frozen=True, slots=True)
class Outcome:
    effects: tuple[Effect, ...]
    text: dict[str, str]


@dataclass(frozen=True, slots=True)
class Threshold:
    lanterns: int
    outcome: Outcome


@dataclass(frozen=True, slots=True)
class EncounterOption:
    label: dict[str, str]
    cost: tuple[Effect, ...]
    bonuses: tuple[Bonus, ...]
    thresholds: tuple[Threshold, ...]
    failure: Outcome | None
    goto: int | None


@dataclass(frozen=True, slots=True)
class Paragraph:
    id: int
    text: dict[str, str]
    options: tuple[EncounterOption, ...]


@dataclass(frozen=True, slots=True)
class CaveCard:
    id: int
    paragraphs: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Book:
    paragraphs: Mapping[int, Paragraph]
    caves: tuple[CaveCard, ...]


# --------------------------------------------------------------------------- notation


def parse_effect(text: str) -> Effect:
    """Parse one effect in the book's notation (see the module docstring).

    >>> parse_effect("good ore 2")
    Effect(kind='good', n=2, item='ore', max_cost=None)
    """
    words = text.split()
    if not words:
        raise BookError("empty effect")
    kind, rest = words[0], words[1:]
    if kind not in EFFECT_KINDS:
        raise BookError(f"unknown effect kind {kind!r} in {text!r}; use one of {EFFECT_KINDS}")
    item: str | None = None
    if kind in ("good", "special_villager"):
        if not rest:
            raise BookError(f"effect {text!r} needs an item after {kind!r}")
        item, rest = rest[0], rest[1:]
    if len(rest) > 1:
        raise BookError(f"effect {text!r} has too many words")
    if kind == "lose_cave" and rest:
        raise BookError(f"effect {text!r} takes no amount")
    if kind in ("goto", "building") and not rest:
        raise BookError(f"effect {text!r} needs a number")
    n = 1
    if rest:
        try:
            n = int(rest[0])
        except ValueError:
            raise BookError(f"effect {text!r}: {rest[0]!r} is not a whole number") from None
    if kind == "building":
        return Effect(kind, 1, None, n)
    return Effect(kind, n, item)


def format_effect(effect: Effect) -> str:
    """The notation of ``effect``; ``parse_effect(format_effect(e)) == e``."""
    if effect.kind == "building":
        return f"building {effect.max_cost}"
    if effect.kind == "lose_cave":
        return "lose_cave"
    head = f"{effect.kind} {effect.item}" if effect.item is not None else effect.kind
    return f"{head} {effect.n}"


def parse_bonus(text: str) -> Bonus:
    """Parse ``"per_icon quill 1"`` or ``"if_has rope 2"``."""
    words = text.split()
    if len(words) != 3:
        raise BookError(f"bonus {text!r} must read '<kind> <item> <lanterns>'")
    kind, item, amount = words
    if kind not in BONUS_KINDS:
        raise BookError(f"unknown bonus kind {kind!r} in {text!r}; use one of {BONUS_KINDS}")
    try:
        lanterns = int(amount)
    except ValueError:
        raise BookError(f"bonus {text!r}: {amount!r} is not a whole number") from None
    return Bonus(kind, lanterns, item)


def format_bonus(bonus: Bonus) -> str:
    """The notation of ``bonus``; ``parse_bonus(format_bonus(b)) == b``."""
    return f"{bonus.kind} {bonus.item} {bonus.lanterns}"


# --------------------------------------------------------------------------- loading


def _texts(table: Mapping[str, Any], where: str) -> dict[str, str]:
    texts = {}
    for lang in LANGS:
        value = table.get(lang)
        if not isinstance(value, str):
            raise BookError(f"{where}: missing the {lang!r} text")
        texts[lang] = value.strip()
    return texts


def _strings(table: Mapping[str, Any], key: str, where: str) -> list[str]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BookError(f"{where}: {key!r} must be a list of strings")
    return value


def _int(table: Mapping[str, Any], key: str, where: str) -> int:
    value = table.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise BookError(f"{where}: {key!r} must be a whole number")
    return value


def _check_keys(table: Mapping[str, Any], allowed: Iterable[str], where: str) -> None:
    unknown = sorted(set(table) - set(allowed))
    if unknown:
        raise BookError(f"{where}: unknown field(s) {', '.join(unknown)}")


def _effects(table: Mapping[str, Any], key: str, where: str) -> tuple[Effect, ...]:
    out = []
    for text in _strings(table, key, where):
        try:
            out.append(parse_effect(text))
        except BookError as err:
            raise BookError(f"{where}: {err}") from None
    return tuple(out)


def _outcome(table: Any, where: str) -> Outcome:
    if not isinstance(table, Mapping):
        raise BookError(f"{where}: must be a table")
    _check_keys(table, ("lanterns", "effects", *LANGS), where)
    return Outcome(_effects(table, "effects", where), _texts(table, where))


def _option(table: Any, where: str) -> EncounterOption:
    if not isinstance(table, Mapping):
        raise BookError(f"{where}: must be a table")
    _check_keys(table, ("bonus", "cost", "goto", "threshold", "failure", *LANGS), where)
    bonuses = []
    for text in _strings(table, "bonus", where):
        try:
            bonuses.append(parse_bonus(text))
        except BookError as err:
            raise BookError(f"{where}: {err}") from None
    raw_thresholds = table.get("threshold", [])
    if not isinstance(raw_thresholds, list):
        raise BookError(f"{where}: 'threshold' must be an array of tables ([[...threshold]])")
    thresholds = []
    for k, raw in enumerate(raw_thresholds, 1):
        at = f"{where} threshold {k}"
        if not isinstance(raw, Mapping):
            raise BookError(f"{at}: must be a table")
        thresholds.append(Threshold(_int(raw, "lanterns", at), _outcome(raw, at)))
    failure = _outcome(table["failure"], f"{where} failure") if "failure" in table else None
    goto = _int(table, "goto", where) if "goto" in table else None
    return EncounterOption(
        label=_texts(table, where),
        cost=_effects(table, "cost", where),
        bonuses=tuple(bonuses),
        thresholds=tuple(thresholds),
        failure=failure,
        goto=goto,
    )


def parse_paragraphs(document: Mapping[str, Any], source: str) -> list[Paragraph]:
    """Paragraphs of one parsed encounter file (``[[paragraph]]`` tables)."""
    _check_keys(document, ("paragraph",), source)
    raw_list = document.get("paragraph", [])
    if not isinstance(raw_list, list):
        raise BookError(f"{source}: 'paragraph' must be an array of tables ([[paragraph]])")
    paragraphs = []
    for k, raw in enumerate(raw_list, 1):
        if not isinstance(raw, Mapping):
            raise BookError(f"{source}: paragraph #{k} must be a table")
        where = f"{source}: paragraph {raw.get('id', f'#{k}')}"
        _check_keys(raw, ("id", "option", *LANGS), where)
        pid = _int(raw, "id", where)
        options = raw.get("option", [])
        if not isinstance(options, list):
            raise BookError(f"{where}: 'option' must be an array of tables")
        paragraphs.append(
            Paragraph(
                id=pid,
                text=_texts(raw, where),
                options=tuple(_option(o, f"{where} option {j}") for j, o in enumerate(options, 1)),
            )
        )
    return paragraphs


def parse_caves(document: Mapping[str, Any], source: str) -> tuple[CaveCard, ...]:
    """Cave cards of a parsed ``caves.toml`` (``[[cave]]`` tables with ``paragraphs``)."""
    _check_keys(document, ("cave",), source)
    raw_list = document.get("cave", [])
    if not isinstance(raw_list, list):
        raise BookError(f"{source}: 'cave' must be an array of tables ([[cave]])")
    caves = []
    for k, raw in enumerate(raw_list, 1):
        where = f"{source}: cave #{k}"
        if not isinstance(raw, Mapping):
            raise BookError(f"{where} must be a table")
        _check_keys(raw, ("id", "paragraphs"), where)
        ids = raw.get("paragraphs")
        if not isinstance(ids, list) or not all(
            isinstance(i, int) and not isinstance(i, bool) for i in ids
        ):
            raise BookError(f"{where}: 'paragraphs' must be a list of paragraph ids")
        caves.append(CaveCard(_int(raw, "id", where), tuple(ids)))
    return tuple(caves)


def assemble(paragraphs: Iterable[Paragraph], caves: Iterable[CaveCard]) -> Book:
    """A :class:`Book` from paragraphs and caves; two paragraphs with one id is an error."""
    by_id: dict[int, Paragraph] = {}
    for paragraph in paragraphs:
        if paragraph.id in by_id:
            raise BookError(f"paragraph {paragraph.id} is defined twice")
        by_id[paragraph.id] = paragraph
    return Book(MappingProxyType(dict(sorted(by_id.items()))), tuple(caves))


def _read(path: Any) -> dict[str, Any]:
    return read_toml(path, path.name, BookError)


def load_book_from(folder: Any) -> Book:
    """Load and check the book in ``folder`` (``encounters/*.toml`` + ``caves.toml``).

    Raises :class:`BookError` on a malformed file or on any problem that would
    break play (see :func:`validate_book` with ``require_complete=False``).
    """
    paragraphs: list[Paragraph] = []
    for path in sorted((folder / "encounters").iterdir(), key=lambda p: p.name):
        if path.name.endswith(".toml"):
            paragraphs += parse_paragraphs(_read(path), f"encounters/{path.name}")
    book = assemble(paragraphs, parse_caves(_read(folder / "caves.toml"), "caves.toml"))
    problems = validate_book(book, require_complete=False)
    if problems:
        raise BookError("the encounter book is broken:\n  " + "\n  ".join(problems))
    return book


@cache
def load_book() -> Book:
    """The game's encounter book, loaded once per process."""
    return load_book_from(resources.files("gameshelf.games.above_and_below") / "data")


# --------------------------------------------------------------------------- validation


def _check_texts(texts: Mapping[str, str], where: str) -> list[str]:
    problems = []
    for lang in LANGS:
        text = texts.get(lang, "")
        if not text.strip():
            problems.append(f"{where} has no {lang} text.")
        elif lang == "ja" and not _JAPANESE.search(text):
            problems.append(f"{where}: the ja text is not Japanese ({text[:30]!r}).")
    return problems


def _check_effect(effect: Effect, where: str, *, cost: bool = False) -> list[str]:
    kind, n, item = effect.kind, effect.n, effect.item
    if kind not in EFFECT_KINDS:
        return [f"{where}: unknown effect kind {kind!r}."]
    if cost:
        if kind not in COST_KINDS:
            return [f"{where}: a cost cannot be {kind!r} (only {', '.join(COST_KINDS)})."]
        if n >= 0:
            return [f"{where}: a cost must be a negative amount, not {n}."]
    problems = []
    if kind == "good" and item not in GOODS:
        problems.append(f"{where}: unknown good {item!r}.")
    elif kind == "special_villager" and item not in SPECIAL_VILLAGERS:
        problems.append(f"{where}: unknown special villager {item!r}.")
    elif kind not in ("good", "special_villager") and item is not None:
        problems.append(f"{where}: effect {kind!r} takes no item.")
    if kind == "building":
        if effect.max_cost is None or effect.max_cost < 1:
            problems.append(f"{where}: 'building' needs a maximum cost of at least 1.")
    elif effect.max_cost is not None:
        problems.append(f"{where}: only 'building' has a maximum cost.")
    if kind == "goto":
        pass  # resolved against the book in validate_book
    elif n == 0:
        problems.append(f"{where}: effect {kind!r} has amount 0.")
    elif n < 0 and kind not in SIGNED_KINDS:
        problems.append(f"{where}: effect {kind!r} cannot be negative.")
    return problems


def _check_option(option: EncounterOption, where: str) -> list[str]:
    problems = _check_texts(option.label, where)
    for effect in option.cost:
        problems += _check_effect(effect, f"{where} cost", cost=True)
    for bonus in option.bonuses:
        if bonus.kind not in BONUS_KINDS:
            problems.append(f"{where}: unknown bonus kind {bonus.kind!r}.")
        elif bonus.kind == "per_icon" and bonus.item not in ICONS:
            problems.append(f"{where}: per_icon bonus needs hammer or quill, not {bonus.item!r}.")
        elif bonus.kind == "if_has" and bonus.item not in OWNABLE:
            problems.append(f"{where}: if_has bonus names unknown item {bonus.item!r}.")
        if bonus.lanterns < 1:
            problems.append(f"{where}: a bonus must give at least 1 lantern.")
    if (option.goto is None) == (not option.thresholds):
        problems.append(f"{where} must have either thresholds or a goto (exactly one of them).")
    if len(option.thresholds) > 3:
        problems.append(f"{where} has {len(option.thresholds)} thresholds; at most 3.")
    if option.goto is not None and (option.failure is not None or option.bonuses):
        problems.append(f"{where}: a goto option rolls nothing, so it has no failure or bonus.")
    previous = 0
    for threshold in option.thresholds:
        if threshold.lanterns < 1:
            problems.append(f"{where}: threshold {threshold.lanterns} is below 1.")
        elif threshold.lanterns <= previous:
            problems.append(
                f"{where}: thresholds must ascend ({previous} then {threshold.lanterns})."
            )
        previous = threshold.lanterns
    outcomes = [(f"{where} threshold {t.lanterns}", t.outcome) for t in option.thresholds]
    if option.failure is not None:
        outcomes.append((f"{where} failure", option.failure))
    for place, outcome in outcomes:
        problems += _check_texts(outcome.text, place)
        for effect in outcome.effects:
            problems += _check_effect(effect, place)
        if sum(e.kind == "goto" for e in outcome.effects) > 1:
            problems.append(f"{place} has more than one goto.")
    return problems


def goto_targets(paragraph: Paragraph) -> list[int]:
    """Every paragraph id ``paragraph`` can lead to, in book order."""
    targets = []
    for option in paragraph.options:
        if option.goto is not None:
            targets.append(option.goto)
        outcomes = [t.outcome for t in option.thresholds]
        if option.failure is not None:
            outcomes.append(option.failure)
        targets += [e.n for o in outcomes for e in o.effects if e.kind == "goto"]
    return targets


def _find_cycle(paragraphs: Mapping[int, Paragraph]) -> list[int] | None:
    """A goto cycle as a list of ids (first == last), or None. Iterative DFS."""
    state: dict[int, int] = {}  # 1 = on the stack, 2 = done
    for root in paragraphs:
        if root in state:
            continue
        stack: list[tuple[int, Iterable[int]]] = [(root, iter(goto_targets(paragraphs[root])))]
        state[root] = 1
        while stack:
            node, children = stack[-1]
            child = next(iter(children), None)
            if child is None:
                state[node] = 2
                stack.pop()
                continue
            if child not in paragraphs:
                continue
            if state.get(child) == 1:
                path = [n for n, _ in stack]
                return [*path[path.index(child) :], child]
            if child not in state:
                state[child] = 1
                stack.append((child, iter(goto_targets(paragraphs[child]))))
    return None


def validate_book(book: Book, *, require_complete: bool = True) -> list[str]:
    """Every problem of ``book`` as a sentence; ``[]`` when it is fine.

    Args:
        book: the book to check.
        require_complete: also demand the full game's shape (25 caves, 150
            distinct entry paragraphs, no paragraph that nothing reaches).
            :func:`load_book` passes False so that a book still being
            written loads as long as nothing in it would break play.
    """
    problems: list[str] = []
    for pid, paragraph in book.paragraphs.items():
        where = f"Paragraph {pid}"
        if paragraph.id != pid:
            problems.append(f"{where} is stored under id {pid} but says it is {paragraph.id}.")
        problems += _check_texts(paragraph.text, where)
        if not 1 <= len(paragraph.options) <= 3:
            problems.append(f"{where} has {len(paragraph.options)} options; it needs 1 to 3.")
        for j, option in enumerate(paragraph.options, 1):
            problems += _check_option(option, f"{where} option {j}")
        for target in goto_targets(paragraph):
            if target not in book.paragraphs:
                problems.append(f"{where} goes to paragraph {target}, which does not exist.")
    cycle = _find_cycle(book.paragraphs)
    if cycle:
        problems.append("Goto cycle: " + " -> ".join(map(str, cycle)) + ".")
    seen_caves: set[int] = set()
    for cave in book.caves:
        where = f"Cave card {cave.id}"
        if cave.id in seen_caves:
            problems.append(f"{where} appears twice.")
        seen_caves.add(cave.id)
        if len(cave.paragraphs) != FACES:
            problems.append(f"{where} lists {len(cave.paragraphs)} paragraphs; it needs {FACES}.")
        for pid in cave.paragraphs:
            if pid not in book.paragraphs:
                problems.append(f"{where} points to paragraph {pid}, which does not exist.")
    if require_complete:
        problems += _check_complete(book)
    return problems


def _check_complete(book: Book) -> list[str]:
    problems = []
    ids = sorted(c.id for c in book.caves)
    if ids != list(range(1, CAVE_COUNT + 1)):
        problems.append(f"The cave cards must be numbered 1..{CAVE_COUNT}; found {ids}.")
    entries: dict[int, int] = {}
    for cave in book.caves:
        for pid in cave.paragraphs:
            if pid in entries:
                problems.append(
                    f"Paragraph {pid} is the entry of cave {entries[pid]} and cave {cave.id}."
                )
            entries.setdefault(pid, cave.id)
    if len(entries) < MIN_ENTRY_PARAGRAPHS:
        problems.append(
            f"Only {len(entries)} distinct entry paragraphs; the caves need {MIN_ENTRY_PARAGRAPHS}."
        )
    reached = set(entries)
    frontier = list(entries)
    while frontier:
        pid = frontier.pop()
        if pid in book.paragraphs:
            for target in goto_targets(book.paragraphs[pid]):
                if target not in reached:
                    reached.add(target)
                    frontier.append(target)
    for pid in book.paragraphs:
        if pid not in reached:
            problems.append(f"Paragraph {pid} is reached from no cave and no goto.")
    return problems


# --------------------------------------------------------------------------- statistics


def _chains(option: EncounterOption) -> bool:
    outcomes = [t.outcome for t in option.thresholds]
    if option.failure is not None:
        outcomes.append(option.failure)
    return option.goto is not None or any(e.kind == "goto" for o in outcomes for e in o.effects)


def book_stats(book: Book) -> dict[str, Any]:
    """The shape of ``book``, to compare with the published book's (see the writing guide).

    Returns a dict of: ``paragraphs``, ``options``, ``options_per_paragraph`` and
    ``thresholds`` (histograms as sorted ``{value: count}`` dicts), and the counts of options
    that ``chain`` (goto), have a ``failure``, a ``bonus`` or a ``cost``.
    """
    options = [o for p in book.paragraphs.values() for o in p.options]

    def histogram(values: Iterable[int]) -> dict[int, int]:
        counts: dict[int, int] = {}
        for v in values:
            counts[v] = counts.get(v, 0) + 1
        return dict(sorted(counts.items()))

    return {
        "paragraphs": len(book.paragraphs),
        "options": len(options),
        "options_per_paragraph": histogram(len(p.options) for p in book.paragraphs.values()),
        "thresholds": histogram(t.lanterns for o in options for t in o.thresholds),
        "chain": sum(_chains(o) for o in options),
        "failure": sum(o.failure is not None for o in options),
        "bonus": sum(bool(o.bonuses) for o in options),
        "cost": sum(bool(o.cost) for o in options),
    }


# --------------------------------------------------------------------------- proofreading


def format_paragraph(paragraph: Paragraph, lang: str = "en", *, reveal: bool = True) -> str:
    """A paragraph as plain text, the way the reader reads it out, for proofreading.

    With ``reveal=False`` only what is read before the roll is shown (labels, costs,
    bonuses and thresholds), as the rulebook asks: 「報酬については読み上げないでください」.

    Run ``python -m gameshelf.games.above_and_below.encounters 43 151 --lang ja`` to read
    paragraphs 43 and 151 in Japanese.
    """
    lines = [f"{paragraph.id}. {paragraph.text[lang]}"]
    for j, option in enumerate(paragraph.options, 1):
        extras = [format_effect(c) for c in option.cost] + [format_bonus(b) for b in option.bonuses]
        head = f"  {j}) {option.label[lang]}"
        if extras:
            head += f" [{'; '.join(extras)}]"
        if option.goto is not None:
            head += f" -> {option.goto}"
        else:
            head += ": " + ", ".join(str(t.lanterns) for t in option.thresholds)
        lines.append(head)
        if not reveal:
            continue
        for t in option.thresholds:
            effects = ", ".join(format_effect(e) for e in t.outcome.effects)
            lines.append(f"     {t.lanterns}: ({effects}) {t.outcome.text[lang]}")
        if option.failure is not None:
            effects = ", ".join(format_effect(e) for e in option.failure.effects)
            lines.append(f"     failure: ({effects}) {option.failure.text[lang]}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Print paragraphs for proofreading, or the book's problems and shape with no ids."""
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("ids", nargs="*", type=int, help="paragraph ids to print")
    parser.add_argument("--lang", choices=LANGS, default="en")
    parser.add_argument("--hide", action="store_true", help="hide the outcomes")
    args = parser.parse_args(argv)
    book = load_book()
    if not args.ids:
        problems = validate_book(book)
        print("\n".join(problems) or "The book is valid.")
        print(book_stats(book))
        return 1 if problems else 0
    for pid in args.ids:
        if pid not in book.paragraphs:
            print(f"No paragraph {pid}.")
            return 1
        print(format_paragraph(book.paragraphs[pid], args.lang, reveal=not args.hide))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
