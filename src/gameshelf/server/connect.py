"""``gameshelf connect``: play a seat of a server's table in the terminal.

The client needs nothing but the API: it polls the seat's view, draws the
observation with the game's own terminal renderer (the game is installed
here too), lists the legal moves the server offers and sends the chosen one
with the state number it saw; ``u`` takes back the seat's last move when the
server offers it (``can_undo``). A refusal is shown and the view fetched
again; nothing is decided on this side.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx
from rich.console import Console

from gameshelf.core.registry import load_game

POLL = 0.5


class Remote:
    """One seat (or a spectator) at one table of a server."""

    def __init__(self, http: httpx.Client, table: str, token: str | None, lang: str) -> None:
        self.http = http
        self.table = table
        self.token = token
        self.lang = lang

    def _headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    def view(self) -> dict[str, Any]:
        r = self.http.get(f"/api/tables/{self.table}/view", params={"lang": self.lang},
                          headers=self._headers())
        r.raise_for_status()
        return dict(r.json())

    def move(self, after: int, action: dict[str, Any]) -> str | None:
        """Send a move; ``None`` when stored, else the server's reason."""
        r = self.http.post(f"/api/tables/{self.table}/moves", params={"lang": self.lang},
                           json={"after": after, "action": action}, headers=self._headers())
        if r.status_code == 200:
            return None
        return self._refusal(r)

    def undo(self, after: int) -> str | None:
        """Take back this seat's last move; ``None`` when stored, else why not."""
        r = self.http.post(f"/api/tables/{self.table}/undo", params={"lang": self.lang},
                           json={"after": after}, headers=self._headers())
        return None if r.status_code == 200 else self._refusal(r)

    @staticmethod
    def _refusal(r: httpx.Response) -> str:
        detail = r.json().get("detail")
        return str(detail.get("message") if isinstance(detail, dict) else detail)


def play_remote(remote: Remote, *, console: Console | None = None,
                read: Callable[[str], str] | None = None,
                sleep: Callable[[float], None] = time.sleep) -> dict[str, Any]:
    """Follow the table until it ends (or the person types q); returns the
    last view."""
    console = console or Console()
    read = read or (lambda prompt: console.input(prompt))
    shown = -1
    drawn = -1
    while True:
        view = remote.view()
        for line in view["events"]:
            if line["n"] > shown:
                console.print(f"  · {line['text']}")
        shown = max([shown, *(line["n"] for line in view["events"])])
        game = load_game(view["table"]["game"])
        if view["over"]:
            console.print(game.render(view["observation"], remote.lang))
            console.print(view["result"])
            return view
        if not view["legal"]:
            if drawn != view["state"]:
                console.print(f"[dim]… player {(view['to_move'] or 0) + 1} to move[/]")
                drawn = view["state"]
            sleep(POLL)
            continue
        console.print(game.render(view["observation"], remote.lang))
        for number, item in enumerate(view["legal"], start=1):
            console.print(f"[bold cyan]{number:>3}[/] {item['text']}")
        drawn = view["state"]
        undo = bool(view.get("can_undo"))
        keys = f"1-{len(view['legal'])}, " + ("u (undo), " if undo else "") + "q"
        while True:
            answer = read("> ").strip().lower()
            if answer == "q":
                return view
            if answer == "u" and undo:
                break
            if answer.isdigit() and 1 <= int(answer) <= len(view["legal"]):
                break
            console.print(f"[red]{keys}[/]")
        if answer == "u":
            refused = remote.undo(view["state"])
        else:
            refused = remote.move(view["state"], view["legal"][int(answer) - 1]["action"])
        if refused:
            console.print(f"[red]{refused}[/]")
