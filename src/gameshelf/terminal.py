"""Terminal play: the board, numbered moves, the log, and the final ranking.

The loop never shows a seat more than its own observation: in hot-seat play
the board is drawn from the observation of the seat about to decide. Bad
input at the prompt re-asks; it never reaches the game.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.panel import Panel
from rich.table import Table

from gameshelf.bots import Bot, make_bot, play_bot_turn
from gameshelf.core.errors import GameshelfError
from gameshelf.core.i18n import t
from gameshelf.core.protocol import Event, Game, State
from gameshelf.core.record import replay, save_record

HUMAN = "human"
RestartPoint = Callable[[State], "int | None"]


class SeatError(ValueError):
    """A ``--seat`` value that cannot be read."""


def parse_seats(specs: Sequence[str], players: int, default: str = HUMAN) -> list[str]:
    """Turn ``["2=bot:random", ...]`` into one entry per seat.

    Unnamed seats get ``default``. Raises :class:`SeatError` with the
    player-facing message.
    """
    seats = [default] * players
    for spec in specs:
        seat_text, _, who = spec.partition("=")
        if not seat_text.strip().isdigit() or not (who == HUMAN or who.startswith("bot:")):
            raise SeatError(t("cli.bad-seat", None, spec=spec, n=players))
        seat = int(seat_text) - 1
        if not 0 <= seat < players:
            raise SeatError(t("cli.bad-seat", None, spec=spec, n=players))
        seats[seat] = who
    return seats


def make_bots(seats: Sequence[str], seed: int, game: Game | None = None) -> dict[int, Bot]:
    """One bot per ``bot:NAME`` seat (levels tuned for ``game`` when given).
    Raises KeyError for an unknown name."""
    return {
        seat: make_bot(who.removeprefix("bot:"), seed=seed * 101 + seat, game=game)
        for seat, who in enumerate(seats)
        if who.startswith("bot:")
    }


def print_events(console: Console, events: Sequence[Event], lang: str | None) -> None:
    for event in events:
        console.print(f"  · {event.text(lang)}")


def ranking_table(state: State, lang: str | None) -> Table:
    table = Table(title=t("cli.game-over", lang))
    for key in ("cli.col-place", "cli.col-player", "cli.col-score"):
        table.add_column(t(key, lang))
    scores = state.scores()
    for place, group in enumerate(state.ranking(), start=1):
        for seat in group:
            table.add_row(str(place), t("cli.player", lang, n=seat + 1), f"{scores[seat]:g}")
    return table


def ask_move(
    console: Console,
    state: State,
    lang: str | None,
    *,
    can_restart: bool,
    read: Callable[[str], str],
) -> int | str:
    """The index of the chosen legal move, or a command ("q", "l", "r")."""
    actions = state.legal_actions()
    table = Table(title=t("cli.legal-moves", lang), show_header=False, box=None)
    for number, action in enumerate(actions, start=1):
        table.add_row(f"[bold cyan]{number:>3}[/]", state.game.describe_action(action, lang))
    console.print(table)
    commands = {"q", "l"} | ({"r"} if can_restart else set())
    while True:
        answer = read(t("cli.choose", lang) + ("  (r)" if can_restart else "") + " > ").strip().lower()
        if answer in commands:
            return answer
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return int(answer) - 1
        console.print(f"[red]{t('cli.not-a-number', lang, n=len(actions))}[/]")


def ask_number(console: Console, prompt: str, low: int, high: int,
               read: Callable[[str], str], lang: str | None, default: int | None = None) -> int | None:
    """A number in ``[low, high]`` (just Enter takes ``default`` when there is
    one); re-asks on anything else, ``None`` on 'q'."""
    while True:
        answer = read(f"{prompt} [{low}-{high}] > ").strip().lower()
        if answer == "q":
            return None
        if not answer and default is not None:
            return default
        if answer.isdigit() and low <= int(answer) <= high:
            return int(answer)
        console.print(f"[red]{t('cli.not-in-range', lang, low=low, high=high)}[/]")


def choose_setup(
    console: Console, lang: str | None, read: Callable[[str], str] | None = None
) -> tuple[str, list[str]] | None:
    """The opening menu: a numbered game list, then players and bots.

    Returns (game id, seats) or ``None`` when the person quits.
    """
    from gameshelf.bots import bot_names
    from gameshelf.core.registry import games, load_game

    read = read or (lambda prompt: console.input(prompt))
    ids = games()
    table = Table(title=t("cli.games-title", lang))
    for key in ("cli.col-number", "cli.col-name", "cli.col-players"):
        table.add_column(t(key, lang))
    for number, game_id in enumerate(ids, start=1):
        game = load_game(game_id)
        table.add_row(str(number), game.name(lang), f"{game.min_players}–{game.max_players}")
    console.print(table)
    choice = ask_number(console, t("cli.pick-game", lang), 1, len(ids), read, lang)
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
    kinds = [HUMAN] + [f"bot:{name}" for name in bot_names()]
    console.print("  ".join(f"[cyan]{i}[/] {kind}" for i, kind in enumerate(kinds, start=1)))
    seats = []
    for seat in range(players):
        default_kind = 1 if seat == 0 else min(2, len(kinds))
        picked = ask_number(console, t("cli.pick-seat", lang, n=seat + 1, default=default_kind),
                            1, len(kinds), read, lang, default=default_kind)
        if picked is None:
            return None
        seats.append(kinds[picked - 1])
    return game.id, seats


def play_session(
    state: State,
    seats: Sequence[str],
    *,
    lang: str | None = None,
    save_dir: Path | None = Path("records"),
    restart_point: RestartPoint | None = None,
    console: Console | None = None,
    read: Callable[[str], str] | None = None,
    bot_seed: int = 0,
) -> State:
    """Play ``state`` to the end with people and bots in ``seats``.

    Returns the final state (or the unfinished one if a person quit).
    """
    console = console or Console()
    read = read or (lambda prompt: console.input(prompt))
    game = state.game
    bots = make_bots(seats, bot_seed, game)
    shown = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        if seat in bots:
            before = len(state.events)
            action = play_bot_turn(state, bots[seat])
            console.print(
                t("cli.bot-moves", lang, player=seat + 1, bot=seats[seat].removeprefix("bot:"),
                  action=game.describe_action(action, lang))
            )
            print_events(console, [e for e in state.events[before:] if e.visible(None)], lang)
            shown = len(state.events)
            continue
        console.rule(t("cli.turn-of", lang, player=seat + 1))
        print_events(console, [e for e in state.events[shown:] if e.visible(seat)], lang)
        shown = len(state.events)
        console.print(game.render(state.observation(seat), lang))
        restart_at = restart_point(state) if restart_point else None
        try:
            choice = ask_move(console, state, lang, can_restart=restart_at is not None, read=read)
        except (EOFError, KeyboardInterrupt):
            choice = "q"
        if choice == "q":
            console.print(t("cli.quit", lang))
            return state
        if choice == "l":
            console.print(Panel("\n".join(e.text(lang) for e in state.events_for(seat)) or "-",
                                title=t("cli.log-title", lang)))
            continue
        if choice == "r" and restart_at is not None:
            state = replay(state.record(), upto=restart_at)
            shown = len(state.events)
            continue
        assert isinstance(choice, int)
        action = state.legal_actions()[choice]
        try:
            state.apply(action, seat)
        except GameshelfError as exc:  # cannot happen for a listed move, but never crash
            console.print(f"[red]{exc.message_in(lang)}[/]")
    print_events(console, [e for e in state.events[shown:] if e.visible(None)], lang)
    console.print(game.render(state.observation(None), lang))
    console.print(ranking_table(state, lang))
    if save_dir is not None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = save_record(
            state.record() | {"meta": {"seats": list(seats)}},
            save_dir / f"{game.id}-{stamp}-{state.seed}.json",
        )
        console.print(t("cli.saved", lang, path=str(path)))
    return state


def replay_session(
    record: dict,
    *,
    lang: str | None = None,
    console: Console | None = None,
    read: Callable[[str], str] | None = None,
) -> State:
    """Step through a saved record, forwards and back, as a spectator."""
    console = console or Console()
    read = read or (lambda prompt: console.input(prompt))
    final = replay(record)
    total = len(final.history)
    game = final.game
    index = 0
    state = replay(record, upto=0)
    while True:
        if len(state.history) < index:
            state.apply(final.history[index - 1])
        elif len(state.history) > index:
            state = replay(record, upto=index)
        console.rule(t("cli.replay-step", lang, index=index, total=total,
                       action=game.describe_action(final.history[index - 1], lang) if index else "-"))
        console.print(game.render(state.observation(None), lang))
        if index == total and final.is_over:
            console.print(ranking_table(final, lang))
        try:
            answer = read(t("cli.replay-help", lang) + " > ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            return final
        if answer == "q":
            return final
        if answer == "b":
            index = max(0, index - 1)
        elif answer == "e":
            index = total
            state = final
        elif answer == "":
            index = min(total, index + 1)
        else:
            console.print(f"[red]{t('cli.replay-help', lang)}[/]")
