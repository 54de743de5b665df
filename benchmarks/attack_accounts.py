"""Replay issue 41's attacker probes against a server of its own and print
what the attacker could and could not do.

    PYTHONPATH=src python benchmarks/attack_accounts.py [--db URL] [--redis URL]

The server is ``gameshelf serve`` on a free port (a fresh SQLite file unless
``--db``), started as the documented deployment runs it: behind a proxy it
trusts (``--trusted-proxy 127.0.0.1``), so this script plays the balancer
and the many clients behind it by writing ``X-Forwarded-For`` (as nginx
would). Each probe prints ``could not`` (the defence held) or ``COULD``.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import secrets
import subprocess
import sys
import tempfile
import threading
import time
import unicodedata
from pathlib import Path
from typing import Any

import httpx

from server import free_port, wait_for  # benchmarks/server.py, beside this script

ROOT = Path(__file__).resolve().parents[1]
LAUNCH = "import sys; from gameshelf.cli import main; sys.argv[0] = 'gameshelf'; main()"
PASSWORD = "correct horse battery"
held: list[bool] = []


def say(defended: bool, what: str) -> None:
    held.append(defended)
    print(f"  {'could not' if defended else 'COULD    '}  {what}", flush=True)


class Client:
    """One person behind the balancer: an address, a session, a device cookie."""

    def __init__(self, base: str, address: str | None = None) -> None:
        self.http = httpx.Client(base_url=base, timeout=60)
        self.address = address or f"198.51.100.{secrets.randbelow(250) + 1}"
        self.csrf = ""

    def call(self, method: str, path: str, body: Any = None, **headers: str) -> httpx.Response:
        headers = {"X-Forwarded-For": self.address, **headers}
        if self.csrf:
            headers["X-CSRF-Token"] = self.csrf
        r = self.http.request(method, path, json=body, headers=headers)
        if r.status_code in (200, 201) and path in ("/api/auth/register", "/api/auth/login"):
            self.csrf = r.json()["csrf"]
        return r

    def sign_up(self, name: str | None = None) -> str:
        name = name or f"a{secrets.token_hex(5)}"
        r = self.call("POST", "/api/auth/register", {"name": name, "password": PASSWORD})
        assert r.status_code == 201, r.text
        return name


def start(db: str, redis: str | None) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    args = [sys.executable, "-c", LAUNCH, "serve", "--port", str(port), "--db", db,
            "--trusted-proxy", "127.0.0.1"] + (["--redis", redis] if redis else [])
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), GAMESHELF_ANALYSIS_BUDGET="0")
    proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return proc, wait_for(proc, f"http://127.0.0.1:{port}")


def rated(owner: Client, other: dict[str, Any], clock: dict[str, int] | None = None) -> str:
    body: dict[str, Any] = {"game": "filthy-rich", "players": 2, "rated": True,
                            "seats": [{"kind": "human"}, other]}
    if clock:
        body["clock"] = clock
    r = owner.call("POST", "/api/tables", body)
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def play(people: list[Client], table: str, each: int) -> None:
    made = [0] * len(people)
    deadline = time.monotonic() + 180
    while min(made) < each and time.monotonic() < deadline:
        moved = False
        for i, c in enumerate(people):
            v = c.call("GET", f"/api/tables/{table}/view").json()
            if v["over"]:
                return
            if v["legal"]:
                r = c.call("POST", f"/api/tables/{table}/moves",
                           {"after": v["state"], "action": v["legal"][0]["action"]})
                made[i] += r.status_code == 200
                moved = True
        if not moved:
            time.sleep(0.05)


def rating_of(base: str, name: str) -> Any:
    ratings = httpx.get(f"{base}/api/players/{name}").json()["ratings"]
    return ratings[0]["rating"] if ratings else "unrated"


def probe_farming(base: str) -> None:
    print("Rating farming (fresh accounts join a rated table and leave at once):")
    farmer = Client(base)
    name = farmer.sign_up()
    for _ in range(4):
        table = rated(farmer, {"kind": "open"})
        fresh = Client(base)
        fresh.sign_up()
        fresh.call("POST", f"/api/tables/{table}/seats/1/join", {})
        fresh.call("POST", f"/api/tables/{table}/seats/1/leave", {})
    after = rating_of(base, name)
    say(after == "unrated", f"move the farmer's rating with 4 leavers (farmer: {after})")


def probe_escape(base: str) -> None:
    print("Escaping a loss:")
    ann, bo = Client(base), Client(base)
    ann.sign_up()
    bo_name = bo.sign_up()
    table = rated(ann, {"kind": "open"}, {"bank": 20, "increment": 0})
    bo.call("POST", f"/api/tables/{table}/seats/1/join", {})
    info = ann.call("GET", f"/api/tables/{table}").json()
    say(info["clock"] is not None, "open a rated table without a clock")
    play([ann, bo], table, 2)
    # whoever is to move stalls: nobody claims; the server's watch must end it
    late = ann.call("GET", f"/api/tables/{table}").json()["to_move"]
    deadline = time.monotonic() + 60
    while ann.call("GET", f"/api/tables/{table}").json()["status"] != "over" and time.monotonic() < deadline:
        time.sleep(1)
    result = ann.call("GET", f"/api/tables/{table}").json()["result"] or {}
    ended = result.get("ended") or {}
    say(ended.get("how") == "forfeit" and ended.get("seat") == late and "ratings" in result,
        f"stall out a rated game (it ended: {ended or 'never'})")
    # leaving after two moves: a loss, at once
    carl = Client(base)
    carl.sign_up()
    table = rated(carl, {"kind": "open"})
    bo.call("POST", f"/api/tables/{table}/seats/1/join", {})
    play([carl, bo], table, 2)
    r = bo.call("POST", f"/api/tables/{table}/seats/1/leave", {})
    say(r.json().get("ended") == "forfeit", f"leave a rated game without losing ({bo_name}: {r.json()})")
    # a second rated table with the same opponent while one runs
    t1 = rated(carl, {"kind": "open"})
    t2 = rated(carl, {"kind": "open"})
    bo.call("POST", f"/api/tables/{t1}/seats/1/join", {})
    second = bo.call("POST", f"/api/tables/{t2}/seats/1/join", {})
    say(second.status_code == 409, f"sit at two rated tables against one account ({second.status_code})")


def probe_logins(base: str) -> None:
    print("Guessing passwords:")
    owner = Client(base)
    name = owner.sign_up()
    device = owner.http.cookies.get("gs_device")
    attacker = Client(base)
    barrier = threading.Barrier(40)

    def guess(i: int) -> int:
        with httpx.Client(base_url=base, timeout=60) as http:
            barrier.wait()
            return http.post("/api/auth/login", json={"name": name, "password": f"guess number {i}"},
                             headers={"X-Forwarded-For": attacker.address}).status_code

    with concurrent.futures.ThreadPoolExecutor(40) as pool:
        statuses = list(pool.map(guess, range(40)))
    checked = statuses.count(401)
    say(checked <= 10, f"get more than 10 of 40 concurrent guesses checked ({checked} checked, "
        f"{statuses.count(429)} answered 429)")
    stranger = Client(base)
    r = stranger.call("POST", "/api/auth/login", {"name": name, "password": PASSWORD})
    say(r.status_code == 429, f"log in as the name from a new device during the attack ({r.status_code})")
    home = httpx.Client(base_url=base, timeout=60)
    home.cookies.set("gs_device", device or "", path="/api/auth")
    r = home.post("/api/auth/login", json={"name": name, "password": PASSWORD},
                  headers={"X-Forwarded-For": owner.address})
    say(r.status_code == 200, f"lock the owner out (owner's device: {r.status_code})")
    other = Client(base)
    r = other.call("POST", "/api/auth/login", {"name": f"nobody{secrets.token_hex(3)}", "password": "x" * 8})
    say(r.status_code == 401, f"throttle everyone behind the balancer (another client: {r.status_code})")
    r = Client(base).call("POST", "/api/auth/register", {"name": f"s{secrets.token_hex(5)}",
                                                         "password": PASSWORD}, **{"X-Forwarded-Proto": "https"})
    say("secure" in r.headers.get("set-cookie", "").lower(), "get a cookie without Secure over https")


def rss_mb(pid: int) -> float:
    """The server process's resident memory (Linux), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def burst(base: str, addresses: list[str]) -> list[int]:
    """One sign-up from each address, all at once."""
    barrier = threading.Barrier(len(addresses))

    def sign_up(address: str) -> int:
        with httpx.Client(base_url=base, timeout=300) as http:
            barrier.wait()
            return http.post("/api/auth/register", json={"name": f"bulk{secrets.token_hex(5)}",
                                                          "password": PASSWORD},
                             headers={"X-Forwarded-For": address}).status_code

    with concurrent.futures.ThreadPoolExecutor(len(addresses)) as pool:
        return list(pool.map(sign_up, addresses))


