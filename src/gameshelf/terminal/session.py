"""Terminal play: the board, numbered moves, and every result in order.

The loop never shows a seat more than its own observation and the events it
may see: in hot-seat play a "pass to Player N" screen hides the previous
hand, and the board is drawn from the observation of the seat about to
decide. Bad input at the prompt re-asks; it never reaches the game.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console, Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gameshelf.bots import Bot, make_bot, play_bot_turn
from gameshelf.core.actions import Action
from gameshelf.core.errors import GameshelfError
from gameshelf.core.i18n import t
from gameshelf.core.narration import move_sentences
from gameshelf.core.protocol import Game, PlayerId, State
from gameshelf.core.record import replay
from gameshelf.terminal.feed import HUMAN, Feed, history_lines
from gameshelf.terminal.fit import fit_screen, prompt_lines
from gameshelf.terminal.fold import Folded
from gameshelf.terminal.help import help_panel, package
from gameshelf.terminal.hints import (
    HINT_WORDS,
    HintSettings,
    compute_hint,
    hint_table,
    hints_meta,
    hints_refusal,
    used_text,
)
from gameshelf.terminal.movelist import MoveList, move_table, usual_first
from gameshelf.terminal.prompts import (
    INTERRUPT,
    Reader,
    ask_yes_no,
    normalize,
    number_like,
    parse_number,
    safe_read,
)
from gameshelf.terminal.saves import save_game
from gameshelf.terminal.screens import page, show_details, show_log
from gameshelf.terminal.typeahead import Pending, terminal_pending
from gameshelf.terminal.typed import typed_hint, typed_move
from gameshelf.terminal.undo import UndoStack

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
        seat = parse_number(seat_text)
        if seat is None or not (who == HUMAN or who.startswith("bot:")) or not 1 <= seat <= players:
            raise SeatError(t("cli.bad-seat", None, spec=spec, n=players))
        seats[seat - 1] = who
    return seats


def make_bots(seats: Sequence[str], seed: int, game: Game | None = None) -> dict[int, Bot]:
    """One bot per ``bot:NAME`` seat (levels tuned for ``game`` when given).
    Raises KeyError for an unknown name."""
    return {
        seat: make_bot(who.removeprefix("bot:"), seed=seed * 101 + seat, game=game)
        for seat, who in enumerate(seats)
        if who.startswith("bot:")
    }


def score_heading(game: Game, lang: str | None) -> str:
    """What decides the game ("money", "gold", "points"): the game's own
    ``<package>.score.name``, else the plain word."""
    from gameshelf.core import i18n

    key = f"{package(game)}.score.name"
    return t(key, lang) if i18n.has(key, lang) or i18n.has(key, "en") else t("cli.col-score", lang)


def result_columns(state: State, lang: str | None) -> list[tuple[str, list[str]]]:
    """The columns that say what decided the game: the game's texts'
    ``result_columns(state, lang)`` when it has them (a game won by luxuries,
    not points), else its score under the game's own name for it."""
    columns = state.game.texts().result_columns(state, lang)
    if columns is not None:
        return list(columns)
    return [(score_heading(state.game, lang), [f"{s:,g}" for s in state.scores()])]


def ranking_table(state: State, lang: str | None) -> Table | Group:
    """Places, players and the figures that decided the game (a solo game:
    the figures alone, "place 1, Player 1" says nothing there)."""
    table = Table(title=t("cli.game-over", lang))
    columns = result_columns(state, lang)
    solo = state.players == 1
    for heading in ([] if solo else [t("cli.col-place", lang), t("cli.col-player", lang)]) + [c[0] for c in columns]:
        table.add_column(heading)
    for place, group in enumerate(state.ranking(), start=1):
        for seat in group:
            who = [] if solo else [str(place), t("cli.player", lang, n=seat + 1)]
            table.add_row(*who, *(c[1][seat] for c in columns))
    note = tie_note(state, lang)
    return Group(table, Text(note, style="italic")) if note else table


