"""An analysis as data: what it found, in a form stored once and read in any language.

Why language-neutral: an analysis costs a minute of play-outs, so the server
computes it once and keeps it with the game, and a reader may open it in
English or in Japanese. So it holds no sentence: moves are the game's action
JSON (worded at display time by the game's own ``Texts``, as the move list
words them), reasons are field names and numbers (labelled through the
catalogue), and :mod:`gameshelf.analysis.render` turns them into text.

Why a strict reader: the JSON comes back from a database and may be read by
another version of the code; a stored analysis that is corrupt, truncated or
of another shape must be refused with a sentence naming the bad part, never
half-read. :meth:`Analysis.from_json` checks every field's exact type (true
is not 1; 4.0 is not a move index) and every action against the game.

The JSON shape is documented in docs/analysis.md; the browser reads it.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from typing import Any

from gameshelf.analysis.confidence import MARKS
from gameshelf.core.actions import Action
from gameshelf.core.errors import GameshelfError
from gameshelf.core.protocol import Game

#: the JSON shape's version; a reader refuses any other (2: issue 42's
#: intervals, certain losses and whole choices; a version 1 analysis is
#: refused, and the server makes it again).
VERSION = 2
#: the certain losses the rules can decide (catalogue ``analysis.certain-<kind>``).
CERTAIN = ("rot", "beggars", "round", "win-now", "final")
#: the seat's policy in a decision's play-outs.
LEVELS = ("greedy", "hard")
#: when a reason's figures are taken: at the seat's next decision, or at the end.
WHEN = ("now", "soon", "end")


class AnalysisError(ValueError):
    """A stored analysis is not one this code can read; the message names the part."""


@dataclasses.dataclass(frozen=True)
class Estimate:
    """One move's estimate: the seat's expected final score, its chance to
    win (``None`` in solitaire), the number of worlds behind them and, in
    multiplayer, its heuristic lead soon after the move
    (:attr:`gameshelf.analysis.estimate.MoveEstimate.soon_lead`; ``None`` in
    solitaire and in analyses stored before it was kept)."""

    action: Mapping[str, Any]
    score: float
    win: float | None
    worlds: int
    lead: float | None = None
    #: the steps played after ``action`` as one choice (a die picked, then its use)
    line: tuple[Mapping[str, Any], ...] = ()
    #: the confidence interval of the chance to win (multiplayer) or the score (solitaire)
    low: float = 0.0
    high: float = 0.0


@dataclasses.dataclass(frozen=True)
class Certain:
    """A loss the rules decide, no sampling behind it (issue 42).

    ``kind`` names it (:data:`CERTAIN`: goods that rot, beggars another move
    feeds, a round's end another line beats, a move that wins on the spot,
    the game's last move); ``size`` is exact, in the marks' unit (VP in
    solitaire, share of a win in multiplayer); ``better`` is the move that
    keeps the better line; ``params`` are figures for the sentence
    (``rotten`` goods, ``beggars``)."""

    kind: str
    size: float
    better: Mapping[str, Any]
    params: Mapping[str, float] = dataclasses.field(default_factory=dict)
    #: the better choice's steps after ``better`` (a die picked, then its use)
    line: tuple[Mapping[str, Any], ...] = ()


@dataclasses.dataclass(frozen=True)
class Planned:
    """A decision judged again with a stronger policy for the seat (the
    ``level`` from the game's ``data/bots.toml``) on ``worlds`` worlds:
    ``loss`` is the mean world-by-world loss under it (marks' unit)."""

    level: str
    worlds: int
    loss: float


@dataclasses.dataclass(frozen=True)
class Gain:
    """One figure the better move gives more of: ``field`` names it
    (``[analysis.fields]`` of the game's manifest), ``delta`` is by how much on average."""

    field: str
    delta: float


@dataclasses.dataclass(frozen=True)
class Reason:
    """What the better move gives that the played one did not.

    ``gains`` are the seat's figures that come out higher after the better
    move, largest first, taken ``"soon"`` (when another seat is to move, or
    after the seat's next three decisions) or at the ``"end"``; ``score`` and ``win`` are the differences in
    expected final score and chance to win (``None`` in solitaire)."""

    when: str
    gains: tuple[Gain, ...]
    score: float
    win: float | None


@dataclasses.dataclass(frozen=True)
class Decision:
    """One decision of the seat with more than one legal move.

    ``move`` is the index in the record's ``actions`` of the move made there
    (so the position is the record replayed ``upto=move``); ``best`` is the
    estimator's best move (the played one when nothing beat it); the losses
    are ``best`` minus ``played`` (never negative: the best is the best
    estimate). ``mark`` is one of :data:`MARKS`; ``reason`` is set when the
    best move differs from the played one."""

    move: int
    legal: int
    played: Estimate
    best: Estimate
    loss_score: float
    loss_win: float | None
    mark: str
    reason: Reason | None
    #: the confidence interval of the loss in the marks' unit, and its
    #: sample count (worlds both moves played; 0 for a certain loss)
    loss_low: float = 0.0
    loss_high: float = 0.0
    samples: int = 0
    #: the loss's mean reaches a mark but its interval does not: no mark
    unclear: bool = False
    certain: Certain | None = None
    planned: Planned | None = None
    #: record moves this choice spans (a die picked and its use: 2)
    steps: int = 1

    @property
    def loss(self) -> float:
        """The loss in the marks' unit: the certain size when the rules
        decide it, else the chance to win (multiplayer) or score lost."""
        if self.certain is not None:
            return self.certain.size
        return self.loss_score if self.loss_win is None else self.loss_win

    @property
    def loss_lead(self) -> float:
        """How much less the played move leads by soon after it (0 where
        either lead is unknown): what separates moves that the chance to win
        and the score tie on."""
        if self.best.lead is None or self.played.lead is None:
            return 0.0
        return self.best.lead - self.played.lead


@dataclasses.dataclass(frozen=True)
class RoundNote:
    """Dicey Farm: one round of the game against the par solver's best line.

    ``par`` is the best final score the solver finds from the round's start
    (the position the seat had), ``after`` the best it finds from the next
    round's start, after the round as played; ``loss`` is ``par - after``.
    ``move`` is the record index where the solver's line first leaves the
    played one, ``better`` the solver's move there and ``played`` the move
    made (``None`` when the lines agree to the round's end)."""

    round: int
    par: float
    after: float
    loss: float
    move: int | None
    better: Mapping[str, Any] | None
    played: Mapping[str, Any] | None


@dataclasses.dataclass(frozen=True)
class Analysis:
    """A finished game analysed for one seat.

    ``decisions`` are in game order (the estimate curve is their ``played``
    estimates); ``mistakes`` are the ``move`` indices of the biggest losses,
    biggest first (3 to 5 when the game had that many losing decisions);
    ``rounds`` holds Dicey Farm's round notes (empty elsewhere or when not
    asked for); ``complete`` is false when the run was stopped early.
    """

    game: str
    rules_version: str
    seat: int
    players: int
    budget_s: float
    worlds: int | None
    seed: int
    complete: bool
    final_score: float
    decisions: tuple[Decision, ...]
    mistakes: tuple[int, ...]
    rounds: tuple[RoundNote, ...] = ()

    @property
    def solo(self) -> bool:
        return self.players == 1

    def decision_at(self, move: int) -> Decision | None:
        """The decision whose move has record index ``move``, if analysed."""
        for d in self.decisions:
            if d.move == move:
                return d
        return None

    def best_start(self) -> Estimate | None:
        """What the best moves found promised at the seat's first decision
        (expected final score, chance to win): the game's total is this
        against the final score the moves played reached (issue 42: not a
        sum of per-move losses, which means nothing in the game's units)."""
        return self.decisions[0].best if self.decisions else None

    def certain_total(self) -> float:
        """The certain losses added up (exact, and in the game's units)."""
        return sum(d.certain.size for d in self.decisions if d.certain is not None)

    def mark_counts(self) -> dict[str, int]:
        """How many decisions got each mark (``"??"``, ``"?"``, ``"?!"``)."""
        return {mark: sum(1 for d in self.decisions if d.mark == mark) for mark in MARKS if mark}

    def to_json(self) -> dict[str, Any]:
        """The JSON form (plain dicts, lists, numbers, strings, null)."""
        return {
            "version": VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "seat": self.seat,
            "players": self.players,
            "budget_s": self.budget_s,
            "worlds": self.worlds,
            "seed": self.seed,
            "complete": self.complete,
            "final_score": self.final_score,
            "decisions": [_decision_json(d) for d in self.decisions],
            "mistakes": list(self.mistakes),
            "rounds": [dataclasses.asdict(r) | {"better": _copy(r.better), "played": _copy(r.played)}
                       for r in self.rounds],
        }

    @staticmethod
    def from_json(data: Any, game: Game | None = None) -> Analysis:
        """Read :meth:`to_json`'s form back, checking everything.

        Args:
            data: the decoded JSON.
            game: the game the analysis must be of (else the one it names,
                from the registry); every stored move must parse as its action.

        Raises:
            AnalysisError: anything is missing, extra, of the wrong type or
                out of range, or names another game or rules version.
        """
        return _Reader(game).analysis(data)


def _copy(action: Mapping[str, Any] | None) -> dict[str, Any] | None:
    return None if action is None else dict(action)


def _estimate_json(e: Estimate) -> dict[str, Any]:
    return {"action": dict(e.action), "score": e.score, "win": e.win, "worlds": e.worlds, "lead": e.lead,
            "line": [dict(a) for a in e.line], "low": e.low, "high": e.high}


def _decision_json(d: Decision) -> dict[str, Any]:
    reason = None
    if d.reason is not None:
        reason = {
            "when": d.reason.when,
            "gains": [{"field": g.field, "delta": g.delta} for g in d.reason.gains],
            "score": d.reason.score,
            "win": d.reason.win,
        }
    return {
        "move": d.move,
        "legal": d.legal,
        "played": _estimate_json(d.played),
        "best": _estimate_json(d.best),
        "loss_score": d.loss_score,
        "loss_win": d.loss_win,
        "mark": d.mark,
        "reason": reason,
        "loss_low": d.loss_low,
        "loss_high": d.loss_high,
        "samples": d.samples,
        "unclear": d.unclear,
        "certain": None if d.certain is None else {
            "kind": d.certain.kind, "size": d.certain.size, "better": dict(d.certain.better),
            "params": dict(d.certain.params), "line": [dict(a) for a in d.certain.line]},
        "planned": None if d.planned is None else dataclasses.asdict(d.planned),
        "steps": d.steps,
    }


_LIMIT = 100_000  # no record has this many moves; bounds every count and index


class _Reader:
    """The strict reader behind :meth:`Analysis.from_json`."""

    def __init__(self, game: Game | None) -> None:
        self.game = game

    # -- leaves -----------------------------------------------------------
    def obj(self, data: Any, where: str, keys: tuple[str, ...]) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise AnalysisError(f"{where}: expected an object, got {_kind(data)}")
        missing = [k for k in keys if k not in data]
        extra = [str(k)[:40] for k in data if k not in keys]
        if missing or extra:
            raise AnalysisError(
                f"{where}: "
                + "; ".join(
                    part for part in (
                        f"missing {', '.join(missing)}" if missing else "",
                        f"unknown {', '.join(extra[:5])}" if extra else "",
                    ) if part
                )
            )
        return data

    def int_(self, value: Any, where: str, low: int = 0, high: int = _LIMIT) -> int:
        if type(value) is not int or not low <= value <= high:
            raise AnalysisError(f"{where}: expected a whole number from {low} to {high}, got {_kind(value)}")
        return value

    def num(self, value: Any, where: str) -> float:
        if type(value) not in (int, float) or not math.isfinite(value) or abs(value) > 1e9:
            raise AnalysisError(f"{where}: expected a finite number, got {_kind(value)}")
        return float(value)

    def share(self, value: Any, where: str) -> float:
        number = self.num(value, where)
        if not -1.0 <= number <= 1.0:
            raise AnalysisError(f"{where}: expected a chance between -1 and 1, got {number}")
        return number

    def opt_share(self, value: Any, where: str) -> float | None:
        if self.solo:
            if value is not None:
                raise AnalysisError(f"{where}: a solitaire game has no chance to win (null)")
            return None
        return self.share(value, where)

    def text(self, value: Any, where: str, choices: tuple[str, ...] | None = None) -> str:
        if type(value) is not str or len(value) > 100 or (choices is not None and value not in choices):
            wanted = f"one of {', '.join(repr(c) for c in choices)}" if choices else "a short text"
            raise AnalysisError(f"{where}: expected {wanted}, got {_kind(value)}")
        return value

    def action(self, value: Any, where: str) -> dict[str, Any]:
        assert self.game is not None
        try:
            action: Action = self.game.action_from_json(value)
        except GameshelfError as exc:
            raise AnalysisError(f"{where}: not a move of {self.game.id} ({exc.message_in('en')})") from None
        return action.to_json()

    # -- parts ------------------------------------------------------------
    def analysis(self, data: Any) -> Analysis:
        from gameshelf.core.registry import load_game

        keys = ("version", "game", "rules_version", "seat", "players", "budget_s", "worlds", "seed",
                "complete", "final_score", "decisions", "mistakes", "rounds")
        d = self.obj(data, "analysis", keys)
        if type(d["version"]) is not int or d["version"] != VERSION:
            raise AnalysisError(f"analysis.version: this code reads version {VERSION}, got {_kind(d['version'])}")
        game_id = self.text(d["game"], "analysis.game")
        if self.game is None:
            try:
                self.game = load_game(game_id)
            except KeyError:
                raise AnalysisError(f"analysis.game: no game is called {game_id!r}") from None
        if game_id != self.game.id:
            raise AnalysisError(f"analysis.game: {game_id!r} is not {self.game.id!r}")
        rules = self.text(d["rules_version"], "analysis.rules_version")
        if rules != self.game.rules_version:
            raise AnalysisError(
                f"analysis.rules_version: made under rules {rules!r}, the game is now {self.game.rules_version!r}")
        players = self.int_(d["players"], "analysis.players", self.game.min_players, self.game.max_players)
        self.solo = players == 1
        seat = self.int_(d["seat"], "analysis.seat", 0, players - 1)
        budget = self.num(d["budget_s"], "analysis.budget_s")
        if budget < 0:
            raise AnalysisError("analysis.budget_s: expected 0 or more")
        worlds = None if d["worlds"] is None else self.int_(d["worlds"], "analysis.worlds", 1)
        seed = self.int_(d["seed"], "analysis.seed", -(1 << 63), (1 << 64) - 1)
        if type(d["complete"]) is not bool:
            raise AnalysisError(f"analysis.complete: expected true or false, got {_kind(d['complete'])}")
        decisions = tuple(self.decision(x, f"analysis.decisions[{i}]")
                          for i, x in enumerate(self.items(d["decisions"], "analysis.decisions")))
        moves = [x.move for x in decisions]
        if moves != sorted(set(moves)):
            raise AnalysisError("analysis.decisions: moves must be in game order, each once")
        mistakes = tuple(self.int_(m, f"analysis.mistakes[{i}]")
                         for i, m in enumerate(self.items(d["mistakes"], "analysis.mistakes")))
        if len(set(mistakes)) != len(mistakes) or not set(mistakes) <= set(moves):
            raise AnalysisError("analysis.mistakes: each must be the move of a decision, once")
        rounds = tuple(self.round(x, f"analysis.rounds[{i}]")
                       for i, x in enumerate(self.items(d["rounds"], "analysis.rounds")))
        return Analysis(
            game=game_id, rules_version=rules, seat=seat, players=players, budget_s=budget,
            worlds=worlds, seed=seed, complete=d["complete"],
            final_score=self.num(d["final_score"], "analysis.final_score"),
            decisions=decisions, mistakes=mistakes, rounds=rounds,
        )

    def items(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list) or len(value) > _LIMIT:
            raise AnalysisError(f"{where}: expected a list, got {_kind(value)}")
        return value

    def estimate(self, data: Any, where: str) -> Estimate:
        d = self.obj(data, where, ("action", "score", "win", "worlds", "lead", "line", "low", "high"))
        win = self.opt_share(d["win"], f"{where}.win")
        if win is not None and win < 0:
            raise AnalysisError(f"{where}.win: a chance to win is 0 or more")
        lead = None if d["lead"] is None else self.num(d["lead"], f"{where}.lead")
        line = tuple(self.action(a, f"{where}.line[{i}]") for i, a in enumerate(self.items(d["line"], f"{where}.line")))
        return Estimate(self.action(d["action"], f"{where}.action"), self.num(d["score"], f"{where}.score"),
                        win, self.int_(d["worlds"], f"{where}.worlds", 1), lead, line,
                        self.num(d["low"], f"{where}.low"), self.num(d["high"], f"{where}.high"))

    def decision(self, data: Any, where: str) -> Decision:
        keys = ("move", "legal", "played", "best", "loss_score", "loss_win", "mark", "reason",
                "loss_low", "loss_high", "samples", "unclear", "certain", "planned", "steps")
        d = self.obj(data, where, keys)
        reason = None if d["reason"] is None else self.reason(d["reason"], f"{where}.reason")
        if type(d["unclear"]) is not bool:
            raise AnalysisError(f"{where}.unclear: expected true or false, got {_kind(d['unclear'])}")
        return Decision(
            move=self.int_(d["move"], f"{where}.move"),
            legal=self.int_(d["legal"], f"{where}.legal", 2),
            played=self.estimate(d["played"], f"{where}.played"),
            best=self.estimate(d["best"], f"{where}.best"),
            loss_score=self.num(d["loss_score"], f"{where}.loss_score"),
            loss_win=self.opt_share(d["loss_win"], f"{where}.loss_win"),
            mark=self.text(d["mark"], f"{where}.mark", MARKS),
            reason=reason,
            loss_low=self.num(d["loss_low"], f"{where}.loss_low"),
            loss_high=self.num(d["loss_high"], f"{where}.loss_high"),
            samples=self.int_(d["samples"], f"{where}.samples"),
            unclear=d["unclear"],
            certain=None if d["certain"] is None else self.certain(d["certain"], f"{where}.certain"),
            planned=None if d["planned"] is None else self.planned(d["planned"], f"{where}.planned"),
            steps=self.int_(d["steps"], f"{where}.steps", 1),
        )

    def certain(self, data: Any, where: str) -> Certain:
        d = self.obj(data, where, ("kind", "size", "better", "params", "line"))
        params = d["params"]
        if not isinstance(params, dict) or len(params) > 20:
            raise AnalysisError(f"{where}.params: expected an object, got {_kind(params)}")
        return Certain(self.text(d["kind"], f"{where}.kind", CERTAIN), self.num(d["size"], f"{where}.size"),
                       self.action(d["better"], f"{where}.better"),
                       {self.text(k, f"{where}.params"): self.num(v, f"{where}.params.{k}") for k, v in params.items()},
                       tuple(self.action(a, f"{where}.line[{i}]")
                             for i, a in enumerate(self.items(d["line"], f"{where}.line"))))

    def planned(self, data: Any, where: str) -> Planned:
        d = self.obj(data, where, ("level", "worlds", "loss"))
        return Planned(self.text(d["level"], f"{where}.level", LEVELS), self.int_(d["worlds"], f"{where}.worlds", 1),
                       self.num(d["loss"], f"{where}.loss"))

    def reason(self, data: Any, where: str) -> Reason:
        d = self.obj(data, where, ("when", "gains", "score", "win"))
        gains = []
        for i, g in enumerate(self.items(d["gains"], f"{where}.gains")):
            gd = self.obj(g, f"{where}.gains[{i}]", ("field", "delta"))
            gains.append(Gain(self.text(gd["field"], f"{where}.gains[{i}].field"),
                              self.num(gd["delta"], f"{where}.gains[{i}].delta")))
        return Reason(self.text(d["when"], f"{where}.when", WHEN), tuple(gains),
                      self.num(d["score"], f"{where}.score"), self.opt_share(d["win"], f"{where}.win"))

    def round(self, data: Any, where: str) -> RoundNote:
        d = self.obj(data, where, ("round", "par", "after", "loss", "move", "better", "played"))
        move = None if d["move"] is None else self.int_(d["move"], f"{where}.move")
        better = None if d["better"] is None else self.action(d["better"], f"{where}.better")
        played = None if d["played"] is None else self.action(d["played"], f"{where}.played")
        if (move is None) != (better is None) or (move is None) != (played is None):
            raise AnalysisError(f"{where}: move, better and played are all set or all null")
        return RoundNote(self.int_(d["round"], f"{where}.round", 1, 1000), self.num(d["par"], f"{where}.par"),
                         self.num(d["after"], f"{where}.after"), self.num(d["loss"], f"{where}.loss"),
                         move, better, played)

    solo = False


def _kind(value: Any) -> str:
    """A short, safe description of a bad value for an error message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)[:30]
    if isinstance(value, str):
        return repr(value[:30])
    return type(value).__name__ if not isinstance(value, dict | list) else ("an object" if isinstance(value, dict) else "a list")
