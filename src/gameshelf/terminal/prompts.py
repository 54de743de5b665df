"""Reading what a person types: numbers in any script, commands, yes/no.

Why normalise: a Japanese IME types full-width digits (``１２``) and
letters (``ｑ``), and NFKC folds those to ASCII, so ``１`` means 1 and ``ｑ``
quits. Only ASCII and full-width digits count as a number, though:
superscripts, circled digits and fractions (``²``, ``①``, ``½``) arrive by
accident (issue 29: a ``²`` picked a bot for the only seat and ended a
round), so they are refused with the usual hint, as is anything longer
than any list could be (a 5,000-digit paste); never a traceback.

Ctrl-C and Ctrl-D are told apart (:func:`safe_read`): Ctrl-C reads as
:data:`INTERRUPT`, which a move prompt treats as ``q`` (it asks), while the
end of input (Ctrl-D) reads as ``None``, on which a game is saved.
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


#: the digits a number may be written with: ASCII and full-width (an IME's)
DIGITS = {**{chr(0x30 + d): d for d in range(10)}, **{chr(0xFF10 + d): d for d in range(10)}}
#: what :func:`safe_read` returns for Ctrl-C (a string no person can type at a prompt)
INTERRUPT = "\x03"


def parse_number(text: str) -> int | None:
    """The whole number ``text`` spells in ASCII or full-width digits, or ``None``.

    Example:
        >>> [parse_number(x) for x in ("１２", "①", "²", " 7 ", "x", "-1", "9" * 5000)]
        [12, None, None, 7, None, None, None]
    """
    stripped = text.strip() if isinstance(text, str) else ""
    if not stripped or len(stripped) > MAX_DIGITS or any(ch not in DIGITS for ch in stripped):
        return None
    value = 0
    for ch in stripped:
        value = value * 10 + DIGITS[ch]
    return value


def number_like(text: str) -> bool:
    """Whether ``text`` holds a number-like symbol that is not an ASCII or
    full-width digit (``²``, ``①``, ``½``, ``Ⅻ``): such input is refused as a
    whole, since NFKC would otherwise fold ``²`` into a plain 2."""
    return any(ch not in DIGITS and unicodedata.numeric(ch, None) is not None for ch in text)


def safe_read(read: Reader, prompt: str) -> str | None:
    """One line from ``read``: :data:`INTERRUPT` for Ctrl-C, ``None`` when
    input has ended (Ctrl-D)."""
    try:
        return read(prompt)
    except KeyboardInterrupt:
        return INTERRUPT
    except EOFError:
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
        if answer is None or answer == INTERRUPT:
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
        number = parse_number(answer)
        if number is not None and low <= number <= high:
            return number
        console.print(f"[red]{escape(t('cli.not-in-range', lang, low=low, high=high))}[/]")


def ask_yes_no(console: Console, prompt: str, read: Reader, lang: str | None, *,
               interrupt: bool = False) -> bool:
    """True for yes (y, yes, はい), False for no or the end of input;
    Ctrl-C answers ``interrupt`` (a second Ctrl-C at "Leave this game?" leaves)."""
    yes = {"y", "yes", "はい", "h"}
    no = {"n", "no", "いいえ", "i", ""}
    while True:
        answer = safe_read(read, f"{prompt} {t('cli.yes-no', lang)} > ")
        if answer == INTERRUPT:
            return interrupt
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
