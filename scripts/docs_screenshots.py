"""Screenshots of each game's table for the documentation site (docs/img/).

Why a script and not hand-made pictures: the player pages show the table as
the current client draws it, so after a change to the client the pictures
are made again with one command:

    .venv/bin/python scripts/docs_screenshots.py

It serves gameshelf on a fresh SQLite file, opens a table of each game (you
and bots; three players where the game allows), plays a few moves through
the API so the board is not empty, and photographs the first screen at
1280×800 in English and Japanese with Debian's Chromium.
"""

from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "img"
GAMES = {"dicey-farm": 1, "filthy-rich": 3, "pay-dirt": 3, "above-and-below": 3}
MOVES = {"dicey-farm": 14, "filthy-rich": 10, "pay-dirt": 8, "above-and-below": 10}


def call(base: str, path: str, token: str | None = None, body: Any = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(base + path, method="GET" if body is None else "POST", headers=headers,
                                 data=None if body is None else json.dumps(body).encode())
    with urllib.request.urlopen(req, timeout=30) as res:
        return json.loads(res.read())


def serve(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, GAMESHELF_DATABASE_URL=f"sqlite:///{db}", GAMESHELF_ANALYSIS_BUDGET="0")
    proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "gameshelf.server.app:create_app", "--factory",
                             "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"], env=env)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            call(base, "/api/games")
            return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def table_with_moves(base: str, game: str, players: int, rng: random.Random) -> tuple[str, str]:
    seats = [{"kind": "human", "name": "You"}] + [{"kind": "bot", "level": "easy"}] * (players - 1)
    made = call(base, "/api/tables", body={"game": game, "players": players, "seats": seats})
    table, token = str(made["id"]), str(made["tokens"]["0"])  # the creator gets each person's seat token
    for _ in range(MOVES[game]):
        for _wait in range(100):
            view = call(base, f"/api/tables/{table}/view", token)
            if view["legal"] or view.get("status") == "over":
                break
            time.sleep(0.1)
        if not view["legal"]:
            break
        move = rng.choice(view["legal"])["action"]
        call(base, f"/api/tables/{table}/moves", token, {"after": view["state"], "action": move})
    time.sleep(1.0)  # let the bots answer the last move
    return table, token


def main() -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = serve(Path(tmp) / "shots.sqlite3")
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
                for game, players in GAMES.items():
                    table, token = table_with_moves(base, game, players, random.Random(7))
                    for lang in ("en", "ja"):
                        page = browser.new_page(viewport={"width": 1280, "height": 800})
                        page.goto(f"{base}/#/t/{table}?seat=0&token={token}")
                        page.evaluate(f"localStorage.setItem('gameshelf.lang', '{lang}')")
                        page.reload()
                        page.wait_for_selector(".board", timeout=20_000)
                        page.wait_for_timeout(1500)
                        name = f"{game}{'' if lang == 'en' else '.ja'}.png"
                        page.screenshot(path=str(OUT / name))
                        print(f"wrote docs/img/{name}")
                        page.close()
                browser.close()
        finally:
            proc.terminate()


if __name__ == "__main__":
    main()