def tie_note(state: State, lang: str | None) -> str | None:
    """Why two seats with equal scores got different places (the game's
    ``<package>.score.tiebreak``), only when that happened."""
    from gameshelf.core import i18n

    scores = state.scores()
    places = state.ranking()
    split = any(scores[a[0]] == scores[b[0]] for a, b in itertools.pairwise(places))
    key = f"{package(state.game)}.score.tiebreak"
    return t(key, lang) if split and (i18n.has(key, lang) or i18n.has(key, "en")) else None


def move_choices(state: State, lang: str | None) -> list[tuple[str, Action]]:
    """The legal moves as the list shows them: one line per distinct
    sentence, with the first move that reads so. Why: two copies of one
    card ("Discard Yakuza Loan" twice) are the same choice to the person,
    and two numbered lines that say the same thing look like a fault."""
    seen: dict[str, Action] = {}
    for text, action in zip(move_sentences(state, lang), state.legal_actions(), strict=True):
        seen.setdefault(text, action)
    first = state.game.terminal_view().first_moves
    return usual_first(list(seen.items()), lambda item: item[1].to_json().get("type"), first)


def why_not(state: State, lang: str | None) -> Text | None:
    """The moves the seat to decide would look for and may not make now,
    with the engine's reason (``State.unavailable_moves``, the same the
    browser shows), one line each under the move list."""
    try:
        missing = state.unavailable_moves()
    except Exception:  # a gap in a game's explanations must never stop a game
        return None
    if not missing:
        return None
    text = Text(t("cli.why-not", lang), style="dim bold")
    for item in missing:
        text.append(f"\n  {item.move_text(lang)} — {item.reason_text(lang)}", style="dim")
    return text


def move_list(state: State, lang: str | None, width: int = 100, typed: str | None = None) -> MoveList:
    """The legal moves as the list shows them (see :mod:`movelist`);
    ``typed``: what may be typed besides the numbers, beside its title."""
    return move_table([text for text, _ in move_choices(state, lang)], lang, width, typed)


