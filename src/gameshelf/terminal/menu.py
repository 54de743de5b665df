"""The opening menu: a numbered game list, the number of players, and who
plays each seat (a person, or a bot by level: easy, normal, hard).

Why levels first: a newcomer picks how strong an opponent should be, not an
algorithm; ``random``, ``greedy``, ``ismcts`` and ``rollout`` stay one key
away under "advanced" for those who want them.
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from gameshelf.core import i18n
from gameshelf.core.i18n import t
from gameshelf.core.protocol import Game
from gameshelf.terminal.feed import HUMAN
from gameshelf.terminal.prompts import Reader, ask_number, ask_yes_no

LEVELS = ("easy", "normal", "hard")


def players_text(game: Game, lang: str | None) -> str:
    """"1 player", "2–4 players" (never "1–1")."""
    if game.min_players == game.max_players:
        return t("cli.n-players", lang, n=game.min_players) if game.min_players != 1 else t("cli.one-player", lang)
    return t("cli.range-players", lang, low=game.min_players, high=game.max_players)


def games_table(lang: str | None, *, with_ids: bool = False) -> tuple[Table, list[str]]:
    """The game list as a table, and the ids in its order."""
    from gameshelf.core.registry import games, load_game

    ids = games()
    table = Table(title=t("cli.games-title", lang))
    table.add_column(t("cli.col-number", lang), justify="right")
    if with_ids:
        table.add_column(t("cli.col-id", lang))
    table.add_column(t("cli.col-name", lang))
    table.add_column(t("cli.col-players", lang))
    for number, game_id in enumerate(ids, start=1):
        game = load_game(game_id)
        cells = [str(number), *([game_id] if with_ids else []), game.name(lang), players_text(game, lang)]
        table.add_row(*cells)
    return table, ids


def seat_choices(console: Console, lang: str | None) -> list[str]:
    """Print the seat menu and return its entries: human, the three levels,
    then "advanced" (the algorithms by name)."""
    kinds = [HUMAN, *(f"bot:{level}" for level in LEVELS)]
    for number, kind in enumerate(kinds, start=1):
        name = kind.removeprefix("bot:")
        console.print(f"  [cyan]{number})[/] [bold]{escape(t('cli.level-' + name, lang))}[/]"
                      f" — {escape(t('cli.level-' + name + '-about', lang))}", highlight=False)
    console.print(f"  [cyan]{len(kinds) + 1})[/] {escape(t('cli.advanced', lang))}", highlight=False)
    return kinds


def show_algorithms(console: Console, names: list[str], lang: str | None) -> None:
    """The algorithms, numbered, each with how it plays."""
    for number, name in enumerate(names, start=1):
        key = f"cli.algo-{name}-about"
        about = f" — {escape(t(key, lang))}" if i18n.has(key, lang) or i18n.has(key, "en") else ""
        console.print(f"  [cyan]{number})[/] [bold]{escape(name)}[/]{about}", highlight=False)


def advanced_choice(console: Console, read: Reader, lang: str | None, game_id: str) -> str | None:
    """An algorithm by name, for those who asked for them, each with a line
    saying how it plays (a bot a plugin adds may have no line: its name).
    ``jax-policy`` is offered only for a game that ships a trained agent: a
    name picked here takes no options, and without a file it has nothing to play."""
    from gameshelf.bots import bot_names
    from gameshelf.bots.jax_policy import SHIPPED

    names = [n for n in bot_names() if n not in LEVELS and (n != "jax-policy" or game_id in SHIPPED)]
    show_algorithms(console, names, lang)
    picked = ask_number(console, t("cli.pick-bot", lang), 1, len(names), read, lang,
                        more_help=lambda: show_algorithms(console, names, lang))
    return None if picked is None else f"bot:{names[picked - 1]}"


def choose_setup(
    console: Console, lang: str | None, read: Reader | None = None
) -> tuple[str, list[str]] | None:
    """The opening menu: a numbered game list, then players and bots.

    Returns (game id, seats) or ``None`` when the person quits.
    """
    from gameshelf.core.registry import load_game

    read = read or (lambda prompt: console.input(prompt))
    table, ids = games_table(lang)
    console.print(table)
    choice = ask_number(console, t("cli.pick-game", lang), 1, len(ids), read, lang,
                        more_help=lambda: console.print(table))
    if choice is None:
        return None
    game = load_game(ids[choice - 1])
    players = game.min_players
    if game.max_players > game.min_players:
        picked = ask_number(console, t("cli.pick-players", lang), game.min_players,
                            game.max_players, read, lang)
        if picked is None:
            return None
        players = picked
    kinds = seat_choices(console, lang)
    seats: list[str] = []
    for seat in range(players):
        default_kind = 1 if seat == 0 else 2
        while True:
            picked = ask_number(console, t("cli.pick-seat", lang, n=seat + 1, default=default_kind),
                                1, len(kinds) + 1, read, lang, default=default_kind,
                                more_help=lambda: seat_choices(console, lang))
            if picked is None:
                return None
            if picked <= len(kinds):
                seats.append(kinds[picked - 1])
                break
            chosen = advanced_choice(console, read, lang, game.id)
            if chosen is not None:
                seats.append(chosen)
                break
    return game.id, seats


def ask_hints(console: Console, seats: list[str], read: Reader, lang: str | None) -> bool:
    """After the seats: whether the people may ask for hints (``hint`` at
    their turn). Off unless answered yes, and not asked when no person
    plays (the menu opens no daily puzzle, so hints are always allowed here)."""
    if all(seat.startswith("bot:") for seat in seats):
        return False
    return ask_yes_no(console, t("hints.allow", lang), read, lang)
