"""The ``gameshelf`` command: list, play, replay, and the commands that
games and the simulator add."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from gameshelf.core import i18n
from gameshelf.core.errors import GameshelfError
from gameshelf.core.i18n import t
from gameshelf.core.protocol import Game
from gameshelf.core.record import load_record
from gameshelf.core.registry import games, load_game
from gameshelf.terminal import SeatError, parse_seats, play_session, replay_session

app = typer.Typer(
    help="gameshelf: four modern board games with every rule enforced.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()

LangOption = Annotated[
    str | None,
    typer.Option("--lang", help="Language of the text: en or ja (default: $GAMESHELF_LANG, else en)."),
]


def use_language(lang: str | None) -> None:
    try:
        i18n.set_language(lang)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--lang") from None


@app.command("list")
def list_games(lang: LangOption = None) -> None:
    """List the games gameshelf plays."""
    use_language(lang)
    from gameshelf.terminal import players_text

    table = Table(title=t("cli.games-title"))
    for key in ("cli.col-id", "cli.col-name", "cli.col-players"):
        table.add_column(t(key))
    for game_id in games():
        game = load_game(game_id)
        table.add_row(game_id, game.name(), players_text(game, None))
    console.print(table)


def _game_argument(game_id: str) -> Game:
    """The game a GAME argument names, or typer's usage error in the player's language."""
    try:
        return load_game(game_id)
    except KeyError:
        raise typer.BadParameter(t("errors.unknown-game", None, game=game_id), param_hint="GAME") from None


@app.command()
def rules(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="A game id from `gameshelf list`.")],
    lang: LangOption = None,
) -> None:
    """Print a game's rules in brief (the same text as `?` during play)."""
    use_language(lang)
    from gameshelf.terminal.fold import Folded
    from gameshelf.terminal.help import rules_text

    game = _game_argument(game_id)
    console.rule(game.name())
    console.print(Folded(rules_text(game, None)), highlight=False)


@app.command()
def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="A game id from `gameshelf list`.")],
    players: Annotated[int | None, typer.Option("--players", "-n", help="Number of players.")] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option("--seat", help="K=human or K=bot:NAME (repeatable); other seats are human."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for a reproducible game.")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option NAME=VALUE (JSON value).")
    ] = None,
    save_dir: Annotated[Path, typer.Option(help="Where finished games are saved.")] = Path("records"),
    lang: LangOption = None,
    hints: Annotated[
        bool, typer.Option("--hints", help="Allow hints: `hint` at your turn shows the hard bot's top 3 moves.")
    ] = False,
) -> None:
    """Play a game in the terminal against people (hot-seat) or bots."""
    from gameshelf.terminal.hints import HintSettings, hints_refusal

    use_language(lang)
    game = _game_argument(game_id)
    count = players if players is not None else game.min_players
    options = {}
    for item in option or []:
        name, _, value = item.partition("=")
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
    try:
        seats = parse_seats(seat or [], count) if game.min_players <= count <= game.max_players else []
        state = game.new_game(count, seed if seed is not None else _fresh_seed(), options)
    except (SeatError, GameshelfError) as exc:
        message = exc.message if isinstance(exc, GameshelfError) else str(exc)
        console.print(f"[red]{message}[/]")
        raise typer.Exit(2) from None
    refused = hints_refusal(state) if hints else None
    if refused is not None:
        console.print(f"[red]{escape(t(refused, None))}[/]")
        raise typer.Exit(2)
    _check_bots(seats, game)
    play_session(state, seats, lang=lang, save_dir=save_dir, console=console, bot_seed=state.seed,
                 hints=HintSettings.from_env(hints))


def _check_bots(seats: list[str], game: Game) -> None:
    """Refuse an unknown bot or a bad setting before the game starts, with
    the list of names or of valid settings (a misspelt setting was once
    ignored silently, and a negative one ended in a traceback)."""
    from gameshelf.bots import BotSpecError, bot_names
    from gameshelf.terminal.session import make_bots

    try:
        make_bots(seats, 0, game)
    except KeyError as exc:
        console.print(f"[red]{escape(t('cli.unknown-bot', None, name=exc.args[0], names=', '.join(bot_names())))}[/]")
        raise typer.Exit(2) from None
    except BotSpecError as exc:
        console.print(f"[red]{escape(exc.message_in(None))}[/]")
        raise typer.Exit(2) from None
    except ValueError as exc:  # a bot's own refusal ("give ismcts a budget")
        console.print(f"[red]{escape(str(exc))}[/]")
        raise typer.Exit(2) from None


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A saved game record (JSON).")],
    lang: LangOption = None,
    to_end: Annotated[bool, typer.Option("--to-end", help="Print only the final position.")] = False,
    analysis_file: Annotated[
        Path | None,
        typer.Option("--analysis", help="An analysis of this record (`gameshelf analyse --json`): marks its mistakes."),
    ] = None,
) -> None:
    """Step through a saved game record."""
    use_language(lang)
    try:
        record = load_record(file)
        analysis = None if analysis_file is None else _load_analysis(analysis_file, record)
        if to_end:
            from gameshelf.core.record import replay
            from gameshelf.terminal import ranking_table
            from gameshelf.terminal.hints import saved_hints, used_text

            state = replay(record)
            console.print(state.game.render(state.observation(None), lang))
            if state.is_over:
                console.print(ranking_table(state, lang))
                used = used_text(saved_hints(record, state.players)[1], state.players, lang)
                if used:
                    console.print(used, style="italic", highlight=False, markup=False)
            return
        replay_session(record, lang=lang, console=console, analysis=analysis)
    except GameshelfError as exc:
        console.print(f"[red]{exc.message}[/]")
        raise typer.Exit(2) from None


