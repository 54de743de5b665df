"""Reading what a person types: numbers in any script, commands, yes/no.

Why normalise: a Japanese IME types full-width digits (``１２``) and
letters (``ｑ``); circled and superscript digits (``①``, ``²``) arrive by
accident. NFKC folds all of these to ASCII, so ``１`` means 1. Anything
that is still not a plain number, or is longer than any list could be (a
5,000-digit paste), is refused with a sentence, never a traceback.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from gameshelf.core.i18n import t

Reader = Callable[[str], str]
#: no menu or move list is longer than this many digits
MAX_DIGITS = 6


def normalize(text: str) -> str:
    """``text`` folded for comparison: NFKC, trimmed, lower case."""
    return unicodedata.normalize("NFKC", text).strip().casefold()


def parse_number(text: str) -> int | None:
    """The whole number ``text`` spells, or ``None``.

    Example:
        >>> [parse_number(x) for x in ("１２", "①", " 7 ", "x", "-1", "9" * 5000)]
        [12, 1, 7, None, None, None]
    """
    folded = normalize(text)
    if not folded or len(folded) > MAX_DIGITS:
        return None
    digits = [unicodedata.decimal(ch, None) for ch in folded]
    if any(d is None for d in digits):
        return None
    value = 0
    for d in digits:
        assert d is not None
        value = value * 10 + d
    return value


def safe_read(read: Reader, prompt: str) -> str | None:
    """One line from ``read``; ``None`` when input has ended (Ctrl-D, Ctrl-C)."""
    try:
        return read(prompt)
    except (EOFError, KeyboardInterrupt):
        return None


def ask_number(console: Console, prompt: str, low: int, high: int,
               read: Reader, lang: str | None, default: int | None = None,
               more_help: Callable[[], object] | None = None) -> int | None:
    """A number in ``[low, high]`` (just Enter takes ``default`` when there is
    one); re-asks on anything else, ``None`` on 'q' or the end of input.
    ``?`` says what the prompt takes, then ``more_help()`` prints what it
    offers (the game's rules in a game, what each choice means in a menu)."""
    while True:
        answer = safe_read(read, f"{prompt} [{low}-{high}] > ")
        if answer is None:
            return None
        folded = normalize(answer)
        if folded == "q":
            return None
        if folded == "?":
            enter = "" if default is None else " " + t("cli.number-help-default", lang, default=default)
            console.print(t("cli.number-help", lang, low=low, high=high) + enter, highlight=False, markup=False)
            if more_help is not None:
                more_help()
            continue
        if not folded and default is not None:
            return default
        number = parse_number(folded)
        if number is not None and low <= number <= high:
            return number
        console.print(f"[red]{escape(t('cli.not-in-range', lang, low=low, high=high))}[/]")


def ask_yes_no(console: Console, prompt: str, read: Reader, lang: str | None) -> bool:
    """True for yes (y, yes, はい), False for no or the end of input."""
    yes = {"y", "yes", "はい", "h"}
    no = {"n", "no", "いいえ", "i", ""}
    while True:
        answer = safe_read(read, f"{prompt} {t('cli.yes-no', lang)} > ")
        if answer is None:
            return False
        folded = normalize(answer)
        if folded in yes:
            return True
        if folded in no:
            return False
        console.print(f"[red]{escape(t('cli.say-yes-no', lang))}[/]")


def wait_key(read: Reader, lang: str | None) -> None:
    """Hold the screen until Enter, so what was just shown stays readable."""
    safe_read(read, t("cli.press-enter", lang) + " ")
