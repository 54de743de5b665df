"""The seat ``gameshelf connect`` plays, over the table's websocket.

Issue 24: the websocket is the one road for moves and views, in the browser
and in the terminal. So the terminal client no longer polls ``GET /view``
nor posts ``/moves`` and ``/undo``: it opens the table's socket, says hello
(with its token), and keeps the latest view the server pushes (``sync``, or
an ``update`` whose log holds only the lines after the last view, merged as
the browser's table.js does). A move or take-back goes out as a
``MoveMessage``/``UndoMessage`` and waits, bounded, for the ``ack`` (then for
the view it produced, so the loop never redraws the old turn) or the
``error`` with the server's sentence.

Why a reader thread: the client's loop asks for the view twice a second and
must read the keyboard in between, while a socket's receive blocks (a real
one and Starlette's test session alike). The thread receives; the loop only
reads what it left.

A dropped socket (a lost network, a server restarting) is opened again with
a hello naming the last state seen, so the server sends only what was
missed; the tries wait longer each time, up to a minute, for ten minutes
before giving up (issue 43). A move whose answer was lost is never
sent again: the view after reconnecting shows whether it was stored (and a
stale move would be refused anyway, since it carries ``after``).
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol
from urllib.parse import quote, urlsplit, urlunsplit

from gameshelf.core.i18n import t

#: How long a move, an undo or the first view may take before giving up.
ANSWER_WAIT = 10.0
#: The waits between tries to open a dropped socket again: doubling from a
#: second up to a minute (issue 43: a server restart took 10 s, and three
#: tries a second apart gave up before it was back).
BACKOFF = (1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 60.0)
#: How long ``connect`` keeps trying before it gives up (README, docs/server.md).
GIVE_UP = 600.0
#: Log lines kept across partial updates (as the browser keeps).
KEEP_EVENTS = 80


class Wire(Protocol):
    """A text websocket: what the websockets package's sync client does, and
    what tests wrap Starlette's test session into."""

    def send(self, text: str) -> None: ...

    def recv(self) -> str: ...

    def close(self) -> None: ...


Opener = Callable[[str], Wire]


class ConnectionLost(Exception):
    """The table's socket is gone and could not be opened again (or the
    server refused the hello): the sentence says which."""