@app.command()
def menu(
    lang: LangOption = None,
    save_dir: Annotated[Path, typer.Option(help="Where finished games are saved.")] = Path("records"),
) -> None:
    """Open on the game list, pick a game, the players and the bots, and play."""
    use_language(lang)
    from gameshelf.terminal import choose_setup
    from gameshelf.terminal.hints import HintSettings
    from gameshelf.terminal.menu import ask_hints
    from gameshelf.terminal.prompts import INTERRUPT, safe_read
    from gameshelf.terminal.saves import unfinished_games
    from gameshelf.terminal.session import resume_command

    while True:  # back to the game list after every game, until q
        waiting = len(unfinished_games(save_dir))
        if waiting:  # a game left with q is not forgotten
            console.print(t("cli.unfinished-waiting", None, n=waiting, command=resume_command(save_dir)),
                          highlight=False, markup=False)
        try:
            setup = choose_setup(console, lang)
        except (EOFError, KeyboardInterrupt):
            return
        if setup is None:
            return
        game_id, seats = setup
        try:
            hints = ask_hints(console, seats, console.input, lang)
        except (EOFError, KeyboardInterrupt):
            return
        state = load_game(game_id).new_game(len(seats), _fresh_seed())
        play_session(state, seats, lang=lang, save_dir=save_dir, console=console, bot_seed=state.seed,
                     hints=HintSettings.from_env(hints))
        # the result stays on screen until Enter: the game list would push the final board away;
        # Ctrl-C or Ctrl-D there leaves the menu rather than going on (issue 43)
        if safe_read(console.input, t("cli.back-to-menu", None) + " ") in (None, INTERRUPT):
            return


@app.command()
def resume(
    lang: LangOption = None,
    save_dir: Annotated[Path, typer.Option(help="Where games are saved.")] = Path("records"),
) -> None:
    """List the games left unfinished with `q` and continue one."""
    use_language(lang)
    from gameshelf.core.record import replay
    from gameshelf.terminal.hints import HintSettings, hints_refusal, saved_hints
    from gameshelf.terminal.prompts import ask_number
    from gameshelf.terminal.saves import saved_restart, saved_seats, unfinished_games

    found = unfinished_games(save_dir)
    if not found:
        console.print(t("cli.no-saves", None, folder=str(save_dir)))
        return
    table = resume_table(found)
    console.print(table)
    try:
        picked = ask_number(console, t("cli.pick-save"), 1, len(found), console.input, lang,
                            more_help=lambda: console.print(table))
    except (EOFError, KeyboardInterrupt):
        return
    if picked is None:
        return
    path, record = found[picked - 1]
    try:
        state = replay(record)
    except GameshelfError as exc:
        console.print(f"[red]{exc.message}[/]")
        raise typer.Exit(2) from None
    seats = saved_seats(record)
    if seats is None or len(seats) != state.players:
        seats = ["human"] * state.players
    _check_bots(seats, state.game)
    allowed, used = saved_hints(record, state.players)  # a save that had hints keeps them, and says who used them
    play_session(state, seats, lang=lang, save_dir=save_dir, console=console, bot_seed=state.seed,
                 save_path=path, restart_point=saved_restart(record),
                 hints=HintSettings.from_env(allowed and hints_refusal(state) is None), hints_used=used)


