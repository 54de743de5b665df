"""The ``?`` screen and ``gameshelf rules``: the keys, a one-screen summary
of the game's rules, and what the current phase asks for.

Each game keeps its summary in its own catalogue as ``<package>.help.rules``
(English and Japanese), so a fifth game brings its own; the phase line comes
from ``<package>.phase.<phase>`` when the observation names a phase.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from gameshelf.core import i18n
from gameshelf.core.i18n import t
from gameshelf.core.protocol import Game
from gameshelf.terminal.fold import Folded


def package(game: Game) -> str:
    """The catalogue prefix of ``game`` ("pay_dirt" for Pay Dirt)."""
    return game.name_key.split(".", 1)[0]


def rules_text(game: Game, lang: str | None) -> str:
    """The game's rules summary, or a pointer to its guide when it has none."""
    key = f"{package(game)}.help.rules"
    if i18n.has(key, lang) or i18n.has(key, "en"):
        return t(key, lang)
    return t("cli.no-rules", lang, game=game.name(lang))


def phase_text(game: Game, observation: dict[str, Any], lang: str | None) -> str | None:
    """What the current phase asks for, when the observation names a phase
    the game's catalogue describes (``<package>.help.phase.<phase>``, else
    ``<package>.phase.<phase>``)."""
    phase = observation.get("phase") if isinstance(observation, dict) else None
    if not isinstance(phase, str):
        return None
    for key in (f"{package(game)}.help.phase.{phase}", f"{package(game)}.phase.{phase}"):
        if i18n.has(key, lang) or i18n.has(key, "en"):
            return t(key, lang)
    return None  # a bare internal name would say nothing to a player


def keys_text(lang: str | None, *, can_undo: bool, can_restart: bool, more: Sequence[str] = (),
              remote: bool = False) -> str:
    """The keys the move prompt takes, one per line (``more``: lines a
    session adds, such as ``hint`` when hints are on). ``remote``: a
    server's table, which ``q`` leaves with the seat kept (there is nothing
    to save or ``resume`` there)."""
    lines = [t("cli.key-number", lang), t("cli.key-help", lang), t("cli.key-log", lang),
             t("cli.key-board", lang), t("cli.key-details", lang), t("cli.key-undo", lang) + ("" if can_undo else " " + t("cli.key-undo-none", lang)),
             t("cli.key-quit-remote" if remote else "cli.key-quit", lang)]
    if can_restart:
        lines.append(t("cli.key-restart", lang))
    lines.extend(more)
    return "\n".join(lines)


def help_panel(game: Game, observation: dict[str, Any], lang: str | None, *,
               can_undo: bool = False, can_restart: bool = False, typed: str | None = None,
               more_keys: Sequence[str] = (), remote: bool = False) -> Panel:
    """One screen: the keys (and what may be typed now, ``typed``), the
    current phase, and the rules in brief (``remote``: see :func:`keys_text`)."""
    parts: list[Any] = [Folded(keys_text(lang, can_undo=can_undo, can_restart=can_restart, more=more_keys,
                                         remote=remote))]
    if typed:
        parts.append(Text(typed, style="bold"))
    phase = phase_text(game, observation, lang)
    if phase:
        parts.append(Text.from_markup(f"\n[bold]{escape(t('cli.phase-now', lang))}[/] {escape(phase)}"))
    parts.append(Text.from_markup(f"\n[bold]{escape(t('cli.rules-title', lang))}[/]"))
    parts.append(Folded(rules_text(game, lang)))
    return Panel(Group(*parts), title=f"{game.name(lang)} — ?")