class Remote:
    """One seat (or a spectator) at one table of a server, over its socket.

    ``opener`` opens a socket given the path and query (``/api/tables/…/ws?lang=en``).
    """

    def __init__(self, opener: Opener, table: str, token: str | None, lang: str, *,
                 sleep: Callable[[float], None] = time.sleep,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.opener = opener
        #: told of each wait before a try to reconnect (seconds, seconds lost so far), and of
        #: success (``None``): the client prints a line, the loop here stays silent
        self.on_reconnect: Callable[[float | None, float], None] = lambda wait, lost: None
        self._sleep = sleep
        self._clock = clock
        self.table = table
        self.token = token
        self.lang = lang
        self._cond = threading.Condition()
        self._view: dict[str, Any] | None = None
        self._answers: list[dict[str, Any]] = []
        self._refused: str | None = None  # an error before any view: the hello was refused
        self._wire: Wire | None = None
        self._alive = False
        try:
            self._open()
        except Exception as exc:  # refused address, no server, handshake refused
            raise ConnectionLost(f"{t('cli.cannot-connect', lang, table=table)} ({exc})") from exc

    # -- the socket ----------------------------------------------------------------

    def _open(self) -> None:
        wire = self.opener(f"/api/tables/{quote(self.table, safe='')}/ws?lang={self.lang}")
        hello: dict[str, Any] = {"type": "hello"}
        if self.token:
            hello["token"] = self.token
        if self._view is not None:
            hello["last"] = self._view["state"]
        wire.send(json.dumps(hello))
        with self._cond:
            self._wire, self._alive = wire, True
        threading.Thread(target=self._read, args=(wire,), daemon=True,
                         name=f"gameshelf-connect-{self.table}").start()

    def _read(self, wire: Wire) -> None:
        """The reader thread: every message in, until the socket ends."""
        try:
            while True:
                message = json.loads(wire.recv())
                if isinstance(message, dict):
                    self._take(message)
        except Exception:  # closed, dropped or garbled: the loop decides what next
            pass
        with self._cond:
            if self._wire is wire:
                self._alive = False
            self._cond.notify_all()

    def _take(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        with self._cond:
            if kind in ("sync", "update") and isinstance(message.get("view"), dict):
                self._adopt(message["view"], partial=kind == "update")
            elif kind in ("ack", "error"):
                if self._view is None and kind == "error":
                    self._refused = str(message.get("message"))
                else:
                    self._answers.append(message)
            self._cond.notify_all()

    def _adopt(self, view: dict[str, Any], partial: bool) -> None:
        """Keep ``view`` as the latest (the caller holds the lock); an update's
        log lines follow the ones already held, each line once."""
        held = self._view
        if held is not None and view["state"] < held["state"]:
            return  # an older view arriving late
        if partial and held is not None:
            since = held["state"]
            view = dict(view)
            view["events"] = ([e for e in held["events"] if e["n"] <= since]
                              + [e for e in view["events"] if e["n"] > since])[-KEEP_EVENTS:]
        self._view = view

    def _ensure(self) -> None:
        """Open the socket again if it dropped (the caller holds no lock),
        waiting longer after each failed try (:data:`BACKOFF`) and giving up
        after :data:`GIVE_UP` seconds. The hello names the last state seen,
        so the server sends only what was missed; nothing is sent again.
        Ctrl-C during a wait reaches the caller (the client asks to leave)."""
        with self._cond:
            if self._alive:
                return
        lost = self._clock()
        for attempt in range(10**6):
            waited = self._clock() - lost
            if waited >= GIVE_UP:
                break
            wait = min(BACKOFF[min(attempt, len(BACKOFF) - 1)], GIVE_UP - waited)
            self.on_reconnect(wait, waited)
            self._sleep(wait)
            try:
                self._open()
            except Exception:
                continue
            self.on_reconnect(None, self._clock() - lost)
            return
        raise ConnectionLost(t("cli.connection-lost", self.lang, table=self.table,
                               minutes=round(GIVE_UP / 60)))

    def close(self) -> None:
        with self._cond:
            wire, self._wire, self._alive = self._wire, None, False
        if wire is not None:
            with contextlib.suppress(Exception):  # already gone
                wire.close()

    def __enter__(self) -> Remote:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # -- what the client loop asks ----------------------------------------------------

    def view(self) -> dict[str, Any]:
        """The latest view the server sent (waits only for the first one)."""
        if self._refused is not None:
            raise ConnectionLost(self._refused)
        self._ensure()
        deadline = time.monotonic() + ANSWER_WAIT
        with self._cond:
            while self._view is None:
                if self._refused is not None:
                    raise ConnectionLost(self._refused)
                left = deadline - time.monotonic()
                if left <= 0 or not self._alive:
                    raise ConnectionLost(t("cli.connection-lost", self.lang, table=self.table))
                self._cond.wait(left)
            return self._view

    def move(self, after: int, action: dict[str, Any]) -> str | None:
        """Send a move; ``None`` when stored (and its view is here), else the
        server's reason."""
        return self._ask({"type": "move", "after": after, "action": action})

    def undo(self, after: int) -> str | None:
        """Take back this seat's last move; ``None`` when stored, else why not."""
        return self._ask({"type": "undo", "after": after})

    def _ask(self, message: dict[str, Any]) -> str | None:
        self._ensure()
        with self._cond:
            self._answers.clear()
            wire = self._wire
        if wire is None:
            return t("cli.move-not-sent", self.lang)
        try:
            wire.send(json.dumps(message))
        except Exception:  # not sent: the loop reconnects on its next view
            return t("cli.move-not-sent", self.lang)
        deadline = time.monotonic() + ANSWER_WAIT
        with self._cond:
            while True:
                if self._answers:
                    answer = self._answers.pop(0)
                    if answer["type"] == "error":
                        return str(answer.get("message"))
                    break
                left = deadline - time.monotonic()
                if not self._alive or left <= 0:  # never sent again: the next view tells
                    return t("cli.no-answer", self.lang)
                self._cond.wait(left)
            n = answer.get("n")
            # the view the move produced follows its ack; wait for it so the
            # loop does not draw the old turn again
            while (isinstance(n, int) and self._view is not None and self._view["state"] < n
                   and self._alive and time.monotonic() < deadline):
                self._cond.wait(deadline - time.monotonic())
        return None


def socket_address(url: str) -> str:
    """The websocket root of a server's http(s) address: ws:// or wss://."""
    parts = urlsplit(url.rstrip("/"))
    scheme = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}.get(parts.scheme)
    if scheme is None:
        raise ValueError(f"not an http(s) or ws(s) address: {url}")
    return urlunsplit((scheme, parts.netloc, parts.path, "", ""))


def open_remote(url: str, table: str, token: str | None, lang: str) -> Remote:
    """A :class:`Remote` over a real socket to the server at ``url``."""
    from websockets.sync.client import connect

    root = socket_address(url)

    def opener(path: str) -> Wire:
        return _Socket(connect(root + path, open_timeout=ANSWER_WAIT))

    return Remote(opener, table, token, lang)


class _Socket:
    """The websockets package's connection as a text :class:`Wire`."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn.__enter__()  # websockets 17 asks for its context manager

    def send(self, text: str) -> None:
        self.conn.send(text)

    def recv(self) -> str:
        data = self.conn.recv()
        return data if isinstance(data, str) else data.decode("utf-8")

    def close(self) -> None:
        self.conn.close()