def resume_table(found: list[tuple[Path, dict[str, Any]]]) -> Table:
    """The unfinished games: game, players, moves so far, whose turn it is,
    when it was saved, and the file (a save that no longer replays says so
    in the turn column; picking it then prints why)."""
    from gameshelf.core.record import replay
    from gameshelf.terminal.feed import seat_label
    from gameshelf.terminal.saves import saved_seats, saved_when

    table = Table(title=t("cli.resume-title"))
    for key in ("cli.col-number", "cli.col-name", "cli.col-players", "cli.col-moves", "cli.col-turn",
                "cli.col-saved-at", "cli.col-saved"):
        table.add_column(t(key))
    for number, (path, record) in enumerate(found, start=1):
        name = load_game(record["game"]).name() if record.get("game") in games() else str(record.get("game"))
        moves = record.get("actions")
        try:
            current = replay(record).current_player
        except (GameshelfError, KeyError, TypeError, ValueError):
            current = None
        seats = saved_seats(record) or []
        turn = "?" if current is None else seat_label(seats, current, None, None)
        table.add_row(str(number), name, str(record.get("players")), str(len(moves) if isinstance(moves, list) else "?"),
                      turn, saved_when(path, record), path.name)
    return table


@app.command("analyse")
def analyse_command(
    file: Annotated[Path, typer.Argument(metavar="RECORD", help="A finished game's record (JSON).")],
    seat: Annotated[int, typer.Option("--seat", help="The seat to analyse, 1 to the number of players.")] = 1,
    budget: Annotated[float | None, typer.Option("--budget", help="Seconds for the whole game (default: 120).")] = None,
    worlds: Annotated[
        int | None, typer.Option("--worlds", help="Exactly N re-dealt worlds per decision (reproducible; overrides --budget).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the analysis as JSON (docs/analysis.md).")] = False,
    lang: LangOption = None,
) -> None:
    """Analyse a finished game for one seat: its biggest mistakes, the better
    moves and why, and the total loss (see docs/analysis.md)."""
    use_language(lang)
    from gameshelf.analysis.analyse import DEFAULT_BUDGET_S
    from gameshelf.core.record import replay
    from gameshelf.terminal.analysis import analysis_json, print_analysis, run_analysis
    from gameshelf.tools import coach

    seconds = DEFAULT_BUDGET_S if budget is None else budget
    if not seconds > 0 or seconds > 86_400:
        console.print(f"[red]{escape(t('analysis.errors.bad-budget', None, budget=seconds))}[/]")
        raise typer.Exit(2)
    if worlds is not None and not 1 <= worlds <= 10_000:
        raise typer.BadParameter("1 to 10000", param_hint="--worlds")
    try:
        record = load_record(file)
        game_id = replay(record).game.id
        analysis = run_analysis(record, seat - 1, budget_s=seconds, worlds=worlds, lang=lang,
                                console=console, coach=coach(game_id))
    except GameshelfError as exc:
        console.print(f"[red]{escape(exc.message)}[/]")
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(analysis_json(analysis))
    else:
        print_analysis(analysis, record, lang, console)
    if not analysis.complete:
        raise typer.Exit(130)


def _load_analysis(path: Path, record: dict[str, Any]) -> Any:
    """The analysis in ``path``, checked against ``record`` (its game, its
    seat count, and every analysed move is the record's move there); a bad
    one stops the command with the reason."""
    from gameshelf.analysis import Analysis
    from gameshelf.core.record import replay

    final = replay(record)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        analysis = Analysis.from_json(data, final.game)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        detail = str(exc)[:200]
        console.print(f"[red]{escape(t('analysis.replay-file', None, detail=detail))}[/]")
        raise typer.Exit(2) from None
    moves = [a.to_json() for a in final.history]
    if analysis.players != final.players or any(
        d.move >= len(moves) or moves[d.move] != d.played.action for d in analysis.decisions
    ):
        console.print(f"[red]{escape(t('analysis.replay-other', None))}[/]")
        raise typer.Exit(2)
    return analysis


def _fresh_seed() -> int:
    import secrets

    return secrets.randbelow(2**31)


def _register_plugins() -> None:
    """Commands that the games' tools and the simulator contribute."""
    from gameshelf.scaffold import new_game

    app.command("new-game")(new_game)  # a new game's folder from the template (issue 44)
    from gameshelf.tools import game_commands

    for name, command in game_commands():
        app.command(name)(command)
    from gameshelf.bots.tune_cli import tune

    app.command("tune")(tune)
    from gameshelf.server.cli import serve
    from gameshelf.terminal.online.command import connect

    app.command("serve")(serve)
    app.command("connect")(connect)
    from gameshelf.server.admin import admin

    app.add_typer(admin, name="admin")  # accounts (issue 27)
    try:
        from gameshelf.sim import cli as sim_cli
    except ImportError:
        return
    app.command("simulate")(sim_cli.simulate)
    app.command("report")(sim_cli.report)


def main() -> None:
    _register_plugins()
    app()


if __name__ == "__main__":
    main()
