"""Hints at the terminal: "what would hard do here?" (issue 26, docs/hints.md).

A hint is the analysis engine's top three moves for the seat to decide
(:func:`gameshelf.analysis.estimate.rank_moves`, the same estimator the
server's hints and the post-game analysis use), each with its estimate and
the number the person types to play it. The estimator reads the position
only through the seat's ``PlayerView``: what others hold is dealt again per
world, so a hint tells nothing the seat could not see.

Why hints are off unless asked for, and never in a daily puzzle: a game
played with help is a different game, and a table (here: the result screen
and the save) says which seats had it; Dicey Farm's daily puzzle is a
score people compare, so it has no hints at all (the server's rule too).

Why the numbers come from the move list itself: the person plays a hinted
move by the number the list already gives it, so the hint looks each move up
in that list (the same sentence, the same number), never words it anew.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from gameshelf.analysis.estimate import MoveEstimate, rank_moves
from gameshelf.analysis.render import chance_text, number
from gameshelf.core.actions import Action
from gameshelf.core.i18n import t
from gameshelf.core.narration import move_sentences
from gameshelf.core.protocol import PlayerId, State
from gameshelf.core.rng import derive_seed
from gameshelf.terminal.fold import Folded

#: what asks for a hint at the move prompt, in either language (folded by
#: ``prompts.normalize``); ``?`` and ``h`` are help, so a hint has a word
HINT_WORDS = frozenset({"hint", "ヒント", "ひんと"})
#: how many moves a hint names (as the browser's)
TOP = 3
#: seconds a hint may think (the server's default GAMESHELF_HINT_BUDGET)
BUDGET_S = 1.0
#: the environment variable that changes it, as on the server
BUDGET_ENV = "GAMESHELF_HINT_BUDGET"


@dataclasses.dataclass(frozen=True)
class HintSettings:
    """Whether this game has hints, and how hard a hint thinks.

    ``worlds`` fixes the re-dealt worlds per move (reproducible, and the
    tests' way to keep a hint to a fraction of a second); ``None`` plays as
    many as ``budget_s`` allows (at least two)."""

    on: bool = False
    budget_s: float = BUDGET_S
    worlds: int | None = None

    @classmethod
    def from_env(cls, on: bool, environ: Mapping[str, str] | None = None) -> HintSettings:
        """Settings for the command line: ``GAMESHELF_HINT_BUDGET`` seconds
        (the server's variable, read by the same rule: 0.01 to 600, anything
        else the default 1 s, so a typo cannot make a hint take hours)."""
        text = (os.environ if environ is None else environ).get(BUDGET_ENV, "")
        try:
            value = float(text.strip())
        except ValueError:
            value = BUDGET_S
        return cls(on=on, budget_s=value if 0.01 <= value <= 600 else BUDGET_S)


def hints_refusal(state: State) -> str | None:
    """The catalogue key saying why this game may never have hints, or
    ``None``: a daily puzzle (a game's ``daily`` option) never may."""
    options = getattr(state, "options", None) or {}
    return "hints.refused-daily" if options.get("daily") else None


def hint_seed(state: State, seat: PlayerId) -> int:
    """The hint's seed: one per game, seat and position, so asking twice at
    the same position gives the same answer (as on the server)."""
    return derive_seed(state.seed, "hint", seat, len(state.history))


def compute_hint(state: State, seat: PlayerId, settings: HintSettings, distinct: int) -> list[MoveEstimate]:
    """The best moves for ``seat`` now, best first (Ctrl-C raises through:
    the caller cancels the hint; the state is only read).

    ``distinct`` is how many lines the move list has: where two legal moves
    read alike (two dice showing 5) the list shows one line, so the estimator
    looks at more candidates (up to twice :data:`TOP`), that the hint may
    still name three different lines."""
    alike = len(state.legal_actions()) - distinct
    width = max(TOP, min(TOP + alike, 2 * TOP))
    return rank_moves(state, seat, budget_s=settings.budget_s, seed=hint_seed(state, seat), top=width,
                      worlds=settings.worlds, width=width)


def hinted_moves(state: State, estimates: Sequence[MoveEstimate],
                 choices: Sequence[tuple[str, Action]], lang: str | None) -> list[tuple[int, str, MoveEstimate]]:
    """The first :data:`TOP` estimates of different lines, each with its
    number in the move list (``choices``, as the session lists them) and
    the list's sentence for it."""
    said = list(zip(state.legal_actions(), move_sentences(state, lang), strict=True))
    numbers = {text: k for k, (text, _) in enumerate(choices, start=1)}
    found: list[tuple[int, str, MoveEstimate]] = []
    for estimate in estimates:
        text = next((words for action, words in said if action == estimate.action), None)
        if text is not None and text in numbers and all(text != seen for _, seen, _ in found):
            found.append((numbers[text], text, estimate))  # (the engine ranks legal moves only)
    return found[:TOP]


def hint_table(state: State, seat: PlayerId, estimates: Sequence[MoveEstimate],
               choices: Sequence[tuple[str, Action]], lang: str | None) -> Group:
    """The hint as the person reads it: the moves best first, each with the
    key that plays it, its chance to win (multiplayer) and expected final
    score, then how the figures were made.

    Why the figures come first, under headings: they are short and line up
    in narrow columns, and the move's sentence, which may be long, folds in
    the last one; on an 80-column screen a figure after the sentence wrapped
    into two lines. The title and the note are lines of their own (a
    table's would wrap at the table's width)."""
    rows = hinted_moves(state, estimates, choices, lang)
    solo = state.players == 1
    table = Table(box=None, pad_edge=False, header_style="dim")
    table.add_column("", justify="right", style="bold cyan", no_wrap=True)
    if not solo:
        table.add_column(t("hints.col-win", lang), justify="right", no_wrap=True)
    table.add_column(t("hints.col-score", lang), justify="right", no_wrap=True)
    table.add_column(t("hints.col-worlds", lang), justify="right", no_wrap=True)
    table.add_column(t("hints.col-move", lang))
    for key, text, estimate in rows:
        # each figure with its sample count; no 0% or 100% from a few play-outs (issue 42)
        chance = [] if solo else [chance_text(estimate.win_chance or 0.0, estimate.worlds, lang)]
        table.add_row(f"{key})", *chance, number(estimate.expected_score), str(estimate.worlds), Folded(text))
    worlds = max((e.worlds for _, _, e in rows), default=0)
    return Group(Folded(Text(t("hints.title", lang, player=seat + 1), style="bold")), table,
                 Folded(Text(t("hints.footer", lang, worlds=worlds), style="dim")))


def hints_meta(settings: HintSettings, used: set[PlayerId]) -> dict[str, Any] | None:
    """What a save keeps of hints: whether they were on and who used one."""
    if not settings.on and not used:
        return None
    return {"allowed": settings.on, "used": sorted(used)}


def saved_hints(record: dict[str, Any], players: int) -> tuple[bool, set[PlayerId]]:
    """Whether a save had hints on, and the seats that used them; anything
    malformed reads as off and unused (a save is data someone may edit;
    ``True`` is not a seat, ``1.0`` is not 1)."""
    meta = record.get("meta")
    hints = meta.get("hints") if isinstance(meta, dict) else None
    if not isinstance(hints, dict):
        return False, set()
    allowed = hints.get("allowed") is True
    used = hints.get("used")
    if not isinstance(used, list) or not all(type(s) is int and 0 <= s < players for s in used):
        return allowed, set()
    return allowed, set(used)


def used_text(used: set[PlayerId], players: int, lang: str | None) -> str | None:
    """"Hints used: Player 1" for the result screen, ``None`` when none was."""
    if not used:
        return None
    if players == 1:
        return t("hints.used-solo", lang)
    who = t("hints.join", lang).join(t("cli.player", lang, n=s + 1) for s in sorted(used))
    return t("hints.used", lang, players=who)
