"""First paint and the bytes a table page loads, for docs/web.md (issue 40).

Starts the server of the source tree on ``PYTHONPATH`` (so an older commit
can be measured the same way: ``git archive <commit> | tar -x -C DIR`` and
``PYTHONPATH=DIR/src``), opens a 3-player table of each game (Dicey Farm:
solo) in Debian's headless Chromium at 1280×800 with the cache off, and
prints, per game, the median of ``RUNS`` loads: first paint and first
contentful paint (ms), and the bytes of JS, CSS and SVG the page fetched
(decoded sizes, from the Resource Timing entries).

    PYTHONPATH=src python scripts/measure_table.py [RUNS]
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

GAMES = {"dicey-farm": 1, "filthy-rich": 3, "pay-dirt": 3, "above-and-below": 3}
KINDS = {"js": (".js",), "css": (".css",), "svg": (".svg",)}

READ = """() => {
  const kinds = KINDS;
  const paint = Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]));
  const bytes = { js: 0, css: 0, svg: 0 };
  for (const r of performance.getEntriesByType('resource')) {
    const path = new URL(r.name).pathname;
    for (const [kind, ends] of Object.entries(kinds)) if (ends.some((x) => path.endsWith(x))) bytes[kind] += r.decodedBodySize;
  }
  return { fp: paint['first-paint'], fcp: paint['first-contentful-paint'], ...bytes };
}""".replace("KINDS", json.dumps(KINDS))


def _serve() -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = os.path.join(tempfile.mkdtemp(), "m.sqlite3")
    env = dict(os.environ, GAMESHELF_DATABASE_URL=f"sqlite:///{db}", GAMESHELF_ANALYSIS_BUDGET="0")
    proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "gameshelf.server.app:create_app", "--factory",
                             "--port", str(port), "--log-level", "warning"], env=env)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(f"{base}/api/games", timeout=1)
            return proc, base
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def _table(base: str, game: str, players: int) -> tuple[str, str]:
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * (players - 1)
    body = json.dumps({"game": game, "players": players, "seats": seats}).encode()
    req = urllib.request.Request(f"{base}/api/tables", data=body, headers={"Content-Type": "application/json"})
    made = json.loads(urllib.request.urlopen(req).read())
    return str(made["id"]), str(made["tokens"]["0"])


def measure(runs: int) -> dict[str, dict[str, float]]:
    from playwright.sync_api import sync_playwright

    proc, base = _serve()
    out: dict[str, dict[str, float]] = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
            for game, players in GAMES.items():
                table, token = _table(base, game, players)
                samples: list[dict[str, Any]] = []
                for _ in range(runs):
                    context = browser.new_context(viewport={"width": 1280, "height": 800})
                    page = context.new_page()
                    page.goto(f"{base}/#/t/{table}?seat=0&token={token}")
                    page.wait_for_selector(".board")
                    page.wait_for_timeout(300)  # icons and late stylesheets
                    samples.append(page.evaluate(READ))
                    context.close()
                out[game] = {k: statistics.median(s[k] for s in samples) for k in ("fp", "fcp", "js", "css", "svg")}
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    return out


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print("| game | first paint ms | first contentful paint ms | JS KiB | CSS KiB | SVG KiB |")
    print("|---|---:|---:|---:|---:|---:|")
    for game, m in measure(runs).items():
        print(f"| {game} | {m['fp']:.0f} | {m['fcp']:.0f} | {m['js'] / 1024:.1f} | {m['css'] / 1024:.1f} | {m['svg'] / 1024:.1f} |")


if __name__ == "__main__":
    main()
