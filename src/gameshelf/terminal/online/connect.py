"""``gameshelf connect``: play a seat of a server's table in the terminal.

The client needs nothing but the API: it keeps the seat's view that the
table's websocket pushes (:mod:`.remote`; moves and take-backs go on the
same socket), draws the observation with the game's own terminal renderer
(the game is installed here too), lists the legal moves the server offers (one line per distinct
sentence) with the server's "why not" reasons under them, and sends the
chosen one with the state number it saw. A refusal is shown and the view
fetched again; nothing is decided on this side.

It takes the keys of local play (issue 29): ``?`` help, ``d`` details,
``l`` log, ``b`` board, ``u`` undo (when the server offers it), ``q``
leave, also while waiting for another seat. Keys typed while it is not
this seat's turn are dropped when the list appears, with a line saying so;
Ctrl-C asks as ``q`` does; the end of input leaves the table (the server
keeps the seat, so nothing is lost) and says how to come back. A lost
connection is opened again (issue 43, :mod:`.remote`), with a line for each
try; the turn is drawn from the view the server sends then.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from gameshelf.core.i18n import t
from gameshelf.core.protocol import Game
from gameshelf.core.registry import load_game
from gameshelf.terminal.fit import fit_screen
from gameshelf.terminal.fold import Folded
from gameshelf.terminal.help import help_panel
from gameshelf.terminal.movelist import move_table, usual_first
from gameshelf.terminal.online.remote import GIVE_UP, Remote
from gameshelf.terminal.prompts import (
    INTERRUPT,
    ask_yes_no,
    normalize,
    number_like,
    parse_number,
    safe_read,
)
from gameshelf.terminal.screens import page, show_details, show_log
from gameshelf.terminal.typeahead import Pending, terminal_pending

POLL = 0.5


def distinct_moves(legal: list[dict[str, Any]], first: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """The server's legal moves, one per distinct sentence (two copies of a
    card read the same and are the same choice), the phase's usual move first
    as local play lists them (``TerminalView.first_moves``)."""
    seen: dict[str, dict[str, Any]] = {}
    for item in legal:
        seen.setdefault(str(item.get("text")), item)
    return usual_first(list(seen.values()), lambda item: (item.get("action") or {}).get("type"), first)


def why_not_text(view: dict[str, Any], lang: str) -> Text | None:
    """The server's reasons for the moves this seat may not make now."""
    missing = [u for u in view.get("unavailable") or [] if isinstance(u, dict)]
    if not missing:
        return None
    text = Text(t("cli.why-not", lang), style="dim bold")
    for item in missing:
        text.append(f"\n  {item.get('move_text', '')} — {item.get('reason_text', '')}", style="dim")
    return text