class Session:
    """One game at the terminal: people, bots, the feed, undo and saving."""

    def __init__(self, state: State, seats: Sequence[str], *, lang: str | None, save_dir: Path | None,
                 restart_point: RestartPoint | None, console: Console, read: Reader, bot_seed: int,
                 save_path: Path | None, pending: Pending | None = None,
                 hints: HintSettings | None = None, hints_used: set[PlayerId] | None = None) -> None:
        self.state = state
        self.seats = list(seats)
        self.lang = lang
        self.save_dir = save_dir
        self.save_path = save_path
        self.restart_point = restart_point
        self.console = console
        self.read = read
        self.bots = make_bots(seats, bot_seed, state.game)
        self.humans = [s for s in range(state.players) if s not in self.bots]
        self.feed = Feed(state, seats)
        if state.history:  # a resumed game: its past is in the log (l), not replayed on screen
            self.feed.restart(state)
        self.undo = UndoStack()
        #: the seat whose eyes are on the screen now (None: nobody's yet, or spectators only)
        self.viewer: PlayerId | None = self.humans[0] if len(self.humans) == 1 else None
        self.skipping = False
        #: screen lines of results printed since the person last answered (see hold_feed)
        self.unread = 0
        #: what was typed while it was not the person's turn (see typeahead)
        self.pending = pending
        #: the seat that answered the last move prompt (type-ahead is kept only for it)
        self.last_answer: PlayerId | None = None
        #: the move prompt now being asked (its height counts when the screen is fitted)
        self.current_prompt = ""
        #: what may be typed now, when the prompt had no room for it (shown by the list's title)
        self.current_typed: str | None = None
        #: whether the people may ask for hints (never in a daily puzzle), and who did
        self.hints = hints or HintSettings()
        self.hints_used: set[PlayerId] = set(hints_used or ())

    # -- the loop -----------------------------------------------------------------
    def run(self) -> State:
        if self.state.history and not self.state.is_over:  # a resumed game: say where it stands
            self.console.print(f"[yellow]{escape(t('cli.resumed', self.lang, moves=len(self.state.history)))}[/]")
        while not self.state.is_over:
            seat = self.state.current_player
            assert seat is not None
            if seat in self.bots:
                try:
                    self.bot_move(seat)
                except KeyboardInterrupt:  # Ctrl-C while a bot thinks: asked, as q is
                    if self.quit(confirm=True):
                        return self.state
                    continue
                if self.typed_q() and self.quit(confirm=True):
                    return self.state
                continue
            if seat != self.viewer and not self.hand_over(seat):
                return self.state
            self.show_feed(seat)
            if seat != self.last_answer:
                self.discard_typeahead()
            if not self.human_turn(seat):
                return self.state
        self.finish()
        return self.state

    def typed_q(self) -> bool:
        """While bots move: whether the person typed ``q`` (leave); anything
        else typed meanwhile is dropped, and the next list says so."""
        if self.pending is None:
            return False
        lines = self.pending()
        if lines:
            self.console.print(f"[yellow]{escape(t('cli.typeahead-dropped', self.lang, n=len(lines)))}[/]")
        return any(normalize(line) == "q" for line in lines)

    def discard_typeahead(self) -> None:
        """The turn has come from elsewhere: what was typed before the list
        appeared is not an answer to it."""
        if self.pending is None:
            return
        lines = self.pending()
        if lines:
            self.console.print(f"[yellow]{escape(t('cli.typeahead-dropped', self.lang, n=len(lines)))}[/]")

    def bot_move(self, seat: PlayerId) -> None:
        before = len(self.state.events)
        action = play_bot_turn(self.state, self.bots[seat])
        self.feed.record(self.state, seat, action, before)
        self.undo.clear()
        watching = self.viewer is not None or not self.humans
        if watching and not self.skipping:
            self.show_feed(self.viewer)
        self.offer_skip()

    def offer_skip(self) -> None:
        """When every person is out of the game (the observation's ``alive``
        says so), offer to skip the bots' remaining moves; not once the game
        is over (a bot's move that knocks the last person out may end it)."""
        if self.skipping or not self.humans or self.viewer is None or self.state.is_over:
            return
        alive = self.state.observation(self.viewer).get("alive")
        if not isinstance(alive, list) or any(alive[s] for s in self.humans if s < len(alive)):
            return
        self.skipping = ask_yes_no(self.console, t("cli.skip-to-end", self.lang), self.read, self.lang)
        if not self.skipping:
            self.humans = []  # watch quietly: do not ask again

    def show_feed(self, viewer: PlayerId | None) -> None:
        """Print what ``viewer`` has not read yet, counting the screen lines
        it takes (see :meth:`hold_feed`)."""
        self.unread += self.feed.show(self.console, self.state, viewer, self.lang)

    def hold_feed(self, seat: PlayerId) -> bool:
        """On a real screen, when what happened since the person's last answer
        and the board to come would not fit together, wait for Enter before
        drawing the board: otherwise the board pushes the results (the bots'
        moves, one's own roll) off the top of the screen unread. False
        when the person left the game there."""
        unread, self.unread = self.unread, 0
        if not unread or not self.console.is_terminal:
            return True
        board = Group(*fit_screen(self.console, self.state.game.render(self.state.observation(seat), self.lang),
                                  self.moves_now(), why_not(self.state, self.lang), self.lang,
                                  self.current_prompt))
        height = len(self.console.render_lines(board, self.console.options, pad=False)) + 2  # rule, prompt
        if unread + height > self.console.height:
            return self.press_enter(t("cli.read-first", self.lang))
        return True

    def press_enter(self, prompt: str) -> bool:
        """A "Press Enter" that goes on only on Enter (issue 43: Ctrl-C went
        on as Enter did): Ctrl-C asks to leave, as at the move prompt, and
        a no asks for Enter again; the end of input saves and leaves. False
        when the person left."""
        while True:
            answer = safe_read(self.read, prompt + " ")
            if answer is None:
                self.quit(confirm=False)
                return False
            if answer != INTERRUPT:
                return True
            if self.quit(confirm=True):
                return False

    def hand_over(self, seat: PlayerId) -> bool:
        """Hot-seat: clear the screen and wait for the next person; False
        when the person left instead."""
        if len(self.humans) > 1:
            self.wipe()
            self.console.print(Panel(t("cli.pass-to", self.lang, player=seat + 1)))
            if not self.press_enter(t("cli.press-enter", self.lang)):
                return False
            self.wipe()
        self.viewer = seat
        return True

    def wipe(self) -> None:
        """Clear the screen and the scrollback too (ESC[3J): scrolling up
        must not show the previous person's hand either."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def draw(self, seat: PlayerId) -> None:
        """The turn's heading, the compact board, the moves and why others
        are missing, cut to fit the screen (see :mod:`fit`)."""
        self.console.rule(t("cli.turn-of", self.lang, player=seat + 1))
        board = self.state.game.render(self.state.observation(seat), self.lang)
        for part in fit_screen(self.console, board, self.moves_now(), why_not(self.state, self.lang), self.lang,
                               self.current_prompt):
            self.console.print(part)

    def moves_now(self) -> MoveList:
        """The move list as the current prompt goes with it."""
        return move_list(self.state, self.lang, self.console.width, self.current_typed)

    def human_turn(self, seat: PlayerId) -> bool:
        """Ask ``seat`` until a move is played; False when the person quits."""
        restart_at = self.restart_point(self.state) if self.restart_point else None
        prompt, self.current_typed = self.prompt(seat, restart_at)
        self.current_prompt = prompt
        if not self.hold_feed(seat):
            return False
        self.draw(seat)
        actions = [action for _, action in move_choices(self.state, self.lang)]
        while True:
            answer = safe_read(self.read, prompt)
            self.last_answer = seat
            if answer is None:  # end of input (Ctrl-D): never lose the game
                self.quit(confirm=False)
                return False
            if number_like(answer):  # ², ①, ½: not a number here, whatever NFKC says
                self.console.print(f"[red]{escape(t('cli.not-a-number', self.lang, n=len(actions)))}[/]")
                continue
            command = "q" if answer == INTERRUPT else normalize(answer)
            number = parse_number(answer)
            if number is not None and 1 <= number <= len(actions):
                self.play(seat, actions[number - 1])
                return True
            if command == "q":
                if self.quit(confirm=True):
                    return False
            elif command == "l":
                self.show_log(seat)
            elif command in ("?", "h"):
                page(self.console, self.help(seat), self.read, self.lang)
            elif command == "b":
                pass  # redraw below
            elif command == "d":
                self.show_details(seat)
            elif command in HINT_WORDS:
                self.hint(seat)
                continue  # the hint stays under the list it numbers
            elif command == "u" and self.undo:
                self.take_back(seat)
                return True
            elif command == "u":
                self.console.print(f"[yellow]{escape(t('cli.no-undo', self.lang))}[/]")
                continue
            elif command == "r" and restart_at is not None:
                self.state = replay(self.state.record(), upto=restart_at)
                self.feed.restart(self.state)
                self.undo.clear()
                return True
            elif (typed := self.typed(seat, command)) is not None:
                if typed:
                    return True
                continue
            else:
                self.console.print(f"[red]{escape(t('cli.not-a-number', self.lang, n=len(actions)))}[/]")
                continue
            self.draw(seat)

    def prompt(self, seat: PlayerId, restart_at: int | None) -> tuple[str, str | None]:
        """The move prompt: the keys, the restart key by name (Daily Mode,
        when ``restart_at`` is a move to go back to), and what may be typed
        now; and ``None``, or what may be typed when the prompt has no room
        for it. Why: "open c1 8: Claims #1 $8,000" took the prompt to a
        second line at 80 columns, a line that the fourth camp of a Pay Dirt
        auction needed (issue 43); the title line of the list has room."""
        hint = typed_hint(self.state, seat, self.lang)
        keys = (t("cli.choose", self.lang)
                + (", " + t("cli.choose-restart", self.lang) if restart_at is not None else "")
                + (t("hints.prompt-key", self.lang) if self.hints.on else ""))
        whole = keys + (f"; {hint}" if hint else "") + " > "
        width = self.console.width
        if hint and prompt_lines(whole, width) > prompt_lines(keys + " > ", width):
            return keys + " > ", hint
        return whole, None

    def help(self, seat: PlayerId) -> Panel | Group:
        """The ``?`` screen for ``seat`` now: keys, what may be typed, the
        current phase and the rules in brief."""
        restart_at = self.restart_point(self.state) if self.restart_point else None
        panel = help_panel(self.state.game, self.state.observation(seat), self.lang, can_undo=bool(self.undo),
                           can_restart=restart_at is not None, typed=typed_hint(self.state, seat, self.lang),
                           more_keys=[t("hints.key" if self.hints.on else "hints.key-off", self.lang)])
        missing = why_not(self.state, self.lang)
        return panel if missing is None else Group(panel, missing)

    def typed(self, seat: PlayerId, command: str) -> bool | None:
        """A move typed as words (``bid 12``, see :mod:`typed`): True when it
        was played, False when refused (the reason is printed, nothing
        changes), None when the game does not read it."""
        answer = typed_move(self.state, seat, command, self.lang)
        if answer is None:
            return None
        if isinstance(answer, str):
            self.console.print(f"[red]{escape(answer)}[/]")
            return False
        try:
            self.state.validate(answer)
        except GameshelfError as exc:
            self.console.print(f"[red]{escape(exc.message_in(self.lang))}[/]")
            return False
        self.play(seat, answer)
        return True

    def hint(self, seat: PlayerId) -> None:
        """``hint``: the hard bot's top moves here, numbered as the list
        numbers them; refused, with how to get hints, when they are off.
        Ctrl-C while it thinks cancels the hint only (the game goes on, no
        move is played), and what was typed meanwhile is thrown away: it
        was typed before the hint could be read."""
        refused = hints_refusal(self.state) or (None if self.hints.on else "hints.off")
        if refused is not None:
            self.console.print(f"[yellow]{escape(t(refused, self.lang, game=self.state.game.id))}[/]")
            return
        choices = move_choices(self.state, self.lang)
        try:
            if self.console.is_terminal:
                with self.console.status(t("hints.thinking", self.lang)):
                    estimates = compute_hint(self.state, seat, self.hints, len(choices))
            else:
                self.console.print(t("hints.thinking", self.lang), style="dim", highlight=False, markup=False)
                estimates = compute_hint(self.state, seat, self.hints, len(choices))
        except KeyboardInterrupt:
            self.console.print(f"[yellow]{escape(t('hints.cancelled', self.lang))}[/]")
            self.drop_typed_during_hint()
            return
        if not estimates:
            self.console.print(f"[yellow]{escape(t('hints.none', self.lang))}[/]")
        else:
            self.hints_used.add(seat)
            self.console.print(hint_table(self.state, seat, estimates, choices, self.lang))
        self.drop_typed_during_hint()

    def drop_typed_during_hint(self) -> None:
        """Keys typed while a hint thought were typed before it could be
        read: thrown away, and said so under the hint."""
        lines = self.pending() if self.pending is not None else []
        if lines:
            self.console.print(f"[yellow]{escape(t('hints.typeahead-dropped', self.lang, n=len(lines)))}[/]")

    def play(self, seat: PlayerId, action: Action) -> None:
        probe = self.undo.before(self.state, seat)
        before = len(self.state.events)
        try:
            self.state.apply(action, seat)
        except GameshelfError as exc:  # cannot happen for a listed move, but never crash
            self.console.print(f"[red]{escape(exc.message_in(self.lang))}[/]")
            return
        self.feed.record(self.state, seat, action, before)
        self.undo.after(probe, self.state, action)
        self.show_feed(seat)

    def take_back(self, seat: PlayerId) -> None:
        position = self.undo.pop()
        assert position is not None
        self.state = position
        self.feed.restart(self.state)
        self.console.print(f"[yellow]{escape(t('cli.undone', self.lang))}[/]")

    def show_details(self, seat: PlayerId) -> None:
        """The screens behind the compact board (see :mod:`screens`)."""
        show_details(self.console, self.state.game, self.state.observation(seat), self.lang, self.read,
                     more_help=lambda: self.console.print(self.help(seat)))

    def show_log(self, seat: PlayerId) -> None:
        """The whole log as this seat may read it, held until a key."""
        show_log(self.console, history_lines(self.state, self.seats, seat, self.lang), self.lang, self.read)

    def quit(self, *, confirm: bool) -> bool:
        """Leave the game. With ``confirm`` (q, Ctrl-C) after a yes, offering
        to save it; without (the end of input, Ctrl-D: nobody is there to
        answer) it is saved at once, with the command that resumes it."""
        if confirm and not ask_yes_no(self.console, t("cli.quit-confirm", self.lang), self.read, self.lang,
                                      interrupt=True):
            return False
        # a game with no move yet is saved too (issue 43: Ctrl-D at the first
        # prompt lost it): its seed, options and seats are enough to resume it
        can_save = self.save_dir is not None
        if can_save and (not confirm or ask_yes_no(self.console, t("cli.save-offer", self.lang), self.read,
                                                   self.lang, interrupt=True)):
            assert self.save_dir is not None
            if not confirm:
                self.console.print(f"\n[yellow]{escape(t('cli.input-ended', self.lang))}[/]")
            path = save_game(self.state, self.seats, self.save_dir, self.save_path, restart=self.restart_point,
                             hints=hints_meta(self.hints, self.hints_used))
            self.console.print(resume_hint(self.save_dir, path, self.lang))
            return True
        self.console.print(t("cli.quit", self.lang))
        return True

    def finish(self) -> None:
        viewer = self.viewer if len(self.humans) <= 1 else None
        if self.skipping:  # the person asked not to read the moves they skipped
            self.feed.restart(self.state)
        self.feed.show(self.console, self.state, viewer, self.lang)
        self.console.print(self.state.game.render(self.state.observation(None), self.lang))
        self.console.print(ranking_table(self.state, self.lang))
        used = used_text(self.hints_used, self.state.players, self.lang)
        if used:
            self.console.print(used, style="italic", highlight=False, markup=False)
        if self.save_dir is not None:
            path = save_game(self.state, self.seats, self.save_dir, hints=hints_meta(self.hints, self.hints_used))
            if self.save_path is not None and self.save_path != path:
                self.save_path.unlink(missing_ok=True)  # the unfinished save is done with
            self.console.print(Folded(t("cli.saved", self.lang, path=str(path))))


def resume_command(save_dir: Path, lang: str | None = None) -> str:
    """The command that finds games saved in ``save_dir``, and shows them
    in ``lang`` when that is not English (a Japanese game resumed by the
    plain command came back in English)."""
    command = "gameshelf resume" if save_dir == Path("records") else f"gameshelf resume --save-dir {save_dir}"
    return command + (f" --lang {lang}" if lang and lang != "en" else "")


def resume_hint(save_dir: Path, path: Path, lang: str | None) -> Folded:
    """Where the game was saved and the exact command that finds it again:
    a plain ``gameshelf resume`` looks only in ``records``, so a game saved
    with ``--save-dir`` would seem lost to someone who typed what we said.
    Folded: a Japanese line has no spaces, and the screen's edge cut the
    command mid-word ("gameshel" / "f resume")."""
    return Folded(t("cli.saved-unfinished", lang, path=str(path), command=resume_command(save_dir, lang)))


def play_session(
    state: State,
    seats: Sequence[str],
    *,
    lang: str | None = None,
    save_dir: Path | None = Path("records"),
    restart_point: RestartPoint | None = None,
    console: Console | None = None,
    read: Reader | None = None,
    bot_seed: int = 0,
    save_path: Path | None = None,
    hints: HintSettings | None = None,
    hints_used: set[PlayerId] | None = None,
) -> State:
    """Play ``state`` to the end with people and bots in ``seats``.

    Returns the final state (or the unfinished one if a person quit).
    ``save_path`` is the file of a resumed game, replaced when it is saved
    again and removed once the game is finished. ``hints`` turns hints on
    (never in a daily puzzle: asking is then refused); ``hints_used``, the
    seats of a resumed game that had hints already.
    """
    console = console or Console()
    session = Session(state, seats, lang=lang, save_dir=save_dir, restart_point=restart_point,
                      console=console, read=read or (lambda prompt: console.input(prompt)),
                      bot_seed=bot_seed, save_path=save_path,
                      pending=terminal_pending() if read is None and console.is_terminal else None,
                      hints=hints, hints_used=hints_used)
    return session.run()
