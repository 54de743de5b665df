"""Hints: "what would hard do here?", for a person at a casual table that
was opened with hints on (docs/hints.md).

A hint is the analysis engine's top three moves for the asking seat at its
decision, each with its estimate (expected final score, and the chance to
win in a multiplayer game), computed on the bot pool within a short budget
from what that seat can see (the engine deals the hidden cards again per
world; the real deal is never looked at).

Why the checks sit on both sides of the computation: the table is checked
before any work is spent (hints on, not rated, not a daily puzzle, running,
the seat to move, at the state asked), and again when the hint is handed
out, in the transaction that counts it, so a hint for a position the table
has left is refused and nothing is counted.

Throttled per seat, with no clock involved: one hint in flight per seat (a
second is refused ``hint-busy``), and a hint is computed once per state
(asked again at the same state, the same answer comes back and is not
counted again).
"""

from __future__ import annotations

import collections
import dataclasses
import json
import threading
import time
from typing import Any

from gameshelf.analysis.confidence import table
from gameshelf.core.protocol import PlayerId
from gameshelf.core.rng import derive_seed
from gameshelf.server.errors import ApiError
from gameshelf.server.play.bots import BotPool
from gameshelf.server.play.hint_rules import hints_refusal
from gameshelf.server.play.rows import OVER, RUNNING, seat_of, stamp
from gameshelf.server.play.service import Service
from gameshelf.server.store.db import reading, seats, tables, writing

#: How many moves a hint names.
TOP = 3
#: Answers remembered per process (one per table, seat and state).
KEPT = 512


@dataclasses.dataclass(frozen=True)
class HintJob:
    """A checked request: what a pool worker needs, by value."""

    table_id: str
    seat: PlayerId
    n: int
    record: dict[str, Any]
    seed: int


class Hints:
    """The hint route's work: checks in threads, the search on the bot pool."""

    def __init__(self, service: Service, bots: BotPool, budget_s: float) -> None:
        self.service = service
        self.bots = bots
        self.budget_s = budget_s
        self._busy: set[tuple[str, int]] = set()
        self._answers: collections.OrderedDict[tuple[str, int, int], list[dict[str, Any]]] = \
            collections.OrderedDict()
        self._guard = threading.Lock()

    def check(self, table_id: str, token: Any, after: int) -> HintJob:
        """Refuse (and change nothing) unless this seat may have a hint now."""
        if token is None:
            raise ApiError(401, "bad-token")
        service = self.service
        with service.table_lock(table_id), reading(service.engine) as conn:
            row, seat_rows = service.table_rows(conn, table_id)
            seat = seat_of(seat_rows, token)
            refused = hints_refusal(bool(row.rated), json.loads(row.options))
            if refused is not None:
                raise ApiError(403, refused)
            if not row.hints:
                raise ApiError(403, "hints-off")
            if row.status != RUNNING:
                raise ApiError(409, "game-over" if row.status == OVER else "not-started")
            live = service.live_game(conn, row)
            if after != live.n:
                raise ApiError(409, "stale", {"after": after, "state": live.n})
            to_move = live.state.current_player
            if seat is None or seat != to_move or seat_rows[seat].stand_in is not None:
                raise ApiError(403, "not-your-turn", {"seat": seat, "to_move": to_move})
            return HintJob(table_id, seat, live.n, live.state.record(),
                           derive_seed(row.seed, "hint", seat, live.n))

    def hand_out(self, job: HintJob, moves: list[dict[str, Any]], lang: str | None,
                 fresh: bool) -> dict[str, Any]:
        """Count the hint (``fresh``: the first answer at this state) and say
        its moves in ``lang``, if the table is still where it was asked."""
        service = self.service
        with service.table_lock(job.table_id), writing(service.engine) as conn:
            row, seat_rows = service.table_rows(conn, job.table_id, lock=True)
            if row.status != RUNNING or row.moves != job.n:
                raise ApiError(409, "stale", {"after": job.n, "state": row.moves})
            live = service.live_game(conn, row)
            said = {json.dumps(m["action"], sort_keys=True): m for m in live.legal(lang)}
            if fresh:
                conn.execute(seats.update().where(
                    seats.c.table_id == job.table_id, seats.c.seat == job.seat)
                    .values(hints=seats.c.hints + 1))
                conn.execute(tables.update().where(tables.c.id == job.table_id)
                             .values(updated_at=stamp(row, time.time())))
            out = []
            for m in moves:
                words = said.get(json.dumps(m["action"], sort_keys=True))
                if words is None:  # (the engine ranks legal moves only)
                    continue
                worlds = int(m.get("worlds", 1))
                out.append({**words, "score": float(m["score"]),
                            "win": None if m["win"] is None else float(m["win"]),
                            # no 0% or 100% from fewer play-outs than data/marks.toml allows
                            "worlds": worlds, "sure": worlds >= table().sure_samples})
            used = int(seat_rows[job.seat].hints) + (1 if fresh else 0)
        return {"state": job.n, "seat": job.seat, "moves": out, "hints_used": used}

    async def ask(self, table_id: str, token: Any, after: int, lang: str | None) -> dict[str, Any]:
        """The whole request: check, compute (once per state), hand out."""
        from starlette.concurrency import run_in_threadpool

        job = await run_in_threadpool(self.check, table_id, token, after)
        key = (job.table_id, job.seat, job.n)
        with self._guard:
            moves = self._answers.get(key)
            if moves is None and (table_id, job.seat) in self._busy:
                raise ApiError(429, "hint-busy")
            if moves is None:
                self._busy.add((table_id, job.seat))
        fresh = moves is None
        if moves is None:
            try:
                moves = await self.bots.hint(job.record, job.seat, self.budget_s, job.seed, TOP)
            finally:
                with self._guard:
                    self._busy.discard((table_id, job.seat))
        reply = await run_in_threadpool(self.hand_out, job, moves, lang, fresh)
        with self._guard:
            self._answers[key] = moves
            self._answers.move_to_end(key)
            while len(self._answers) > KEPT:
                self._answers.popitem(last=False)
        return reply