class Client:
    """The loop of :func:`play_remote`, with what it remembers between views."""

    def __init__(self, remote: Remote, console: Console, read: Callable[[str], str],
                 sleep: Callable[[float], None], pending: Pending | None) -> None:
        self.remote = remote
        self.lang = remote.lang
        self.console = console
        self.read = read
        self.sleep = sleep
        self.pending = pending
        self.shown = -1
        self.log: list[str] = []
        self.dropped = 0
        remote.on_reconnect = self.reconnecting

    def reconnecting(self, wait: float | None, lost: float) -> None:
        """A line for each try to reconnect (``wait`` seconds from now),
        and one when it worked (``wait`` is ``None``)."""
        if wait is None:
            self.console.print(f"[green]{escape(t('cli.reconnected', self.lang))}[/]")
            return
        line = t("cli.reconnecting", self.lang, wait=round(wait), lost=round(lost), minutes=round(GIVE_UP / 60))
        self.console.print(f"[yellow]{escape(line)}[/]")

    def run(self) -> dict[str, Any]:
        drawn = -1
        view: dict[str, Any] = {}
        while True:
            try:
                view = self.remote.view()
            except KeyboardInterrupt:  # Ctrl-C while it reconnects: asked, as q is
                if self.leave(view):
                    return view
                continue
            self.print_events(view)
            game = load_game(view["table"]["game"])
            if view["over"]:
                self.console.print(game.render(view["observation"], self.lang))
                self.console.print(view["result"])
                return view
            if not view["legal"]:
                if drawn != view["state"]:
                    mover = (view["to_move"] or 0) + 1
                    self.console.print(f"[dim]… {escape(t('cli.waiting-for', self.lang, player=mover))}[/]")
                    drawn = view["state"]
                if self.wait() and self.leave(view):
                    return view
                continue
            self.drop_typeahead()
            drawn = view["state"]
            answer = self.turn(game, view)
            if answer is None:
                return view

    def print_events(self, view: dict[str, Any]) -> None:
        for line in view["events"]:
            if line["n"] > self.shown:
                self.console.print(f"  · {escape(str(line['text']))}", highlight=False)
                self.log.append(f"  · {line['text']}")
        self.shown = max([self.shown, *(line["n"] for line in view["events"])])

    def wait(self) -> bool:
        """One poll's pause; True when the person asked to leave meanwhile
        (``q`` typed, or Ctrl-C)."""
        try:
            self.sleep(POLL)
        except KeyboardInterrupt:
            return True
        if self.pending is None:
            return False
        lines = self.pending()
        if any(normalize(line) == "q" for line in lines):
            return True
        self.dropped += len(lines)
        return False

    def drop_typeahead(self) -> None:
        if self.pending is not None:
            self.dropped += len(self.pending())
        if self.dropped:
            self.console.print(f"[yellow]{escape(t('cli.typeahead-dropped', self.lang, n=self.dropped))}[/]")
            self.dropped = 0

    def leave(self, view: dict[str, Any]) -> bool:
        """After a yes: leave the table (the server keeps the seat)."""
        if not ask_yes_no(self.console, t("cli.leave-table", self.lang), self.read, self.lang, interrupt=True):
            return False
        self.console.print(Folded(self.come_back()))
        return True

    def come_back(self) -> str:
        return t("cli.table-left", self.lang, table=self.remote.table)

    def draw(self, game: Game, view: dict[str, Any], moves: list[dict[str, Any]], prompt: str) -> None:
        """The turn's heading, the compact board, the moves and why others
        are missing, cut to the screen as local play cuts them (issue 43:
        a Filthy Rich turn took 35 lines and its heading scrolled away)."""
        self.console.rule(t("cli.turn-of", self.lang, player=(view["to_move"] or 0) + 1))
        table = move_table([str(item.get("text")) for item in moves], self.lang, self.console.width)
        for part in fit_screen(self.console, game.render(view["observation"], self.lang), table,
                               why_not_text(view, self.lang), self.lang, prompt):
            self.console.print(part)

    def turn(self, game: Game, view: dict[str, Any]) -> bool | None:
        """Ask until a move or an undo is sent (True) or the person leaves (None)."""
        moves = distinct_moves(view["legal"], game.terminal_view().first_moves)
        can_undo = bool(view.get("can_undo"))
        prompt = t("cli.choose", self.lang) + " > "
        self.draw(game, view, moves, prompt)
        while True:
            answer = safe_read(self.read, prompt)
            if answer is None:  # end of input: the seat stays at the table
                self.console.print(f"\n[yellow]{escape(t('cli.input-ended-remote', self.lang))}[/]")
                self.console.print(Folded(self.come_back()))
                return None
            if number_like(answer):
                self.refuse(len(moves))
                continue
            command = "q" if answer == INTERRUPT else normalize(answer)
            number = parse_number(answer)
            if number is not None and 1 <= number <= len(moves):
                return self.send(self.remote.move(view["state"], moves[number - 1]["action"]))
            if command == "q":
                if self.leave(view):
                    return None
            elif command == "u" and can_undo:
                return self.send(self.remote.undo(view["state"]))
            elif command == "u":
                self.console.print(f"[yellow]{escape(t('cli.no-undo', self.lang))}[/]")
                continue
            elif command in ("?", "h"):
                page(self.console, help_panel(game, view["observation"], self.lang, can_undo=can_undo, remote=True), self.read,
                     self.lang)
            elif command == "d":
                show_details(self.console, game, view["observation"], self.lang, self.read,
                             more_help=lambda: self.console.print(help_panel(game, view["observation"], self.lang, remote=True)))
            elif command == "l":
                show_log(self.console, self.log, self.lang, self.read)
            elif command != "b":
                self.refuse(len(moves))
                continue
            self.draw(game, view, moves, prompt)

    def refuse(self, n: int) -> None:
        self.console.print(f"[red]{escape(t('cli.not-a-number', self.lang, n=n))}[/]")

    def send(self, refused: str | None) -> bool:
        if refused:
            self.console.print(f"[red]{escape(refused)}[/]")
        return True


def play_remote(remote: Remote, *, console: Console | None = None,
                read: Callable[[str], str] | None = None,
                sleep: Callable[[float], None] = time.sleep,
                pending: Pending | None = None) -> dict[str, Any]:
    """Follow the table until it ends (or the person leaves); returns the
    last view. ``pending`` takes what was typed ahead (on a real terminal,
    the terminal's input; see :mod:`gameshelf.terminal.typeahead`)."""
    console = console or Console()
    if read is None:
        read = console.input
        pending = pending or (terminal_pending() if console.is_terminal else None)
    return Client(remote, console, read, sleep, pending).run()