def probe_signups(base: str, pid: int) -> None:
    print("Sign-ups:")
    statuses = burst(base, [Client(base).address] * 30)
    made = statuses.count(201)
    say(made <= 10, f"make more than 10 accounts an hour from one address ({made} of 30)")
    before = rss_mb(pid)
    statuses = burst(base, [f"203.0.113.{i + 1}" for i in range(60)])  # 60 addresses at once
    grown = rss_mb(pid) - before
    say(grown < 60, f"grow the server's memory with 60 concurrent sign-ups ({before:.0f} MB, "
        f"+{grown:.0f} MB; {statuses.count(201)} made; argon2 runs 2 at a time)")


def probe_hygiene(base: str) -> None:
    print("Credentials hygiene:")
    c = Client(base)
    name = f"Paypal{secrets.token_hex(2)}"
    nfc = unicodedata.normalize("NFC", "Ünïcødé pässwörd")
    c.call("POST", "/api/auth/register", {"name": name, "password": nfc})
    r = Client(base).call("POST", "/api/auth/login",
                          {"name": name, "password": unicodedata.normalize("NFD", nfc)})
    say(r.status_code == 200, f"be refused the NFD form of one's NFC password ({r.status_code})")
    r = Client(base).call("POST", "/api/auth/register", {"name": f"b{secrets.token_hex(4)}", "password": " " * 8})
    say(r.status_code == 422, f"sign up with eight spaces ({r.status_code})")
    r = Client(base).call("POST", "/api/auth/register", {"name": name.replace("a", "\u0430", 1),
                                                         "password": PASSWORD})
    say(r.status_code == 409, f"register a Cyrillic look-alike of {name} ({r.status_code})")
    schema = httpx.get(f"{base}/openapi.json").json()
    minimum = schema["components"]["schemas"]["Credentials"]["properties"]["password"]["minLength"]
    say(minimum == 8, f"read a wrong password minimum in the schema (minLength {minimum})")
    r = httpx.get(f"{base}/api/daily/0000-00-00")
    say(r.status_code == 422, f"pass 0000-00-00 as a daily date ({r.status_code})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--redis", help="Redis URL (default: none)")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="gs-attack-")
    proc, base = start(args.db or f"sqlite:///{folder}/attack.sqlite3", args.redis)
    try:
        for probe in (probe_farming, probe_escape, probe_logins):
            probe(base)
        probe_signups(base, proc.pid)
        probe_hygiene(base)
    finally:
        proc.terminate()
        proc.wait(10)
    print(f"{held.count(True)} of {len(held)} probes defended")
    sys.exit(0 if all(held) else 1)


if __name__ == "__main__":
    main()
